/**
 * The `attack` question: "what does this fire attack (or sequence of attacks) do to the stack in the
 * target Location?" Typed input in, an `OddsQuery` out (exact by default, Monte Carlo with `--trials`),
 * whose result adds per-unit events (`units`) and stack events (`stackEvents`) to the usual outcomes.
 *
 *   input -> targets (catalog ids + markers), firer (Cowering, A7.9), directing leader (IFT DRM)
 *         -> attacks compiled to (FP column, DRM, Cowering shift) or a fixed IFT result
 *         -> attack chain (attack/attack-chain.ts) -> terminals -> summary (attack/attack-summary.ts)
 */
import { buildAttackChain, type AttackChainState, type CompiledAttack } from '../attack/attack-chain.js';
import { COUNT_WEIGHTS, doubledSquadEquivalents, EXACT_WEIGHTS, STACK_EVENT_NAMES, summarizeAttack, type AttackSummary, type WeightOps } from '../attack/attack-summary.js';
import { EVENT_NAMES, MORALE_EVENTS } from '../rules/events.js';
import { getUnit, parseNationality, withOverrides, type UnitOverrides } from '../counters/catalog.js';
import type { UnitClass } from '../counters/types.js';
import { enumerateChain, type ExactDistribution } from '../engine/exact.js';
import { canFactorAttack, enumerateAttackFactored, summarizeAttackFactored } from '../attack/attack-factored.js';
import { toFraction, toNumber, type Prob6 } from '../engine/probability.js';
import { inputError } from '../errors.js';
import type { EstimateStats, FinalStatusFigures, OddsResult, SquadCountRow, UnitEventsRow } from '../result.js';
import { coweringShift, DEFAULT_FIRER, type FirerProfile } from '../rules/cowering.js';
import { iftColumnOf, parseIFTResult, shiftIFTColumn } from '../rules/infantry-fire-table.js';
import type { MoraleContext } from '../rules/context.js';
import { currentML, initialUnitState, type UnitState } from '../rules/unit-state.js';
import { compileAttackSampling, summaryOfTally, type AttackSampling, type AttackTally } from '../attack/attack-tally.js';
import { runAttackMonteCarlo } from './attack-monte-carlo.js';
import { exactResult, type OddsQuery } from './compute-odds.js';
import { checkIntInput, checkMarkers, describeProfile, describeSituation } from './input-checks.js';
import { resolveSituation, type SituationInput } from './morale-query.js';
import { estimate } from './odds-result.js';
import { signedDRM } from '../rules/drm.js';

/** Kinds of attack (A8.15 Snap Shot: Area Fire, FP halved; A9.22 Fire Lane Residual FP). */
export const ATTACK_KINDS = ['normal', 'fire-lane', 'snap-shot'] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];

/** Largest stack and longest attack sequence accepted. */
export const MAX_TARGETS = 6;
export const MAX_ATTACKS = 4;
/**
 * Work the exact engine may do before the query gives up (`--exact`): chain states visited (in a
 * factored attack, attack-factored.ts, the leaders' chain's states and labelled paths, the deferred
 * units' stages, and the partial stacks of the joint product). About half a minute and 3 GB
 * (benchmarks/README.md "Exact attacks: the budgets").
 */
export const MAX_ATTACK_STATES = 4_000_000;
/**
 * States of the whole attack chain the exact engine may visit when the attack cannot be factored (a
 * sequence of attacks, or leaders only): each costs tens of us and a few KB, so about half a minute and
 * under 3 GB of heap.
 */
export const MAX_ATTACK_CHAIN_STATES = 800_000;

/**
 * Trials per Monte Carlo chunk of an attack: 2^16, a few tenths of a second of the attack sampler on
 * one thread (piscina wants >= 20 ms per task, docs/libraries.md "piscina"; progress and Ctrl-C act between chunks).
 */
export const ATTACK_CHUNK_SIZE = 1 << 16;

/**
 * Work an exact attack answer may take by default before Monte Carlo answers instead (compute-odds.ts
 * `quickStates`): two or three seconds on one idle core, enough for the summary of any single attack
 * on up to 6 units with at most 3 leaders measured (benchmarks/README.md "Exact attacks: the budgets").
 */
export const QUICK_ATTACK_STATES = 500_000;

/**
 * {@link QUICK_ATTACK_STATES} when the attack cannot be factored (a sequence of attacks, `--then`;
 * leaders only): a state of the whole chain costs several units of factored work, so this is the same
 * two or three seconds (benchmarks/README.md "Exact attacks: the budgets").
 */
