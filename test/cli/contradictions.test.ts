/**
 * Internal errors and contradictions a player can type (issue 42, section 5): each is refused with exit
 * 2 and one line naming the options and what is allowed, where it was an "internal error" or a silent
 * choice of one option over the other.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { vehicleQuery } from '../../src/queries/vehicle-query.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { errorCode } from '../rules/helpers.js';
import { bufferIO, errorCodeOf } from './buffer-io.js';

/** Runs the CLI as typed: exit 2, one line on stderr, nothing on stdout. Returns stderr. */
async function refused(argv: string[]): Promise<string> {
  const io = bufferIO();
  expect(await runCli(argv, io)).toBe(2);
  expect(io.err.split('\n').filter(Boolean)).toHaveLength(1);
  expect(io.err).not.toMatch(/internal error/);
  expect(io.out).toBe('');
  return io.err;
}

describe('user text never reaches an inherited name', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('vehicle --mg %s: unknown MG, with the MGs allowed', async (mg) => {
    expect(await refused(['vehicle', '--mg', mg])).toBe(`asl-odds: error: --mg: unknown MG '${mg}'; allowed: lmg, mmg, hmg, 50cal\n`);
    expect(await errorCodeOf(['vehicle', '--mg', mg])).toBe('input.mg');
  });
  it.each(['constructor', '__proto__', 'toString'])('a library caller\'s rule set %s is unknown (input.rules)', (id) => {
    expect(errorCode(() => getRuleSet(id as never))).toBe('input.rules');
    expect(getRuleSet('gi-anvil').id).toBe('gi-anvil');
  });
  it('the MGs themselves still work', () => {
    expect(vehicleQuery({ mg: '.50cal', range: 2 }).header.input).toMatchObject({ mg: '50cal' });
  });
});

describe('cc: a unit both pinned and broken (or Disrupted) is refused (A7.8: pinned is a Good Order state)', () => {
  it.each([
    [['--attacker-pinned', '1', '--attacker-broken', '1'], /--attacker-pinned and --attacker-broken both name position 1; give one/],
    [['--defender-pinned', '2', '--defender-disrupted', '2'], /--defender-pinned and --defender-disrupted both name position 2/],
  ])('%j', async (options, message) => {
    expect(await refused(['cc', '--attacker', 'german/4-6-7,german/8-1', '--defender', 'russian/4-4-7,russian/4-4-7', ...options])).toMatch(message);
  });
  it('pinned and broken on different units is a state, answered', async () => {
    const io = bufferIO();
    expect(await runCli(['cc', '--attacker', 'german/4-6-7,german/4-6-7', '--defender', 'russian/4-4-7', '--attacker-pinned', '1', '--attacker-broken', '2', '--json'], io)).toBe(0);
  });
});

describe('vehicle: options the attack excludes, given together, are refused with both named (A9.6, A9.61)', () => {
  it.each([
    [['--afv-kill', '--mg', 'mmg', '--range', '2'], 'input.afvKill', /--afv-kill needs --unarmored/],
    [['--fp', '4', '--armor', '1'], 'input.fp', /--fp needs --unarmored/],
    [['--afv-kill', '--fp', '4'], 'input.afvKill', /--afv-kill needs --unarmored/],
    [['--th', '8', '--range', '3'], 'input.th', /--th and --range exclude each other/],
    [['--unarmored', '--fp', '4', '--th-drm', '1'], 'input.thDrm', /--th-drm: no To Hit DR against an unarmored facing unless --afv-kill/],
  ])('%j', async (options, code, message) => {
    expect(await refused(['vehicle', ...options])).toMatch(message);
    expect(await errorCodeOf(['vehicle', ...options])).toBe(code);
  });
  it.each([
    [['--unarmored', '--afv-kill', '--fp', '4', '--mg', 'mmg', '--range', '2']],
    [['--th', '8', '--tk', '4', '--th-drm', '1']],
    [['--mg', 'hmg', '--range', '3', '--armor', '1']],
  ])('the README examples still answer: %j', async (options) => {
    const io = bufferIO();
    expect(await runCli(['vehicle', ...options, '--json'], io)).toBe(0);
  });
  it('the library refuses the same', () => {
    expect(errorCode(() => vehicleQuery({ th: 8, range: 3 }))).toBe('input.th');
  });
});

describe('table with no kind is a usage error listing the kinds', () => {
  it('asl-odds table', async () => {
    expect(await refused(['table'])).toBe('asl-odds: error: table: give a kind: mc, hob, rally, interdiction, integrity, ift, cc, vehicle; e.g. asl-odds table mc (asl-odds table --help describes each)\n');
  });
  it('asl-odds table ifft', async () => {
    expect(await refused(['table', 'ifft'])).toMatch(/table: unknown command 'ifft'; the kinds are mc, hob, rally/);
  });
  it('asl-odds table --help still helps (exit 0)', async () => {
    const io = bufferIO();
    expect(await runCli(['table', '--help'], io)).toBe(0);
    expect(io.out).toMatch(/interdiction/);
  });
});
