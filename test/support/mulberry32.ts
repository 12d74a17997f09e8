/**
 * mulberry32: a small seeded generator (integer state) for choosing random test cases, numbers in
 * [0, 1). Not the project's dice stream (that is tychei, src/dice/streams.ts): a case generator of
 * its own, so that the cases do not move when the dice streams change.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