export const QUICK_ATTACK_CHAIN_STATES = 100_000;

/** One unit of the target stack. All markers default to false. */
export interface TargetInput {
  /** Catalog id, e.g. `german/4-6-7`, `german/9-1`, `german/hero`. */
  readonly unit: string;
  readonly overrides?: UnitOverrides;
  readonly broken?: boolean;
  readonly pinned?: boolean;
  readonly fanatic?: boolean;
  readonly berserk?: boolean;
  /** A wounded SMC (A17.2). */
  readonly wounded?: boolean;
  /** Broken and Disrupted (A19.12). */
  readonly disrupted?: boolean;
}

/** An attack after the first, on the same stack. */
export interface FollowUpAttack {
  /** Total FP, a number in (0, 200] (fractions of halved FP allowed). A Fire Lane: the MG's FP. */
  readonly fp: number;
  /** IFT DRM (terrain, hindrance, other), integer in [-10, 10] [0]. */
  readonly drm?: number;
  readonly kind?: AttackKind;
}

/** Input of {@link attackQuery}. Defaults in brackets. */
export interface AttackInput extends SituationInput {
  /** The units in the target Location, in stack order; 1..MAX_TARGETS. Ids without a nationality take the first target's. */
  readonly targets: readonly (string | TargetInput)[];
  /** Total FP of the first attack, in (0, 200]; required unless `result`. */
  readonly fp?: number;
  /** IFT DRM of the first attack (terrain, hindrance, other), integer in [-10, 10] [0]. */
  readonly drm?: number;
  /** Kind of the first attack ['normal']. */
  readonly kind?: AttackKind;
  /** Id of a leader directing the first attack: adds his DRM to the IFT DR and stops Cowering (docs/rules-notes.md §8, A7.9) [none]. */
  readonly leader?: string;
  /** Id of the firing unit (class and nationality for Cowering; a hero: firing alone) [a 1st Line unit]. */
  readonly firer?: string;
  readonly firerClass?: UnitClass;
  readonly firerNationality?: string;
  readonly firerFanatic?: boolean;
  readonly firerBerserk?: boolean;
  /** Later attacks on the same stack, in order: objects or `<fp>:<drm>[:fire-lane|:snap-shot]`. */
  readonly then?: readonly (string | FollowUpAttack)[];
  /** A fixed IFT result for the first attack instead of an IFT DR, e.g. `1KIA`, `K/2`, `1MC`, `PTC`. */
  readonly result?: string;
  /** The target Location is Encircled: ML -1 (A7.7) [false]. */
  readonly encircled?: boolean;
  /**
   * Exact method: also compute the joint distribution of the stack's final states (`outcomes`) [false].
   * A single attack on a stack with a unit that is not a leader is otherwise summarized without it
   * (per-unit and stack figures only, attack-factored.ts), far faster; other questions always list it.
   */
  readonly outcomes?: boolean;
}

/**
 * Parses `<fp>:<drm>[:<kind>]` (`--then`): `4:+1`, `6:0:fire-lane`, `8:-1:snap-shot`; kind aliases
 * `fl`, `residual`, `snap`.
 * @throws AslOddsError `input.then` naming the expected form
 * @example parseFollowUpAttack('6:0:fire-lane') // { fp: 6, drm: 0, kind: 'fire-lane' }
 */
export function parseFollowUpAttack(s: string): FollowUpAttack {
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*:\s*([+-]?[0-9]+)\s*(?::\s*([a-z-]+)\s*)?$/i.exec(s);
  const kinds: Record<string, AttackKind> = { normal: 'normal', 'fire-lane': 'fire-lane', fl: 'fire-lane', residual: 'fire-lane', 'snap-shot': 'snap-shot', snap: 'snap-shot' };
  const kind = m ? (m[3] === undefined ? 'normal' : kinds[m[3].toLowerCase()]) : undefined;
  if (!m || kind === undefined) {
    throw inputError('input.then', `--then: expected <fp>:<drm>[:fire-lane|:snap-shot], e.g. 4:+1 or 6:0:fire-lane; got '${s}'`);
  }
  return { fp: Number(m[1]), drm: Number(m[2]), kind };
}

