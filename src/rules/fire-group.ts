/**
 * A fire attack built from its firers and circumstances (A7.2-A7.36, A7.5, A7.53, A7.7, A7.9, A4.51,
 * A4.6): each firer's FP (fire-modifiers.ts), the total and its IFT column (A7.3), the DRM ledger (each
 * line with its rule) and the group's Cowering (cowering.ts). Contradictions are one line naming the
 * rule (AslOddsError, exit 2); modifiers the rules drop are warnings. Sources: docs/rules-notes-fire.md.
 *
 *   firers as typed (`german/5-4-8:pbf:assault`, `german/mmg`) + circumstances
 *     -> per firer: catalog row or MG, Long Range from `range`, FP steps
 *     -> total FP -> column; DRM ledger; Cowering of the group
 */
import { getNationality, getUnit, underscoresOf, WAR_SIDE, type Underscores } from '../counters/catalog.js';
import { getMachineGun, isMachineGunId } from '../counters/machine-guns.js';
import { terrainTEM } from '../counters/terrain-tem.js';
import type { Nationality, UnitClass, UnitProfile } from '../counters/types.js';
import { inputError } from '../errors.js';
import { coweredColumn, DEFAULT_FIRER, fireGroupCowering, type FirerProfile, type GroupCowering } from './cowering.js';
import { parseFirer, resolveFirerFP, type FireCircumstances, type FirerFP, type FirerModifiers } from './fire-modifiers.js';
import { iftColumnOf, iftResultOf, type IFTColumn } from './infantry-fire-table.js';
import type { RuleSettings } from './rule-set.js';
import { signedDRM } from './drm.js';

/** Most firers in one attack or plan. */
export const MAX_FIRERS = 12;
/** Longest range accepted, hexes (a HMG's twice Normal Range is 32). */
export const MAX_RANGE = 60;

/** One line of the DRM ledger. */
export interface DRMLine {
  /** Players' words, e.g. `TEM (stone building)`, `hindrance`, `FFNAM`, `leader 9-1`. */
  readonly label: string;
  /** Integer; 0 for a line the rules negate (said in the label). */
  readonly drm: number;
  readonly rule: string;
}

/** The attack's circumstances besides the firers (all optional). */
export interface FireGroupInput extends FireCircumstances {
  /** The firers as typed: `<id>[:<modifier>...]`; 1..MAX_FIRERS. */
  readonly firers: readonly string[];
  /** Range to the target in hexes, integer in [0, MAX_RANGE]; derives Long Range per firer (A7.22). */
  readonly range?: number;
  /** Terrain of the target Location (counters/terrain-tem.ts); or `tem`. */
  readonly terrain?: string;
  /** TEM as a number, integer in [-3, 5]. */
  readonly tem?: number;
  /** LOS Hindrance DRM, integer in [0, 6] (the worst of a FG's, A7.52). */
  readonly hindrance?: number;
  /** First Fire vs movement in Open Ground (A4.6). */
  readonly ffmo?: boolean;
  /** First Fire vs non-Assault Movement (A4.6). */
  readonly ffnam?: boolean;
  /** Id of the leader directing the attack (A7.53). */
  readonly leader?: string;
  /** Other DRM, each with its label, integer in [-10, 10]. */
  readonly otherDRM?: readonly { readonly label: string; readonly drm: number }[];
  /** Cowering overrides for every firer (the `--firer-*` options). */
  readonly firerClass?: UnitClass;
  readonly firerNationality?: Nationality;
  readonly firerFanatic?: boolean;
  readonly firerBerserk?: boolean;
}

/** One firer resolved. */
export interface ResolvedFirer {
  /** As typed (without modifiers), e.g. `german/5-4-8`. */
  readonly id: string;
  /** Catalog row, or null for a MG. */
  readonly unit: UnitProfile | null;
  /** Printed FP and Normal Range. */
  readonly printedFP: number;
  readonly normalRange: number;
  readonly modifiers: FirerModifiers;
  /** Cowering profile, or null for a MG (it cowers as its manning unit). */
  readonly profile: FirerProfile | null;
  /** The unit's or the MG's nationality (a MG's from its id, `british/lmg`). */
  readonly nationality: Nationality;
  /** The counter's underscores (Assault Fire, Spraying Fire; counters/underscores.ts), or null for a MG. */
  readonly underscores: Underscores | null;
}

