/**
 * Boundary checks shared by the statistics functions (internal: not re-exported from `index.ts`).
 *
 * Every check throws `AslOddsError('input.stats', …)` (exit code 2) with a one-line message that names
 * the function, the argument and what is allowed. Counts are plain `number`s, so they may exceed 2^32;
 * they stay exact up to 2^53.
 */
import { AslOddsError } from '../errors.js';

/**
 * Checks that `value` is a finite number ≥ 0 (a count, or a sample size).
 * @throws AslOddsError `input.stats` when `value` is NaN, infinite or negative.
 */
export function checkNonNegative(fn: string, name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new AslOddsError(
      'input.stats',
      `${fn}: ${name} must be a finite number >= 0, got ${String(value)}`,
    );
  }
}

/**
 * Checks that `value` is a probability: a finite number in [0, 1].
 * @throws AslOddsError `input.stats` when `value` is NaN or outside [0, 1].
 */
export function checkProbability(fn: string, name: string, value: number): void {
  if (!(value >= 0 && value <= 1)) {
    throw new AslOddsError(
      'input.stats',
      `${fn}: ${name} must be a probability in [0, 1], got ${String(value)}`,
    );
  }
}
