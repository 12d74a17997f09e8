/**
 * The `cc` question: "what happens in this Close Combat?" (A11): both sides' attacks on the CC Table,
 * resolved simultaneously (or the Ambushing side first), with Casualty Reduction, SMC wounds and the
 * Wound Severity dr of the morale chain's rule functions; results per unit and "melee continues".
 */
import { buildCCChain, ccOpeningFigures, type CCChainState, type CCSideInput } from '../chains/cc-chain.js';
import { EVENT_NAMES, type EventName } from '../rules/events.js';
import { getUnit } from '../counters/catalog.js';
import { add, toFraction, toNumber, ZERO, type Prob6 } from '../engine/probability.js';
import { inputError } from '../errors.js';
import type { UnitEventsRow } from '../result.js';
import { CC_COLUMNS, ccAttackFP, ccDefenseFP, ccSourcesText, ccTermText, type CCAttackFigures } from '../rules/close-combat.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { initialUnitState, type UnitState } from '../rules/unit-state.js';
import type { OddsQuery } from './compute-odds.js';
import { checkIntInput } from './input-checks.js';
import type { TerminalOf } from './odds-result.js';

/** One side of the Close Combat. */
export interface CCSideSpec {
  /** Catalog ids of its units in the Location, 1..6; ids without a nationality take the first unit's. */
  readonly units: readonly string[];
  /** Positions (from 1) of units that are pinned (A7.8: FP halved for their attack only). */
  readonly pinned?: readonly number[];
  /** Positions (from 1) of wounded SMC (A17.2: leadership one worse). */
  readonly wounded?: readonly number[];
  /** Positions (from 1) of broken units: they do not attack in CC, their FP still defends. */
  readonly broken?: readonly number[];
  /** Positions (from 1) of broken, Disrupted units: also eliminated if still in Melee at the end of the CCPh (A19.12). */
  readonly disrupted?: readonly number[];
  /** The side is CX (A4.51) [false]. */
  readonly cx?: boolean;
  /** The side is concealed (A11.19: the FP of units attacking it is halved) [false]. */
  readonly concealed?: boolean;
  /** The side is on skis, "Skis" face up (E4.2): +2 to its CC attack, -2 to CC attacks on it (E4.5) [false]. */
  readonly skis?: boolean;
  /** Other DRM of its attack, integer in [-6, 6] [0]. */
  readonly drm?: number;
}