function checkFP(option: string, fp: number): number {
  if (typeof fp !== 'number' || !Number.isFinite(fp) || fp <= 0 || fp > 200) {
    throw inputError(`input.${option.replace(/^--/, '')}`, `${option}: expected a number of FP in (0, 200], got ${String(fp)}`);
  }
  return fp;
}

function checkKind(option: string, kind: unknown): AttackKind {
  if (!(ATTACK_KINDS as readonly unknown[]).includes(kind)) {
    throw inputError('input.kind', `${option}: unknown attack kind '${String(kind)}'; allowed: ${ATTACK_KINDS.join(', ')}`);
  }
  return kind as AttackKind;
}

/**
 * One attack compiled for the chain: FP column (Area Fire halves the FP, A8.15; a Fire Lane Residual
 * attack uses the column left of the MG's, A9.22), total DRM, Cowering shift (a Fire Lane never
 * cowers, a directed attack neither, A7.9).
 */
function compileAttack(fp: number, drm: number, kind: AttackKind, leader: UnitState | null, firer: FirerProfile): CompiledAttack {
  const fired = kind === 'snap-shot' ? fp / 2 : fp;
  const base = iftColumnOf(fired);
  const column = kind === 'fire-lane' && base !== null ? shiftIFTColumn(base, 1) : base;
  const leaderDRM = leader === null ? 0 : leader.profile.leadershipDRM;
  let label = `${fp} FP`;
  if (kind === 'snap-shot') label += ` Snap Shot (Area Fire ${fired} FP)`;
  if (kind === 'fire-lane') label += ' Fire Lane Residual';
  label += column === null ? ' (below the 1 column: no effect)' : ` (${column} column) DRM ${signedDRM(drm + leaderDRM)}`;
  if (leader !== null) label += ` directed by ${leader.profile.id}`;
  return { label, column, drm: drm + leaderDRM, coweringShift: coweringShift(firer, leader !== null, kind === 'fire-lane'), fixedResult: null };
}

function resolveTargets(input: AttackInput): UnitState[] {
  if (!Array.isArray(input.targets) || input.targets.length === 0) {
    throw inputError('input.target', `--target: give the units in the target Location, e.g. --target german/9-1,german/4-6-7`);
  }
  if (input.targets.length > MAX_TARGETS) {
    throw inputError('input.target', `--target: at most ${MAX_TARGETS} units in the stack, got ${input.targets.length}`);
  }
  let nationality: ReturnType<typeof getUnit>['nationality'] | undefined;
  return input.targets.map((raw, i) => {
    const t: TargetInput = typeof raw === 'string' ? { unit: raw } : raw;
    const base = getUnit(t.unit, nationality ? { defaultNationality: nationality } : undefined);
    nationality ??= base.nationality;
    const profile = t.overrides && Object.keys(t.overrides).length ? withOverrides(base, t.overrides) : base;
    const where = `target ${i + 1} (${profile.id})`;
    checkMarkers(profile, t, '--target-', where);
    return initialUnitState(profile, { ...t, encircled: input.encircled ?? false });
  });
}

function resolveFirer(input: AttackInput): FirerProfile {
  let firer: FirerProfile = DEFAULT_FIRER;
  if (input.firer !== undefined) {
    const p = getUnit(input.firer);
    firer = { nationality: p.nationality, unitClass: p.unitClass, heroAlone: p.kind === 'hero', fanatic: false, berserk: false };
  }
  const nationality = input.firerNationality === undefined ? firer.nationality : parseNationality(input.firerNationality);
  return {
    ...firer,
    nationality,
    unitClass: input.firerClass ?? firer.unitClass,
    fanatic: input.firerFanatic ?? false,
    berserk: input.firerBerserk ?? false,
  };
}