/** The attack built. */
export interface FireGroupAttack {
  readonly firers: readonly ResolvedFirer[];
  /** Per firer, in input order. */
  readonly fpLedger: readonly FirerFP[];
  /** Total FP (fractions kept), >= 0. */
  readonly fp: number;
  /** IFT column, or null below 1 FP (no attack). */
  readonly column: IFTColumn | null;
  readonly drmLedger: readonly DRMLine[];
  /** Sum of the ledger (the directing leader's DRM included). */
  readonly drm: number;
  /** The directing leader's DRM (0 without one). */
  readonly leaderDRM: number;
  readonly leader: UnitProfile | null;
  readonly cowering: GroupCowering;
  /** Cowering profile standing for the group (a firer whose own Cowering is the group's, or a class). */
  readonly coweringProfile: FirerProfile;
  readonly warnings: readonly string[];
}

function checkInt(name: string, v: number | undefined, lo: number, hi: number): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < lo || v > hi) throw inputError(`input.${name}`, `--${name}: expected an integer in [${lo}, ${hi}], got ${String(v)}`);
  return v;
}

/** Resolves one typed firer (catalog unit or MG) and derives its Long Range. */
function resolveOne(typed: string, nationality: Nationality | undefined, range: number | undefined, warnings: string[]): ResolvedFirer {
  const { id, modifiers, longRangeGiven } = parseFirer(typed);
  let unit: UnitProfile | null = null;
  let printedFP: number;
  let normalRange: number;
  if (isMachineGunId(id)) {
    const mg = getMachineGun(id, nationality ?? 'german');
    printedFP = mg.fp;
    normalRange = mg.range;
  } else {
    unit = getUnit(id, nationality ? { defaultNationality: nationality } : undefined);
    if (unit.kind === 'leader') {
      throw inputError('input.firer', `--firer ${id}: a leader has no inherent FP; give him as --leader to direct the attack (A7.53)`);
    }
    printedFP = unit.fp;
    normalRange = unit.range;
  }
  const underscores = unit === null ? null : underscoresOf(unit);
  if (modifiers.assault) checkAssaultFire(typed, unit, underscores, warnings);
  let mods = modifiers;
  if (range !== undefined) {
    if (mods.tpbf && range !== 0) throw inputError('input.firer', `--firer ${typed}: TPBF is against the same Location, range 0, not ${range} (A7.211)`);
    if (mods.pbf && range !== 1) throw inputError('input.firer', `--firer ${typed}: PBF is against an ADJACENT target, range 1, not ${range} (A7.21)`);
    if (range > 2 * normalRange) {
      throw inputError('input.range', `--range ${range}: ${id} (Normal Range ${normalRange}) cannot fire beyond twice its Normal Range, ${2 * normalRange} hexes (A7.22)`);
    }
    const derived = range > normalRange;
    if (longRangeGiven && !derived) {
      throw inputError('input.firer', `--firer ${typed}: range ${range} is within its Normal Range ${normalRange}: no Long Range (A7.22)`);
    }
    mods = { ...mods, longRange: derived };
    if (range === 0 && !mods.tpbf) warnings.push(`${id}: range 0: TPBF (x3) applies against the same Location (A7.211); add :tpbf if so`);
    if (range === 1 && !mods.pbf) warnings.push(`${id}: range 1: PBF (x2) applies if the target is ADJACENT (A7.21); add :pbf if so`);
  }
  const profile: FirerProfile | null = unit === null ? null : { nationality: unit.nationality, unitClass: unit.unitClass, heroAlone: unit.kind === 'hero', fanatic: false, berserk: false };
  const mg = unit === null ? getMachineGun(id, nationality ?? 'german') : null;
  return { id: unit?.id ?? mg!.id, unit, printedFP, normalRange, modifiers: mods, profile, nationality: unit?.nationality ?? mg!.nationality, underscores };
}

/**
 * `:assault` on a firer (A7.36: "Such squads are identified by the underscoring of their FP factor"):
 * refused for a MG or a counter whose FP is not underscored, unless a rule gives that counter the
 * capability off the counter (A25.11, A25.53, A25.9: applied as the player says, with a warning);
 * applied with a warning when the catalog does not know the underscore.
 * @throws AslOddsError `input.assaultFire`
 */
