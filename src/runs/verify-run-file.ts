/**
 * Checks of the run files we read back (checkpoints, shard partial results) before they are believed:
 * their structure, the ranges of every number, and their internal consistency (the chunks named are
 * chunks of this run's plan, each once, and the tally counts exactly the trials of those chunks).
 * A file that fails is refused with one line naming the file and what is wrong; nothing from it is
 * used (and no output path is ever taken from one: a partial's command line may not carry one).
 */
import { inputError } from '../errors.js';

/**
 * The most chunks a run may have: 2^20. A run keeps one id per chunk to do (and a checkpoint one per
 * chunk done), so memory stays small; with the default chunk size (2^21) this allows 2.2e12 trials.
 * The engine's plans (engine/chunk-plan.ts) and the files checked here keep to it.
 */
export const MAX_CHUNKS = 1 << 20;

/** A chunk plan as run files record it (the engine's `ChunkPlan` has this shape). */
export interface PlanShape {
  /** Total trials, integer >= 1. */
  readonly trials: number;
  /** Trials per chunk, integer >= 1. */
  readonly chunkSize: number;
  /** ceil(trials / chunkSize), at most {@link MAX_CHUNKS}. */
  readonly chunkCount: number;
}
type ChunkPlan = PlanShape;

/** Trials in chunk `k` of `plan` (the last chunk holds the remainder). Never throws. */
function chunkTrials(plan: PlanShape, k: number): number {
  return k < plan.chunkCount - 1 ? plan.chunkSize : plan.trials - plan.chunkSize * (plan.chunkCount - 1);
}

/** The plan of `trials` in chunks of `chunkSize`, or null when it is not one a run makes. Never throws. */
function planOf(trials: number, chunkSize: number): PlanShape | null {
  if (!Number.isSafeInteger(trials) || !Number.isSafeInteger(chunkSize) || trials < 1 || chunkSize < 1) return null;
  const chunkCount = Math.ceil(trials / chunkSize);
  return chunkCount > MAX_CHUNKS ? null : { trials, chunkSize, chunkCount };
}

/**
 * What a tally must fit, as a run file records it: its length, where it counts its trials, and
 * whether it names final states. Every count of a tally is at most its trials (each slot counts trials
 * in which something happened, or one bin of a histogram filled once per trial).
 */
export interface TallyShape {
  /** Length of `counts`, integer >= 1. */
  readonly size: number;
  /**
   * The slots whose sum is the trials the tally counts (e.g. the attack's trials slot, a scenario's
   * three victory outcomes); unset: every slot (one terminal per trial, the compiled chains).
   */
  readonly trialsSlots?: readonly number[];
  /** The tally also keeps trials per final state by name (`outcomes`), which must then sum to the trials. */
  readonly outcomes: boolean;
  /** A final state this run can reach (checked on every name read back); unset: any non-empty name. */
  readonly isOutcome?: (name: string) => boolean;
}

/** The trials a tally of shape `shape` counts. Never throws. */
export function trialsOfCounts(shape: Pick<TallyShape, 'trialsSlots'>, counts: ArrayLike<number>): number {
  let s = 0;
  if (shape.trialsSlots === undefined) for (let i = 0; i < counts.length; i++) s += counts[i];
  else for (const i of shape.trialsSlots) s += counts[i] ?? 0;
  return s;
}

/** The trials of a tally of terminal counts: their sum. Never throws. */
export function sumOfCounts(counts: readonly number[]): number {
  let s = 0;
  for (const c of counts) s += c;
  return s;
}

/**
 * Checks a tally read back (a checkpoint's, a shard's, a merged one) against its shape and the
 * trials it must count: whole counts, its length, its trials, no count above its trials, and its
 * final states (names this run can reach, each once, summing to the trials; none when the run keeps
 * none).
 * @param bad builds the error naming the file and the problem
 * @returns the trials per final state as a Map (so that no name, `__proto__` included, is lost)
 * @throws whatever `bad` returns
 */
