/**
 * The first position of the largest of n numbers, kept up to date as single numbers change: a
 * tournament tree, O(n) to fill, O(log n) per change and O(1) per query. The fire phase picks each
 * Fire Group's target stack with it (playthrough.ts): the enemy stack with the largest weight, ties to
 * the first, after each attack re-weighing only the stack fired on, so a phase with S stacks a side
 * costs O(S log S) rather than O(S^2).
 */
export class MaxTree {
  /** Leaves (a power of two, >= n). */
  private leaves = 1;
  private n = 0;
  /** The numbers, by position. */
  private values = new Float64Array(1);
  /** Node k (1-based heap order; leaves at [leaves, 2 * leaves)): the winning position below it, or -1. */
  private win = new Int32Array(2);

  /**
   * Starts over with `values[0..n)`.
   * @param n integer >= 0
   */
  fill(values: ArrayLike<number>, n: number): void {
    let leaves = 1;
    while (leaves < n) leaves *= 2;
    if (this.win.length < 2 * leaves) {
      this.win = new Int32Array(2 * leaves);
      this.values = new Float64Array(leaves);
    }
    this.leaves = leaves;
    this.n = n;
    for (let j = 0; j < n; j++) {
      this.values[j] = values[j];
      this.win[leaves + j] = j;
    }
    for (let j = n; j < leaves; j++) this.win[leaves + j] = -1;
    for (let k = leaves - 1; k >= 1; k--) this.win[k] = this.better(this.win[2 * k], this.win[2 * k + 1]);
  }

  /** Sets the number at position `j` (integer in [0, n)). */
  set(j: number, value: number): void {
    this.values[j] = value;
    for (let k = (this.leaves + j) >> 1; k >= 1; k >>= 1) this.win[k] = this.better(this.win[2 * k], this.win[2 * k + 1]);
  }

  /** The first position holding the largest number, or -1 when n = 0. */
  argmax(): number {
    return this.n === 0 ? -1 : this.win[1];
  }

  /** The number at position `j`. */
  valueAt(j: number): number {
    return this.values[j];
  }

  /** Of two positions (-1: none), the one with the larger number; ties to the smaller position. */
  private better(a: number, b: number): number {
    if (a < 0) return b;
    if (b < 0) return a;
    const va = this.values[a];
    const vb = this.values[b];
    return vb > va || (vb === va && b < a) ? b : a;
  }
}
