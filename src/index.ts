/**
 * asl-odds as a library: exact and Monte Carlo odds of Advanced Squad Leader morale chains, the same
 * code the `asl-odds` command runs. Everything not exported here is internal and may change.
 *
 * ```ts
 * import { mcOdds } from 'asl-odds';
 * const r = await mcOdds({ unit: 'german/4-6-7', check: '1MC', leaders: ['german/8-1'] });
 * r.events.break;          // 0.41743... (P(broken at least once), exact)
 * r.eventFractions?.break; // '541/1296'
 * ```
 *
 * The questions (one async function each; input as the CLI's options, camelCase, see each input type):
 *
 * | function           | CLI command      | rules                                                    |
 * | ------------------ | ---------------- | -------------------------------------------------------- |
 * | {@link mcOdds}        | `asl-odds mc`        | MC/PTC/NTC (A10.1-10.4, A7.8), Casualty MC, ELR (A19), HoB (A15) |
 * | {@link rallyOdds}     | `asl-odds rally`     | Rally (A10.6-10.7), HoB on a Rally DR (A15.1)              |
 * | {@link attackOdds}    | `asl-odds attack`    | IFT (A7.3), Cowering (A7.9), Casualty Reduction, MC chains |
 * | {@link routOdds}      | `asl-odds rout`      | Rout (A10.5), Interdiction (A10.53), Low Crawl (A10.52)    |
 * | {@link integrityOdds} | `asl-odds integrity` | Battlefield Integrity (A16.2, A16.3)                      |
 * | {@link recoveryOdds}  | `asl-odds recovery`  | Recovery (A4.44)                                          |
 * | {@link ccOdds}        | `asl-odds cc`        | Close Combat (A11), Ambush (A11.4), Hand-to-Hand (J2.31)   |
 * | {@link vehicleOdds}   | `asl-odds vehicle`   | MG fire on a vehicle: To Hit, To Kill (A9.6, A9.61)        |
 * | {@link oddsTable}     | `asl-odds table`     | the odds tables (mc, hob, rally, interdiction, integrity, ift) |
 *
 * Every answer is an {@link OddsResult} (the CLI's `--json`): `outcomes` (final states, probabilities
 * in [0, 1] summing to 1) and `events` (P(the event happens at least once), in [0, 1]); exact answers
 * add reduced fractions (`eventFractions`, `outcomes[].fraction`), Monte Carlo answers counts,
 * standard errors and 95% Wilson intervals (`eventStats`, `outcomes[].ci95`).
 *
 * Method ({@link OddsOptions}): exact by default (every dice path enumerated); `trials` asks for Monte
 * Carlo, reproducible bit for bit from `seed` whatever the thread count. Monte Carlo runs in the
 * calling thread unless a {@link ChunkRunner} is given: in Node, `poolChunkRunner` from
 * `asl-odds/node` (worker threads); in a browser, your own over Web Workers (a `monte-carlo` worker
 * calls {@link runChunkTask}).
 *
 * Errors: every bad input throws (or rejects with) an {@link AslOddsError} whose stable `code` names
 * the field (`input.elr`, `catalog.unknownUnit`, ...) and whose one-line `message` says what is
 * allowed; `exitCode` is the CLI's (2 bad input, 1 run failure).
 *
 * Rule sets: ASL 2nd Edition (`'2nd-edition'`, the default) and the G.I. Anvil of Victory variant
 * (`'gi-anvil'`); named settings for unclear rules (README "Settings", {@link SETTING_NAMES}).
 *
 * Runs in Node >= 20.19 and in browsers (no Node module below this entry point).
 */
