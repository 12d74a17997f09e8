/**
 * Progress bar and Ctrl-C handling for long runs: a bar on stderr (trials done, rate, ETA) only when
 * stderr is a terminal and not `--quiet`; SIGINT sets a stop flag instead of killing the process, so
 * the run keeps what finished and reports it.
 */
import { createRequire } from 'node:module';
import type CliProgress from 'cli-progress';
import type { StopFlag } from '../engine/chunk-runner.js';
import type { CliIO } from './io.js';

/**
 * cli-progress, loaded when a bar is made (only on a terminal: a Monte Carlo run's when it starts, an
 * exact run's once it has taken a second): a command that makes none starts without it (its 20 files).
 */
function cliProgress(): typeof CliProgress {
  return createRequire(import.meta.url)('cli-progress') as typeof CliProgress;
}

/** A progress reporter: `update(done, total)`; `stop()` clears it. */
export interface Progress {
  readonly update: ((done: number, total: number) => void) | undefined;
  stop(): void;
}

/** Seconds before the first progress line when stderr is not a terminal (a log, a pipe, CI). */
export const PROGRESS_LINE_AFTER_S = 2;
/** Seconds between later progress lines when stderr is not a terminal. */
export const PROGRESS_LINE_EVERY_S = 5;

/**
 * When the next progress line is due (ms since the epoch), shared by the runs of one command: a command
 * that makes several runs (`scenario --sweep`, `--balance`, `--calibrate`) keeps one cadence across them,
 * so that runs shorter than the first line's delay do not add up to a long silence. Mutable.
 */
export interface ProgressCadence {
  nextLineAt: number;
}

/** A cadence whose first line is due {@link PROGRESS_LINE_AFTER_S} s from now. */
export function progressCadence(): ProgressCadence {
  return { nextLineAt: Date.now() + PROGRESS_LINE_AFTER_S * 1000 };
}

/**
 * Progress on stderr: a bar on a terminal; otherwise plain lines (`trials: 1,048,576 of 10,000,000
 * (10%), 2.1 s`) from a timer, the first after {@link PROGRESS_LINE_AFTER_S} s, then every
 * {@link PROGRESS_LINE_EVERY_S} s, so that a run is never silent for long whether or not stderr is a
 * terminal (runs shorter than that print nothing). A no-op when `quiet`.
 * @param unit what is counted, e.g. `trials`, `playthroughs` (or which run, e.g. `sides.german.elr=3`)
 * @param cadence off a terminal, when lines are due, shared by the runs of one command (default: this
 *   run's own, {@link progressCadence}); each line's figures and time are the run's own. A terminal's
 *   bar is the run's own and always shown.
 */
export function createProgress(io: CliIO, quiet: boolean, unit: string, cadence: ProgressCadence = progressCadence()): Progress {
  if (quiet) return { update: undefined, stop() {} };
  if (!io.stderrIsTTY) {
    const started = Date.now();
    let latest: [number, number] | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const line = (): void => {
      if (latest === null) return;
      const [done, total] = latest;
      const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
      const elapsed = (Date.now() - started) / 1000;
      // Time left at the rate so far (the run's own rate, warm workers included).
      const left = done > 0 && done < total ? `, about ${formatDuration((elapsed * (total - done)) / done)} left` : '';
      io.stderr(`${unit}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${pct}%), ${elapsed.toFixed(1)} s${left}\n`);
      cadence.nextLineAt = Date.now() + PROGRESS_LINE_EVERY_S * 1000;
      timer = setTimeout(line, PROGRESS_LINE_EVERY_S * 1000);
      timer.unref();
    };
    return {
      update(done, total) {
        latest = [done, total];
        if (timer === null) {
          timer = setTimeout(line, Math.max(0, cadence.nextLineAt - Date.now()));
          timer.unref();
        }
      },
      stop() {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        latest = null;
      },
    };
  }
  const started = Date.now();
  const bars = cliProgress();
  const bar = new bars.SingleBar(
    { format: `${unit} {bar} {percentage}% | {value}/{total} | {rate}/s | ETA {eta}s`, stream: process.stderr, hideCursor: true },
    bars.Presets.shades_classic,
  );
  return {
    update(done, total) {
      if (!bar.isActive) bar.start(total, 0, { rate: '0' });
      else bar.setTotal(total); // a shard or a resumed run counts only its own chunks
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

/** Seconds an exact run goes before its first line when stderr is not a terminal; then every 10 s. */
export const EXACT_LINE_AFTER_S = 2;

/**
 * A counter of the exact engine's work on stderr (states visited out of the budget): on a terminal a
 * bar once a run has taken more than {@link EXACT_PROGRESS_AFTER_S} s; otherwise a line after
 * {@link EXACT_LINE_AFTER_S} s and every 10 s after. A no-op when `quiet`.
 */
export function createExactProgress(io: CliIO, quiet: boolean): Progress {
  if (quiet) return { update: undefined, stop() {} };
  const started = Date.now();
  if (!io.stderrIsTTY) {
    let next = started + EXACT_LINE_AFTER_S * 1000;
    return {
      update(done, budget) {
        const now = Date.now();
        if (now < next) return;
        next = now + 10_000;
        const of = Number.isFinite(budget) ? ` of at most ${budget.toLocaleString('en-US')}` : '';
        io.stderr(`exact: ${done.toLocaleString('en-US')} states${of} so far, ${((now - started) / 1000).toFixed(1)} s (--trials <n> for Monte Carlo)\n`);
      },
      stop() {},
    };
  }
  // The bar made when first shown: most exact runs end before it would be.
  let bar: CliProgress.SingleBar | undefined;
  return {
    update(done, budget) {
      if (Date.now() - started < EXACT_PROGRESS_AFTER_S * 1000 || !Number.isFinite(budget)) return;
      if (bar === undefined) {
        const bars = cliProgress();
        bar = new bars.SingleBar(
          { format: 'exact {bar} {value}/{total} states at most (--trials <n> for Monte Carlo)', stream: process.stderr, hideCursor: true, formatValue: (v) => v.toLocaleString('en-US') },
          bars.Presets.shades_classic,
        );
      }
      if (!bar.isActive) bar.start(budget, 0);
      bar.update(done);
    },
    stop() {
      bar?.stop();
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


/** `s` seconds as `0.4 s`, `26 s`, `3.5 min`, `2.1 h`. Never throws. */
export function formatDuration(s: number): string {
  if (s < 10) return `${Number(s.toPrecision(2))} s`;
  if (s < 120) return `${Math.round(s)} s`;
  if (s < 7200) return `${Number((s / 60).toPrecision(2))} min`;
  return `${Number((s / 3600).toPrecision(2))} h`;
}
