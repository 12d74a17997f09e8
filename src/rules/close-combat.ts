/**
 * Close Combat (A11; the Close Combat Table, CCT): the figures of one CC attack.
 *
 *   attacking units' CC FP (SMC 1, A11.14; pinned halved for the attack only, A7.8; broken units never
 *   attack, A11.16) -> halved when the units attacked are concealed (A11.19)
 *   : the units attacked's CC FP (full, even broken or pinned: A11.16, A7.8)
 *   -> odds rounded down to a printed column (A11.11) -> its black Kill Number, or red in Hand-to-Hand
 *   CC (J2.31)
 *   CC DRM: leadership (A11.141; NA to a leader attacking alone) + heroes -1 each (A15.24) + CX
 *   (A4.51) + Skiers (E4.5) + Ambush (A11.4) + other; -2 more against broken units (A11.16), which with
 *   unbroken units in the same attack changes only the broken units' fate (A11.622 example)
 *   -> Final DR < Kill Number eliminates, == Partial Kill (Casualty Reduction by Random Selection), > none
 *
 * Sources (docs/rules-notes.md §11): the CCT and the A11/A4.51/A7.8/E4.5 sentences are quoted from eASLRB
 * v3.14 by kehannan/ruleschat app/asl/cc_resolver.py (medium-high: one careful transcription); A15.24 and
 * A15.21 are in the project's rules texts (rules/002, high). Every figure below carries its source and
 * confidence into the answer ({@link CCFigureSource}).
 */
import type { RuleSet } from './rule-set.js';
import { isSMC, lentLeadershipDRM, type UnitState } from './unit-state.js';

/** How sure we are of a CC figure (the rules notes' scale, with medium-high for one careful quote). */
export type CCConfidence = 'high' | 'medium-high' | 'medium' | 'low';

/** Where a CC figure comes from. */
export interface CCFigureSource {
  /** The rule, e.g. `A11.141`. */
  readonly rule: string;
  readonly source: string;
  readonly confidence: CCConfidence;
}

/** The peer that quotes eASLRB v3.14's A11, A4.51, A7.8 and E4.5 word for word. */
export const CC_PEER_QUOTE = 'eASLRB v3.14 as quoted by kehannan/ruleschat app/asl/cc_resolver.py';
const quoted = (rule: string): CCFigureSource => ({ rule, source: CC_PEER_QUOTE, confidence: 'medium-high' });

/** Sources of the CC rules, by what they decide. */
export const CC_SOURCES = Object.freeze({
  table: quoted('A11.11 CCT'),
  smcFP: quoted('A11.14'),
  pinned: quoted('A7.8'),
  concealed: quoted('A11.19'),
  broken: quoted('A11.16'),
  leadership: quoted('A11.141'),
  hero: { rule: 'A15.24', source: 'the rules texts (file 002: A15.24, A15.21)', confidence: 'high' } as CCFigureSource,
  cx: quoted('A4.51'),
  skiers: quoted('E4.5'),
  ambush: { rule: 'A11.4', source: 'the Ambush DRM setting (its value is not in our sources)', confidence: 'low' } as CCFigureSource,
  other: { rule: '-', source: 'your input', confidence: 'high' } as CCFigureSource,
});

/** One odds column of the CCT (A11.11). */
export interface CCColumn {
  /** Printed label, e.g. `3-2`; `<1-8` and `>10-1` stand for everything beyond the printed ratios. */
  readonly label: string;
  /** The column's least ratio as attacker:defender integers (3-2 = 3:2); `<1-8` is 0:1, `>10-1` is 10:1 (exceeded). */
  readonly attack: number;
  readonly defense: number;
  /** Black Kill Number (A11.11). */
  readonly kill: number;
  /** Red Kill Number: Hand-to-Hand CC only (J2.31). */
  readonly redKill: number;
}

/**
 * The CCT as printed (chapter A charts; eASLRB v3.14 as quoted by kehannan/ruleschat, medium-high): the
 * odds columns lowest first with their black / red Kill Numbers. There is no 1-3 column.
 */