function checkAssaultFire(typed: string, unit: UnitProfile | null, u: Underscores | null, warnings: string[]): void {
  if (unit === null || u === null) {
    throw inputError('input.assaultFire', `--firer ${typed}: a MG has no Assault Fire; only a squad with an underscored FP adds it (A7.36)`);
  }
  if (u.assaultFire === true) return;
  if (u.assaultFire === false && u.note === undefined) {
    throw inputError('input.assaultFire', `--firer ${typed}: the ${unit.name} has no Assault Fire: its FP is not underscored (A7.36; ${u.source}, ${u.confidence})`);
  }
  warnings.push(
    u.assaultFire === null
      ? `${unit.id}: Assault Fire applied as given: whether its FP is underscored is not known (A7.36; low)`
      : `${unit.id}: Assault Fire applied as given: not printed on the counter; ${u.note}`,
  );
}

/** The DRM ledger (A4.51, A4.6, A7.52, A7.531, A7.7, B TEC) and the warnings of lines the rules negate. */
function drmLedgerOf(input: FireGroupInput, firers: readonly ResolvedFirer[], leader: UnitProfile | null, warnings: string[]): DRMLine[] {
  const lines: DRMLine[] = [];
  if (input.terrain !== undefined && input.tem !== undefined) throw inputError('input.tem', '--terrain, --tem: give the terrain or its TEM, not both');
  const terrain = input.terrain === undefined ? null : terrainTEM(input.terrain);
  const tem = terrain?.tem ?? checkInt('tem', input.tem, -3, 5) ?? 0;
  const hindrance = checkInt('hindrance', input.hindrance, 0, 6) ?? 0;
  const afph = input.advancingFire || input.opportunityFire;
  if ((input.ffmo || input.ffnam) && afph) {
    throw inputError('input.ffmo', `--${input.ffmo ? 'ffmo' : 'ffnam'}: FFMO/FFNAM are Defensive First Fire DRM, not the ATTACKER's AFPh (A4.6, A8.13)`);
  }
  if (terrain !== null) lines.push({ label: `TEM (${terrain.name.replace(/-/g, ' ')})`, drm: terrain.tem, rule: terrain.rule });
  else if (input.tem !== undefined) lines.push({ label: 'TEM', drm: tem, rule: 'B TEC' });
  if (hindrance > 0) lines.push({ label: 'hindrance', drm: hindrance, rule: 'A7.52' });
  if (input.ffmo) {
    if (terrain !== null && !terrain.openGround && !terrain.negatesFFMO) {
      throw inputError('input.ffmo', `--ffmo: a unit in ${terrain.name.replace(/-/g, ' ')} is not moving in Open Ground (A4.6)`);
    }
    const negatedBy = hindrance > 0 ? 'the hindrance' : tem > 0 ? `the +${tem} TEM` : terrain?.negatesFFMO ? terrain.name : null;
    if (negatedBy !== null) {
      lines.push({ label: `FFMO negated by ${negatedBy}`, drm: 0, rule: 'A4.6' });
      warnings.push(`FFMO dropped: negated by ${negatedBy} (A4.6)`);
    } else lines.push({ label: 'FFMO', drm: -1, rule: 'A4.6' });
  }
  if (input.ffnam) lines.push({ label: 'FFNAM', drm: -1, rule: 'A4.6' });
  if (leader !== null) lines.push({ label: `leader ${leader.name}`, drm: leader.leadershipDRM, rule: 'A7.531' });
  // A15.24: each hero firing at Normal Range takes -1 off the FG's IFT DR, cumulative with the leader's and other heroes'.
  for (const f of firers) if (f.unit?.kind === 'hero' && !f.modifiers.longRange) lines.push({ label: 'hero', drm: -1, rule: 'A15.24' });
  if (firers.some((f) => f.modifiers.encircled)) lines.push({ label: 'Encircled firer', drm: 1, rule: 'A7.7' });
  if (firers.some((f) => f.modifiers.cx)) lines.push({ label: 'CX firer', drm: 1, rule: 'A4.51' });
  for (const o of input.otherDRM ?? []) {
    if (!Number.isInteger(o.drm) || o.drm < -10 || o.drm > 10) throw inputError('input.otherDrm', `--other-drm ${o.label}: expected an integer DRM in [-10, 10], got ${o.drm}`);
    lines.push({ label: o.label, drm: o.drm, rule: 'given' });
  }
  return lines;
}

