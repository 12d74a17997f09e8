/**
 * Bench stage: the exact summary of an attack (per-unit and stack figures, no joint
 * distribution; attack/attack-factored.ts `summarizeAttackFactored`) on the issue's stacks, 16 FP -1:
 * - 5 units, 2 leaders: 9-1, 8-1, 4-6-7, 4-6-7, 4-6-8 (the attack sampler stage's stack);
 * - 6 units, 2 leaders: the same and another 4-6-8;
 * - 6 units, 2 leaders, four kinds of squad and HS (12 FP +0), and an American stack under 20 FP -2
 *   (KIA results: Random Selection among six units), the slowest 2-leader stacks found;
 * - 6 units, 3 leaders: 9-1, 8-1, 7-0, 4-6-7, 4-6-7, 4-6-8 (some 120,000 units of work, within the
 *   quick budget: the command answers it exactly).
 * Wall time of `exactResult(attackQuery(input))` (query, summary, result) in this thread, best of the
 * repetitions after one warm-up of the smallest. Target (reported, never asserted): each < 1 s on one
 * core. `quick` times the 5-unit stack once.
 *
 * What a user waits for is timed too ({@link measureAttackSummariesInNewProcess}): the command itself,
 * a new Node process each time (start-up and V8's warm-up included), on every core and pinned to one.
 *
 * "Every stack" is then sampled ({@link measureRandomAttackSummaries}): seeded random stacks of 6 units
 * with 2 leaders, and with 3 (one nationality, its leaders and its MMC drawn uniformly from the catalog; FP from
 * the IFT's columns 4-30, DRM -3..+2), each timed the first time (median, slowest, how many under 1 s)
 * and again right after (slowest, how many under 1 s).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import seedrandom from 'seedrandom';
import { median } from 'simple-statistics';
import { listUnits } from '../counters/catalog.js';
import { NATIONALITIES } from '../counters/types.js';
import { attackQuery, type AttackInput } from '../queries/attack-query.js';
import { exactResult } from '../queries/compute-odds.js';
import { PACKAGE_ROOT } from '../io/package-root.js';
import { BENCH_ATTACK } from './attack-sampler-bench.js';

/** The stacks timed, by name. */
export const SUMMARY_STACKS: readonly { readonly name: string; readonly input: AttackInput }[] = [
  { name: '5 units, 2 leaders', input: BENCH_ATTACK },
  { name: '6 units, 2 leaders', input: { ...BENCH_ATTACK, targets: [...BENCH_ATTACK.targets, 'german/4-6-8'] } },
  { name: '6 units, 2 leaders, 4 kinds of MMC (12 FP +0)', input: { fp: 12, drm: 0, targets: ['german/10-2', 'german/8-0', 'german/4-6-7', 'german/5-4-8', 'german/4-4-7', 'german/2-3-8'] } },
  { name: '6 units, 2 leaders, KIA results (American, 20 FP -2)', input: { fp: 20, drm: -2, targets: ['american/9-1', 'american/8-0', 'american/6-6-6', 'american/6-6-6', 'american/7-4-7', 'american/6-6-6'] } },
  { name: '6 units, 3 leaders', input: { ...BENCH_ATTACK, targets: ['german/9-1', 'german/8-1', 'german/7-0', 'german/4-6-7', 'german/4-6-7', 'german/4-6-8'] } },
];

/** One stack's exact summary time. */
export interface AttackSummaryTime {
  readonly name: string;
  /** `asl-odds attack ...` command line of the stack. */
  readonly command: string;
  /** Best wall ms of the repetitions. */
  readonly ms: number;
  /** ms < 1000. */
  readonly target: boolean;
}

/**
 * Times the exact summary of {@link SUMMARY_STACKS}.
 * @param o.quick only the 5-unit stack, once
 * @param o.reps repetitions per stack (>= 1)
 * Never throws (the stacks are within the exact budget). Cost: about 30-60 s with all five stacks
 * (the 3-leader one, timed once when it takes more than 5 s).
 */
export function measureAttackSummaries(o: { readonly quick: boolean; readonly reps: number; readonly onStage: (line: string) => void }): AttackSummaryTime[] {
  const stacks = o.quick ? SUMMARY_STACKS.slice(0, 1) : SUMMARY_STACKS;
  if (!o.quick) exactResult(attackQuery(stacks[0].input)); // warm-up (JIT)
  return stacks.map((s) => {
    o.onStage(`exact attack summary: ${s.name}`);
    let best = Infinity;
    for (let r = 0; r < (o.quick ? 1 : o.reps); r++) {
      const t0 = performance.now();
      let said = t0;
      // A long run says how far it got every 10 s (never silent for long).
      exactResult(attackQuery(s.input), (work) => {
        if (performance.now() - said < 10_000) return;
        said = performance.now();
        o.onStage(`exact attack summary: ${s.name}: ${work.toLocaleString('en-US')} states so far`);
      });
      best = Math.min(best, performance.now() - t0);
      if (best > 5000) break; // far past the target: one run says enough
    }
    return { name: s.name, command: commandOf(s.input), ms: best, target: best < 1000 };
  });
}

