/**
 * Hostile inputs a reliability sweep found misbehaving (issue 12, part 2): each is refused with one line
 * naming the option and what is allowed (exit 2, no stack), or now behaves correctly.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { MAX_THREADS, parseTrials } from '../../src/cli/method-options.js';
import { MAX_CHUNKS, planChunks } from '../../src/engine/chunk-plan.js';
import { printableLine } from '../../src/errors.js';
import { parseCheck } from '../../src/rules/check.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { errorCode } from '../rules/helpers.js';
import { bufferIO } from './buffer-io.js';

/** Runs the CLI; returns the exit code and stderr, which must be one line when the run fails. */
async function run(argv: string[]): Promise<{ code: number; err: string }> {
  const io = bufferIO();
  const code = await runCli(argv, io);
  if (code !== 0) expect(io.err.split('\n').filter(Boolean)).toHaveLength(1);
  expect(io.err).not.toMatch(/\n\s+at /);
  return { code, err: io.err };
}

const MC = ['mc', '--unit', 'german/4-6-7'];

describe('numbers: strict, with stated limits', () => {
  it.each(['0x10', '0b101', '0o7', '1,5', ',,,5,,,', '1__0', '1_0', '1,0000', '', ' ', '1e15', '9007199254740991', '-5', '0', '1.5', 'Infinity', 'NaN', '1e'])(
    '--trials %j is refused',
    async (v) => {
      expect(() => parseTrials(v)).toThrow(/whole number of trials in \[1, 1e12\]/);
      const r = await run([...MC, '--trials', v]);
      expect(r.code).toBe(2);
      expect(r.err).toContain("--trials");
    },
  );
  it.each([['1e6', 1e6], ['2_000_000', 2e6], ['2,000,000', 2e6], ['2.5e6', 2.5e6], ['1000', 1000], ['1e12', 1e12]])('--trials %s is %d', (v, n) => {
    expect(parseTrials(v)).toBe(n);
  });
  it('--threads is at most 4 per core and 64', async () => {
    expect(MAX_THREADS).toBeLessThanOrEqual(64);
    expect((await run([...MC, '--trials', '1000', '--threads', '1000'])).code).toBe(2);
    expect((await run([...MC, '--trials', '1000', '--threads', String(MAX_THREADS + 1)])).code).toBe(2);
  });
  it('a plan of more than 2^20 chunks is refused (memory stays flat): --chunk-size 1 with 1e9 trials', async () => {
    expect(errorCode(() => planChunks(1e9, 1))).toBe('input.chunkSize');
    expect(planChunks(1e12).chunkCount).toBeLessThanOrEqual(MAX_CHUNKS);
    expect((await run([...MC, '--trials', '1e9', '--chunk-size', '1', '--seed', 's'])).code).toBe(2);
  });
});

describe('--setting names are the settings own names only', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])('%s=stay is refused (input.setting)', async (name) => {
    expect(errorCode(() => getRuleSet('2nd-edition', { [name]: 'stay' }))).toBe('input.setting');
    if (name !== '__proto__') expect((await run([...MC, '--setting', `${name}=stay`])).code).toBe(2);
  });
  it('a real setting still works', () => {
    expect(getRuleSet('2nd-edition', { coweringOnOneFP: 'stay' }).settings.coweringOnOneFP).toBe('stay');
  });
});

describe('conflicts and empty values are refused, not silently resolved', () => {
  it.each([
    ['integrity --leader X --no-leader', ['integrity', '--losses', '1', '--leader', 'russian/9-1', '--no-leader']],
    ['--reinforcement-bpv without --regain', ['integrity', '--losses', '1', '--reinforcement-bpv', '41', '--integrity-base', '40']],
    ['--check 0MC', [...MC, '--check', '0MC']],
    ['--compare-exact without --trials', [...MC, '--compare-exact']],
    ["--seed ''", [...MC, '--trials', '1000', '--seed', '']],
    ["--out ''", [...MC, '--out', '']],
    ["--report ''", [...MC, '--report', ' ']],
    ["--target-broken ''", ['attack', '--fp', '4', '--target', 'german/4-6-7', '--target-broken', '']],
    ['a repeated single-valued option', [...MC, '--check', '1MC', '--check', '2MC']],
    ['a repeated --elr on a table', ['table', 'mc', '--elr', '2', '--elr', '3']],
  ])('%s', async (_name, argv) => {
    expect((await run(argv as string[])).code).toBe(2);
  });
  it('--check 0MC is not a check (A10.1: NMC, 1MC..6MC)', () => {
    expect(errorCode(() => parseCheck('0MC'))).toBe('input.check');
  });
  it('repeatable options still collect', async () => {
    const io = bufferIO();
    expect(await runCli([...MC, '--leader', '8-1', '--leader', '9-1', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out).input.leaders).toEqual(['german/8-1', 'german/9-1']);
  });
});

describe('hidden options: bad values are input errors, never internal ones', () => {
  it.each([
    ['a missing --tally-from file', ['--tally-from', '/nonexistent/tally.json']],
    ['--chunk-size 0', ['--trials', '1000', '--chunk-size', '0']],
    ['--chunk-size -1', ['--trials', '1000', '--chunk-size', '-1']],
  ])('%s', async (_name, extra) => {
    const r = await run([...MC, ...extra]);
    expect(r.code).toBe(2);
    expect(r.err).not.toContain('internal error');
  });
});

describe('errors are one line: input echoed into them is escaped', () => {
  it('a unit id with a newline and an ANSI escape', async () => {
    const r = await run(['mc', '--unit', 'german/4-6-7\n\u001b[31mX']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('german/4-6-7\\n\\u001b[31mX');
    expect(r.err).not.toContain('\u001b');
  });
  it('an unknown option with control characters', async () => {
    const r = await run(['mc', '--un\u0007it', 'x']);
    expect(r.code).toBe(2);
    expect(r.err).not.toContain('\u0007');
  });
  it('printableLine escapes C0, DEL, C1 and line separators JSON-style', () => {
    expect(printableLine('a\nb\tc\u001b[0m\u007f\u0085\u2028')).toBe('a\\nb\\tc\\u001b[0m\\u007f\\u0085\\u2028');
  });
});
