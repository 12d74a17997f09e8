/**
 * Fire plans compared: "fire as one group or separately, and in which order?"
 *
 *   firers (<= MAX_PLAN_FIRERS) -> every ordered partition into fire groups (identical firers
 *   interchangeable) -> each group built (rules/fire-group.ts; the directing leader directs the first
 *   group) -> screen: P(at least one attack of the plan gets NMC or better), exact for every plan (the
 *   IFT result depends on the dice only) -> the objective on the stack, through the public attack API
 *   (attack-query.ts: the first group as the attack, the later ones as `then`): exact for a single
 *   group where quick, Monte Carlo with one seed for every plan (common random numbers: trial i of each
 *   plan draws the same dice stream) -> plans ranked by the objective.
 *
 * What the attack API bounds (docs/rules-notes-fire.md "Fire plans"): at most MAX_ATTACKS attacks in
 * a sequence, one firer profile for the Cowering of the later attacks, the leader's direction on the
 * first. A plan outside them keeps its exact screen figure and says why it has no stack figure.
 */
import { AslOddsError, inputError } from '../errors.js';
import { PLAN_TRIALS } from '../options/method-spec.js';
import type { OddsResult } from '../result.js';
import { checkTargetSide, nmcOrBetterCount, type FireGroupAttack, type FireGroupInput } from '../rules/fire-group.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { attackQuery, MAX_ATTACKS, resolveAttackInput, type AttackInput } from './attack-query.js';
import { computeOdds } from './compute-odds.js';
import { attackFieldsOf, buildFireGroup } from './fire-builder.js';

/** Most firers whose plans are compared: 6 firers make 4,683 ordered partitions. */
export const MAX_PLAN_FIRERS = 6;

/** What a plan is ranked by. */
export const PLAN_OBJECTIVES = ['nmc', 'any-broken', 'squads', 'leader-lost', 'whole-stack'] as const;
export type PlanObjective = (typeof PLAN_OBJECTIVES)[number];

/** The objectives in players' words. */
export const OBJECTIVE_WORDS: Readonly<Record<PlanObjective, string>> = {
  nmc: 'P(at least one NMC or better IFT result)',
  'any-broken': 'P(at least one unit broken)',
  squads: 'squad-equivalents broken or eliminated, on average',
  'leader-lost': 'P(a leader lost)',
  'whole-stack': 'P(the whole stack broken or eliminated)',
};

/** Input of {@link comparePlans}. */
export interface PlanInput {
  /** The attack on the target stack, as `attack` takes it (targets, markers, situation, rule set). */
  readonly target: Omit<AttackInput, 'fp' | 'drm' | 'leader' | 'firer' | 'then' | 'result' | 'kind'>;
  /** Firers and circumstances, as the builder takes them; 1..MAX_PLAN_FIRERS firers. */
  readonly group: FireGroupInput;
  readonly objective?: PlanObjective;
  /** Plans (besides the single group and all separate) whose stack figures are computed [6]. */
  readonly candidates?: number;
  /** Monte Carlo trials per plan of several attacks, in options/method-spec.ts `PLAN_TRIALS` [20,000]. */
  readonly trials?: number;
  /** Seed shared by every plan (common random numbers) ['plan']. */
  readonly seed?: string;
}

/** One attack of a plan. */
export interface PlanAttack {
  readonly firers: readonly string[];
  readonly fp: number;
  readonly column: number | null;
  readonly drm: number;
  readonly cowering: number;
  readonly directed: boolean;
}

/** A plan with its figures. */
export interface PlanRow {
  /** 1 = best by the objective among the plans with a figure; null without one. */
  readonly rank: number | null;
  /** Fire groups in fire order, each its firers as typed. */
  readonly groups: readonly (readonly string[])[];
  readonly attacks: readonly PlanAttack[];
  /** P(at least one NMC or better), exact, with its fraction. */
  readonly nmcOrBetter: number;
  readonly nmcOrBetterFraction: string;
  /** Stack figures (absent when not computed; see `note`). */
  readonly anyBroken?: number;
  readonly squads?: number;
  readonly leaderLost?: number;
  readonly wholeStack?: number;
  /** 95% interval of the objective (Monte Carlo). */
  readonly ci95?: readonly [number, number];
  readonly method?: 'exact' | 'monte-carlo';
  /** The objective's value, as ranked. */
  readonly value?: number;
  /** Why the stack figures are absent, or a remark. */
  readonly note?: string;
}

/** The comparison. */
export interface PlanComparison {
  readonly command: 'plan';
  readonly objective: PlanObjective;
  readonly objectiveWords: string;
  readonly seed: string;
  readonly trials: number;
  /** Distinct plans considered (identical firers interchangeable). */
  readonly plansConsidered: number;
  /** The ranked plans with stack figures, then the best others by the screen. */
  readonly plans: readonly PlanRow[];
  readonly warnings: readonly string[];
  readonly seconds: number;
}

