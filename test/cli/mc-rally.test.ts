/**
 * `asl-odds mc` and `asl-odds rally` in-process (commander's exitOverride and configureOutput into a
 * buffer CliIO): real values from `--json` against hand-computed oracles, `--help`, and bad input
 * (exit 2, one line on stderr, no stack trace).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { getUnit } from '../../src/counters/catalog.js';
import { ALL_DR, originalDR } from '../../src/dice/dice.js';
import type { OddsResult } from '../../src/result.js';
import { VERSION } from '../../src/version.js';
import { bufferIO, errorCodeOf, runJson } from './buffer-io.js';

/** Runs the CLI and parses its `--json` output. */

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** `n/36` reduced, as the engine prints fractions. */
function over36(n: number): string {
  const g = gcd(n, 36);
  return n === 0 ? '0' : `${n / g}/${36 / g}`;
}

function sumOf(r: OddsResult): number {
  return r.outcomes.reduce((s, o) => s + o.probability, 0);
}

describe('asl-odds mc --json', () => {
  it('A10.22 EX: a 9-1 with a 10-2 passes on DR <= 11 (35/36); Final DR == ML 9 (DR 11) pins: 1/18', async () => {
    const r = await runJson(['mc', '--unit', 'german/9-1', '--leader', 'german/10-2']);
    expect(r.command).toBe('mc');
    expect(r.method).toBe('exact');
    expect(r.input.leadershipDRM).toBe(-2);
    expect(r.input.totalDRM).toBe(-2);
    expect(r.eventFractions!.pass).toBe('11/12'); // DR 2..10: 33/36
    expect(r.eventFractions!.pin).toBe('1/18'); // DR 11: Final 9 == ML (A7.8)
    expect(r.events.pass! + r.events.pin!).toBeCloseTo(35 / 36, 12);
    expect(sumOf(r)).toBeCloseTo(1, 12);
  });

  it('A10.22 EX: a 9-2 instead of the 10-2 has no effect (same ML): pass or pin on DR <= 9, 5/6', async () => {
    const r = await runJson(['mc', '--unit', 'german/9-1', '--leader', 'german/9-2']);
    expect(r.input.leadershipDRM).toBe(0);
    expect(r.events.pass! + r.events.pin!).toBeCloseTo(30 / 36, 12);
  });

  it('german/4-6-7 1MC, ELR 3 (A10.1, A10.31, A19.13, A15.5): break = DR >= 7 (21/36) + HoB surrender (1/36 x 1/36)', async () => {
    const r = await runJson(['mc', '--unit', 'german/4-6-7', '--check', '1MC']);
    expect(r.input.totalDRM).toBe(1);
    expect(r.eventFractions!.pass).toBe('5/18'); // Final DR 2..6 = DR 2..5: 10/36
    expect(r.eventFractions!.pin).toBe('5/36'); // DR 6: Final 7 == ML
    expect(r.eventFractions!.break).toBe('757/1296'); // 21/36 + 1/1296
    expect(r.eventFractions!.replacement).toBe('1/6'); // Final DR - 7 > 3: DR 10..12, 6/36
    expect(r.eventFractions!.casualtyReduction).toBe('1/36'); // Original 12 (A10.31)
    expect(r.eventFractions!.heatOfBattle).toBe('1/36'); // Original 2 (A15.1)
    expect(sumOf(r)).toBeCloseTo(1, 12);
  });

  it('prints the table by default: the answer, header, concise Input line, outcome and event rows', async () => {
    const io = bufferIO();
    expect(await runCli(['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--leader', 'german/8-1'], io)).toBe(0);
    const lines = io.out.split('\n');
    expect(lines[0]).toBe('German 4-6-7 takes a 1MC: exact (every dice path)');
    const at = lines.indexOf(`asl-odds mc · rule set 2nd-edition · exact · v${VERSION}`);
    expect(at).toBeGreaterThan(3);
    expect(lines[at + 1]).toBe('Input: unit German 4-6-7 (ML 7, broken 7), check 1MC, leader German 8-1 (-1), total DRM 0, ELR 3, Known enemy in LOS');
    expect(io.out).toMatch(/^pinned\s+16\.7%\s+1 in 6\s+1\/6$/m); // DR 7 with 1MC - 1: 6/36
  });
});

