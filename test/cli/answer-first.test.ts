/**
 * Issue 13, "the player's answer first": every odds command's first lines answer its question in the
 * players' words (tested on the text output), and the small fixes it lists, each with a test.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from './buffer-io.js';

async function text(argv: string[]): Promise<string[]> {
  const io = bufferIO();
  expect(await runCli(argv, io)).toBe(0);
  return io.out.split('\n');
}

/** camelCase identifiers (event and setting keys) a player should never read. */
const IDENTIFIER = /\b[a-z]+[A-Z][A-Za-z]*\b/;

describe('the answer first: the first lines of every odds command', () => {
  it.each([
    ['mc', ['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--leader', 'german/8-1'], 'German 4-6-7 takes a 1MC: exact (every dice path)', /^ {2}passes \(not pinned\)\s+41\.7%\s+1 in 2\.4\s+5\/12$/],
    ['rally', ['rally', '--unit', 'german/4-6-7', '--leader', 'german/8-1', '--terrain', 'building'], 'German 4-6-7 tries to rally: exact (every dice path)', /^ {2}rallied \(Good Order again\)\s+\d/],
    ['attack', ['attack', '--fp', '8', '--drm', '1', '--target', 'german/9-1,german/4-6-7'], '8 FP (8 column) DRM +1 on German 9-1, German 4-6-7: exact (every dice path)', /^ {2}The stack:$/],
    ['rout', ['rout', '--unit', 'german/4-6-7', '--path', 'open,open'], 'German 4-6-7 routs along open,open: exact (every dice path)', /^ {2}arrives intact\s+22\.0%\s+1 in 4\.5\s+10285\/46656$/],
    ['integrity', ['integrity', '--losses', '1', '--leader', 'russian/9-1'], 'A Battlefield Integrity Check (losses 1, ELR 3): exact (every dice path)', /^ {2}ELR lost \(-1\)\s+2\.8%\s+1 in 36\s+1\/36$/], // A16.21 EX
    ['recovery', ['recovery', '--cx'], 'Recovering a SW or Gun: exact (every dice path)', /^ {2}recovered\s+66\.7%\s+1 in 1\.5\s+2\/3$/], // A4.44: dr < 6 at +1
  ])('%s', async (_, argv, first, second) => {
    const lines = await text(argv);
    expect(lines[0]).toBe(first);
    expect(lines[1]).toMatch(second);
    // The summary (up to the first blank line) speaks the players' words.
    const summary = lines.slice(0, lines.indexOf(''));
    for (const l of summary) expect(l, l).not.toMatch(IDENTIFIER);
  });

  it('attack: each unit broken / eliminated / pinned, at least one broken, leader lost, squads broken as "at least k"', async () => {
    const lines = await text(['attack', '--fp', '8', '--drm', '1', '--target', 'german/9-1,german/4-6-7,german/4-6-7', '--outcomes']);
    const head = lines.slice(0, lines.indexOf(''));
    for (const want of [/^ {4}at least one unit broken\s+43\.4%/, /^ {4}a leader lost \(eliminated or captured\)\s+0\.9%/, /^ {4}at least 1 squad broken\s+38\.3%/, /^ {4}at least 2 squads broken\s+11\.8%/, /^ {2}German 9-1:$/, /^ {2}each of the 2 German 4-6-7:$/, /^ {4}broken at the end\s+27\.5%/, /^ {4}eliminated or captured\s+/, /^ {4}pinned at the end\s+/]) {
      expect(head.some((l) => want.test(l)), String(want)).toBe(true);
    }
    // One unit wording everywhere: markers first, as mc prints them (issue 13: "9-1 broken wounded").
    // (A 9-1 wounded by a Casualty MC failed by more than ELR 3 is Replaced once he survives, A19.13,
    // which leaves the wounded stacks below the 40 rows of the text table: the CSV has every row.)
    const csv = await text(['attack', '--fp', '8', '--drm', '1', '--target', 'german/9-1,german/4-6-7,german/4-6-7', '--outcomes', '--format', 'csv']);
    expect(csv.some((l) => /broken, wounded 8-1/.test(l))).toBe(true);
    expect(csv.some((l) => /8-1 broken wounded|9-1 broken wounded/.test(l))).toBe(false);
    expect(lines.some((l) => /9-1 broken wounded/.test(l))).toBe(false);
    // 19-digit fractions are not printed in the text tables; a note says where they are.
    expect(lines.some((l) => /\d{16,}/.test(l))).toBe(false);
    expect(lines).toContain('Exact fractions longer than 15 characters are left out here: --json and --format csv have them.');
  });

  it('rout: says what "arrives" means where the number is shown (a pin in the last hex arrives)', async () => {
    const lines = await text(['rout', '--unit', 'german/4-6-7', '--path', 'open,open']);
    expect(lines.slice(0, 12).join('\n')).toContain('a pin in that last hex still counts as arriving');
  });
});

describe('issue 13 small fixes', () => {
  it('no arguments: the help on stderr and exit 2', async () => {
    const io = bufferIO();
    expect(await runCli([], io)).toBe(2);
    expect(io.err).toContain('Usage: asl-odds');
    expect(io.out).toBe('');
  });

  it('no "--help" states a default twice', async () => {
    for (const cmd of ['mc', 'rally', 'attack', 'rout', 'recovery', 'integrity', 'scenario', 'table', 'units', 'merge', 'bench', 'cc', 'vehicle']) {
      const io = bufferIO();
      await runCli([cmd, '--help'], io);
      const flat = io.out.replace(/\s+/g, ' ');
      for (const option of flat.split(/ (?=-{1,2}[a-z])/)) expect((option.match(/\(default/g) ?? []).length, `${cmd}: ${option}`).toBeLessThanOrEqual(1);
    }
  });

  it('units: a source column, as the help promises', async () => {
    const lines = await text(['units', '--nationality', 'german']);
    expect(lines[0]).toMatch(/\bconfidence\s+source$/);
    expect(lines.find((l) => l.startsWith('german/6-5-8'))).toMatch(/high\s+\S.*$/);
  });

  it('table integrity: no empty "Input:" line', async () => {
    const lines = await text(['table', 'integrity']);
    expect(lines).not.toContain('Input: ');
    expect(lines.some((l) => /^Input:\s*$/.test(l))).toBe(false);
  });

  it('table interdiction: the columns say what "2 hexes" and "arrives" mean', async () => {
    const lines = await text(['table', 'interdiction']);
    expect(lines.some((l) => l.includes('2 hexes = route open,open,clear; arrives = reaches the cover hex'))).toBe(true);
  });

  it('Japanese MMC: a note that Step Reduction (G1.12x) is not modelled', async () => {
    const lines = await text(['mc', '--unit', 'japanese/4-4-8', '--check', '1MC']);
    expect(lines.slice(0, 15).some((l) => l.startsWith('Note: Japanese Step Reduction (G1.12x) is not modelled'))).toBe(true);
    const german = await text(['mc', '--unit', 'german/4-6-7']);
    expect(german.some((l) => l.includes('Step Reduction'))).toBe(false);
  });

  it('--compare-exact: the agreement in the text, not only in --json', async () => {
    const lines = await text(['mc', '--unit', 'german/4-6-7', '--trials', '2e5', '--seed', 'a13', '--threads', '1', '--compare-exact', '--quiet']);
    expect(lines.some((l) => /^Monte Carlo (agrees|DISAGREES) with exact: largest \|z\| [\d.]+ over \d+ figures, chi-squared [\d.]+ on \d+ degrees of freedom, p-value [\d.]+$/.test(l))).toBe(true);
  });
});
