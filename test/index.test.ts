/**
 * The public API (src/index.ts): the same answers as the CLI's `--json`, options checked once with
 * codes naming the field, Monte Carlo reproducible from the seed, stoppable by an AbortSignal, and the
 * odds tables by name with the CLI's option words.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { integrityOdds, mcOdds, oddsTable, recoveryOdds, routOdds, tableOptions, TABLE_NAMES } from '../src/index.js';
import { poolChunkRunner } from '../src/node.js';
import { bufferIO } from './cli/buffer-io.js';

async function cliJson(argv: string[]): Promise<unknown> {
  const io = bufferIO();
  expect(await runCli([...argv, '--json'], io)).toBe(0);
  return JSON.parse(io.out);
}

describe('asl-odds as a library', () => {
  it('answers as `asl-odds <command> --json` does', async () => {
    expect(await mcOdds({ unit: 'german/4-6-7', check: '1MC', leaders: ['german/8-1'] })).toEqual(
      await cliJson(['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--leader', 'german/8-1']),
    );
    expect(await routOdds({ unit: 'german/4-6-7', path: 'open,open' })).toEqual(await cliJson(['rout', '--unit', 'german/4-6-7', '--path', 'open,open']));
    // A16.21 EX: a Russian 9-1 as the best leader, the first loss: ELR lost on a Final DR >= 12, 1/36
    expect((await integrityOdds({ losses: 1, leader: 'russian/9-1' })).eventFractions?.elrLoss).toBe('1/36');
    expect((await recoveryOdds({ cx: true })).outcomes[0].fraction).toBe('2/3'); // A4.44: dr < 6 - 1
  });

  it('Monte Carlo: the same seed gives the same answer in this thread and on the pool', async () => {
    const o = { trials: 2_500_000, seed: 'lib' } as const;
    const one = await mcOdds({ unit: 'russian/4-4-7', check: '2MC' }, o);
    const two = await mcOdds({ unit: 'russian/4-4-7', check: '2MC' }, { ...o, threads: 2, runner: poolChunkRunner });
    expect(one.method).toBe('monte-carlo');
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    const random = await mcOdds({ unit: 'russian/4-4-7' }, { trials: 1000 });
    expect(random.seed).toMatch(/^[0-9a-f]{8}$/);
  });

  it('an aborted signal stops the run: the finished chunks are kept and marked interrupted', async () => {
    const stop = new AbortController();
    let calls = 0;
    const r = await mcOdds({ unit: 'german/4-6-7' }, { trials: 5 * 2 ** 21, seed: 'abort', signal: stop.signal, onProgress: () => ++calls === 1 && stop.abort() });
    expect(r.interrupted).toBe(true);
    expect(r.trials).toBe(2 ** 21);
    expect(r.trialsRequested).toBe(5 * 2 ** 21);
  });

  it('bad options reject with a code naming the field', async () => {
    await expect(mcOdds({ unit: 'german/4-6-7' }, { trials: 0 })).rejects.toMatchObject({ code: 'input.trials', exitCode: 2 });
    await expect(mcOdds({ unit: 'german/4-6-7' }, { trials: 10, threads: 1.5 })).rejects.toMatchObject({ code: 'input.threads' });
    await expect(mcOdds({ unit: 'german/4-6-7' }, { trials: 10, exact: true })).rejects.toMatchObject({ code: 'input.exact' });
    await expect(mcOdds({ unit: 'german/4-6-9' })).rejects.toMatchObject({ code: 'catalog.unknownUnit' });
  });

  it('odds tables by name, options as values or as the CLI writes them', async () => {
    expect(TABLE_NAMES).toContain('mc');
    expect(tableOptions('mc').map((o) => o.flags)).toContain('--elr <n>');
    const a = oddsTable('mc', { elr: 2 });
    expect(oddsTable('mc', { elr: '2' })).toEqual(a);
    expect(a).toEqual(await cliJson(['table', 'mc', '--elr', '2']));
    expect(oddsTable('ift', { firerClass: 'green', cower: false })).toEqual(await cliJson(['table', 'ift', '--firer-class', 'green', '--no-cower']));
    expect(() => oddsTable('mc', { elr: '9' })).toThrow(expect.objectContaining({ code: 'input.elr' }));
    expect(() => oddsTable('mc', { bogus: 1 })).toThrow(expect.objectContaining({ code: 'input.table' }));
    expect(() => oddsTable('nope')).toThrow(expect.objectContaining({ code: 'input.table' }));
  });
});
