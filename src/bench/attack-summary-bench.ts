/**
 * Bench stage: the exact summary of an attack (issue 11 part 2: per-unit and stack figures, no joint
 * distribution; chains/attack-factored.ts `summarizeAttackFactored`) on the stacks, 16 FP -1:
 * - 5 units, 2 leaders: 9-1, 8-1, 4-6-7, 4-6-7, 4-6-8 (the attack sampler stage's stack);
 * - 6 units, 2 leaders: the same and another 4-6-8;
 * - 6 units, 2 leaders, four kinds of squad and HS (12 FP +0), and an American stack under 20 FP -2
 *   (KIA results: Random Selection among six units), the slowest 2-leader stacks found;
 * - 6 units, 3 leaders: 9-1, 8-1, 7-0, 4-6-7, 4-6-7, 4-6-8 (past the quick budget: the command answers
 *   it by Monte Carlo unless `--exact`; timed here with the whole budget).
 * Wall time of `exactResult(attackQuery(input))` (query, summary, result) in this thread, best of the
 * repetitions after one warm-up of the smallest. Target (reported, never asserted): each < 1 s on one
 * core. `quick` times the 5-unit stack once.
 */
import { performance } from 'node:perf_hooks';
import { attackQuery, type AttackInput } from '../queries/attack-query.js';
import { exactResult } from '../queries/compute-odds.js';
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
    const targets = s.input.targets as readonly string[];
    return { name: s.name, command: `attack --fp ${s.input.fp} --drm ${s.input.drm} --target ${targets.join(',')}`, ms: best, target: best < 1000 };
  });
}
