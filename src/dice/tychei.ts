/**
 * The Tyche-i generator (Neves and Araujo, "Fast and small nonlinear pseudorandom number generators
 * for computer simulation", 2011) as one small class: the same numbers as seedrandom's `tychei` for
 * the same string seed (a test compares them), read through a monomorphic `int32()` method instead
 * of seedrandom's closure hung on a function object. The scenario simulator draws about 300 numbers
 * per playthrough from it.
 */
/** A generator: `.int32()` returns a signed 32-bit integer; `>>> 0` makes it unsigned. */
export interface Int32Source {
  int32(): number;
}

/** A Tyche-i stream: `int32()` returns a signed 32-bit integer, as seedrandom's `tychei(seed).int32()`. */
export class Tychei implements Int32Source {
  private a = 0;
  private b = 0;
  private c = 2654435769 | 0;
  private d = 1367130551;

  /**
   * @param seed any string (seedrandom's string seeding: each character code XORed into `b`, one step
   * each, then 20 more steps)
   * Never throws.
   */
  constructor(seed: string) {
    for (let k = 0; k < seed.length + 20; k++) {
      this.b ^= k < seed.length ? seed.charCodeAt(k) : 0;
      this.int32();
    }
  }

  /** The next number, a signed 32-bit integer; `>>> 0` makes it unsigned. No allocation. */
  int32(): number {
    let b = this.b;
    let c = this.c;
    let d = this.d;
    let a = this.a;
    b = (b << 25) ^ (b >>> 7) ^ c;
    c = (c - d) | 0;
    d = (d << 24) ^ (d >>> 8) ^ a;
    a = (a - b) | 0;
    this.b = b = (b << 20) ^ (b >>> 12) ^ c;
    this.c = c = (c - d) | 0;
    this.d = (d << 16) ^ (c >>> 16) ^ a;
    return (this.a = (a - b) | 0);
  }
}