/** Input of {@link ccQuery}. */
export interface CCInput {
  readonly attacker: CCSideSpec;
  readonly defender: CCSideSpec;
  /** Which side Ambushed the other (A11.4) [none]. */
  readonly ambush?: 'attacker' | 'defender';
  /** Hand-to-Hand CC (J2.31) [false]. */
  readonly handToHand?: boolean;
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/** Events of the `cc` command. */
export const CC_EVENTS: readonly EventName[] = [
  'attackerEliminated',
  'defenderEliminated',
  'meleeContinues',
  'casualtyReduction',
  'wound',
  'elimination',
  'leaderCreation',
];

/** Per-unit events reported in `units`. */
const CC_UNIT_EVENTS: readonly EventName[] = ['elimination', 'casualtyReduction', 'wound'];

/** Most units a side may have (stacking: 3 Infantry with leaders and heroes; 6 keeps enumeration small). */
export const MAX_CC_UNITS = 6;

function sideUnits(name: 'attacker' | 'defender', spec: CCSideSpec): UnitState[] {
  const flag = `--${name}`;
  if (!spec.units || spec.units.length === 0) throw inputError(`input.${name}`, `${flag}: give the ${name.toUpperCase()}'s units in the Location, e.g. ${flag} german/4-6-7,german/8-1`);
  if (spec.units.length > MAX_CC_UNITS) throw inputError(`input.${name}`, `${flag}: at most ${MAX_CC_UNITS} units a side, got ${spec.units.length}`);
  const first = getUnit(spec.units[0]);
  const profiles = spec.units.map((id) => getUnit(id, { defaultNationality: first.nationality }));
  const positions = (list: readonly number[] | undefined, what: string) => {
    for (const p of list ?? []) {
      if (!Number.isInteger(p) || p < 1 || p > profiles.length) throw inputError(`input.${name}`, `${flag}-${what}: expected positions in [1, ${profiles.length}], got ${p}`);
    }
    return new Set(list ?? []);
  };
  const pinned = positions(spec.pinned, 'pinned');
  const wounded = positions(spec.wounded, 'wounded');
  const broken = positions(spec.broken, 'broken');
  const disrupted = positions(spec.disrupted, 'disrupted');
  // One status per unit: pinned is a Good Order unit's (FP halved, A7.8), broken and Disrupted units do
  // not attack; the same position given as both is a contradiction, refused rather than resolved.
  for (const [what, set] of [['broken', broken], ['disrupted', disrupted]] as const) {
    const both = [...pinned].find((p) => set.has(p));
    if (both !== undefined) {
      throw inputError(`input.${name}`, `${flag}-pinned and ${flag}-${what} both name position ${both}; give one (pinned: Good Order with FP halved, A7.8; ${what}: does not attack)`);
    }
  }
  return profiles.map((p, k) => {
    if (wounded.has(k + 1) && p.kind !== 'leader' && p.kind !== 'hero') throw inputError(`input.${name}`, `${flag}-wounded: ${p.id} is not a SMC`);
    return initialUnitState(p, { pinned: pinned.has(k + 1), wounded: wounded.has(k + 1), broken: broken.has(k + 1), disrupted: disrupted.has(k + 1) });
  });
}

function sideInput(name: 'attacker' | 'defender', spec: CCSideSpec): CCSideInput {
  return {
    units: sideUnits(name, spec),
    cx: !!spec.cx,
    concealed: !!spec.concealed,
    skis: !!spec.skis,
    drm: checkIntInput(`${name}-drm`, spec.drm ?? 0, -6, 6),
  };
}

/**
 * The CC question as a chain and header.
 * @throws AslOddsError `input.attacker`, `input.defender`, `catalog.unknownUnit`, `input.attacker-drm`,
 *   `input.defender-drm`, `input.ambush`, `input.setting`
 * @example exact P(defenderEliminated) of a German 4-6-7 + 4-6-7 on a Russian 4-4-7 (2-1, Kill Number 7)
 */
export function ccQuery(i: CCInput): OddsQuery<CCChainState> {
  const ruleSet = getRuleSet(i.rules ?? '2nd-edition', i.settings ?? {});
  if (i.ambush !== undefined && i.ambush !== 'attacker' && i.ambush !== 'defender') {
    throw inputError('input.ambush', `--ambush: expected attacker or defender, got '${String(i.ambush)}'`);
  }
  const attacker = sideInput('attacker', i.attacker);
  const defender = sideInput('defender', i.defender);
  const chainInput = { attacker, defender, ambush: i.ambush ?? null, handToHand: !!i.handToHand, ruleSet };
  const opening = ccOpeningFigures(chainInput);
  const sideRecord = (s: CCSideInput) => ({
    units: s.units.map((u) => ({
      id: u.profile.id,
      ccAttackFP: u.status === 'good-order' ? ccAttackFP(u) : 0,
      ccDefenseFP: ccDefenseFP(u),
      pinned: u.pinned,
      wounded: u.wounded,
      broken: u.status === 'broken',
      disrupted: u.disrupted,
      source: u.profile.source,
      confidence: u.profile.confidence,
    })),
    cx: s.cx,
    concealed: s.concealed,
    skis: s.skis,
    otherDRM: s.drm,
  });
  const attackText = (f: CCAttackFigures | null) => (f === null ? 'none (only broken units, A11.16)' : `${CC_COLUMNS[f.column].label}, Kill Number ${f.kill}`);
  /** Each attack's FP, column, Kill Number and DRM terms, each with its rule, source and confidence. */
  const attackRecord = (f: CCAttackFigures | null) =>
    f === null
      ? null
      : {
          attackFP: f.attackFP,
          defenseFP: f.defenseFP,
          column: CC_COLUMNS[f.column].label,
          killNumber: f.kill,
          totalDRM: f.drm,
          ...(f.brokenTargets && !f.allTargetsBroken ? { totalDRMOnBroken: f.drm - 2 } : {}),
          terms: f.terms.map((t) => ({ label: t.label, drm: t.drm, rule: t.rule, source: t.source, confidence: t.confidence })),
        };
  const sourceLines = (who: string, f: CCAttackFigures | null) => (f === null ? [] : [`${who}'s attack: ${f.terms.map(ccTermText).join('; ')}; total DRM ${f.drm > 0 ? '+' : ''}${f.drm}.`]);
  const allTerms = [...(opening.attacker?.terms ?? []), ...(opening.defender?.terms ?? [])];
  const lowLines = (who: string, f: CCAttackFigures | null) =>
    (f?.terms ?? []).filter((t) => t.confidence === 'low').map((t) => `${who}'s ${ccTermText(t)} rests on a low-confidence value (${t.source}); check it against your rulebook.`);
  const input = {
    attacker: sideRecord(attacker),
    attackerAttack: attackText(opening.attacker),
    attackerTotalDRM: opening.attacker?.drm ?? null,
    attackerFigures: attackRecord(opening.attacker),
    defender: sideRecord(defender),
    defenderAttack: attackText(opening.defender),
    defenderTotalDRM: opening.defender?.drm ?? null,
    defenderFigures: attackRecord(opening.defender),
    ambush: i.ambush ?? null,
    order: i.ambush ? `${i.ambush.toUpperCase()} attacks first (Ambush, A11.4)` : 'simultaneous (A11.1)',
    handToHand: !!i.handToHand,
    sources: [...sourceLines('ATTACKER', opening.attacker), ...sourceLines('DEFENDER', opening.defender), `Sources: ${ccSourcesText(allTerms)}.`],
    lowConfidence: [...lowLines('ATTACKER', opening.attacker), ...lowLines('DEFENDER', opening.defender)],
    settings: {
      ccAmbushDRM: ruleSet.settings.ccAmbushDRM,
      ccConcealedAfterAttacking: ruleSet.settings.ccConcealedAfterAttacking,
      woundedSMCReduction: ruleSet.settings.woundedSMCReduction,
    },
  };
  const ids = [...attacker.units, ...defender.units].map((u) => u.profile.id);
  const nA = attacker.units.length;
  return {
    header: { command: 'cc', ruleSet: ruleSet.id, input, eventNames: CC_EVENTS },
    model: buildCCChain(chainInput),
    extend: (terminals, weights, total) => ccUnitFigures(ids, nA, terminals, weights, total),
  };
}

/**
 * Each unit's events (`units`): exact fractions when the terminals carry exact probabilities, otherwise
 * counts / total. Linear in the weights. Never throws.
 */
function ccUnitFigures(ids: readonly string[], nA: number, terminals: readonly TerminalOf<CCChainState>[], weights: readonly number[], total: number): Record<string, unknown> {
  const exact = terminals.length > 0 && terminals.every((t) => (t as { probability?: Prob6 }).probability !== undefined);
  const units: UnitEventsRow[] = ids.map((id, u) => {
    const events: Partial<Record<EventName, number>> = {};
    const fractions: Partial<Record<EventName, string>> = {};
    for (const n of CC_UNIT_EVENTS) {
      const bit = 1 << EVENT_NAMES.indexOf(n);
      if (exact) {
        let p = ZERO;
        for (const t of terminals) if (t.state.unitEvents[u] & bit) p = add(p, (t as unknown as { probability: Prob6 }).probability);
        events[n] = toNumber(p);
        fractions[n] = toFraction(p);
      } else {
        let w = 0;
        terminals.forEach((t, k) => {
          if (t.state.unitEvents[u] & bit) w += weights[k];
        });
        events[n] = total > 0 ? w / total : 0;
      }
    }
    const side = u < nA ? 'ATTACKER' : 'DEFENDER';
    return { position: u < nA ? u + 1 : u - nA + 1, id: `${side} ${id}`, events, ...(exact ? { eventFractions: fractions } : {}) };
  });
  return { units };
}