/**
 * The firers are of one side (A7.5: a Fire Group combines friendly units' FP): firers of both sides are
 * refused (a MG counts as its possessor's side when the group has units); of one side but several nationalities, a warning (the rulebook text on mixed nationalities in
 * a FG is not in our sources: low, docs/rules-notes-fire.md A7.5).
 * @throws AslOddsError `input.fireGroupSide`
 */
function checkOneSide(all: readonly ResolvedFirer[], warnings: string[]): void {
  // A SW has no side of its own: it fires with the unit that possesses it (A4.43). Its maker (a Finnish
  // OB's `LMG (r)`) counts only when no unit of the group stands for it.
  const units = all.filter((f) => f.unit !== null);
  const firers = units.length > 0 ? units : all;
  const first = firers[0];
  const enemy = firers.find((f) => WAR_SIDE[f.nationality] !== WAR_SIDE[first.nationality]);
  if (enemy !== undefined) {
    throw inputError('input.fireGroupSide', `--firer ${first.id}, ${enemy.id}: a Fire Group combines the FP of one side's units; these are enemies (A7.5)`);
  }
  const other = firers.find((f) => f.nationality !== first.nationality);
  if (other !== undefined) {
    warnings.push(`${first.id} and ${other.id}: units of different nationalities in one Fire Group; our rules sources do not say whether they may form one: check (A7.5; low)`);
  }
}

/**
 * Refuses an attack on units of the firers' own side (A7: fire attacks are made on enemy units).
 * @param firerNationality the firers' nationality
 * @param targets the target units' ids as typed
 * @throws AslOddsError `input.targetSide`; never for an id the catalog does not know (the attack's own
 *   check names it)
 */
export function checkTargetSide(firerNationality: Nationality, targets: readonly string[]): void {
  for (const t of targets) {
    let n: Nationality;
    try {
      n = getUnit(t).nationality;
    } catch {
      continue;
    }
    if (WAR_SIDE[n] === WAR_SIDE[firerNationality]) {
      throw inputError('input.targetSide', `--target ${t}: a unit of the firers' own side (${firerNationality}); fire attacks are made on enemy units (A7)`);
    }
  }
}

/**
 * The nationality of a firer as typed (`german/4-6-7`, `british/lmg`, `german/4-6-7:pbf`), or null when
 * the catalog and the MG table do not know it. Never throws.
 */
export function firerNationalityOf(typed: string): Nationality | null {
  const id = typed.split(':')[0].trim();
  try {
    return isMachineGunId(id) ? getMachineGun(id).nationality : getUnit(id).nationality;
  } catch {
    return null;
  }
}

/** The profile attackQuery's Cowering reads for the group: an exempt firer, or the class of the shift. */
function coweringProfileOf(members: readonly FirerProfile[], cowering: GroupCowering): FirerProfile {
  if (cowering.columns === 0) return members.find((m) => m.heroAlone || m.fanatic || m.berserk) ?? members[0] ?? DEFAULT_FIRER;
  return { ...DEFAULT_FIRER, unitClass: cowering.columns === 2 ? 'green' : '1st-line' };
}

/**
 * Builds one fire attack from its firers and circumstances.
 * @param input firers and circumstances (see {@link FireGroupInput})
 * @param setting the rule set's `inexperiencedFireGroupCowering`
 * @returns FP ledger, total and column, DRM ledger and total, Cowering, warnings
 * @throws AslOddsError `input.firer` (contradictory or unknown modifiers, a leader as firer),
 *   `input.firerModifierRepeated`, `input.assaultFire` (A7.36), `input.fireGroupSide` (A7.5),
 *   `input.leaderSide` (A7.53), `input.opportunityFire` (A7.25), `input.range`, `input.tem`, `input.terrain`, `input.hindrance`, `input.ffmo`, `input.leader`,
 *   `input.areaFire`, `input.otherDrm`, `catalog.unknownUnit`
 * @example resolveFireGroup({ firers: ['german/5-4-8:pbf:assault', 'german/5-4-8:pbf:assault'], advancingFire: true, areaFire: 1 }, 'any').column // 8 (A7.31 EX)
 */
