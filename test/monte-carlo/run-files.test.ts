/**
 * Checkpoints and shard partial results are believed only after they are checked (issue 12): every
 * edit the reliability sweep made to one (doubled counts, a count short, chunk ids out of range or
 * of another shard, chunksDone claiming every chunk, a command line relabelling the tally or naming an
 * output file) is refused with one line, and nothing is written.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from '../cli/buffer-io.js';

const RUN = ['mc', '--unit', 'german/4-6-7', '--trials', '100000', '--seed', 'files', '--chunk-size', '10000', '--threads', '1', '--quiet'];
let dir: string;

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = bufferIO();
  const code = await runCli(argv, io);
  return { code, out: io.out, err: io.err };
}

/** Writes a copy of JSON file `from` edited by `edit` and returns its path. */
function edited(from: string, name: string, edit: (o: Record<string, any>) => void): string {
  const o = JSON.parse(readFileSync(from, 'utf8')) as Record<string, any>;
  edit(o);
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(o));
  return p;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-run-files-'));
  for (const i of [0, 1]) expect((await cli([...RUN, '--shard', `${i}/2`, '--out', join(dir, `part-${i}.json`)])).code).toBe(0);
  expect((await cli([...RUN, '--checkpoint', join(dir, 'full.ckpt'), '--json'])).code).toBe(0);
});

describe('merge checks each shard file before believing it', () => {
  it('the untouched shards merge', async () => {
    const r = await cli(['merge', join(dir, 'part-0.json'), join(dir, 'part-1.json'), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).trials).toBe(100000);
  });

  it.each([
    ['doubled counts', (o: Record<string, any>) => (o.counts = o.counts.map((c: number) => 2 * c))],
    ['counts one entry short', (o: Record<string, any>) => o.counts.pop()],
    ['chunk id 1000000', (o: Record<string, any>) => (o.chunks[0] = 1000000)],
    ['chunk id -1', (o: Record<string, any>) => (o.chunks[0] = -1)],
    ['chunk id 0.5', (o: Record<string, any>) => (o.chunks[0] = 0.5)],
    ["another shard's chunks", (o: Record<string, any>) => (o.chunks = [0, 2, 4, 6, 8])],
    ['every chunk claimed', (o: Record<string, any>) => (o.chunks = [...Array(10).keys()])],
    ['argv edited to --check 1MC', (o: Record<string, any>) => o.argv.push('--check', '1MC')],
    ['argv edited to --rules gi-anvil', (o: Record<string, any>) => o.argv.push('--rules', 'gi-anvil')],
    ['argv naming an --out file', (o: Record<string, any>) => o.argv.push('--out', join(dir, 'pwned.json'))],
    ['a chunkCount that is not the plan', (o: Record<string, any>) => (o.chunkCount = 5)],
  ])('refused: %s in one file', async (_name, edit) => {
    const bad = edited(join(dir, 'part-1.json'), 'bad.json', edit);
    const r = await cli(['merge', join(dir, 'part-0.json'), bad, '--json']);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.out).toBe('');
    expect(existsSync(join(dir, 'pwned.json'))).toBe(false);
  });

  it.each([
    ['--check 1MC', ['--check', '1MC']],
    ['--rules gi-anvil', ['--rules', 'gi-anvil']],
  ])('refused: both files relabelled by an argv edited to %s (the fingerprint is the command line\'s own)', async (_name, extra) => {
    const files = [0, 1].map((i) => edited(join(dir, `part-${i}.json`), `relabel-${i}.json`, (o) => o.argv.push(...extra)));
    const r = await cli(['merge', ...files, '--json']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('fingerprint');
  });

  it('the output path comes only from merge\'s own --out', async () => {
    const files = [0, 1].map((i) => edited(join(dir, `part-${i}.json`), `out-${i}.json`, (o) => o.argv.push('--out', join(dir, 'pwned.json'))));
    expect((await cli(['merge', ...files])).code).toBe(2);
    expect(existsSync(join(dir, 'pwned.json'))).toBe(false);
  });
});

describe('--resume checks the checkpoint before believing it', () => {
  it.each([
    ['doubled counts', (o: Record<string, any>) => (o.counts = o.counts.map((c: number) => 2 * c))],
    ['counts one entry short', (o: Record<string, any>) => o.counts.pop()],
    ['chunk id 1000000', (o: Record<string, any>) => (o.chunksDone[0] = 1000000)],
    ['chunk id -1', (o: Record<string, any>) => (o.chunksDone[0] = -1)],
    ['chunk id 0.5', (o: Record<string, any>) => (o.chunksDone[0] = 0.5)],
    ['chunksDone claiming chunks it did not count', (o: Record<string, any>) => (o.chunksDone = o.chunksDone.slice(0, 5))],
  ])('refused: %s', async (_name, edit) => {
    const ckpt = edited(join(dir, 'full.ckpt'), 'bad.ckpt', edit);
    const r = await cli([...RUN, '--checkpoint', ckpt, '--resume', '--json']);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('a full run\'s checkpoint resumed with --shard 1/2 is refused (it holds chunks of shard 0)', async () => {
    const ckpt = edited(join(dir, 'full.ckpt'), 'full-copy.ckpt', () => undefined);
    const r = await cli([...RUN, '--checkpoint', ckpt, '--resume', '--shard', '1/2', '--out', join(dir, 'wrong-shard.json')]);
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'wrong-shard.json'))).toBe(false);
  });

  it('a consistent checkpoint (no chunk done, zero counts) resumes to the uninterrupted answer', async () => {
    const ckpt = edited(join(dir, 'full.ckpt'), 'good.ckpt', (o) => {
      o.chunksDone = [];
      o.counts = o.counts.map(() => 0);
    });
    const resumed = await cli([...RUN, '--checkpoint', ckpt, '--resume', '--json']);
    const straight = await cli([...RUN, '--json']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.out).outcomes).toEqual(JSON.parse(straight.out).outcomes);
  });

  it('--shard 0/99999999999999999999999 is refused', async () => {
    expect((await cli([...RUN, '--shard', '0/99999999999999999999999'])).code).toBe(2);
  });
});