/** The attacks of the question, in order, validated and compiled. */
function resolveAttacks(input: AttackInput, leader: UnitState | null, firer: FirerProfile): CompiledAttack[] {
  const attacks: CompiledAttack[] = [];
  const kind = checkKind('--kind', input.kind ?? 'normal');
  if (input.result !== undefined) {
    if (input.fp !== undefined || input.drm !== undefined || leader !== null || kind !== 'normal') {
      throw inputError('input.result', `--result: a fixed IFT result replaces the first attack; leave out --fp, --drm, --leader, --fire-lane and --snap-shot`);
    }
    const r = parseIFTResult(input.result);
    attacks.push({ label: `fixed IFT result ${r.label}`, column: null, drm: 0, coweringShift: 0, fixedResult: r });
  } else {
    if (input.fp === undefined) throw inputError('input.fp', `--fp: give the attack's total FP (e.g. --fp 8), or a fixed --result`);
    if (kind === 'fire-lane' && leader !== null) {
      throw inputError('input.leader', `--leader: no leader DRM applies to a Fire Lane Residual FP attack (A9.22)`);
    }
    attacks.push(compileAttack(checkFP('--fp', input.fp), checkIntInput('drm', input.drm ?? 0, -10, 10), kind, leader, firer));
  }
  for (const raw of input.then ?? []) {
    const a = typeof raw === 'string' ? parseFollowUpAttack(raw) : raw;
    const drm = a.drm ?? 0;
    if (!Number.isInteger(drm) || drm < -10 || drm > 10) throw inputError('input.then', `--then: expected a DRM in [-10, 10], got ${drm}`);
    attacks.push(compileAttack(checkFP('--then', a.fp), drm, checkKind('--then', a.kind ?? 'normal'), null, firer));
  }
  if (attacks.length > MAX_ATTACKS) throw inputError('input.then', `--then: at most ${MAX_ATTACKS} attacks in a sequence, got ${attacks.length}`);
  return attacks;
}

function markersOf(u: UnitState): string[] {
  const m: string[] = [];
  if (u.status === 'broken') m.push('broken');
  for (const k of ['disrupted', 'pinned', 'berserk', 'fanatic', 'wounded', 'encircled'] as const) if (u[k]) m.push(k);
  return m;
}

/** How a summary's weights are reported: a probability, and an exact fraction or Monte Carlo statistics. */
interface FigureFormat<W> {
  readonly num: (w: W) => number;
  readonly frac: ((w: W) => string) | null;
  readonly stats: ((w: W) => EstimateStats) | null;
}

/** The rows "at least k/2 squad-equivalents", k = 1..max, from the weights of "exactly k/2". */
function atLeastRows<W>(exactly: readonly W[], max: number, ops: WeightOps<W>, f: FigureFormat<W>): SquadCountRow[] {
  const rows: SquadCountRow[] = [];
  let tail = ops.zero;
  for (let k = exactly.length - 1; k >= 1; k--) {
    tail = ops.add(tail, exactly[k]);
    if (k > max) continue;
    rows.push({ squads: k / 2, atLeast: f.num(tail), ...(f.frac ? { atLeastFraction: f.frac(tail) } : {}), ...(f.stats ? { atLeastStats: f.stats(tail) } : {}) });
  }
  return rows.reverse();
}

/** Per-unit and stack figures from a summary, as probabilities (and exact fractions or Monte Carlo statistics). */
function figuresOf<W>(targets: readonly UnitState[], sum: AttackSummary<W>, ops: WeightOps<W>, f: FigureFormat<W>): Record<string, unknown> {
  const { num, frac, stats } = f;
  /** Named figures read by `g`, in order. */
  const read = <T,>(g: (w: W) => T, figures: readonly (readonly [string, W])[]) => Object.fromEntries(figures.map(([n, w]) => [n, g(w)]));
  const units: UnitEventsRow[] = targets.map((t, i) => {
    const events = MORALE_EVENTS.map((n) => [n, sum.units[i][EVENT_NAMES.indexOf(n)]] as const);
    // The final status figures, in FINAL_STATUS_NAMES order (attack-summary.ts).
    const status = <T,>(g: (w: W) => T): FinalStatusFigures<T> => {
      const [goodOrder, pinned, broken, eliminated] = sum.unitStatus[i].map(g);
      return { goodOrder, pinned, broken, eliminated };
    };
    return {
      position: i + 1,
      id: t.profile.id,
      events: read(num, events),
      ...(frac ? { eventFractions: read(frac, events) } : {}),
      ...(stats ? { eventStats: read(stats, events) } : {}),
      finalStatus: status(num),
      ...(frac ? { finalStatusFractions: status(frac) } : {}),
      ...(stats ? { finalStatusStats: status(stats) } : {}),
    };
  });
  const stack = STACK_EVENT_NAMES.map((n) => [n, sum.stack[n]] as const);
  const stackFigures = [...stack, ['expectedSquadsBroken', sum.squadsBroken], ['expectedSquadsEliminated', sum.squadsEliminated]] as const;
  const maxBroken = targets.reduce((s, t) => s + (t.status === 'broken' ? 0 : doubledSquadEquivalents(t)), 0);
  const maxLost = targets.reduce((s, t) => s + doubledSquadEquivalents(t), 0);
  return {
    units,
    stackEvents: read(num, stackFigures),
    ...(frac ? { stackEventFractions: read(frac, stackFigures) } : {}),
    ...(stats ? { stackEventStats: read(stats, stack) } : {}),
    squadsBroken: atLeastRows(sum.brokenCount, maxBroken, ops, f),
    squadsEliminated: atLeastRows(sum.eliminatedCount, maxLost, ops, f),
  };
}

