/**
 * A DRM as players write it (the rulebook's "+1 DRM", "-2 DRM"): a sign before a positive number, none
 * before 0 or a negative one: `+2`, `0`, `-1`. The one formatter of the ledgers, tables and texts that
 * show a DRM. Never throws.
 * @example signedDRM(2) // '+2'
 */
export function signedDRM(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
