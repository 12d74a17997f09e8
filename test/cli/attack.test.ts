/**
 * `asl-odds attack` in-process (buffer CliIO): `--json` values against hand-computed oracles (A10.2
 * EX, docs/rules-notes.md §3 PTC oracle), the table's unit and stack sections, and bad input (exit 2, one line
 * naming the option, no stack trace).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO, errorCodeOf, runJson } from './buffer-io.js';


describe('asl-odds attack --json', () => {
  it('A10.2 EX (1KIA on 9-1, 6-5-8, 4-6-7): units in target order, leaderLost 91/216, the SS never Reduced', async () => {
    const r = await runJson(['attack', '--result', '1KIA', '--target', 'german/9-1,german/6-5-8,german/4-6-7', '--outcomes']);
    expect(r.command).toBe('attack');
    expect(r.units?.map((u) => u.id)).toEqual(['german/9-1', 'german/6-5-8', 'german/4-6-7']);
    expect(r.units?.map((u) => u.position)).toEqual([1, 2, 3]);
    expect(r.stackEventFractions?.leaderLost).toBe('91/216');
    expect(r.stackEvents?.allEliminated).toBeCloseTo(1 / 36, 12);
    expect(r.units?.[1].eventFractions?.casualtyReduction).toBe('0');
    expect(Object.keys(r.stackEvents ?? {})).toEqual(['anyBroken', 'allEliminated', 'leaderLost', 'expectedSquadsBroken', 'expectedSquadsEliminated']);
    expect(r.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    // Each unit's final status is a partition; "at least k" rows run k = 0.5 .. 2 (two squads) and their
    // sum times 0.5 is the expectation.
    for (const u of r.units ?? []) expect(Object.values(u.finalStatus ?? {}).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(r.squadsEliminated?.map((x) => x.squads)).toEqual([0.5, 1, 1.5, 2]);
    for (const [rows, e] of [[r.squadsBroken, r.stackEvents?.expectedSquadsBroken], [r.squadsEliminated, r.stackEvents?.expectedSquadsEliminated]] as const) {
      expect((rows ?? []).reduce((s, x) => s + 0.5 * x.atLeast, 0)).toBeCloseTo(e ?? NaN, 12);
    }
    // 1KIA: the unit Random Selection picks is eliminated (A7.301): one of the two squads 2 times in 3.
    expect(r.squadsEliminated?.[1].atLeast).toBeGreaterThanOrEqual(2 / 3 - 1e-12);
  });
  it('docs/rules-notes.md §3: PTC on a 9-1 and a 4-6-8 (leader first; squad gets -1 only while he is unpinned)', async () => {
    const r = await runJson(['attack', '--result', 'PTC', '--target', 'german/9-1,german/4-6-8', '--outcomes']);
    const by = Object.fromEntries(r.outcomes.map((o) => [o.state, o.fraction]));
    expect(by).toEqual({ '9-1, 4-6-8': '25/36', '9-1, pinned 4-6-8': '5/36', 'pinned 9-1, 4-6-8': '13/108', 'pinned 9-1, pinned 4-6-8': '5/108' });
    expect(r.units?.[0].eventFractions?.pin).toBe('1/6'); // (156 + 60) / 1296
  });
  it('records the attacks, with the directing leader, and later attacks in order', async () => {
    const r = await runJson(['attack', '--fp', '8', '--drm', '1', '--leader', 'german/9-1', '--target', 'german/4-6-7', '--then', '6:0:fire-lane', '--then', '4:-1:snap-shot']);
    expect(r.input.attacks).toEqual([
      '8 FP (8 column) DRM 0 directed by german/9-1',
      '6 FP Fire Lane Residual (4 column) DRM 0',
      '4 FP Snap Shot (Area Fire 2 FP) (2 column) DRM -1',
    ]);
    expect(r.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 10);
  });
  it('target markers by position: a broken 4-6-7 failing a NMC is Reduced (A10.3)', async () => {
    const r = await runJson(['attack', '--result', 'NMC', '--target', 'german/4-6-7,german/4-6-7', '--target-broken', '2']);
    expect(r.input.targets).toEqual(['german/4-6-7', 'german/4-6-7 broken']);
    expect(r.units?.[0].eventFractions?.casualtyReduction).toBe('1/36'); // Casualty MC only
    expect(r.units?.[1].events.casualtyReduction).toBeGreaterThan(0.25);
  });
  it('a single attack is summarized without the joint distribution unless --outcomes: same figures', async () => {
    const argv = ['attack', '--fp', '8', '--drm', '1', '--target', 'german/9-1,german/4-6-7,german/2-4-7'];
    const summary = await runJson(argv);
    const joint = await runJson([...argv, '--outcomes']);
    expect(summary.outcomesOmitted).toBe(true);
    expect(summary.outcomes).toEqual([]);
    expect(joint.outcomesOmitted).toBeUndefined();
    expect(joint.outcomes.length).toBeGreaterThan(10);
    for (const k of ['units', 'stackEventFractions', 'squadsBroken', 'squadsEliminated', 'eventFractions'] as const) expect(summary[k]).toEqual(joint[k]);
  });
});

describe('asl-odds attack table', () => {
  it('opens with the stack and each unit (A10.2 EX: leader lost 91/216), then the outcomes, per-unit events and the stack events', async () => {
    const io = bufferIO();
    expect(await runCli(['attack', '--result', '1KIA', '--target', 'german/9-1,german/6-5-8,german/4-6-7', '--outcomes'], io)).toBe(0);
    const lines = io.out.split('\n');
    expect(lines[0]).toBe('Fixed IFT result 1KIA on German 9-1, German 6-5-8, German 4-6-7: exact (every dice path)');
    expect(lines[1]).toBe('  The stack:');
    expect(lines[3]).toMatch(/^ {4}a leader lost \(eliminated or captured\)\s+42\.1%\s+1 in 2\.4\s+91\/216$/);
    expect(lines.slice(0, 25)).toContain('  German 9-1:');
    expect(io.out).toMatch(/^asl-odds attack · rule set 2nd-edition · exact/m);
    expect(io.out).toContain('eliminated 9-1, broken 6-5-8, broken 2-4-7');
    expect(io.out).toMatch(/1 German 9-1\s+eliminated\s+42\.1%/);
    expect(io.out).toMatch(/^a leader lost \(eliminated or captured\)\s+42\.1%/m);
    expect(io.out).toMatch(/squads broken, on average \(a HS or crew counts 1\/2\)\s+1\.055/);
    expect(io.out).not.toMatch(/casualtyReduction|anyBroken|leaderLost/); // players' words only
  });
  it('--help names the options and exits 0', async () => {
    const io = bufferIO();
    expect(await runCli(['attack', '--help'], io)).toBe(0);
    for (const o of ['--fp', '--target', '--then', '--result', '--leader', '--firer', '--target-broken', '--fire-lane', '--snap-shot']) expect(io.out).toContain(o);
  });
});

describe('asl-odds attack: bad input is one line, exit 2', () => {
  const cases: [string, string[], string, RegExp][] = [
    ['unknown target id', ['attack', '--fp', '8', '--target', 'german/4-7-7'], 'catalog.unknownUnit', /unknown unit 'german\/4-7-7'/],
    ['no FP and no result', ['attack', '--target', 'german/4-6-7'], 'input.fp', /--fp/],
    ['FP with a fixed result', ['attack', '--fp', '8', '--result', '1MC', '--target', 'german/4-6-7'], 'input.result', /--result/],
    ['unknown result', ['attack', '--result', 'K/9', '--target', 'german/4-6-7'], 'input.result', /--result: unknown IFT result 'K\/9'/],
    ['bad --then', ['attack', '--fp', '8', '--target', 'german/4-6-7', '--then', '6-fire-lane'], 'input.then', /--then: expected <fp>:<drm>/],
    ['position out of range', ['attack', '--fp', '8', '--target', 'german/4-6-7', '--target-broken', '2'], 'input.targetPosition', /--target-broken: expected positions 1\.\.1/],
    ['leader on a Fire Lane', ['attack', '--fp', '6', '--fire-lane', '--leader', 'german/9-1', '--target', 'german/4-6-7'], 'input.leader', /Fire Lane/],
    ['two kinds', ['attack', '--fp', '6', '--fire-lane', '--snap-shot', '--target', 'german/4-6-7'], 'input.kind', /at most one kind/],
    ['a squad as leader', ['attack', '--fp', '6', '--leader', 'german/4-6-7', '--target', 'german/4-6-7'], 'input.leader', /not a leader/],
    ['wounded MMC', ['attack', '--fp', '6', '--target', 'german/4-6-7', '--target-wounded', '1'], 'input.wounded', /only a SMC/],
    ['too many attacks', ['attack', '--fp', '6', '--target', 'german/4-6-7', '--then', '1:0,1:0,1:0,1:0'], 'input.then', /at most 4 attacks/],
    ['FP 0', ['attack', '--fp', '0', '--target', 'german/4-6-7'], 'commander.invalidArgument', /--fp/],
  ];
  for (const [name, argv, code, message] of cases) {
    it(`${name}: ${code}`, async () => {
      expect(await errorCodeOf(argv)).toBe(code);
      const io = bufferIO();
      expect(await runCli(argv, io)).toBe(2);
      expect(io.out).toBe('');
      expect(io.err).toMatch(message);
      expect(io.err.trim().split('\n')).toHaveLength(1);
      expect(io.err).not.toMatch(/\bat .*\.ts:/);
    });
  }
});