/** Exact weights reported as probabilities and reduced fractions. */
const EXACT_FORMAT: FigureFormat<Prob6> = { num: toNumber, frac: toFraction, stats: null };

/** Monte Carlo counts out of `trials` reported as estimates with their statistics. */
function countFormat(trials: number): FigureFormat<number> {
  return { num: (w) => (trials > 0 ? w / trials : 0), frac: null, stats: (w) => estimate(w, trials) };
}

/**
 * The per-unit and stack figures of an exact distribution of the attack chain, as exact fractions:
 * events from the engine's marginal mode when it ran in it, else from the terminals' event masks (a
 * tracked chain, as the tests' reference enumerates it).
 */
function exactAttackFigures(targets: readonly UnitState[], dist: ExactDistribution<AttackChainState>): Record<string, unknown> {
  const terms = dist.terminals.map((t) => ({ state: t.state, events: t.events, weight: t.probability }));
  return figuresOf(targets, summarizeAttack(targets, terms, EXACT_WEIGHTS as WeightOps<Prob6>, dist.marginals), EXACT_WEIGHTS, EXACT_FORMAT);
}

/**
 * The exact work of an attack estimated before enumerating, when known to be large: four leaders or
 * more (their histories, LLMC/LLTC cascades and Heat of Battle), or three leaders where the summary
 * without the joint distribution does not apply (several attacks, no unit but leaders, `outcomes`).
 * Otherwise none: exact tries within QUICK_ATTACK_STATES (benchmarks/README.md "Exact attacks: the
 * budgets").
 */
function estimateOf(targets: readonly UnitState[], summary: boolean): { estimate?: { states: number; why: string } } {
  const leaders = targets.filter((t) => t.profile.kind === 'leader').length;
  return leaders >= 4 || (leaders === 3 && !summary) ? { estimate: { states: 1_000_000, why: `${leaders} leaders' histories` } } : {};
}

/**
 * The attack of `input` resolved: targets (catalog units with their markers), context, firer,
 * directing leader and the compiled attacks. Deterministic: the same input gives equal objects (the
 * Monte Carlo workers resolve it again from the input).
 * @throws as {@link attackQuery}
 */
export function resolveAttackInput(input: AttackInput): { targets: UnitState[]; ctx: MoraleContext; firer: FirerProfile; leader: UnitState | null; attacks: CompiledAttack[] } {
  const targets = resolveTargets(input);
  const ctx = resolveSituation(input, targets[0].profile);
  const firer = resolveFirer(input);
  let leader: UnitState | null = null;
  if (input.leader !== undefined) {
    const p = getUnit(input.leader, { defaultNationality: firer.nationality ?? 'german' });
    if (p.kind !== 'leader') throw inputError('input.leader', `--leader: '${input.leader}' is a ${p.kind}, not a leader (e.g. german/9-1)`);
    leader = initialUnitState(p);
  }
  return { targets, ctx, firer, leader, attacks: resolveAttacks(input, leader, firer) };
}

/**
 * The `attack` question as a chain, header and per-unit figures, for `computeOdds` (exact or Monte
 * Carlo).
 * @throws AslOddsError `input.target`, `input.fp`, `input.drm`, `input.then`, `input.kind`,
 *   `input.result`, `input.leader`, `input.wounded`, `input.berserk`, `input.broken`,
 *   `input.elr`, `input.rules`, `input.setting`, `input.nationality`, `catalog.unknownUnit`; while
 *   running, `input.tooLarge` past {@link MAX_ATTACK_STATES} states
 * @example attackQuery({ targets: ['german/4-6-7'], result: '1MC' }).header.command // 'attack'
 */
