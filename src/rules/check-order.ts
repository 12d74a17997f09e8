/**
 * The order in which the units of a Location take the checks one result calls for (A10.2, A10.22 EX;
 * docs/rules-notes.md §3): leaders first, higher current Morale Level first, so that a leader who breaks or is
 * pinned no longer lends his DRM to the units checking after him (and a lower leader may use a higher
 * leader's DRM, A10.22). Ties (leaders of equal ML) and all other units (MMC, heroes) go in stack
 * order, which does not change any outcome: their checks do not affect one another.
 */
import { currentML, type UnitState } from './unit-state.js';

/**
 * Sorts unit positions into check order.
 * @param units the Location's units
 * @param positions the positions (indices into `units`) that take the check
 * @returns a new array: leaders by current ML, highest first, then the others; ties in stack order
 * Never throws. Cost O(n log n).
 * @example checkOrder([squad467, leader81, leader102], [0, 1, 2]) // [2, 1, 0]
 */
export function checkOrder(units: readonly UnitState[], positions: readonly number[]): number[] {
  // Insertion sort by (rank descending, position ascending), a total order: the scenario simulator
  // calls this for every fire attack, so no closure, no spread (rank: leader 100 + current ML, else 0).
  const n = positions.length;
  const out: number[] = new Array<number>(n);
  const ranks: number[] = new Array<number>(n);
  for (let x = 0; x < n; x++) {
    const i = positions[x];
    const u = units[i];
    insertByRank(out, ranks, x, i, u.profile.kind === 'leader' ? 100 + currentML(u) : 0);
  }
  return out;
}

/**
 * One step of the check-order insertion sort: inserts position `i` of rank `r` (leader 100 + current
 * ML, else 0) into `out[0..x)`, kept by rank descending then position ascending, moving `ranks` alike.
 * Shared by {@link checkOrder} and the scenario simulator's variant on unit codes.
 * Never throws.
 */
export function insertByRank(out: number[], ranks: number[], x: number, i: number, r: number): void {
  let y = x - 1;
  while (y >= 0 && (ranks[y] < r || (ranks[y] === r && out[y] > i))) {
    out[y + 1] = out[y];
    ranks[y + 1] = ranks[y];
    y--;
  }
  out[y + 1] = i;
  ranks[y + 1] = r;
}