/** Every ordered partition of items 0..n-1 into non-empty groups (Fubini number of them). Never throws. */
export function orderedPartitions(n: number): number[][][] {
  const out: number[][][] = [];
  const rec = (left: number, acc: number[][]) => {
    if (left === 0) {
      out.push(acc);
      return;
    }
    for (let sub = left; sub > 0; sub = (sub - 1) & left) {
      const g: number[] = [];
      for (let i = 0; i < n; i++) if (sub & (1 << i)) g.push(i);
      rec(left & ~sub, [...acc, g]);
    }
  };
  rec((1 << n) - 1, []);
  return out;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** 1 - prod(1 - k_i/36) as a reduced fraction and a number. */
function atLeastOne(counts: readonly number[]): { p: number; fraction: string } {
  let miss = 1n;
  let den = 1n;
  for (const k of counts) {
    miss *= BigInt(36 - k);
    den *= 36n;
  }
  const num = den - miss;
  const g = gcd(num, den) || 1n;
  return { p: Number(num) / Number(den), fraction: num === 0n ? '0' : `${num / g}/${den / g}` };
}

/** Units of an outcome's readable state (attack-chain describeAttackOutcome): true when none is in Good Order. */
export function wholeStackDown(state: string): boolean {
  const marks = new Set(['broken', 'Disrupted', 'pinned', 'berserk', 'Fanatic', 'wounded']);
  const units: string[][] = [];
  let pending: string[] = [];
  for (const piece of state.split(/, | \+ hero /)) {
    const words = piece.trim().split(/\s+/);
    if (words.length === 1 && marks.has(words[0])) {
      pending.push(words[0]);
      continue;
    }
    units.push([...pending, ...words]);
    pending = [];
  }
  return units.length > 0 && units.every((w) => w.includes('broken') || w[0] === 'eliminated' || w[0] === 'captured');
}

function objectiveOf(r: OddsResult, objective: PlanObjective): { value: number; ci95?: readonly [number, number] } {
  const se = r.stackEvents ?? {};
  switch (objective) {
    case 'any-broken':
      return { value: se.anyBroken ?? 0, ci95: r.stackEventStats?.anyBroken?.ci95 };
    case 'leader-lost':
      return { value: se.leaderLost ?? 0, ci95: r.stackEventStats?.leaderLost?.ci95 };
    case 'squads':
      return { value: (se.expectedSquadsBroken ?? 0) + (se.expectedSquadsEliminated ?? 0) };
    case 'whole-stack':
      return { value: r.outcomes.reduce((s, o) => s + (wholeStackDown(o.state) ? o.probability : 0), 0) };
    default:
      return { value: 0 };
  }
}

/**
 * What a long comparison tells its caller as it goes (the CLI prints it on stderr): the exact screen's
 * ranking first, then an estimate of the stack figures' time, then each candidate done.
 */
export interface PlanProgress {
  /** The exact screen (NMC or better), best first (at most 10 plans), before any stack figure. */
  screened?(rows: readonly PlanRow[], plansConsidered: number): void;
  /**
   * Seconds the other candidates' stack figures are expected to take, from the time of the first
   * Monte Carlo candidate (computed first, and kept), scaled by attacks. Not called when no candidate
   * needs Monte Carlo.
   */
  estimate?(seconds: number, candidates: number): void;
  /** Candidate `done` of `total` has its stack figures (`seconds` since the comparison began). */
  evaluated?(done: number, total: number, seconds: number): void;
}

/**
 * Compares every fire plan of the firers against the target stack.
 * @param progress optional: told the screen's ranking, the estimate and each candidate done
 * @throws AslOddsError `input.firer` (no firer, more than MAX_PLAN_FIRERS), `input.objective`, and as
 *   the builder and attackQuery
 */
export async function comparePlans(input: PlanInput, progress?: PlanProgress): Promise<PlanComparison> {
  const t0 = performance.now();
  const objective = input.objective ?? 'any-broken';
  if (!PLAN_OBJECTIVES.includes(objective)) throw inputError('input.objective', `--objective: expected one of ${PLAN_OBJECTIVES.join(', ')}, got '${String(objective)}'`);
  const typed = input.group.firers;
  if (typed.length === 0 || typed.length > MAX_PLAN_FIRERS) {
    throw inputError('input.firer', `--firer: plans compare 1 to ${MAX_PLAN_FIRERS} firers, got ${typed.length}`);
  }
  const candidates = input.candidates ?? 6;
  const trials = input.trials ?? PLAN_TRIALS.default;
  const seed = input.seed ?? 'plan';
  const settings = input.target.settings as Record<string, string> | undefined;
  const ruleSet = getRuleSet((input.target.rules ?? '2nd-edition') as RuleSetId, settings ?? {});
  // The whole group once: checks every firer and circumstance, and says what the rules drop.
  const whole = buildFireGroup(input.group, input.target.rules, settings);
  checkTargetSide(whole.firers[0].nationality, input.target.targets.map((t) => (typeof t === 'string' ? t : t.unit)));
  // Canonical firers (nationality resolved): identical ones are interchangeable.
  const canon = typed.map((s, i) => whole.firers[i].id + (s.includes(':') ? s.slice(s.indexOf(':')).toLowerCase() : ''));
  const groupCache = new Map<string, FireGroupAttack>();
  const groupOf = (members: readonly string[], directed: boolean): FireGroupAttack => {
    const key = `${directed}|${members.join(',')}`;
    let g = groupCache.get(key);
    if (g === undefined) {
      g = buildFireGroup({ ...input.group, firers: members, leader: directed ? input.group.leader : undefined }, input.target.rules, settings);
      groupCache.set(key, g);
    }
    return g;
  };
  const seen = new Set<string>();
  type Plan = { groups: string[][]; built: FireGroupAttack[]; nmc: { p: number; fraction: string }; specKey: string };
  const plans: Plan[] = [];
  for (const part of orderedPartitions(typed.length)) {
    const groups = part.map((g) => g.map((i) => canon[i]).sort());
    const key = groups.map((g) => g.join('+')).join(' | ');
    if (seen.has(key)) continue;
    seen.add(key);
    const built = groups.map((g, i) => groupOf(g, i === 0 && input.group.leader !== undefined));
    const nmc = atLeastOne(built.map((g) => nmcOrBetterCount(g.column, g.drm, g.cowering.columns, ruleSet.settings.coweringOnOneFP)));
    const specKey = built.map((g) => `${g.column}:${g.drm}:${g.cowering.columns}:${g.leader !== null}`).join(' ');
    plans.push({ groups, built, nmc, specKey });
  }
  // Screen: exact for every plan, best first (ties: fewer attacks first).
  const order = [...plans].sort((a, b) => b.nmc.p - a.nmc.p || a.groups.length - b.groups.length);
  const rows = new Map<Plan, PlanRow>();
  const attacksOf = (p: Plan): PlanAttack[] =>
    p.built.map((g, i) => ({ firers: p.groups[i], fp: g.fp, column: g.column, drm: g.drm, cowering: g.cowering.columns, directed: g.leader !== null }));
  const baseRow = (p: Plan): PlanRow => ({ rank: null, groups: p.groups, attacks: attacksOf(p), nmcOrBetter: p.nmc.p, nmcOrBetterFraction: p.nmc.fraction });

  progress?.screened?.(
    order.slice(0, 10).map((p, i) => ({ ...baseRow(p), rank: i + 1, value: p.nmc.p, method: 'exact' as const })),
    plans.length,
  );
  if (objective !== 'nmc') {
    // The plans whose stack figures are computed: one group, all separate, and the best by the screen
    // (one per distinct sequence of attacks).
    const chosen: Plan[] = [];
    const specs = new Set<string>();
    const take = (p: Plan | undefined) => {
      if (p === undefined || specs.has(p.specKey)) return;
      specs.add(p.specKey);
      chosen.push(p);
    };
    take(plans.find((p) => p.groups.length === 1));
    take(plans.find((p) => p.groups.length === typed.length && p.groups.length <= MAX_ATTACKS));
    for (const p of order) {
      if (chosen.length >= candidates + 2) break;
      if (p.groups.length <= MAX_ATTACKS) take(p);
    }
    const monteCarlo = (p: Plan) => p.built.length <= MAX_ATTACKS && !(p.built.length === 1 || (p.built.length === 2 && input.target.targets.length <= 2));
    const pilotPlan = chosen.find(monteCarlo);
    let pilotRow: PlanRow | undefined;
    if (progress?.estimate && pilotPlan !== undefined) {
      // The first Monte Carlo candidate is computed first, timed, and kept: the others are estimated
      // from it, scaled by their attacks (how many trials a run takes, and whether its engine answers
      // exactly, are the same for all).
      const t = performance.now();
      pilotRow = await evaluate(pilotPlan);
      const perAttack = (performance.now() - t) / 1000 / pilotPlan.built.length;
      const rest = chosen.filter((p) => p !== pilotPlan && monteCarlo(p));
      progress.estimate(rest.reduce((sum, p) => sum + perAttack * p.built.length, 0), chosen.length);
    }
    for (const [i, p] of chosen.entries()) {
      rows.set(p, p === pilotPlan && pilotRow !== undefined ? pilotRow : await evaluate(p)); // in the candidates' order
      progress?.evaluated?.(i + 1, chosen.length, (performance.now() - t0) / 1000);
    }
  }

  async function evaluate(p: Plan): Promise<PlanRow> {
    const row = baseRow(p);
    if (p.built.length > MAX_ATTACKS) return { ...row, note: `the attack engine takes at most ${MAX_ATTACKS} attacks in a sequence` };
    if (p.built.every((g) => g.column === null)) return { ...row, anyBroken: 0, squads: 0, leaderLost: 0, wholeStack: 0, value: 0, method: 'exact' };
    // The later attacks' Cowering comes from one firer profile: the second group's (the first's when
    // none is directed).
    const first = p.built[0];
    const profileFrom = p.built.length > 1 && first.leader !== null ? p.built[1] : first;
    const fields = { ...attackFieldsOf(profileFrom, undefined), fp: first.fp, drm: first.drm - first.leaderDRM, ...(first.leader !== null ? { leader: input.group.leader } : {}) };
    const then = p.built.slice(1).map((g) => ({ fp: Math.max(g.fp, 1e-9), drm: g.drm }));
    const attackInput: AttackInput = { ...input.target, ...fields, fp: Math.max(first.fp, 1e-9), then, outcomes: objective === 'whole-stack' };
    const engine = resolveAttackInput(attackInput);
    const mismatch = engine.attacks.findIndex((a, i) => a.coweringShift !== p.built[i].cowering.columns && p.built[i].column !== null);
    if (mismatch >= 0) return { ...row, note: 'the attack engine takes one firer\'s Cowering for every attack of a sequence; these groups cower differently' };
    // Exact where quick: one attack, or two on at most two units (50,000-70,000 states, under a second,
    // benchmarks/README.md "Exact attacks: the budgets"); past the query's quick budget Monte Carlo answers with the
    // shared seed. Otherwise Monte Carlo at once.
    const tryExact = p.built.length === 1 || (p.built.length === 2 && engine.targets.length <= 2);
    const out = await computeOdds(attackQuery(attackInput), tryExact ? { seed, fallbackTrials: trials } : { trials, seed });
    if (out.kind !== 'result') throw new AslOddsError('internal.plan', 'plan: a partial result');
    const r = out.result;
    const se = r.stackEvents ?? {};
    const v = objectiveOf(r, objective);
    return {
      ...row,
      anyBroken: se.anyBroken ?? 0,
      squads: (se.expectedSquadsBroken ?? 0) + (se.expectedSquadsEliminated ?? 0),
      leaderLost: se.leaderLost ?? 0,
      ...(objective === 'whole-stack' ? { wholeStack: v.value } : {}),
      value: v.value,
      ...(v.ci95 ? { ci95: v.ci95 } : {}),
      method: r.method,
    };
  }

  let ranked: PlanRow[];
  if (objective === 'nmc') {
    ranked = order.slice(0, 20).map((p, i) => ({ ...baseRow(p), rank: i + 1, value: p.nmc.p, method: 'exact' as const }));
  } else {
    const bySpec = new Map<string, PlanRow>();
    for (const [p, r] of rows) bySpec.set(p.specKey, r);
    const withValue = [...rows.values()].filter((r) => r.value !== undefined).sort((a, b) => (b.value as number) - (a.value as number) || a.groups.length - b.groups.length);
    const without = [...rows.values()].filter((r) => r.value === undefined);
    ranked = [];
    withValue.forEach((r, i) => {
      ranked.push({ ...r, rank: i + 1 });
      // Plans with the same attacks in the same order: the same figures (one computation).
      const same = plans.filter((p) => bySpec.get(p.specKey) === r && !rows.has(p));
      for (const p of same) ranked.push({ ...r, groups: p.groups, attacks: attacksOf(p), rank: i + 1, note: 'the same attacks as the plan above' });
    });
    ranked.push(...without);
    let screened = 0;
    for (const p of order) {
      if (screened >= 10) break;
      if (rows.has(p) || (bySpec.has(p.specKey) && bySpec.get(p.specKey)?.value !== undefined)) continue;
      ranked.push({ ...baseRow(p), note: p.groups.length > MAX_ATTACKS ? `screened only: the attack engine takes at most ${MAX_ATTACKS} attacks in a sequence` : 'screened only (not among the candidates)' });
      screened++;
    }
  }
  return {
    command: 'plan',
    objective,
    objectiveWords: OBJECTIVE_WORDS[objective],
    seed,
    trials,
    plansConsidered: plans.length,
    plans: ranked,
    warnings: whole.warnings,
    seconds: (performance.now() - t0) / 1000,
  };
}
