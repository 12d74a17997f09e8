/**
 * `asl-odds cc` and `asl-odds vehicle` in-process: `--json` values, the table, `--report`, and bad input
 * (exit 2, one line naming the option, no stack trace).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO, errorCodeOf, runJson } from './buffer-io.js';

describe('asl-odds cc', () => {
  it('--json: events, per-unit rows, the odds of each side (A11.11)', async () => {
    const r = await runJson(['cc', '--attacker', 'german/4-6-7,german/4-6-7', '--defender', 'russian/4-4-7']);
    expect(r.command).toBe('cc');
    expect(r.eventFractions?.defenderEliminated).toBe('5/12');
    expect(r.units?.length).toBe(3);
    expect(r.input.attackerAttack).toBe('2-1, Kill Number 7');
  });
  it('prints the table with the per-unit section', async () => {
    const io = bufferIO();
    expect(await runCli(['cc', '--attacker', 'german/4-6-7,german/8-1', '--defender', 'russian/4-4-7', '--ambush', 'attacker'], io)).toBe(0);
    expect(io.out.split('\n')[0]).toBe('Close Combat (A11): ATTACKER 1-1, Kill Number 5; DEFENDER 1-2, Kill Number 4: exact (every dice path)'); // the answer first (issue 13), with its odds column and Kill Number (issue 38)
    expect(io.out.split('\n')[1]).toMatch(/^WARNING: ATTACKER's Ambush -2 \[A11.4, low\] rests on a low-confidence value/); // the low-confidence Ambush DRM, before any figure
    expect(io.out.split('\n')[2]).toMatch(/^ {2}every defender eliminated\s+\d/);
    expect(io.out).toContain("Note: ATTACKER's attack: 5 FP vs 4 FP: 1-1, black Kill Number 5 [A11.11 CCT, medium-high]; SMC: CC FP 1 [A11.14, medium-high]; leadership German 8-1 -1 [A11.141, medium-high]; Ambush -2 [A11.4, low]; total DRM -3.");
    expect(io.out).toMatch(/^asl-odds cc · rule set 2nd-edition · exact/m);
    expect(io.out).toContain('Melee (both sides remain)');
    expect(io.out).toContain('DEFENDER Russian 4-4-7');
  });
  it('--report writes the report files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-cc-'));
    try {
      const io = bufferIO();
      expect(await runCli(['cc', '--attacker', 'german/4-6-7', '--defender', 'russian/4-4-7', '--report', dir], io)).toBe(0);
      expect((await readdir(dir)).sort()).toEqual(expect.arrayContaining(['cc.json', 'cc.txt', 'cc.svg', 'index.html']));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  it.each([
    [['cc', '--attacker', 'german/4-7-7', '--defender', 'russian/4-4-7'], 'catalog.unknownUnit'],
    [['cc', '--attacker', 'german/4-6-7', '--defender', 'russian/4-4-7', '--attacker-drm', '9'], 'commander.invalidArgument'],
    [['cc', '--attacker', 'german/4-6-7', '--defender', 'russian/4-4-7', '--ambush', 'both'], 'commander.invalidArgument'],
    [['cc', '--attacker', 'german/4-6-7', '--defender', 'russian/4-4-7', '--attacker-pinned', '3'], 'input.attacker'],
    [['cc', '--attacker', 'german/4-6-7', '--defender', 'russian/4-4-7', '--defender-wounded', '1'], 'input.defender'],
    [['cc', '--attacker', 'german/4-6-7'], 'commander.missingMandatoryOptionValue'],
    [['cc', '--attacker', 'german/4-6-7', '--defender', 'russian/4-4-7', '--setting', 'ccAmbushDRM=9'], 'input.setting'],
  ])('%j -> %s, one line on stderr', async (argv, code) => {
    expect(await errorCodeOf(argv as string[])).toBe(code);
    const io = bufferIO();
    expect(await runCli(argv as string[], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).not.toMatch(/\bat .*\.js/);
  });
});

describe('asl-odds vehicle', () => {
  it('--json: a given To Hit and Kill Number (A9.61)', async () => {
    const r = await runJson(['vehicle', '--th', '7', '--tk', '4', '--breakdown', '13']);
    expect(r.eventFractions?.hit).toBe('7/12');
    expect(r.eventFractions?.killed).toBe('7/144');
  });
  it('Monte Carlo with --compare-exact agrees', async () => {
    const r = await runJson(['vehicle', '--mg', 'mmg', '--range', '2', '--trials', '100000', '--seed', 's1', '--threads', '1', '--compare-exact', '--quiet']);
    expect(r.method).toBe('monte-carlo');
    expect(r.comparison!.maxAbsZ).toBeLessThan(4.5);
  });
  it.each([
    [['vehicle', '--fire-group'], 'input.fireGroup'],
    [['vehicle', '--mg', 'lmg', '--range', '9'], 'input.range'],
    [['vehicle', '--mg', 'flak'], 'input.mg'],
    [['vehicle', '--unarmored'], 'input.fp'],
    [['vehicle', '--th', '14'], 'commander.invalidArgument'],
  ])('%j -> %s, one line on stderr', async (argv, code) => {
    expect(await errorCodeOf(argv as string[])).toBe(code);
    const io = bufferIO();
    expect(await runCli(argv as string[], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
  });
});

describe('cc and vehicle --help', () => {
  it.each([
    [['cc', '--help'], ['--attacker <ids>', '--defender <ids>', '--ambush <side>', '--hand-to-hand', '--attacker-disrupted', 'Examples:']],
    [['vehicle', '--help'], ['--th <n>', '--tk <n>', '--armor <af>', '--unarmored', '--afv-kill', '--breakdown <n>', 'Examples:']],
    [['table', 'cc', '--help'], ['--rules <set>']],
    [['table', 'vehicle', '--help'], ['--breakdown <n>']],
  ])('%j exits 0 and explains the options', async (argv, words) => {
    const io = bufferIO();
    expect(await runCli(argv, io)).toBe(0);
    for (const w of words) expect(io.out).toContain(w);
  });
});
