/**
 * The `vehicle` question: "what are the odds my MG kills, burns or Stuns that AFV?" (A9.6, A9.61).
 * Typed input in, chain and header out; every table value can be given directly (`th`, `tk`).
 */
import { buildVehicleChain, type VehicleChainState } from '../chains/vehicle-chain.js';
import type { EventName } from '../rules/events.js';
import { inputError } from '../errors.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { MG_ROWS, MG_TYPES, vehicleLineKillNumber, vehicleToHitNumber, type MGType, type SourcedNumber } from '../rules/vehicle-fire.js';
import type { OddsQuery } from './compute-odds.js';
import { checkIntInput } from './input-checks.js';

/** Input of {@link vehicleQuery}; all optional, defaults in brackets. */
export interface VehicleInput {
  /** The MG: `lmg`, `mmg`, `hmg`, `50cal` [hmg]. Gives the basic To Kill number, Normal Range and B#. */
  readonly mg?: string;
  /** The Target Facing hit [armored]. */
  readonly facing?: 'armored' | 'unarmored';
  /** Predesignated AFV Kill attack (A9.61) against an unarmored facing: To Hit DR first [false]. */
  readonly afvKill?: boolean;
  /** Range in hexes, integer in [0, 24] [1]. */
  readonly range?: number;
  /** The MG's Normal Range, integer in [1, 30] [the MG type's]. */
  readonly normalRange?: number;
  /** Armor Factor of the armored Target Facing, integer in [0, 30] [0]. */
  readonly armor?: number;
  /** The MG's FP (unarmored facing: the IFT column of the Vehicle line), > 0. */
  readonly fp?: number;
  /** Modified To Hit number, integer in [0, 13] (overrides the C3 table). */
  readonly th?: number;
  /** Final Kill Number, integer in [-2, 15] (overrides basic To Kill number - armor, or the Vehicle line). */
  readonly tk?: number;
  /** To Hit DRM, integer in [-6, 10] [0]. */
  readonly thDRM?: number;
  /** DRM of the To Kill DR (or of the IFT DR on the Vehicle line), integer in [-6, 10] [0]. */
  readonly tkDRM?: number;
  /** B#, integer in [2, 13] (13: cannot malfunction) [the MG type's]. */
  readonly breakdown?: number;
  /** The MG fires as part of a Fire Group: not an AFV Kill attack (A9.61). */
  readonly fireGroup?: boolean;
  /** Some halved-FP penalty applies (Area Fire, pinned, ...): not an AFV Kill attack (A9.61). */
  readonly halved?: boolean;
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * One number the answer used, with its source and confidence (docs/rules-notes.md §12): `input.sources`
 * of the `vehicle` result. `placeholder` is true for a low-confidence default the player did not give:
 * the page and the text answer warn about it.
 */
export interface VehicleNumberSource {
  /** What the number is, in the rulebook's words: `To Hit number`, `HMG basic To Kill number`, `B#`. */
  readonly number: string;
  readonly value: number;
  /** `given (--th)` for a number from the player's chart, else the data's source. */
  readonly source: string;
  readonly confidence: 'high' | 'medium' | 'low';
  readonly placeholder: boolean;
}

function fromData(number: string, n: SourcedNumber): VehicleNumberSource {
  return { number, value: n.value, source: n.source, confidence: n.confidence, placeholder: n.confidence === 'low' };
}

function given(number: string, value: number, option: string): VehicleNumberSource {
  return { number, value, source: `given (${option})`, confidence: 'high', placeholder: false };
}

/** Events of the `vehicle` command. */
export const VEHICLE_EVENTS: readonly EventName[] = ['hit', 'killed', 'burning', 'stunned', 'malfunction'];

function parseMG(s: string): MGType {
  const t = s.trim().toLowerCase().replace(/^\./, '');
  const alias = new Map<string, MGType>([['lmg', 'lmg'], ['mmg', 'mmg'], ['hmg', 'hmg'], ['50cal', '50cal'], ['50-cal', '50cal'], ['.50cal', '50cal'], ['50', '50cal']]);
  // A Map: user text never reaches an object's inherited names (`__proto__`, `constructor`).
  const m = alias.get(t);
  if (!m) throw inputError('input.mg', `--mg: unknown MG '${s}'; allowed: ${MG_TYPES.join(', ')}`);
  return m;
}

/**
 * The vehicle question as a chain and header.
 * @throws AslOddsError `input.mg`, `input.facing`, `input.afvKill`, `input.range`, `input.fireGroup`, `input.halved`, `input.th`,
 *   `input.tk`, `input.armor`, `input.fp`, `input.thDrm`, `input.tkDrm`, `input.breakdown`, `input.setting`
 * @example exact P(killed) for { mg: 'hmg', range: 2, armor: 0, breakdown: 13 }: To Hit 10 (33/36) x To Kill DR < 4 (3/36)
 * @example vehicleQuery({ mg: 'hmg' }).header.input.placeholders // ['HMG Normal Range', 'HMG B#', 'HMG basic To Kill number']
 */
export function vehicleQuery(i: VehicleInput): OddsQuery<VehicleChainState> {
  const ruleSet = getRuleSet(i.rules ?? '2nd-edition', i.settings ?? {});
  const mg = MG_ROWS[parseMG(i.mg ?? 'hmg')];
  const facing = i.facing ?? 'armored';
  if (facing !== 'armored' && facing !== 'unarmored') throw inputError('input.facing', `--facing: expected armored or unarmored, got '${String(facing)}'`);
  const range = checkIntInput('range', i.range ?? 1, 0, 24);
  const sources: VehicleNumberSource[] = [];
  const toHitRolled = facing === 'armored' || !!i.afvKill;
  const normalRange = checkIntInput('normal-range', i.normalRange ?? mg.normalRange.value, 1, 30);
  if (toHitRolled) sources.push(i.normalRange !== undefined ? given('Normal Range', normalRange, '--normal-range') : fromData(`${mg.name} Normal Range`, mg.normalRange));
  const breakdown = checkIntInput('breakdown', i.breakdown ?? mg.breakdown.value, 2, 13);
  sources.push(i.breakdown !== undefined ? given('B#', breakdown, '--breakdown') : fromData(`${mg.name} B#`, mg.breakdown));
  const thDRM = checkIntInput('th-drm', i.thDRM ?? 0, -6, 10);
  const tkDRM = checkIntInput('tk-drm', i.tkDRM ?? 0, -6, 10);
  // Options one attack excludes, given together: refused with both named, never one silently ignored.
  if (facing === 'armored' && i.afvKill) throw inputError('input.afvKill', '--afv-kill needs --unarmored: against an armored facing every MG attack is To Hit, then To Kill (A9.61)');
  if (facing === 'armored' && i.fp !== undefined) throw inputError('input.fp', "--fp needs --unarmored: the FP gives the IFT Vehicle line's Kill Number; an armored facing takes the To Kill Table (--armor or --tk)");
  if (i.th !== undefined && i.range !== undefined) throw inputError('input.th', '--th and --range exclude each other: --th is the Modified To Hit number from your chart (range included); give one');
  if (facing === 'unarmored' && !i.afvKill && i.thDRM !== undefined) throw inputError('input.thDrm', '--th-drm: no To Hit DR against an unarmored facing unless --afv-kill (A9.6)');
  if (toHitRolled) {
    // A9.61: the AFV Kill attack's conditions.
    if (i.fireGroup) throw inputError('input.fireGroup', '--fire-group: an AFV Kill attack is made by the MG alone, not as part of a Fire Group (A9.61)');
    if (i.halved) throw inputError('input.halved', '--halved: an AFV Kill attack is made without any halved FP penalty (A9.61)');
    if (range > normalRange) {
      throw inputError('input.range', `--range: an AFV Kill attack must be within the MG's Normal Range (${normalRange} hexes; A9.61), got ${range}`);
    }
  }
  let toHit: number | null = null;
  if (toHitRolled) {
    if (i.th !== undefined) {
      toHit = checkIntInput('th', i.th, 0, 13);
      sources.push(given('To Hit number', toHit, '--th'));
    } else {
      const row = vehicleToHitNumber(range);
      if (row === null) throw inputError('input.range', `--range: the To Hit table here stops at 24 hexes; give --th`);
      toHit = row.value;
      sources.push(fromData(`To Hit number, Vehicle Target Type, black, range ${range}`, row));
    }
  } else if (i.th !== undefined) {
    throw inputError('input.th', '--th: no To Hit DR against an unarmored facing unless --afv-kill (A9.6)');
  }
  let kill: number;
  if (i.tk !== undefined) {
    if (i.armor !== undefined) throw inputError('input.armor', '--armor: give either --tk (the Final Kill Number) or --armor, not both');
    kill = checkIntInput('tk', i.tk, -2, 15);
    sources.push(given('Final Kill Number', kill, '--tk'));
  } else if (facing === 'armored') {
    const armor = checkIntInput('armor', i.armor ?? 0, 0, 30);
    kill = mg.basicTK.value - armor;
    sources.push(fromData(`${mg.name} basic To Kill number`, mg.basicTK));
    sources.push(given('Armor Factor', armor, i.armor !== undefined ? '--armor' : '--armor, default 0'));
  } else {
    if (i.armor !== undefined) throw inputError('input.armor', '--armor: an unarmored facing has no Armor Factor');
    if (i.fp === undefined) throw inputError('input.fp', "--fp: give the MG's FP for the IFT Vehicle line (e.g. --fp 4), or the Kill Number with --tk");
    if (!(i.fp > 0 && i.fp <= 100)) throw inputError('input.fp', `--fp: expected a number in (0, 100], got ${i.fp}`);
    const row = vehicleLineKillNumber(i.fp);
    if (row === null) throw inputError('input.fp', `--fp: the IFT starts at the 1 FP column, got ${i.fp}`);
    kill = row.value;
    sources.push(fromData(`IFT Vehicle line Kill number, ${i.fp} FP`, row));
  }
  const input = {
    mg: mg.type,
    facing,
    attack: toHitRolled ? 'AFV Kill (A9.61): To Hit, then To Kill' : 'IFT Vehicle line (A9.6): no To Hit DR',
    range,
    normalRange,
    toHit,
    toHitDRM: thDRM,
    killNumber: kill,
    toKillDRM: tkDRM,
    breakdown,
    settings: { vehicleBurning: ruleSet.settings.vehicleBurning, vehicleMalfunctionShot: ruleSet.settings.vehicleMalfunctionShot },
    sources,
    placeholders: sources.filter((s) => s.placeholder).map((s) => s.number),
  };
  return {
    header: { command: 'vehicle', ruleSet: ruleSet.id, input, eventNames: VEHICLE_EVENTS },
    model: buildVehicleChain({ toHit, toHitDRM: thDRM, kill, toKillDRM: tkDRM, breakdown, ruleSet }),
  };
}