export function attackQuery(input: AttackInput): OddsQuery<AttackChainState> {
  const { targets, ctx, firer, leader, attacks } = resolveAttackInput(input);
  const model = buildAttackChain({ targets, attacks, ctx });
  // Exact: one attack on a stack with units that are not leaders is factored (attack-factored.ts);
  // otherwise the chain without per-unit event masks in its states, in the engine's marginal mode (the
  // event probabilities come from the engine): the states are the stack's, not its histories'.
  const spec = { targets, attacks, ctx, track: [] };
  const factored = canFactorAttack(spec);
  // Without the joint distribution (`outcomes`), a factored attack is summarized without its final states.
  const summary = factored && !input.outcomes;
  const enumerate = (maxStates: number | undefined, onProgress?: (work: number) => void): ExactDistribution<AttackChainState> =>
    factored
      ? enumerateAttackFactored(spec, maxStates, onProgress)
      : enumerateChain(buildAttackChain({ ...spec, selectionByRanges: true }), { maxStates: Math.min(maxStates ?? Infinity, MAX_ATTACK_CHAIN_STATES), marginal: true, onProgress });
  const resolved = {
    targets: targets.map((t) => [t.profile.id, ...markersOf(t).filter((m) => m !== 'encircled')].join(' ')),
    attacks: attacks.map((a) => a.label),
    firer: { nationality: firer.nationality, class: firer.unitClass, heroAlone: firer.heroAlone, fanatic: firer.fanatic, berserk: firer.berserk },
    directingLeader: leader === null ? null : describeProfile(leader.profile),
    encircled: input.encircled ?? false,
    ...describeSituation(ctx),
    // The counters in detail, by position (an object without an id: left out of the one-line summary).
    counters: Object.fromEntries(targets.map((t, i) => [String(i + 1), { ...describeProfile(t.profile), markers: markersOf(t), currentML: currentML(t) }])),
  };
  // Monte Carlo: the attack sampler (attack-monte-carlo.ts), not the compiled chain.
  const query: OddsQuery<AttackChainState> = {
    header: { command: 'attack', ruleSet: ctx.ruleSet.id, input: resolved, eventNames: MORALE_EVENTS },
    model,
    // The budget the engine applies (and the progress line states): the whole chain's when not factored.
    maxStates: factored ? MAX_ATTACK_STATES : MAX_ATTACK_CHAIN_STATES,
    quickStates: factored ? QUICK_ATTACK_STATES : QUICK_ATTACK_CHAIN_STATES,
    ...estimateOf(targets, summary),
    exact: {
      enumerate,
      extend: (dist) => exactAttackFigures(targets, dist),
      ...(summary
        ? {
            summarize: (maxStates: number | undefined, onProgress?: (work: number) => void) => {
              const sum = summarizeAttackFactored(spec, maxStates, onProgress);
              return { events: sum.events, figures: figuresOf(targets, sum, EXACT_WEIGHTS, EXACT_FORMAT) };
            },
          }
        : {}),
    },
    chunkSize: ATTACK_CHUNK_SIZE,
    monteCarlo: (m, plan, seed) =>
      runAttackMonteCarlo({ query, input, sampling: samplingOf(targets, attacks, ctx, input), figures: (t) => sampledAttackFigures(targets, t) }, m, plan, seed),
  };
  return query;
}

/**
 * The attack of `input` compiled for the attack sampler, as `attackQuery` compiles it (the Monte
 * Carlo workers call this with the input they receive).
 * @throws as {@link attackQuery}
 */
export function attackSamplingOf(input: AttackInput): AttackSampling {
  const { targets, attacks, ctx } = resolveAttackInput(input);
  return samplingOf(targets, attacks, ctx, input);
}

function samplingOf(targets: readonly UnitState[], attacks: readonly CompiledAttack[], ctx: MoraleContext, input: AttackInput): AttackSampling {
  return compileAttackSampling(targets, attacks, ctx, { outcomes: input.outcomes ?? false });
}

/** The per-unit and stack figures of a Monte Carlo tally (attack/attack-tally.ts), as estimates. */
function sampledAttackFigures(targets: readonly UnitState[], t: AttackTally): Record<string, unknown> {
  const sum = summaryOfTally(targets, t);
  return figuresOf(targets, sum, COUNT_WEIGHTS, countFormat(sum.total));
}

/**
 * Exact odds of an attack question (synchronous; the CLI goes through `computeOdds`).
 * @throws as {@link attackQuery}
 * @example attackExact({ targets: ['german/9-1', 'german/4-6-8'], result: 'PTC' }).outcomes[0].fraction // '25/36' (docs/rules-notes.md §3 oracle: 900/1296)
 */
export function attackExact(input: AttackInput): OddsResult {
  return exactResult(attackQuery(input));
}

