/**
 * Closest-id suggestions for unknown counter ids ("did you mean").
 *
 * Distance: Levenshtein edit distance (insert, delete, substitute each cost 1) except that substituting
 * one digit for another costs |a - b| capped at 2, so a numerically near counter ranks first:
 * `german/4-7-7` is 1 from `german/4-6-7`, 2 from `german/4-6-8` and from `german/4-4-7`. Ties keep the
 * candidates' order (catalog order). Cost: O(|a| * |b|) per pair; only run on the error path.
 */

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function substitutionCost(a: number, b: number): number {
  if (a === b) return 0;
  if (isDigit(a) && isDigit(b)) return Math.min(Math.abs(a - b), 2);
  return 1;
}

/**
 * Edit distance between two strings, digits weighted by numeric difference (see module doc).
 * @returns an integer >= 0; 0 iff `a === b`. Never throws.
 * @example idDistance('german/4-7-7', 'german/4-6-7') // 1
 * @example idDistance('german/4-7-7', 'german/4-4-7') // 2
 */
export function idDistance(a: string, b: string): number {
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1] + substitutionCost(ca, b.charCodeAt(j - 1));
      cur[j] = Math.min(sub, prev[j] + 1, cur[j - 1] + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/**
 * The `count` candidates closest to `query` by {@link idDistance}, closest first; ties keep the order of
 * `candidates`.
 * @param query the normalized id the user typed.
 * @param candidates known ids, in catalog order.
 * @param count how many to return, integer >= 0 (default 3).
 * @returns at most `count` ids. Never throws.
 * @example closestIds('german/4-7-7', ids) // ['german/4-6-7', 'german/4-6-8', 'german/4-4-7']
 */
export function closestIds(query: string, candidates: readonly string[], count = 3): string[] {
  return candidates
    .map((id, index) => ({ id, index, d: idDistance(query, id) }))
    .sort((x, y) => x.d - y.d || x.index - y.index)
    .slice(0, count)
    .map((x) => x.id);
}
