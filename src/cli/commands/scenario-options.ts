/**
 * The options of `asl-odds scenario` and their defaults: what the command's definition (scenario.ts,
 * loaded by every command) and its run (scenario-run.ts, loaded when asked for) both read.
 */

/** The options of `asl-odds scenario`, as commander parses them. */
export interface ScenarioOptions {
  trials?: number;
  precision?: number;
  seed?: string;
  threads?: number;
  sweep?: string[];
  balance?: string;
  record?: string;
  calibrate?: string;
  report?: string;
  out?: string;
  json?: boolean;
  quiet?: boolean;
  /** Checkpoint file of every run of the command (`--checkpoint`), and `--resume`. */
  checkpoint?: string;
  resume?: boolean;
  /** Run only this shard of every run and write a partial result (`--shard i/n`). */
  shard?: { index: number; count: number };
  /**
   * `--refine [rounds]`: rounds of more playthroughs (twice as many each round) on the grid's cells or
   * the balance's values the noise cannot tell from the one closest to even.
   */
  refine?: number;
  /** Internal: the merged tally `asl-odds merge` replays the command with. */
  tallyFrom?: string;
}

/** Default playthroughs. */
export const DEFAULT_SCENARIO_TRIALS = 2000;
/** Default most playthroughs with --precision. */
export const DEFAULT_PRECISION_MAX_TRIALS = 1_000_000;

/** Rounds of `--refine` given without a number. */
export const DEFAULT_REFINE_ROUNDS = 3;
/** Most rounds of `--refine` (each doubles the playthroughs of the cells refined: 2^10 times as many). */
export const MAX_REFINE_ROUNDS = 10;