describe('asl-odds rally --json', () => {
  it('A10.6, A10.61: broken 4-6-7 with an 8-1 (-1) in a building (-1) rallies on DR - 2 <= broken ML, never on an Original 12 (Fate)', async () => {
    const brokenML = getUnit('german/4-6-7').brokenML;
    const ways = ALL_DR.filter((dr) => originalDR(dr) !== 12 && originalDR(dr) - 2 <= brokenML).length;
    const r = await runJson(['rally', '--unit', 'german/4-6-7', '--leader', 'german/8-1', '--terrain', 'building']);
    expect(r.command).toBe('rally');
    expect(r.input.totalDRM).toBe(-2);
    expect(r.input.currentML).toBe(brokenML);
    expect(r.eventFractions!.rally).toBe(over36(ways)); // 30/36 = 5/6 with the catalog's broken ML 7
    expect(r.events.rally).toBeCloseTo(ways / 36, 12);
    expect(r.eventFractions!.casualtyReduction).toBe('1/36'); // Fate: Original 12 (A10.64)
    expect(sumOf(r)).toBeCloseTo(1, 12);
  });
});

describe('--help', () => {
  it.each([
    [['mc', '--help'], ['--unit <id>', '--check <check>', '--leader <id>', '--elr <n>', '--drm <n>', '--json', 'Examples:']],
    [['rally', '--help'], ['--unit <id>', '--self-rally', '--terrain <terrain>', '--dm', 'Examples:']],
    [['--help'], ['mc', 'rally', 'units']],
  ])('%j exits 0 and explains the options', async (argv, words) => {
    const io = bufferIO();
    expect(await runCli(argv, io)).toBe(0);
    for (const w of words) expect(io.out).toContain(w);
    expect(io.err).toBe('');
  });
});

describe('bad input: exit 2, exactly one line on stderr, no stack trace', () => {
  const unit = ['--unit', 'german/4-6-7'];
  it.each([
    ['unknown unit', ['mc', '--unit', 'german/4-6-9'], 'catalog.unknownUnit', /unknown unit 'german\/4-6-9'; closest: .*german\/4-6-8.*german\/4-6-7/],
    ['--elr 7', ['mc', ...unit, '--elr', '7'], 'commander.invalidArgument', /--elr.*\[0, 5\]/],
    ['--check 9MC', ['mc', ...unit, '--check', '9MC'], 'input.check', /--check.*9MC.*NMC, 1MC/],
    ['--drm 12', ['mc', ...unit, '--drm', '12'], 'commander.invalidArgument', /--drm.*\[-6, 6\]/],
    ['--terrain swamp', ['rally', ...unit, '--self-rally', '--terrain', 'swamp'], 'commander.invalidArgument', /--terrain.*swamp.*building/],
    ['--rules 3e', ['mc', ...unit, '--rules', '3e'], 'input.rules', /--rules.*'3e'.*2nd-edition, gi-anvil/],
    ['--setting nope=1', ['mc', ...unit, '--setting', 'nope=1'], 'input.setting', /unknown setting 'nope'/],
    ['--self-rally with a leader', ['rally', ...unit, '--self-rally', '--leader', 'german/8-1'], 'input.rally', /Self-Rally.*leader.*A10\.63/],
    ['rally without leader or Self-Rally', ['rally', ...unit], 'input.rally', /--leader.*--self-rally/],
    ['--ml 11', ['mc', ...unit, '--ml', '11'], 'commander.invalidArgument', /--ml.*\[2, 10\]/],
    ['unknown option, with a suggestion', ['mc', ...unit, '--jsn'], 'commander.unknownOption', /unknown option '--jsn' \(Did you mean --json\?\)/],
  ])('%s', async (_name, argv, code, message) => {
    const io = bufferIO();
    expect(await runCli(argv, io)).toBe(2);
    expect(await errorCodeOf(argv)).toBe(code);
    expect(io.out).toBe('');
    const lines = io.err.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(io.err.endsWith('\n')).toBe(true);
    expect(lines[0]).toMatch(/^asl-odds: error: /);
    expect(lines[0]).toMatch(message);
    expect(io.err).not.toMatch(/^ {4}at /m);
  });
});
