/**
 * The attack's run files (issue 42 section 5): its shards merge and its checkpoints resume (they read
 * the trials from the attack's trials slot, not from the final stacks an attack without `--outcomes`
 * no longer keeps), and a file is believed only after it is checked: a checkpoint of another seed,
 * counts above the trials, invented final states (or one renamed `__proto__`), and shards of two
 * different splits are refused, each with one line saying what is wrong. Commands as a user types them
 * (in-process; the end-to-end runs of the built binary are test/cli/run-files-e2e.test.ts).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from '../cli/buffer-io.js';

const ATTACK = ['attack', '--fp', '8', '--target', 'german/9-1,german/4-6-7,german/4-6-7', '--trials', '3e5', '--seed', 's', '--threads', '1', '--quiet'];
let dir: string;

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = bufferIO();
  const code = await runCli(argv, io);
  return { code, out: io.out, err: io.err };
}

/** Writes a copy of JSON file `from` edited by `edit` (as text, so that `__proto__` stays a key) and returns its path. */
function edited(from: string, name: string, edit: (text: string) => string): string {
  const p = join(dir, name);
  writeFileSync(p, edit(readFileSync(from, 'utf8')));
  return p;
}

let single: string;
let singleOutcomes: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-attack-files-'));
  const one = await cli([...ATTACK, '--json']);
  expect(one.code).toBe(0);
  single = one.out;
  for (const i of [0, 1]) expect((await cli([...ATTACK, '--shard', `${i}/2`, '--out', join(dir, `p${i}.json`)])).code).toBe(0);
  for (const i of [0, 1]) expect((await cli([...ATTACK, '--outcomes', '--shard', `${i}/2`, '--out', join(dir, `o${i}.json`)])).code).toBe(0);
  for (const [i, n] of [[0, 4], [2, 4]]) expect((await cli([...ATTACK, '--shard', `${i}/${n}`, '--out', join(dir, `q${i}.json`)])).code).toBe(0);
  const withOutcomes = await cli([...ATTACK, '--outcomes', '--json', '--checkpoint', join(dir, 'o.ckpt')]);
  expect(withOutcomes.code).toBe(0);
  singleOutcomes = withOutcomes.out;
  expect((await cli([...ATTACK, '--json', '--checkpoint', join(dir, 'a.ckpt')])).code).toBe(0);
}, 240_000);

describe('attack shards and checkpoints', () => {
  it('shards merge into exactly the one-machine result (with and without --outcomes)', async () => {
    const merged = await cli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json'), '--json']);
    expect(merged.err).toBe('');
    expect(merged.code).toBe(0);
    expect(merged.out).toBe(single);
    const mergedOutcomes = await cli(['merge', join(dir, 'o0.json'), join(dir, 'o1.json'), '--json']);
    expect(mergedOutcomes.code).toBe(0);
    expect(mergedOutcomes.out).toBe(singleOutcomes);
  });

  it('a finished checkpoint resumes to the same result', async () => {
    const r = await cli([...ATTACK, '--json', '--checkpoint', join(dir, 'a.ckpt'), '--resume']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(single);
  });

  it('a checkpoint whose seed differs from the command\'s is refused', async () => {
    const bad = edited(join(dir, 'a.ckpt'), 'seed.ckpt', (t) => t.replace('"seed":"s"', '"seed":"other"'));
    const r = await cli([...ATTACK, '--json', '--checkpoint', bad, '--resume']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/seed "other", this command's is "s"/);
    expect(r.out).toBe('');
  });

  it.each([
    ['a checkpoint', 'a.ckpt', 'checkpoint'],
    ['a shard', 'p1.json', 'merge'],
  ])('counts above the trials in %s are refused as damaged, not a deep statistics error', async (_what, file, kind) => {
    const bad = edited(join(dir, file), `over-${file}`, (t) => {
      const o = JSON.parse(t);
      o.counts[1] = o.counts[0] * 3;
      return JSON.stringify(o);
    });
    const r = kind === 'checkpoint' ? await cli([...ATTACK, '--json', '--checkpoint', bad, '--resume']) : await cli(['merge', join(dir, 'p0.json'), bad, '--json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/more than its \d+ trials.*damaged or edited, refused/);
    expect(r.err).not.toMatch(/binomialStandardError/);
  });

  /** Renames the first final state of a run file (its "outcomes" object) to `name`. */
  const rename = (name: string) => (t: string) => t.replace(/"outcomes":\{"([^"]+)"/, `"outcomes":{${JSON.stringify(name)}`);

  it.each([
    ['an invented final state', 'broken Tiger, pinned 4-6-7, 4-6-7'],
    ['a final state renamed __proto__', '__proto__'],
    ['a final state of too few units', 'broken 9-1'],
  ])('%s in a checkpoint or a shard is refused', async (_what, name) => {
    const ckpt = edited(join(dir, 'o.ckpt'), 'renamed.ckpt', rename(name));
    expect(readFileSync(ckpt, 'utf8')).toContain(JSON.stringify(name));
    const r1 = await cli([...ATTACK, '--outcomes', '--json', '--checkpoint', ckpt, '--resume']);
    expect(r1.code).toBe(2);
    expect(r1.err).toMatch(/is not a final state of this run/);
    const part = edited(join(dir, 'o1.json'), 'renamed.json', rename(name));
    const r2 = await cli(['merge', join(dir, 'o0.json'), part, '--json']);
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(/is not a final state of this run/);
    expect(r2.out).toBe('');
  });

  it('shards of two different splits are refused saying so (not "edited")', async () => {
    const r = await cli(['merge', join(dir, 'q0.json'), join(dir, 'q2.json'), join(dir, 'p1.json'), '--json', '--out', join(dir, 'never.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/shard 1\/2, .*shard 0\/4: shards of different splits/);
    expect(r.err).not.toMatch(/edited/);
    expect(existsSync(join(dir, 'never.json'))).toBe(false);
  });
});
