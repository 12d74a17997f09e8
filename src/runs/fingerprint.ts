/**
 * A run's fingerprint: what must match for checkpoints and shard partials to be combined (command,
 * resolved input, rule set, seed, trials, chunk size, version, and the compiled chain's terminals).
 */

/**
 * Hex SHA-256 of the JSON of `parts` (64 lowercase hex digits), through Web Crypto
 * (`crypto.subtle`: Node >= 19 and every browser in a secure context). Never throws.
 */
export async function fingerprintOf(parts: Record<string, unknown>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(parts)));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
