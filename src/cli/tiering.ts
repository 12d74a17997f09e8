/**
 * How soon V8 optimises our functions in a command-line process that answers exactly.
 *
 * An exact answer from the command line is a short burst (a fraction of a second to a few seconds)
 * through many distinct functions: the attack chain's rules, the exact engine, the deferred units'
 * distributions, the summary's scans. With V8's default tier-up, TurboFan compiles hundreds of them
 * during the first second, many twice (deoptimised on a map the early feedback had not seen), and on
 * one core that compiling takes the CPU the answer needs. Optimising later, once a function has run
 * longer, compiles fewer functions on steadier feedback: from the command line the exact summary of
 * a 6-unit stack with 3 leaders took a third less time, pinned to one core (benchmarks/README.md
 * "Exact attacks: V8's tier-up on one core"). Long Monte Carlo runs are the other way round (one hot kernel, run for seconds):
 * there the later tier-up only costs warm-up, so it is set for exact-first runs alone.
 *
 * This is the process entry's policy (main.ts), never the library's: `import`ing asl-odds leaves the
 * host's V8 flags alone, and so does `runCli` in tests.
 */
import { setFlagsFromString } from 'node:v8';

/**
 * V8's `--interrupt-budget` for exact-first runs: bytecode executed (weighted, in bytes) between a
 * function's tier-up checks; V8 11.3 (Node 20) defaults to 67,584. 1,000,000 measured best of 250,000
 * to 4,000,000 on the bench's stacks (benchmarks/README.md "Exact attacks: V8's tier-up on one core").
 */
export const EXACT_INTERRUPT_BUDGET = 1_000_000;

/**
 * Makes V8 tier up later for the rest of this process (see the module comment), unless the user gave
 * node an `--interrupt-budget` of their own (`execArgv`), which stands, or V8 is not the version it was
 * measured on (11.x, Node 20: another V8 tiers up by other rules, and one without the flag would print
 * "unrecognized flag" on stderr). Takes effect at each function's next tier-up check, worker threads
 * included (V8 flags are per process; Node leaves them unfrozen after start-up so that
 * `v8.setFlagsFromString` works, node.cc).
 * @param execArgv node's own options (default `process.execArgv`)
 * @param v8Version V8's version (default `process.versions.v8`)
 * @returns true when the flag was set
 * Never throws.
 */
export function tierUpLaterForExact(execArgv: readonly string[] = process.execArgv, v8Version: string = process.versions.v8): boolean {
  if (!v8Version.startsWith('11.') || execArgv.some((a) => /^--interrupt[-_]budget(=|$)/.test(a))) return false;
  setFlagsFromString(`--interrupt-budget=${EXACT_INTERRUPT_BUDGET}`);
  return true;
}