export const CC_COLUMNS: readonly CCColumn[] = Object.freeze(
  (
    [
      ['<1-8', 0, 1, 0, 2],
      ['1-8', 1, 8, 1, 3],
      ['1-6', 1, 6, 2, 4],
      ['1-4', 1, 4, 3, 5],
      ['1-2', 1, 2, 4, 6],
      ['1-1', 1, 1, 5, 7],
      ['3-2', 3, 2, 6, 8],
      ['2-1', 2, 1, 7, 9],
      ['3-1', 3, 1, 8, 10],
      ['4-1', 4, 1, 9, 11],
      ['6-1', 6, 1, 10, 12],
      ['8-1', 8, 1, 11, 13],
      ['10-1', 10, 1, 12, 14],
      ['>10-1', 10, 1, 13, 15],
    ] as const
  ).map(([label, attack, defense, kill, redKill]) => Object.freeze({ label, attack, defense, kill, redKill })),
);

/** CC FP of a SMC (leader or hero) in CC, attacking or defending (A11.14: "an inherent FP attack and defense strength of one"). */
export const SMC_CC_FP = 1;
/** A hero's CC DRM (A15.24: "may deduct one from its IFT/CC resolution DR", cumulative with leadership and other heroes). */
export const HERO_CC_DRM = -1;
/** CC DRM against broken units (A11.16). */
export const BROKEN_CC_DRM = -2;
/** CC DRM of an attack by Skiers / on Skiers (E4.5). */
export const SKIER_ATTACK_DRM = 2;
export const SKIER_DEFENSE_DRM = -2;

/**
 * The CCT column of an attack: the highest printed column whose ratio does not exceed attack:defense
 * ("rounded down", A11.11); below 1-8 the `<1-8` column, above 10-1 the `>10-1` column.
 * @param attackFP total FP of the attacking units, > 0 (halves allowed)
 * @param defenseFP total FP of the units attacked, > 0
 * @returns index into {@link CC_COLUMNS}, in [0, 13]
 * Never throws. Exact for integer and half FP (compared by cross-multiplication).
 * @example CC_COLUMNS[ccColumnIndex(7, 4)].label // '3-2' (A11.11 EX)
 * @example CC_COLUMNS[ccColumnIndex(12, 1)].label // '>10-1'
 */
export function ccColumnIndex(attackFP: number, defenseFP: number): number {
  const last = CC_COLUMNS.length - 1;
  if (attackFP > 10 * defenseFP) return last;
  let best = 0;
  for (let i = 1; i < last; i++) {
    const c = CC_COLUMNS[i];
    if (attackFP * c.defense >= c.attack * defenseFP) best = i;
  }
  return best;
}

/**
 * The Kill Number of an attack (A11.11): the column's black number, or the red one in Hand-to-Hand CC (J2.31).
 * @example ccKillNumber(ccColumnIndex(6, 4), false) // 6 (3-2)
 * @example ccKillNumber(ccColumnIndex(6, 4), true) // 8
 */
export function ccKillNumber(columnIndex: number, handToHand: boolean): number {
  const c = CC_COLUMNS[columnIndex];
  return handToHand ? c.redKill : c.kill;
}

/** What an attack on the CCT does (A11.11). */
export type CCResult = 'eliminate' | 'casualtyReduction' | 'none';

/**
 * Resolves one CC attack DR (A11.11): Final DR < Kill Number eliminates the units attacked, == Partial
 * Kill (Casualty Reduction of one unit chosen by Random Selection), > no effect.
 * @param finalDR Original DR + CC DRM, integer
 * @param kill Kill Number, integer
 * Never throws.
 * @example resolveCCAttack(5, 6) // 'eliminate'
 * @example resolveCCAttack(6, 6) // 'casualtyReduction'
 */
export function resolveCCAttack(finalDR: number, kill: number): CCResult {
  if (finalDR < kill) return 'eliminate';
  return finalDR === kill ? 'casualtyReduction' : 'none';
}