import type { ChunkRunner } from './engine/chunk-runner.js';
import { checkThreads, checkTrials } from './options/method-spec.js';
import { computeOdds, type MethodOptions, type OddsQuery } from './queries/compute-odds.js';
import { attackQuery, type AttackInput } from './queries/attack-query.js';
import { ccQuery, type CCInput } from './queries/cc-query.js';
import { vehicleQuery, type VehicleInput } from './queries/vehicle-query.js';
import { integrityQuery, type IntegrityInput } from './queries/integrity-query.js';
import { mcQuery, rallyQuery, type McInput, type RallyInput } from './queries/morale-query.js';
import { recoveryQuery, type RecoveryInput } from './queries/recovery-query.js';
import { routExact, routQuery, type RoutInput, type RoutResult } from './queries/rout-query.js';
import { runChunk } from './engine/chunk-plan.js';
import { validateChunkTask, type ChunkTask } from './engine/chunk-runner.js';
import { randomSeed } from './dice/streams.js';
import { inputError } from './errors.js';
import type { OddsResult } from './result.js';
import { OptionValueError } from './options/option-values.js';
import type { TableKind, TableOption, TableSet } from './tables/grid-table.js';
import { TABLE_KINDS } from './tables/table-kinds.js';

export { AslOddsError, isAslOddsError } from './errors.js';
export { VERSION } from './version.js';
export { getUnit, listUnits, type GetUnitOptions, type UnitFilter, type UnitOverrides } from './counters/catalog.js';
export type { Nationality, UnitClass, UnitKind, UnitProfile } from './counters/types.js';
export { RULE_SET_IDS, SETTING_NAMES, type RuleSetId, type RuleSettings } from './rules/rule-set.js';
export { EVENT_NAMES, type EventName } from './rules/events.js';
export type { Comparison, EstimateStats, Method, OddsResult, OutcomeRow, UnitEventsRow } from './result.js';
export type { AttackInput, AttackKind, FollowUpAttack, TargetInput } from './queries/attack-query.js';
export type { IntegrityInput } from './queries/integrity-query.js';
export type { McInput, RallyInput, SituationInput, UnitInput } from './queries/morale-query.js';
export type { RecoveryInput } from './queries/recovery-query.js';
export type { CCInput, CCSideSpec } from './queries/cc-query.js';
export type { VehicleInput } from './queries/vehicle-query.js';
export type { RoutFrom, RoutInput, RoutResult } from './queries/rout-query.js';
export type { GridTable, TableCell, TableOption, TableSet } from './tables/grid-table.js';
export type { ChunkReply, ChunkRunner, ChunkTask, StopFlag, WorkerName } from './engine/chunk-runner.js';
export type { ChunkPlan } from './engine/chunk-plan.js';
export type { CompiledTables } from './engine/compile.js';

/**
 * How to compute an answer. Every field is optional; the default is the exact answer, or, where exact
 * would take more than a few seconds (a large attack), a Monte Carlo answer whose `methodReason` says so.
 */
export interface OddsOptions {
  /** Monte Carlo with this many trials, an integer in [1, 10^12] (options/method-spec.ts); unset: exact (see above). */
  readonly trials?: number;
  /** Exact only, never Monte Carlo instead (as `--exact`): past the budget, `input.tooLarge` [false]. */
  readonly exact?: boolean;
  /**
   * Monte Carlo seed, any string; unset: a random 8-hex-digit seed with `trials`, the fixed seed `fallback` when
   * Monte Carlo answers instead of exact (queries/fallback.ts); returned as `result.seed`.
   */
  readonly seed?: string;
  /** Workers for `runner`, an integer in [1, 64] [1] (options/method-spec.ts). Without a runner every chunk runs in this thread. */
  readonly threads?: number;
  /** Runs Monte Carlo chunks on workers (Node: `poolChunkRunner` from `asl-odds/node`). */
  readonly runner?: ChunkRunner;
  /** Monte Carlo: also compute exact odds and report the agreement in `result.comparison` [false]. */
  readonly compareExact?: boolean;
  /** Monte Carlo: trials done so far (integer) out of the total, after each chunk. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Monte Carlo: stops dispatching chunks when aborted; the answer then counts the finished chunks and
   * carries `interrupted: true` and `trialsRequested`.
   */
  readonly signal?: AbortSignal;
}

