/**
 * Monte Carlo of `asl-odds attack` (`--trials`): the attack sampler's chunks (attack/attack-tally.ts
 * `runAttackChunk`, here or on `attack` workers) on the one run loop (engine/run-plan.ts: fingerprints,
 * shards, checkpoints, Ctrl-C), then the result: outcomes, events, per-unit and stack figures (the
 * query's `figures`), agreement with exact (compareExact). Memory does not grow with the trials unless
 * the final stacks are listed (`--outcomes`).
 */
import { runAttackChunk, type AttackSampling, type AttackTally } from '../attack/attack-tally.js';
import { listUnits } from '../counters/catalog.js';
import type { ChunkPlan } from '../engine/chunk-plan.js';
import { runPlan } from '../engine/run-plan.js';
import type { OddsResult } from '../result.js';
import { Ev } from '../rules/events.js';
import { compareWithExact, runControlOf, type MethodOptions, type OddsOutput, type OddsQuery } from './compute-odds.js';
import { resultFromOutcomeCounts } from './odds-result.js';

/** What a worker receives: the attack's input (resolved again there), the plan and one chunk. */
export interface AttackChunkTask {
  /** The `attack` input (attack-query.ts AttackInput), plain JSON. */
  readonly input: unknown;
  readonly seed: string;
  readonly plan: ChunkPlan;
  readonly chunk: number;
}

/** What the attack query hands the Monte Carlo. */
export interface AttackMonteCarlo<S> {
  /** The query (header for results and fingerprints; exact for compareExact). */
  readonly query: OddsQuery<S>;
  /** The input as given (for the workers: they resolve it as attackQuery does). */
  readonly input: unknown;
  /** The attack compiled for sampling in this thread. */
  readonly sampling: AttackSampling;
  /** The per-unit and stack figures of a tally (attack-query.ts). */
  readonly figures: (t: AttackTally) => Record<string, unknown>;
}

/** Identifies the sampler and its tally layout in fingerprints: a change of either refuses old files. */
const SAMPLER_ID = 'attack-sampler/2'; // 2: the sampler no longer follows the exact chain's canonical order

/** The markers a final state's unit may carry, and the words before a unit's name (unit-state.ts `describeUnit`). */
const MARKS = new Set(['broken', 'Disrupted', 'pinned', 'berserk', 'Fanatic', 'wounded']);

let counterNames: Set<string> | null = null;

/**
 * Whether `name` reads as a final state of an attack on `targets` units, as `describeAttackOutcome`
 * (attack/attack-chain.ts) writes them: the targets' descriptions in stack order (markers, then
 * `heroic` or not, then a counter's name; or `eliminated`/`captured` and a name), joined by ", ", then
 * ` + hero <description>` per hero created. Used to refuse invented names in files read back.
 * @param names counter names this run may show (the targets' own, for units given with overrides)
 * Never throws.
 */
export function isAttackOutcomeName(name: string, targets: number, names: ReadonlySet<string>): boolean {
  counterNames ??= new Set(listUnits().map((u) => u.name));
  const isName = (n: string | undefined) => n !== undefined && (counterNames!.has(n) || names.has(n));
  /** Units described by `text` (pieces joined by ", "), or -1 when it does not read as descriptions. */
  const units = (text: string): number => {
    let n = 0;
    let marks = 0;
    for (const piece of text.split(', ')) {
      if (MARKS.has(piece)) {
        marks++;
        continue;
      }
      const words = piece.split(' ');
      const last = words.pop();
      if (!isName(last)) return -1;
      if (words.length === 1 && (words[0] === 'eliminated' || words[0] === 'captured')) {
        if (marks > 0) return -1;
      } else {
        if (words[words.length - 1] === 'heroic') words.pop();
        if (words.length > 1 || (words.length === 1 && !MARKS.has(words[0]))) return -1;
        if (words.length === 0 && marks > 0) return -1;
      }
      marks = 0;
      n++;
    }
    return marks > 0 ? -1 : n;
  };
  const [stack, ...heroes] = name.split(' + hero ');
  return units(stack) === targets && heroes.every((h) => units(h) === 1);
}

/**
 * Runs the attack Monte Carlo of `a` with the method options `m` on the one run loop
 * (engine/run-plan.ts).
 * @throws AslOddsError `input.checkpoint` (a checkpoint of another run, or damaged), `merge.input` (a
 *   merged tally of another layout), `worker.*` (a failed worker, exit 1), `io.*`
 */
export async function runAttackMonteCarlo<S>(a: AttackMonteCarlo<S>, m: MethodOptions, plan: ChunkPlan, seed: string): Promise<OddsOutput> {
  const h = a.query.header;
  const layout = a.sampling.layout;
  const names = new Set(a.sampling.targets.map((u) => u.profile.name));
  const run = await runPlan<AttackChunkTask, AttackTally>(
    {
      identity: { command: h.command, input: h.input, ruleSet: h.ruleSet, terminals: [SAMPLER_ID, layout.size, a.sampling.outcomes ? 'outcomes' : 'summary'] },
      shape: {
        size: layout.size,
        trialsSlots: [layout.trials],
        outcomes: a.sampling.outcomes,
        isOutcome: (name) => isAttackOutcomeName(name, layout.targets, names),
      },
      here: (k) => runAttackChunk(a.sampling, seed, plan, k),
      worker: 'attack',
      task: (chunk) => ({ input: a.input, seed, plan, chunk }),
      // A reply from a worker arrives as a structured copy: its counts as a Float64Array again.
      tallyOf: (t) => ({ counts: t.counts instanceof Float64Array ? t.counts : Float64Array.from(t.counts), outcomes: t.outcomes }),
    },
    runControlOf(m, (t) => ({ trials: t.counts[layout.trials], outcomeCounts: t.outcomes ?? {} })),
    plan,
    seed,
  );
  if (run.kind === 'partial') return run;
  const tally: AttackTally = { counts: run.counts, outcomes: Object.fromEntries(run.outcomes) };
  const eventCounts = h.eventNames.map((n) => run.counts[layout.events + 31 - Math.clz32(Ev[n])]);
  let result: OddsResult = resultFromOutcomeCounts(h, run.outcomes, eventCounts, { trials: run.trials, seed, trialsRequested: plan.trials, interrupted: run.interrupted });
  result = { ...result, ...(a.sampling.outcomes ? {} : { outcomesOmitted: true }), ...a.figures(tally) };
  if (m.compareExact) result = { ...result, comparison: compareWithExact(a.query, result) };
  return { kind: 'result', result };
}