/**
 * A unit's CC FP when it attacks: SMC 1 (A11.14); a MMC its printed FP; halved when pinned ("The halved
 * FP of a pinned unit in CC applies only to its attack", A7.8; kept as a fraction so the odds are exact).
 * Broken units never attack (A11.16): callers leave them out.
 * @example ccAttackFP(pinned467) // 2
 */
export function ccAttackFP(u: UnitState): number {
  const fp = ccDefenseFP(u);
  return u.pinned ? fp / 2 : fp;
}

/**
 * A unit's CC FP when attacked: SMC 1 (A11.14); a MMC its full printed FP, even pinned (A7.8) or broken
 * ("still defend with their full (unbroken side) FP", A11.16).
 * @example ccDefenseFP(pinned467) // 4
 */
export function ccDefenseFP(u: UnitState): number {
  return isSMC(u) ? SMC_CC_FP : u.profile.fp;
}

/** One side's situation that its attack or the attacks on it depend on. */
export interface CCSideState {
  /** CX (A4.51): +1 to its CC attacks, -1 to CC attacks on it. */
  readonly cx: boolean;
  /** Concealed (A11.19): the FP of a unit attacking it is halved. */
  readonly concealed: boolean;
  /** Skiers, ski counter "Skis" face up (E4.2; "OFF Skis" is carried, E4.21): +2 to their CC attacks, -2 to CC attacks on them (E4.5). */
  readonly skis: boolean;
  /** Any other DRM of its attack, integer. */
  readonly drm: number;
}

/** One term of a CC attack's FP or DRM, with its rule and source. */
export interface CCTerm extends CCFigureSource {
  /** What it is, in the rulebook's words: `leadership 9-1`, `attacking concealed units: FP halved`. */
  readonly label: string;
  /** The DRM it adds (0 for an FP term). */
  readonly drm: number;
}

/** The figures of one CC attack as a player reads them off the CCT, each with its source. */
export interface CCAttackFigures {
  /** Total CC FP of the attacking units (after pinned and concealed halving). */
  readonly attackFP: number;
  /** Total CC FP of the units attacked. */
  readonly defenseFP: number;
  /** Index into {@link CC_COLUMNS}. */
  readonly column: number;
  readonly kill: number;
  /** Total CC DRM against the unbroken units attacked (all of them when none is broken). */
  readonly drm: number;
  /** Whether some units attacked are broken: against them the DRM is `drm` + {@link BROKEN_CC_DRM} (A11.16). */
  readonly brokenTargets: boolean;
  /** Whether every unit attacked is broken (then `drm` already holds the -2). */
  readonly allTargetsBroken: boolean;
  /** The FP and DRM terms, each with rule, source and confidence. */
  readonly terms: readonly CCTerm[];
}

/** What a CC attack depends on besides its units. */
export interface CCAttackSituation {
  readonly own: CCSideState;
  readonly other: CCSideState;
  /** The attackers Ambushed the units attacked (A11.4): setting `ccAmbushDRM`. */
  readonly ambush: boolean;
  /** Hand-to-Hand CC (J2.31): red Kill Numbers. */
  readonly handToHand: boolean;
  /**
   * The units attacked have already made their own CC attack this CCPh (they Ambushed, A11.4). With the
   * setting `ccConcealedAfterAttacking` = `revealed` their concealment no longer halves this attack.
   */
  readonly targetsAttackedFirst: boolean;
}

/**
 * The leadership and heroic DRM of a CC attack. One leader directs (A11.141): the best DRM lent by a Good
 * Order, unpinned leader among the attackers, not when that leader attacks alone ("a leader may not use
 * his leadership DRM to modify the CC DR of his own attack if he attacks alone"); every hero present
 * deducts one more (A15.24, cumulative); a heroic leader gives his leadership or his heroic DRM, never both
 * (A15.21): the better total is taken.
 * Never throws.
 * @example ccCommandTerms([squad467, leader91, hero]).reduce((s, t) => s + t.drm, 0) // -2
 */