export function checkTally(
  bad: (why: string) => Error,
  tally: { readonly counts: unknown; readonly outcomes?: unknown },
  shape: TallyShape,
  trials: number,
): { counts: number[]; outcomes: Map<string, number> } {
  if (!Array.isArray(tally.counts) || !(tally.counts as unknown[]).every(isCount)) throw bad('its counts are not a list of whole numbers >= 0');
  const counts = tally.counts as number[];
  if (counts.length !== shape.size) throw bad(`it has ${counts.length} counts, this run ${shape.size}`);
  const counted = trialsOfCounts(shape, counts);
  if (counted !== trials) throw bad(`its counts add up to ${counted} trials, its chunks hold ${trials}`);
  const over = counts.findIndex((c) => c > trials);
  if (over >= 0) throw bad(`count ${over} is ${counts[over]}, more than its ${trials} trials`);
  const outcomes = new Map<string, number>();
  const o = tally.outcomes;
  if (!shape.outcomes) {
    if (o !== undefined && (typeof o !== 'object' || o === null || Object.keys(o).length > 0)) throw bad('it lists final states, which this run does not keep');
    return { counts, outcomes };
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw bad('its trials per final state are missing');
  let sum = 0;
  for (const [name, v] of Object.entries(o)) {
    if (name === '' || !(shape.isOutcome?.(name) ?? true)) throw bad(`${JSON.stringify(name.slice(0, 80))} is not a final state of this run`);
    if (!isCount(v)) throw bad('a count of trials per final state is not a whole number >= 0');
    outcomes.set(name, v);
    sum += v;
  }
  if (sum !== trials) throw bad(`its trials per final state add up to ${sum}, its chunks hold ${trials}`);
  return { counts, outcomes };
}

/** True when `v` is a whole number in [0, 2^53). */
function isCount(v: unknown): v is number {
  return Number.isSafeInteger(v) && (v as number) >= 0;
}

/**
 * Checks chunk ids and the tally of a run file against the run's plan.
 * @param name how messages name the file (e.g. `--checkpoint run.ckpt`, `merge: part-0.json`)
 * @param code the error code (`input.checkpoint`, `merge.format`)
 * @param chunks the file's chunk ids: each an integer in [0, chunkCount), once, and `inRun(k)`
 * @param inRun which chunks this run (or this shard) may hold
 * @returns the chunk ids, counts and trials per final state, typed and checked ({@link checkTally})
 * @throws AslOddsError `code` naming the first problem
 */
export function checkChunkTally(
  name: string,
  code: string,
  file: { readonly chunks: unknown; readonly counts: unknown; readonly outcomes?: unknown },
  plan: ChunkPlan,
  inRun: (k: number) => boolean,
  shape: TallyShape,
): { chunks: number[]; counts: number[]; outcomes: Map<string, number> } {
  const bad = (why: string) => inputError(code, `${name}: ${why}; the file is damaged or edited, refused`);
  if (!Array.isArray(file.chunks)) throw bad('its chunk list is missing');
  const seen = new Set<number>();
  let trials = 0;
  for (const k of file.chunks as unknown[]) {
    if (!Number.isSafeInteger(k) || (k as number) < 0 || (k as number) >= plan.chunkCount) throw bad(`chunk ${JSON.stringify(k)} is not a chunk of this run (0 to ${plan.chunkCount - 1})`);
    if (seen.has(k as number)) throw bad(`chunk ${k as number} is listed twice`);
    if (!inRun(k as number)) throw bad(`chunk ${k as number} does not belong to this run (another --shard split?)`);
    seen.add(k as number);
    trials += chunkTrials(plan, k as number);
  }
  return { chunks: [...seen], ...checkTally(bad, file, shape, trials) };
}

/** Options a shard's recorded command line never carries: they name files or change no result. */
const NOT_IN_PARTIAL_ARGV = ['--out', '--report', '--checkpoint', '--resume', '--shard', '--tally-from', '--json', '--format', '--quiet', '--threads'];

/**
 * Checks the structure and ranges of one shard partial result (the fields `merge` reads): strings,
 * a plan that is one (chunkCount = ceil(trials / chunkSize), at most 2^20 chunks), a shard i/n, chunk
 * ids of that shard, whole counts, and a command line that is a command of this program without any
 * file or output option (merge writes only where its own `--out` / `--report` say).
 * @param name the file name, for messages
 * @throws AslOddsError `merge.format` naming the file and the problem
 */
export function checkPartialStructure(name: string, part: Record<string, unknown>): void {
  const bad = (why: string) => inputError('merge.format', `merge: ${name}: ${why}; the file is damaged or edited, refused`);
  for (const k of ['version', 'command', 'fingerprint', 'seed'] as const) {
    if (typeof part[k] !== 'string' || part[k] === '') throw bad(`"${k}" must be a non-empty string`);
  }
  const argv = part.argv;
  // An empty command line: a partial made through the library (computeOdds), merged there too.
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) throw bad('"argv" must be the command line, a list of strings');
  if (argv.length > 0 && argv[0] !== part.command) throw bad(`its command line runs '${String(argv[0])}', not '${String(part.command)}'`);
  const fileOption = (argv as string[]).find((a) => NOT_IN_PARTIAL_ARGV.includes(a.split('=')[0]));
  if (fileOption !== undefined) throw bad(`its command line carries ${fileOption.split('=')[0]}, which a partial result never records`);
  const { trials, chunkSize, chunkCount, shard } = part as { trials: unknown; chunkSize: unknown; chunkCount: unknown; shard: { index?: unknown; count?: unknown } | null };
  if (!Number.isSafeInteger(trials) || !Number.isSafeInteger(chunkSize) || (trials as number) < 1 || (chunkSize as number) < 1) throw bad('"trials" and "chunkSize" must be whole numbers >= 1');
  const plan = planOf(trials as number, chunkSize as number);
  if (plan === null) throw bad(`${trials as number} trials in chunks of ${chunkSize as number} is not a plan asl-odds runs`);
  if (chunkCount !== plan.chunkCount) throw bad(`"chunkCount" ${JSON.stringify(chunkCount)} does not match ${trials as number} trials in chunks of ${chunkSize as number} (${plan.chunkCount})`);
  if (typeof shard !== 'object' || shard === null || !Number.isSafeInteger(shard.count) || !Number.isSafeInteger(shard.index) || (shard.count as number) < 1 || (shard.index as number) < 0 || (shard.index as number) >= (shard.count as number)) {
    throw bad('"shard" must be { index, count } with 0 <= index < count');
  }
  const slots = part.trialsSlots;
  const size = Array.isArray(part.counts) ? part.counts.length : 0;
  if (slots !== undefined && (!Array.isArray(slots) || slots.length === 0 || !slots.every((i) => Number.isSafeInteger(i) && (i as number) >= 0 && (i as number) < size))) {
    throw bad('"trialsSlots" must list slots of its counts');
  }
}