export function resolveFireGroup(input: FireGroupInput, setting: RuleSettings['inexperiencedFireGroupCowering']): FireGroupAttack {
  if (input.firers.length === 0) throw inputError('input.firer', '--firer: give at least one firing unit, e.g. --firer german/4-6-7');
  if (input.firers.length > MAX_FIRERS) throw inputError('input.firer', `--firer: at most ${MAX_FIRERS} firers, got ${input.firers.length}`);
  const range = checkInt('range', input.range, 0, MAX_RANGE);
  checkInt('area-fire', input.areaFire, 0, 4);
  if (input.advancingFire && input.opportunityFire) {
    throw inputError('input.opportunityFire', '--advancing-fire, --opportunity-fire: Opportunity Fire is fired in the AFPh without the Advancing Fire halving (A7.25); give one');
  }
  const warnings: string[] = [];
  let nationality: Nationality | undefined;
  const firers = input.firers.map((typed) => {
    const f = resolveOne(typed, nationality, range, warnings);
    nationality ??= f.nationality;
    return f;
  });
  const circumstances: FireCircumstances = { advancingFire: input.advancingFire, opportunityFire: input.opportunityFire, areaFire: input.areaFire };
  const fpLedger = firers.map((f) => resolveFirerFP(f.id, f.printedFP, f.modifiers, circumstances));
  for (const l of fpLedger) warnings.push(...l.warnings);
  const mgs = firers.filter((f) => f.unit === null).length;
  const squads = firers.filter((f) => f.unit?.kind === 'squad').length;
  if (mgs > squads && mgs < firers.length) warnings.push(`${mgs} MG but ${squads} squad${squads === 1 ? '' : 's'}: a HS or crew firing a MG loses its inherent FP (A7.352); check who mans each MG`);
  const nationalities = [...new Set(firers.map((f) => f.nationality))];
  checkOneSide(firers, warnings);
  let leader: UnitProfile | null = null;
  if (input.leader !== undefined) {
    leader = getUnit(input.leader, { defaultNationality: nationality ?? 'german' });
    if (leader.kind !== 'leader') throw inputError('input.leader', `--leader: '${input.leader}' is a ${leader.kind}, not a leader (e.g. german/9-1)`);
    if (WAR_SIDE[leader.nationality] !== WAR_SIDE[firers[0].nationality]) {
      throw inputError('input.leaderSide', `--leader ${leader.id}: a leader directs the fire of his own side's units only, not of ${firers[0].id} (A7.53)`);
    }
    if (!nationalities.includes(leader.nationality)) {
      warnings.push(`leader ${leader.id} directs ${nationalities.join(', ')} units: a leader of another nationality; check that he may (A7.53; low)`);
    }
  }
  const drmLedger = drmLedgerOf(input, firers, leader, warnings);
  const fp = fpLedger.reduce((s, l) => s + l.fp, 0);
  const column = iftColumnOf(fp);
  if (column === null) warnings.push(`total ${formatFP(fp)} FP is below the 1 column: no attack (A7.3)`);
  const override = (p: FirerProfile): FirerProfile => ({
    nationality: input.firerNationality ?? p.nationality,
    unitClass: input.firerClass ?? p.unitClass,
    heroAlone: p.heroAlone,
    fanatic: input.firerFanatic ?? p.fanatic,
    berserk: input.firerBerserk ?? p.berserk,
  });
  // A MG cowers as its manning unit (A7.9): the group's units; MGs fired by no unit of the group stand
  // for a 1st Line unit of the MG's nationality (so a British or Finnish MG's crew is exempt, A7.9).
  const units = firers.filter((f) => f.profile !== null).map((f) => override(f.profile as FirerProfile));
  const mgNationality = firers.find((f) => f.unit === null)?.nationality ?? null;
  const members = units.length > 0 ? units : [override({ ...DEFAULT_FIRER, nationality: mgNationality })];
  if (units.length === 0 && input.firerClass === undefined) {
    warnings.push(`MG fired by no unit of the group: it cowers as a ${mgNationality === null ? '' : `${getNationality(mgNationality).name} `}1st Line unit would (A7.9); give --firer-class for its manning unit's class`);
  }
  const cowering = fireGroupCowering(members, leader !== null, setting);
  const coweringProfile = coweringProfileOf(members, cowering);
  return {
    firers,
    fpLedger,
    fp,
    column,
    drmLedger,
    drm: drmLedger.reduce((s, l) => s + l.drm, 0),
    leaderDRM: leader?.leadershipDRM ?? 0,
    leader,
    cowering,
    coweringProfile,
    warnings,
  };
}