/**
 * {@link OddsOptions} checked and filled in, once per call.
 * @throws AslOddsError `input.trials`, `input.threads`, `input.seed`, `input.exact` (exit 2)
 */
function resolveOptions(o: OddsOptions = {}): MethodOptions {
  if (o.trials !== undefined) checkTrials(o.trials);
  if (o.threads !== undefined) checkThreads(o.threads);
  if (o.seed !== undefined && typeof o.seed !== 'string') throw inputError('input.seed', `seed: expected a string, got ${typeof o.seed}`);
  if (o.exact && o.trials !== undefined) throw inputError('input.exact', 'exact and trials: give one method');
  const stop = { interrupted: o.signal?.aborted ?? false };
  o.signal?.addEventListener('abort', () => (stop.interrupted = true), { once: true });
  return {
    trials: o.trials,
    exactOnly: o.exact ?? false,
    seed: o.trials !== undefined ? (o.seed ?? randomSeed()) : o.seed,
    threads: o.threads ?? 1,
    runner: o.runner,
    compareExact: o.compareExact,
    onProgress: o.onProgress,
    stop,
  };
}

async function answer<S>(q: OddsQuery<S>, m: MethodOptions): Promise<OddsResult> {
  const out = await computeOdds(q, m);
  if (out.kind !== 'result') throw new Error('asl-odds: a partial result without shards'); // cannot happen: no shard option here
  return out.result;
}

/**
 * The odds of one unit's Morale Check or Task Check and all that follows it (Casualty MC on an
 * Original 12, ELR Replacement, Wound Severity, Heat of Battle on an Original 2): `asl-odds mc`.
 * @param input the unit (catalog id, e.g. `german/4-6-7`), the check (`NMC`, `1MC`-`6MC`, `PTC`, `NTC`),
 *   DRM in [-6, 6], leaders, markers and situation; see {@link McInput}
 * @returns outcomes (e.g. `pass`, `pinned`, `broken 4-6-7`) and the events of `MORALE_EVENTS`
 * @throws AslOddsError `catalog.unknownUnit`, `input.check`, `input.drm`, `input.elr`, `input.leader`,
 *   `input.rules`, `input.setting`, and the {@link OddsOptions} codes
 * @see rules A10.1-A10.4, A7.8, A10.31, A19.1, A15.1; cost: exact in about a millisecond
 * @example (await mcOdds({ unit: 'german/4-6-7', check: '1MC' })).eventFractions?.break // '757/1296'
 */
export async function mcOdds(input: McInput, options?: OddsOptions): Promise<OddsResult> {
  const r = resolveOptions(options);
  return answer(mcQuery(input), r);
}

/**
 * The odds of one Rally attempt of a broken unit (and the Heat of Battle an Original 2 may bring):
 * `asl-odds rally`.
 * @param input the unit, Good Order leaders in the Location (the best rallies), self-rally, terrain
 *   (`open`, `woods`/`building`, ...), DRM in [-6, 6]; see {@link RallyInput}
 * @throws AslOddsError `catalog.unknownUnit`, `input.rally` (not broken, no leader to rally a
 *   leaderless MMC...), `input.drm`, `input.elr`, and the {@link OddsOptions} codes
 * @see rules A10.6-A10.71, A15.1
 */
export async function rallyOdds(input: RallyInput, options?: OddsOptions): Promise<OddsResult> {
  const r = resolveOptions(options);
  return answer(rallyQuery(input), r);
}

/**
 * The odds of one or more fire attacks on a stack: IFT result, Cowering, Casualty Reduction, every
 * unit's MC and what follows, Leader Loss: `asl-odds attack`.
 * @param input targets (1-6 catalog ids or objects with markers), FP in (0, 200], IFT DRM in [-10, 10],
 *   directing leader, firer, follow-up attacks; see {@link AttackInput}
 * @returns besides outcomes and events: `units` (each target's events and final status), `stackEvents`,
 *   `squadsBroken`, `squadsEliminated`
 * @throws AslOddsError `input.target`, `input.fp`, `input.drm`, `input.then`, `input.kind`, `input.result`,
 *   `input.leader`, `catalog.unknownUnit`, `input.tooLarge` (exact past its state budget: use `trials`)
 * @see rules A7.3-A7.9, A10.31, A10.2, A15, A17.11, A19
 */