/**
 * Checks a merged tally against the command `merge` replays: the shards' fingerprint must be the
 * command's own (a command line edited to another check or rule set would relabel the tally), and
 * the tally must fit the command's tally (`shape`) and count exactly the plan's trials.
 * @returns the counts and trials per final state, checked
 * @throws AslOddsError `merge.input`
 */
export function checkMergedTally(
  tally: { readonly fingerprint?: string; readonly counts: unknown; readonly outcomes?: unknown },
  fingerprint: string,
  plan: ChunkPlan,
  shape: TallyShape,
): { counts: number[]; outcomes: Map<string, number> } {
  if (tally.fingerprint !== undefined && tally.fingerprint !== fingerprint) {
    throw inputError('merge.input', "merge: the shards' recorded command line does not produce their fingerprint (another check, unit, rule set or trials); the files are edited, refused");
  }
  if (Array.isArray(tally.counts) && tally.counts.length === shape.size) {
    const counted = trialsOfCounts(shape, tally.counts as number[]);
    if (counted !== plan.trials) throw inputError('merge.input', `merge: the shards count ${counted} trials, their command runs ${plan.trials}; refused`);
  }
  return checkTally((why) => inputError('merge.input', `merge: the merged tally does not fit this command: ${why}; refused`), tally, shape, plan.trials);
}

/**
 * The plan a checked partial result records (see {@link checkPartialStructure}).
 * @throws AslOddsError `merge.format` when it is not one
 */
export function planOfPartial(name: string, trials: number, chunkSize: number): PlanShape {
  const plan = planOf(trials, chunkSize);
  if (plan === null) throw inputError('merge.format', `merge: ${name}: not a plan asl-odds runs`);
  return plan;
}
