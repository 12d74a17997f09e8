/**
 * The optional `onChunk` snapshot of computeOdds (for convergence charts): each finished chunk's own
 * tally by final state. It must not change the result, and sorted by chunk it must not depend on the
 * thread count.
 */
import { describe, expect, it } from 'vitest';
import { computeOdds, type ChunkSnapshot } from '../../src/queries/compute-odds.js';
import { mcQuery } from '../../src/queries/morale-query.js';
import { poolChunkRunner } from '../../src/pool/pool-runner.js';

const q = mcQuery({ unit: 'russian/4-4-7', check: '1MC' });
const base = { trials: 1_000_003, seed: 'chunks', chunkSize: 100_000 } as const;

async function run(threads: number, withSnapshots: boolean) {
  const snapshots: ChunkSnapshot[] = [];
  const out = await computeOdds(q, { ...base, threads, runner: poolChunkRunner, onChunk: withSnapshots ? (s) => snapshots.push(s) : undefined });
  if (out.kind !== 'result') throw new Error('expected a result');
  return { result: out.result, snapshots: [...snapshots].sort((a, b) => a.chunk - b.chunk) };
}

describe('computeOdds onChunk', () => {
  it('one snapshot per chunk whose counts add up to the result; the result is unchanged', async () => {
    const plain = await run(1, false);
    const { result, snapshots } = await run(1, true);
    expect(JSON.stringify(result)).toBe(JSON.stringify(plain.result));
    expect(snapshots.map((s) => s.chunk)).toEqual(Array.from({ length: 11 }, (_, k) => k));
    expect(snapshots.map((s) => s.trials)).toEqual([...Array(10).fill(100_000), 3]);
    const byState = new Map<string, number>();
    for (const s of snapshots) for (const [state, c] of Object.entries(s.outcomeCounts)) byState.set(state, (byState.get(state) ?? 0) + c);
    for (const o of result.outcomes) expect(byState.get(o.state)).toBe(o.count);
  });

  it('sorted by chunk, the snapshots are the same with 1 or 2 threads', async () => {
    const one = await run(1, true);
    const two = await run(2, true);
    expect(two.snapshots).toEqual(one.snapshots);
  });
});