export function ccCommandTerms(attackers: readonly UnitState[]): CCTerm[] {
  const alone = attackers.length === 1 && attackers[0].profile.kind === 'leader';
  const heroes = attackers.filter((u) => u.profile.kind === 'hero' || u.heroic);
  let best: { drm: number; leader: UnitState | null } = { drm: 0, leader: null };
  const total = (lead: number, director: UnitState | null) => lead + HERO_CC_DRM * heroes.filter((h) => h !== director).length;
  let bestTotal = total(0, null);
  if (!alone) {
    for (const u of attackers) {
      const d = lentLeadershipDRM(u);
      if (d === null || d >= 0 || total(d, u) >= bestTotal) continue;
      best = { drm: d, leader: u };
      bestTotal = total(d, u);
    }
  }
  const terms: CCTerm[] = [];
  if (best.leader !== null) terms.push({ label: `leadership ${best.leader.profile.id}`, drm: best.drm, ...CC_SOURCES.leadership });
  else if (alone && (lentLeadershipDRM(attackers[0]) ?? 0) < 0) {
    terms.push({ label: `${attackers[0].profile.id} attacks alone: no leadership DRM on his own attack`, drm: 0, ...CC_SOURCES.leadership });
  }
  const lending = heroes.filter((h) => h !== best.leader);
  if (lending.length > 0) terms.push({ label: lending.length === 1 ? 'hero' : `${lending.length} heroes`, drm: HERO_CC_DRM * lending.length, ...CC_SOURCES.hero });
  return terms;
}

/**
 * The figures of one CC attack (A11): FP, odds column, Kill Number and DRM, each term with its source.
 * @param attackers the units that attack: unbroken, on the map (at least one)
 * @param targets the units attacked (at least one; broken ones included)
 * @throws never
 * @example ccAttackFigures([squad467, squad467], [squad447], none, rs) // 8 vs 4, 2-1, Kill Number 7, DRM 0
 */
export function ccAttackFigures(attackers: readonly UnitState[], targets: readonly UnitState[], s: CCAttackSituation, ruleSet: RuleSet): CCAttackFigures {
  const terms: CCTerm[] = [];
  let attackFP = 0;
  for (const u of attackers) attackFP += ccAttackFP(u);
  const defenseFP = targets.reduce((t, u) => t + ccDefenseFP(u), 0);
  if (attackers.some(isSMC) || targets.some(isSMC)) terms.push({ label: 'SMC: CC FP 1', drm: 0, ...CC_SOURCES.smcFP });
  if (attackers.some((u) => u.pinned)) terms.push({ label: 'pinned attacker: FP halved for its attack only', drm: 0, ...CC_SOURCES.pinned });
  if (targets.some((u) => u.pinned)) terms.push({ label: 'pinned unit attacked: defends with its full FP', drm: 0, ...CC_SOURCES.pinned });
  if (s.other.concealed) {
    if (s.targetsAttackedFirst && ruleSet.settings.ccConcealedAfterAttacking === 'revealed') {
      terms.push({ label: 'units attacked were concealed but revealed by their own attack: FP not halved (a setting)', drm: 0, ...CC_SOURCES.concealed, confidence: 'medium' });
    } else {
      attackFP /= 2;
      terms.push({ label: 'attacking concealed units: FP halved', drm: 0, ...CC_SOURCES.concealed });
    }
  }
  const column = ccColumnIndex(attackFP, defenseFP);
  terms.unshift({ label: `${fmt(attackFP)} FP vs ${fmt(defenseFP)} FP: ${CC_COLUMNS[column].label}, ${s.handToHand ? 'red' : 'black'} Kill Number ${ccKillNumber(column, s.handToHand)}`, drm: 0, ...CC_SOURCES.table });
  terms.push(...ccCommandTerms(attackers));
  if (s.own.cx) terms.push({ label: 'attacker CX', drm: 1, ...CC_SOURCES.cx });
  if (s.other.cx) terms.push({ label: 'units attacked CX', drm: -1, ...CC_SOURCES.cx });
  if (s.own.skis) terms.push({ label: 'attacking Skiers', drm: SKIER_ATTACK_DRM, ...CC_SOURCES.skiers });
  if (s.other.skis) terms.push({ label: 'units attacked are Skiers', drm: SKIER_DEFENSE_DRM, ...CC_SOURCES.skiers });
  if (s.ambush) terms.push({ label: 'Ambush', drm: ruleSet.settings.ccAmbushDRM, ...CC_SOURCES.ambush });
  if (s.own.drm !== 0) terms.push({ label: 'other DRM', drm: s.own.drm, ...CC_SOURCES.other });
  const broken = targets.filter((u) => u.status === 'broken').length;
  const allBroken = broken > 0 && broken === targets.length;
  if (allBroken) terms.push({ label: 'units attacked broken', drm: BROKEN_CC_DRM, ...CC_SOURCES.broken });
  else if (broken > 0) {
    terms.push({ label: 'against the broken units attacked only, -2 (A11.622 example; not in the total)', drm: 0, ...CC_SOURCES.broken });
  }
  const drm = terms.reduce((t, x) => t + x.drm, 0);
  return { attackFP, defenseFP, column, kill: ccKillNumber(column, s.handToHand), drm, brokenTargets: broken > 0, allTargetsBroken: allBroken, terms };
}