export async function attackOdds(input: AttackInput, options?: OddsOptions): Promise<OddsResult> {
  const r = resolveOptions(options);
  return answer(attackQuery(input), r);
}

/**
 * The odds of a broken unit's rout along a route, with Interdiction NMCs on the way: `asl-odds rout`.
 * @param input the unit, the route (`open,clear,open`, `open:2,clear:adj`, `crawl`, `none`), a leader
 *   routing with it, DRM in [-6, 6]; see {@link RoutInput}
 * @returns besides outcomes and events: `categories` (mutually exclusive, summing to 1) and, exact,
 *   `categoryFractions`; with a leader `leaderEliminated`
 * @throws AslOddsError `catalog.unknownUnit`, `input.path`, `input.lowCrawl`, `input.leader`, `input.drm`,
 *   `input.from`, and the {@link OddsOptions} codes
 * @see rules A10.5-A10.53, A10.711, A7.7
 * @example (await routOdds({ unit: 'german/4-6-7', path: 'open,open' })).categoryFractions['arrived intact'] // '10285/46656'
 */
export async function routOdds(input: RoutInput, options?: OddsOptions): Promise<RoutResult> {
  const r = resolveOptions(options);
  if (r.trials === undefined) return routExact(input); // the exact rout with its categories, as `asl-odds rout`
  return (await answer(routQuery(input), r)) as RoutResult;
}

/**
 * The odds of one Battlefield Integrity Check (ELR loss) or regain attempt: `asl-odds integrity`.
 * @param input losses so far in [1, 20], the best Good Order leader, armor and air, ELR in [0, 5],
 *   `regain`; see {@link IntegrityInput}
 * @returns events `elrLoss` / `elrRegain`
 * @throws AslOddsError `input.losses`, `input.elr`, `input.leader`, `input.integrity-base`, and the
 *   {@link OddsOptions} codes
 * @see rules A16.2, A16.3
 * @example (await integrityOdds({ losses: 1, leader: 'russian/9-1' })).eventFractions?.elrLoss // '1/36' (A16.21 EX)
 */
export async function integrityOdds(input: IntegrityInput, options?: OddsOptions): Promise<OddsResult> {
  const r = resolveOptions(options);
  return answer(integrityQuery(input), r);
}

/**
 * The odds of one Recovery dr (a unit recovers a SW on a Final dr < 6): `asl-odds recovery`.
 * @param input CX, night, other drm in [-6, 6]; all optional
 * @throws AslOddsError `input.drm`, and the {@link OddsOptions} codes
 * @see rule A4.44
 * @example (await recoveryOdds({ cx: true })).outcomes[0].fraction // '2/3'
 */
export async function recoveryOdds(input: RecoveryInput = {}, options?: OddsOptions): Promise<OddsResult> {
  const r = resolveOptions(options);
  return answer(recoveryQuery(input), r);
}

/**
 * The odds of a Close Combat: each side's units attack on the CC Table (A11.11), simultaneously or the
 * Ambushing side first; results per unit and whether the melee continues: `asl-odds cc`.
 * @param input `attacker` and `defender` (units, leaders, DRM in [-6, 6]), `ambush`, `handToHand`;
 *   see {@link CCInput}
 * @throws AslOddsError `input.*` naming the field, `catalog.unknownUnit`, and the {@link OddsOptions} codes
 * @see rules A11.1-A11.4, A11.11 EX, J2.31
 */
export async function ccOdds(input: CCInput, options?: OddsOptions): Promise<OddsResult> {
  const r = resolveOptions(options);
  return answer(ccQuery(input), r);
}

