/**
 * Progress bar and Ctrl-C handling for long runs: a bar on stderr (trials done, rate, ETA) only when
 * stderr is a terminal and not `--quiet`; SIGINT sets a stop flag instead of killing the process, so
 * the run keeps what finished and reports it.
 */
import cliProgress from 'cli-progress';
import type { StopFlag } from '../engine/chunk-runner.js';
import type { CliIO } from './io.js';

/** A progress reporter: `update(done, total)`; `stop()` clears it. */
export interface Progress {
  readonly update: ((done: number, total: number) => void) | undefined;
  stop(): void;
}

/**
 * A progress bar on stderr, or a no-op when stderr is not a TTY or `quiet`.
 * @param unit what is counted, e.g. `trials`, `playthroughs`
 */
export function createProgress(io: CliIO, quiet: boolean, unit: string): Progress {
  if (!io.stderrIsTTY || quiet) return { update: undefined, stop() {} };
  const started = Date.now();
  const bar = new cliProgress.SingleBar(
    { format: `${unit} {bar} {percentage}% | {value}/{total} | {rate}/s | ETA {eta}s`, stream: process.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  return {
    update(done, total) {
      if (!bar.isActive) bar.start(total, 0, { rate: '0' });
      const secs = Math.max(0.001, (Date.now() - started) / 1000);
      bar.update(done, { rate: Math.round(done / secs).toLocaleString('en-US') });
    },
    stop() {
      bar.stop();
    },
  };
}

/** Seconds an exact run goes before its counter appears (most take less). */
export const EXACT_PROGRESS_AFTER_S = 1;

/**
 * A counter of the exact engine's work on stderr (states visited out of the query's budget), shown once
 * a run has taken more than {@link EXACT_PROGRESS_AFTER_S} s; a no-op when stderr is not a TTY or `quiet`.
 */
export function createExactProgress(io: CliIO, quiet: boolean): Progress {
  if (!io.stderrIsTTY || quiet) return { update: undefined, stop() {} };
  const started = Date.now();
  const bar = new cliProgress.SingleBar(
    { format: 'exact {bar} {value}/{total} states at most (--trials <n> for Monte Carlo)', stream: process.stderr, hideCursor: true, formatValue: (v) => v.toLocaleString('en-US') },
    cliProgress.Presets.shades_classic,
  );
  return {
    update(done, budget) {
      if (Date.now() - started < EXACT_PROGRESS_AFTER_S * 1000 || !Number.isFinite(budget)) return;
      if (!bar.isActive) bar.start(budget, 0);
      bar.update(done);
    },
    stop() {
      bar.stop();
    },
  };
}

/**
 * Runs `fn` with SIGINT turned into `stop.interrupted = true`, then restores the default handling.
 */
export async function withInterrupt<T>(fn: (stop: StopFlag) => Promise<T>): Promise<T> {
  const stop: StopFlag = { interrupted: false };
  const onSigint = () => {
    stop.interrupted = true;
  };
  process.on('SIGINT', onSigint);
  try {
    return await fn(stop);
  } finally {
    process.off('SIGINT', onSigint);
  }
}