/**
 * The result of a CC attack on each unit attacked (A11.11 with A11.16): a broken unit's fate is read at
 * Final DR + {@link BROKEN_CC_DRM}, an unbroken unit's at the Final DR, from one DR (A11.622 example).
 * @param finalDR Original DR + `figures.drm`
 * @returns per target, in order
 * @example ccResultsOn(7, figuresWithOneBrokenOfTwo, [squad, brokenSquad]) // ['casualtyReduction', 'eliminate'] (Kill Number 7)
 */
export function ccResultsOn(finalDR: number, f: CCAttackFigures, targets: readonly UnitState[]): CCResult[] {
  return targets.map((u) => resolveCCAttack(finalDR + (u.status === 'broken' && !f.allTargetsBroken ? BROKEN_CC_DRM : 0), f.kill));
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

/**
 * A term as the answer prints it, with its rule and confidence (the source is listed once, {@link ccSourcesText}).
 * @example ccTermText({ label: 'leadership german/9-1', drm: -1, rule: 'A11.141', confidence: 'medium-high', ... }) // 'leadership german/9-1 -1 [A11.141, medium-high]'
 */
export function ccTermText(t: CCTerm): string {
  const drm = t.drm === 0 ? '' : ` ${t.drm > 0 ? '+' : ''}${t.drm}`;
  return `${t.label}${drm} [${t.rule === '-' ? '' : `${t.rule}, `}${t.confidence}]`;
}

/**
 * The sources of some terms, each once with the rules it gives: `eASLRB v3.14 as quoted by ... (medium-high): A11.11 CCT, A11.141`.
 * Never throws.
 */
export function ccSourcesText(terms: readonly CCTerm[]): string {
  const by = new Map<string, Set<string>>();
  for (const t of terms) {
    const k = `${t.source} (${t.confidence})`;
    if (!by.has(k)) by.set(k, new Set());
    if (t.rule !== '-') by.get(k)!.add(t.rule);
  }
  return [...by.entries()].map(([k, rules]) => (rules.size > 0 ? `${k}: ${[...rules].join(', ')}` : k)).join('; ');
}

/**
 * Leader Creation (A18.1, medium-low): an Original CC DR of 2 by an attack that includes a MMC allows a
 * Leader Creation dr (its table is not modelled). Heat of Battle does not follow a CC DR: A15.1 names only
 * MC and Rally DRs.
 * @example isLeaderCreation(2, [squad467]) // true
 */
export function isLeaderCreation(originalDR: number, attackers: readonly UnitState[]): boolean {
  return originalDR === 2 && attackers.some((u) => !isSMC(u));
}