/** One stack's exact summary from the command line, each run a new process. */
export interface AttackSummaryCliTime {
  readonly name: string;
  /** `attack ...` command line (run with `--exact --json --quiet`). */
  readonly command: string;
  /** Runs per setting. */
  readonly runs: number;
  /** Wall ms of the runs on every core: median and best; null when not measured (`error`). */
  readonly medianMs: number | null;
  readonly bestMs: number | null;
  /** The same pinned to one core (`taskset -c 0`); null where taskset is missing or failed. */
  readonly oneCoreMedianMs: number | null;
  readonly oneCoreBestMs: number | null;
  /** Target (reported, never asserted): the one-core median < 1 s; null when it was not measured. */
  readonly target: boolean | null;
  /** Why a figure is missing (the command failed, or gave no exact answer), else null. */
  readonly error: string | null;
}

/** The built command (`bin/asl-odds.js`); `npm run bench` and `npm test` build first. */
const BIN = join(PACKAGE_ROOT, 'bin', 'asl-odds.js');

/**
 * Times `asl-odds attack ... --exact --json --quiet` on the bench's 5-unit and 6-unit 3-leader stacks
 * (`quick`: the 5-unit stack, once), a new process each run: wall ms, start-up included, median and
 * best of `reps`; on every core, then pinned to one core with `taskset -c 0` where it runs (Linux).
 * Checks each answer is exact (JSON `method`).
 * @param o.bin the command's script (default the package's `bin/asl-odds.js`)
 * Never throws: a failed run is reported in `error`. Cost: about 15 s with both stacks and 3 runs.
 */
export function measureAttackSummariesInNewProcess(o: { readonly quick: boolean; readonly reps: number; readonly onStage: (line: string) => void; readonly bin?: string }): AttackSummaryCliTime[] {
  const stacks = o.quick ? [SUMMARY_STACKS[0]] : [SUMMARY_STACKS[0], SUMMARY_STACKS[4]];
  const reps = o.quick ? 1 : o.reps;
  const pinnable = spawnSync('taskset', ['-c', '0', process.execPath, '-e', '0']).status === 0;
  return stacks.map((s) => {
    const command = commandOf(s.input);
    const args = [o.bin ?? BIN, ...command.split(' '), '--exact', '--json', '--quiet'];
    let error: string | null = null;
    /** Wall ms of one run, or null (and `error` set) when it failed. */
    const run = (pinned: boolean): number | null => {
      const t0 = performance.now();
      const r = pinned ? spawnSync('taskset', ['-c', '0', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 }) : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
      const ms = performance.now() - t0;
      let method: unknown;
      try {
        method = (JSON.parse(r.stdout) as { method?: unknown }).method;
      } catch {
        method = undefined;
      }
      if (r.status !== 0 || method !== 'exact') {
        // The line that says what went wrong: the command's own one-line error, or Node's.
        const lines = (r.error?.message ?? r.stderr ?? '').trim().split('\n');
        const why = (lines.find((l) => /error|asl-odds/i.test(l)) ?? lines[0]).trim();
        error ??= `${pinned ? 'taskset -c 0 ' : ''}asl-odds ${command} --exact: exit ${r.status}${method === undefined ? '' : `, method ${String(method)}`}${why === '' ? '' : `: ${why}`}`;
        return null;
      }
      return ms;
    };
    const series = (pinned: boolean): number[] | null => {
      const out: number[] = [];
      for (let k = 0; k < reps; k++) {
        o.onStage(`exact attack summary from the command line${pinned ? ' on one core' : ''}: ${s.name} (${k + 1}/${reps})`);
        const ms = run(pinned);
        if (ms === null) return null;
        out.push(ms);
      }
      return out;
    };
    const all = series(false);
    const one = pinnable && all !== null ? series(true) : null;
    const oneCoreMedianMs = one === null ? null : median(one);
    return {
      name: s.name,
      command,
      runs: reps,
      medianMs: all === null ? null : median(all),
      bestMs: all === null ? null : Math.min(...all),
      oneCoreMedianMs,
      oneCoreBestMs: one === null ? null : Math.min(...one),
      target: oneCoreMedianMs === null ? null : oneCoreMedianMs < 1000,
      error,
    };
  });
}