/** A FP as players write it: `4`, `2.5`, `1.25`. Never throws. */
export function formatFP(fp: number): string {
  return String(Math.round(fp * 1000) / 1000);
}

/**
 * The ledger as one line, the "live math line": identical firers with identical steps grouped, e.g.
 * `2 x 5-4-8: 5 x2 PBF = 10, /2 AFPh = 5, /2 Area Fire = 2.5, +1 Assault Fire -> 4 (FRU); total 8 -> 8
 * column; DRM +2 TEM (wooden building) +1 hindrance -1 leader 9-1 = +2; no Cowering (leader directs, A7.9)`.
 * Never throws.
 */
export function describeFireGroup(a: Pick<FireGroupAttack, 'fpLedger' | 'fp' | 'column' | 'drmLedger' | 'drm' | 'cowering'>): string {
  const groups: { text: string; count: number }[] = [];
  for (const l of a.fpLedger) {
    const bare = l.firer.slice(l.firer.indexOf('/') + 1);
    const name = /^[lmh]mg$/.test(bare) ? bare.toUpperCase() : bare;
    const steps = l.steps.map((s) => (s.rule === 'A7.36' ? `${s.label} -> ${formatFP(s.fp)}${s.rounded ? ' (FRU)' : ''}` : `${s.label} = ${formatFP(s.fp)}`));
    const body = steps.length === 0 ? `${name}: ${l.printed}` : `${name}: ${l.printed} ${steps.join(', ')}`;
    const g = groups.find((x) => x.text === body);
    if (g) g.count++;
    else groups.push({ text: body, count: 1 });
  }
  const firers = groups.map((g) => (g.count > 1 ? `${g.count} x ${g.text}` : g.text)).join('; ');
  const col = a.column === null ? 'below the 1 column: no attack' : `${a.column} column`;
  const drm = a.drmLedger.length === 0 ? 'DRM 0' : `DRM ${a.drmLedger.map((l) => `${signedDRM(l.drm)} ${l.label}`).join(' ')} = ${signedDRM(a.drm)}`;
  return `${firers}; total ${formatFP(a.fp)} -> ${col}; ${drm}; ${a.cowering.reason}`;
}

/**
 * Dice pairs, of the 36, whose IFT result is NMC or better (NMC, #MC, K/#, #KIA; not PTC) for an
 * attack on `column` with `drm` and a Cowering shift (A7.9: Original doubles resolve `shift` columns
 * to the left; off the table per `coweringOnOneFP`). The IFT result depends on the dice only, not on
 * the target, so a plan's attacks are independent at this level: the figure of "Fire Group or fire
 * separately?" (8 FP +2: 15 of 36; 4 FP +2: 6 of 36, so two such attacks 1 - (5/6)^2).
 * @param column IFT column, or null (no attack: 0)
 * @param drm total DRM, integer
 * @param shift Cowering columns, 0..2
 * @param onOneFP the rule set's `coweringOnOneFP`
 * @returns an integer in [0, 36]. Never throws.
 * @example nmcOrBetterCount(8, 2, 0, 'no-effect') // 15
 */
export function nmcOrBetterCount(column: IFTColumn | null, drm: number, shift: number, onOneFP: RuleSettings['coweringOnOneFP']): number {
  if (column === null) return 0;
  let n = 0;
  for (let white = 1; white <= 6; white++) {
    for (let colored = 1; colored <= 6; colored++) {
      const col = coweredColumn(column, white === colored, shift, onOneFP);
      if (col === null) continue;
      const r = iftResultOf(col, white + colored + drm);
      if (r.kind !== 'none' && r.kind !== 'PTC') n++;
    }
  }
  return n;
}
