/**
 * A scenario's file and options checked before anything is said (issue 42, sections 2 and 5): each
 * mistake a player makes, typed as the player types it, gives exit 2 and ONE line naming the field and
 * what is allowed, with nothing printed before it (no seed line, no time estimate) and nothing run.
 */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { MAX_RECORD_GAMES } from '../../src/scenario/record.js';
import { SCENARIO_LIMITS } from '../../src/scenario/scenario-schema.js';
import { bufferIO } from './buffer-io.js';

const STALINGRAD = 'scenarios/stalingrad-factory-1942.yaml';
const TEXT = readFileSync(STALINGRAD, 'utf8');
let dir = '';

/** Writes `text` as `name` in the test's folder and returns its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Runs the CLI as typed; a failure must be exactly one line on stderr and nothing on stdout. */
async function run(argv: string[]): Promise<{ code: number; err: string }> {
  const io = bufferIO();
  const code = await runCli(argv, io);
  if (code !== 0) {
    expect(io.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(io.out).toBe('');
  }
  return { code, err: io.err };
}

/** Stalingrad with its first German stack's units replaced by `units` (a YAML flow list's items). */
function germanFirstStack(units: string): string {
  const text = TEXT.replace('units: [ "german/4-6-7 x3", "german/9-1" ]', `units: [ ${units} ]`);
  expect(text).not.toBe(TEXT);
  return text;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-scenario-input-'));
});

