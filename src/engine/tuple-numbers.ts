/**
 * Tuples of small integers numbered in the order they are first seen, found through a trie of Maps
 * (one lookup per element, no key string made or hashed). Used to number the tuples of the factored
 * attack: the deferred units' scripts of a path label, the distributions of a leaders' terminal.
 */
export class TupleNumbers {
  private readonly root = new Map<number, unknown>();
  /** Tuples numbered so far: the next new tuple's number. */
  size = 0;

  /**
   * The number of the tuple (keyAt(0), ..., keyAt(length - 1)): `size` before the call, and `size`
   * grown by one, when it is new.
   * @param length the tuple's length, at least 1 (all tuples numbered by one instance have one length)
   * @param keyAt its j-th element, an integer
   * Never throws.
   */
  numberOf(length: number, keyAt: (j: number) => number): number {
    let level = this.root;
    for (let j = 0; j < length - 1; j++) {
      const k = keyAt(j);
      let next = level.get(k) as Map<number, unknown> | undefined;
      if (next === undefined) level.set(k, (next = new Map()));
      level = next;
    }
    const last = keyAt(length - 1);
    let x = level.get(last) as number | undefined;
    if (x === undefined) level.set(last, (x = this.size++));
    return x;
  }
}