/** The exact summary times of random stacks. */
export interface RandomSummaryTimes {
  /** Stacks timed, and their shape. */
  readonly stacks: number;
  readonly units: number;
  readonly leaders: number;
  /** The seed the stacks were drawn from. */
  readonly seed: string;
  /** The first time each stack is asked (what a new question costs in a running process). */
  readonly medianMs: number;
  readonly maxMs: number;
  /** Stacks whose summary took < 1 s. */
  readonly under1s: number;
  /** `attack ...` command line of the slowest stack. */
  readonly slowest: string;
  /**
   * The same stacks asked again, right after (code paths the first run compiled, warm): slowest ms and
   * how many under 1 s. After a small warm-up a first run has cost up to about 1.7x a second one;
   * after the bench's earlier stages, little more (benchmarks/README.md "Exact attacks: one core").
   */
  readonly againMaxMs: number;
  readonly againUnder1s: number;
}

/** FP the random stacks are fired with: common columns of the IFT (A7.3x: the highest column <= the FP). */
const RANDOM_FP = [4, 6, 8, 12, 16, 20, 24, 30] as const;

/**
 * A random attack on `units` units with `leaders` leaders, all of one nationality. Deterministic in
 * `rng`. Never throws (every nationality drawn has leaders and MMC in the catalog).
 */
function randomAttack(rng: () => number, units: number, leaders: number): AttackInput {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rng() * a.length)];
  const usable = NATIONALITIES.filter((n) => listUnits({ nationality: n, kind: 'leader' }).length > 0 && listUnits({ nationality: n, kind: 'squad' }).length > 0);
  const nationality = pick(usable);
  const leaderRows = listUnits({ nationality, kind: 'leader' });
  const mmc = listUnits({ nationality }).filter((u) => u.kind === 'squad' || u.kind === 'hs' || u.kind === 'crew');
  const targets: string[] = [];
  for (let i = 0; i < leaders; i++) targets.push(pick(leaderRows).id);
  while (targets.length < units) targets.push(pick(mmc).id);
  return { fp: pick(RANDOM_FP), drm: Math.floor(rng() * 6) - 3, targets };
}

/**
 * Times the exact summary of `count` random stacks of `units` units with `leaders` leaders
 * ({@link randomAttack}) in this thread (after the caller's warm-up): each twice in a row, the first
 * time and again.
 * @param o.count stacks, integer >= 1
 * @param o.seed the stacks' seed
 * @param o.units units per stack, 1..6 (default 6); o.leaders leaders among them, 0..units (default 2)
 * Never throws (stacks of up to 6 units are within the exact budget). Cost about 0.2-0.5 s per
 * 2-leader stack, 1.5-3.5 s per 3-leader one (both runs; benchmarks/README.md).
 */
export function measureRandomAttackSummaries(o: { readonly count: number; readonly seed: string; readonly units?: number; readonly leaders?: number; readonly onStage: (line: string) => void }): RandomSummaryTimes {
  const units = o.units ?? 6;
  const leaders = o.leaders ?? 2;
  const rng = seedrandom(o.seed);
  const times: { ms: number; again: number; input: AttackInput }[] = [];
  const timed = (input: AttackInput): number => {
    const t0 = performance.now();
    exactResult(attackQuery(input));
    return performance.now() - t0;
  };
  // A line for the first stack, then for the next once a second has gone by without one (a 3-leader
  // stack takes up to a second, asked twice): never silent for long, never a line per 2-leader stack.
  let lineAt = -Infinity;
  for (let k = 0; k < o.count; k++) {
    const input = randomAttack(rng, units, leaders);
    if (performance.now() - lineAt >= 1000) {
      o.onStage(`exact attack summary: random stacks with ${leaders} leaders, ${k + 1} of ${o.count}`);
      lineAt = performance.now();
    }
    const ms = timed(input);
    times.push({ ms, again: timed(input), input });
  }
  const sorted = [...times].sort((a, b) => a.ms - b.ms);
  const slowest = sorted[sorted.length - 1];
  return {
    stacks: o.count,
    units,
    leaders,
    seed: o.seed,
    medianMs: median(times.map((t) => t.ms)),
    maxMs: slowest.ms,
    under1s: times.filter((t) => t.ms < 1000).length,
    slowest: commandOf(slowest.input),
    againMaxMs: Math.max(...times.map((t) => t.again)),
    againUnder1s: times.filter((t) => t.again < 1000).length,
  };
}

/** The `attack` command line of an input (fp, drm, targets). */
function commandOf(input: AttackInput): string {
  return `attack --fp ${input.fp} --drm ${input.drm} --target ${(input.targets as readonly string[]).join(',')}`;
}
