/**
 * A run's fingerprint: what must match for checkpoints and shard partials to be combined (command,
 * resolved input, rule set, seed, trials, chunk size, version, and the compiled chain's terminals).
 */
import { createHash } from 'node:crypto';

/** Hex SHA-256 of the JSON of `parts`. Never throws. */
export function fingerprintOf(parts: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