/**
 * The odds that MG fire kills, burns or Stuns a vehicle: To Hit, then To Kill (armored facing) or the
 * IFT Vehicle line (unarmored): `asl-odds vehicle`. Table values are low-confidence defaults: pass
 * `th` and `tk` from your chart.
 * @param input MG type, facing, range, armor, To Hit / To Kill numbers and DRM; see {@link VehicleInput}
 * @throws AslOddsError `input.*` naming the field, and the {@link OddsOptions} codes
 * @see rules A9.6, A9.61
 */
export async function vehicleOdds(input: VehicleInput = {}, options?: OddsOptions): Promise<OddsResult> {
  const r = resolveOptions(options);
  return answer(vehicleQuery(input), r);
}

/** Names of the odds tables, as `asl-odds table <name>`. */
export const TABLE_NAMES: readonly string[] = TABLE_KINDS.map((k) => k.name);

/**
 * The options an odds table takes (flags, description, default), in help order: for forms and URLs.
 * @throws AslOddsError `input.table` for an unknown name
 */
export function tableOptions(name: string): readonly TableOption[] {
  return tableKind(name).options;
}

/**
 * An odds table (`asl-odds table <name>`): grids of exact probabilities, each cell computed through
 * the rules.
 * @param name one of {@link TABLE_NAMES}: `mc`, `hob`, `rally`, `interdiction`, `integrity`, `ift`, ...
 * @param options the table's options by their long names in camelCase, as values or as the text the CLI
 *   takes (parsed like the CLI): `{ elr: 2 }` or `{ elr: '2' }`, `{ firerClass: 'green', cower: false }`,
 *   `{ rules: 'gi-anvil', setting: { casualtyMCAlsoReplaces: 'false' } }`; unset: the defaults
 * @throws AslOddsError `input.table` (unknown name or option), `input.<option>` (a value not allowed)
 * @example oddsTable('mc', { elr: 2 }).tables[0].cells[0][0].fraction // '35/36' (P(pass), ML 10 at -3)
 */
export function oddsTable(name: string, options: Readonly<Record<string, unknown>> = {}): TableSet {
  const kind = tableKind(name);
  const values: Record<string, unknown> = {};
  for (const o of kind.options) {
    const key = optionKey(o.flags);
    if (o.default !== undefined) values[key] = o.default;
    else if (/^--no-/.test(o.flags)) values[key] = true;
  }
  for (const [key, v] of Object.entries(options)) {
    const o = kind.options.find((x) => optionKey(x.flags) === key);
    if (!o) throw inputError('input.table', `table ${name}: unknown option '${key}'; allowed: ${kind.options.map((x) => optionKey(x.flags)).join(', ')}`);
    if (typeof v === 'string' && o.parse) {
      try {
        values[key] = o.parse(v, undefined as never);
      } catch (e) {
        if (e instanceof OptionValueError) throw inputError(`input.${key}`, `${key}: ${e.message}`);
        throw e;
      }
    } else values[key] = v;
  }
  return kind.build(values);
}

function tableKind(name: string): TableKind {
  const kind = TABLE_KINDS.find((k) => k.name === name);
  if (!kind) throw inputError('input.table', `table: unknown table '${name}'; allowed: ${TABLE_NAMES.join(', ')}`);
  return kind;
}

/** `--firer-class <class>` -> `firerClass`; `--no-cower` -> `cower` (commander's names). */
function optionKey(flags: string): string {
  const long = /--(?:no-)?([a-z0-9-]+)/.exec(flags)?.[1] ?? flags;
  return long.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Runs one Monte Carlo chunk task in a worker (the body of a {@link ChunkRunner}'s worker): checks the
 * task, then plays `plan.chunkSize` trials (fewer in the last chunk) from the stream of (seed, chunk).
 * @returns the chunk's tally, one count per terminal of the compiled tables (post it back, transferred)
 * @throws AslOddsError `worker.badTask` for a malformed task
 */
export function runChunkTask(task: ChunkTask): Float64Array {
  validateChunkTask(task);
  return runChunk(task.tables, task.seed, task.plan, task.chunk);
}