describe('a misspelled unit on a side with Battlefield Integrity is named, not counted (A16 comes after the ids)', () => {
  it.each([
    ['"american/6-6-5 x4"', /units\[0\]: unknown unit 'american\/6-6-5'; closest: american\/6-6-6/],
    ['"amercan/4-6-7 x3"', /unknown unit 'amercan\/4-6-7'; closest: .*german\/4-6-7/],
    ['"german/4-6-7 ×3"', /unknown unit 'german\/4-6-7 ×3'; closest: german\/4-6-7.*write a count with the letter x, e.g. 'german\/4-6-7 x3'/],
  ])('%s', async (line, message) => {
    // Without those three squads the German side holds 9.5 squad-equivalents: A16 would refuse it too.
    const r = await run(['scenario', file('misspelled.yaml', germanFirstStack(`${line}, "german/9-1"`))]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
  it('a side truly under ten squad-equivalents is still refused by A16', async () => {
    const r = await run(['scenario', file('small.yaml', germanFirstStack('"german/9-1"'))]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/battlefieldIntegrity: Battlefield Integrity is never used .* fewer than ten squad-equivalents \(A16\); this side begins with 9.5/);
  });
});

describe('every swept, balanced and calibrated value is checked before the seed line and the time estimate', () => {
  it.each([
    [['--sweep', 'turns=0,1'], /^asl-odds: error: --sweep turns=0: turns: expected an integer in \[1, 15\], got 0\n$/],
    [['--sweep', 'turns=1e300'], /--sweep turns=1e\+300: turns: expected an integer in \[1, 15\]/],
    [['--sweep', 'turns=6,7,16'], /--sweep turns=16: turns: expected an integer in \[1, 15\]/],
    [['--sweep', 'sides.length=0'], /--sweep sides.length: no 'length' in sides; expected a side id \(german, russian\)/],
    [['--balance', 'sides.length=2..4'], /--balance sides.length: no 'length' in sides/],
    [['--calibrate', 'sides.length=1..3', '--record', 'german=3,russian=2'], /--calibrate sides.length: no 'length' in sides/],
    [['--balance', 'sides.german.elr=2..7'], /--balance sides.german.elr=6: sides\[0\].elr: expected an integer in \[0, 5\], got 6/],
    [['--balance', 'german.elr=2..4'], /^asl-odds: error: --balance german.elr: no 'german' at the top of the scenario; did you mean sides.german.elr\?\n$/],
    [['--sweep', 'sides.german.fire.drm=0', '--sweep', 'sides.german.fire.drm=1'], /given twice/],
    [['--sweep', 'sides.german.stacks.0.__proto__=1'], /no '__proto__' in sides.german.stacks.0; expected one of name, terrain, units/],
    [['--sweep', 'sides.german.stacks.0.constructor=1'], /no 'constructor' in/],
    [['--balance', 'sides.german.battlefieldIntegrity=0..1'], /a flag \(true\/false\), not a number/],
    [['--sweep', `turns=${Array.from({ length: 42 }, (_, i) => (i % 15) + 1).join(',')}`], /42 values; at most 41/],
  ])('%j', async (options, message) => {
    // No --seed: a seed line would be printed first if anything ran.
    const r = await run(['scenario', STALINGRAD, ...options]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/seed:|expected time/);
  });
  it('--sweep never blamed for --balance: the option the player gave is named', async () => {
    const r = await run(['scenario', STALINGRAD, '--balance', 'sides.german.nope=1..2']);
    expect(r.err).toMatch(/^asl-odds: error: --balance sides.german.nope: no 'nope' in sides.german; expected one of id, name, /);
  });
});

describe('--record: each side once, at most a stated number of games', () => {
  it.each([
    [['--record', 'american=99999999999999999999,german=1'], /'american' is not a side of the scenario/],
    [['--record', 'russian=99999999999999999999,german=1'], new RegExp(`--record russian=99999999999999999999: at most ${MAX_RECORD_GAMES} games`)],
    [['--record', 'russian=6000,german=6000'], new RegExp(`--record: 12000 games; at most ${MAX_RECORD_GAMES}`)],
    [['--record', 'german=31,german=19'], /--record: 'german' given twice; give each side's wins once/],
    [['--record', 'german=31,russian=19,german=2'], /'german' given twice/],
  ])('%j', async (options, message) => {
    const r = await run(['scenario', STALINGRAD, '--trials', '256', ...options]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('a scenario is bounded before anything runs (docs/scenarios.md "How a file is checked")', () => {
  it(`a stack of more than ${SCENARIO_LIMITS.unitsPerStack} counters`, async () => {
    const r = await run(['scenario', file('stack.yaml', germanFirstStack('"german/4-6-7 x30", "german/4-6-7 x30", "german/9-1"'))]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/stack.yaml:\d+: sides\[0\].stacks\[0\].units: 61 counters in one stack; at most 60/);
  });
  it('one YAML anchor of 50,000 counters reused by another stack: refused on the list lengths, before the schema reads them', async () => {
    const big = `units: &big [${Array.from({ length: 50_000 }, () => 'german/4-6-7').join(', ')}]`;
    const text = TEXT.replace('units: [ "german/4-6-7 x3", "german/9-1" ]', big).replace('units: [ "german/4-6-7 x3", "german/8-1" ]', 'units: *big');
    const t = performance.now();
    const r = await run(['scenario', file('anchor.yaml', text)]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/sides\[0\].stacks\[0\].units: 50000 unit lines in one stack; at most 60 counters/);
    expect(performance.now() - t).toBeLessThan(20_000);
  });
  it(`more than ${SCENARIO_LIMITS.unitsPerSide} counters on a side`, async () => {
    const stacks = Array.from({ length: 25 }, (_, i) => `      - name: s${i}\n        terrain: open\n        units: [ "german/4-6-7 x30", "german/4-6-7 x30" ]`).join('\n');
    const r = await run(['scenario', file('side.yaml', TEXT.replace('    reinforcements:', `${stacks}\n    reinforcements:`))]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/sides\[0\]: 1519 counters on one side \(on board and reinforcements together\); at most 1500/);
  });
  it('a file over 1 MiB is refused without being parsed', async () => {
    const r = await run(['scenario', file('large.yaml', `${TEXT}\n# ${'x'.repeat(SCENARIO_LIMITS.fileBytes)}\n`)]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/large.yaml: the file has \d+ bytes; at most 1 MiB are read/);
  });
  it('a link to /dev/urandom named .yaml is refused before it is read', async () => {
    const link = join(dir, 'random.yaml');
    symlinkSync('/dev/urandom', link);
    const r = await run(['scenario', link]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/random.yaml: not a regular file \(a device, pipe or socket\)/);
  });
  it('a directory named .yaml', async () => {
    const r = await run(['scenario', dir.replace(/$/, '') + '/']);
    expect(r.code).toBe(2);
  });
});
