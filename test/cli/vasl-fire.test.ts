/**
 * Fire from a VASL Location, as a player types it, on the real Hazmo save. Oracles: kehannan/ruleschat
 * (MIT) tests/test_attack_resolver.py on the same save, each case named below; the same question typed
 * by hand gives the same odds; the rules the answer cites (A7.21 PBF and units in Melee, A7.22 Long Range
 * and out of range, A7.36 Assault Fire, A7.53 the directing leader, A4.431/A4.44 SW possession, B27.3 the
 * Foxhole's TEM).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from './buffer-io.js';

const F = new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url).pathname;

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = bufferIO();
  const code = await runCli(argv, io);
  return { code, out: io.out, err: io.err };
}
const json = async (argv: string[]) => {
  const r = await run([...argv, '--json']);
  expect(r.code, r.err).toBe(0);
  return { ...JSON.parse(r.out), stderr: r.err };
};
const ledger = (j: { fpLedger: { firer: string; fp: number; steps: { label: string }[] }[] }) => j.fpLedger.map((l) => [l.firer, l.fp, l.steps.map((s) => s.label)]);

describe('attack --vasl --from: the firing Location (ruleschat test_attack_resolver.py on the same save)', () => {
  it('test_hazmo_h9_prep_fires_at_h8: the Finnish 6-4-8 and its LMG (r) at range 1: 16 FP, the 16 column, DRM +2 (the Foxhole at H8); the abandoned Russian 50* MTR does not fire', async () => {
    const j = await json(['attack', '--vasl', F, '--at', '57-H8', '--from', '57-H9']);
    expect([j.fp, j.column, j.drm]).toEqual([16, 16, 2]);
    expect(ledger(j)).toEqual([
      ['finnish/6-4-8', 12, ['x2 PBF']],
      ['russian/lmg', 4, ['x2 PBF']],
    ]);
    expect(j.drmLedger).toEqual([{ label: 'TEM (foxhole)', drm: 2, rule: 'B27.3' }]);
    expect(j.input).toMatchObject({ gameFile: 'Hazmo-52-After-Finn-4.vsav', location: '57-H8', from: '57-H9', range: '1' });
    expect(j.input.leftOut).toEqual(['57-H9: 50* MTR: not possessed (no unit under it in the stack): it must be Recovered first (A4.44)']);
    expect(j.stderr).toContain('LMG (r) of finnish/6-4-8 fires as russian/lmg: 2 FP, Normal Range 6');
    expect(j.stderr).toContain('range 1, computed from the map: PBF (x2, A7.21)');
    // The same attack typed by hand.
    const byHand = await json(['attack', '--firer', 'finnish/6-4-8:pbf,russian/lmg:pbf', '--range', '1', '--terrain', 'foxhole', '--target', 'russian/8-0,russian/4-4-7']);
    expect(j.stackEvents).toEqual(byHand.stackEvents);
  });

  it('test_hazmo_h9_advancing_fire_applies_assault_fire: in the AFPh, 12 /2 +1 Assault Fire = 7 and the LMG 2 (a SW has no Assault Fire): 9 FP on the 8 column, DRM +2', async () => {
    const j = await json(['attack', '--vasl', F, '--at', '57-H8', '--from', '57-H9', '--advancing-fire']);
    expect([j.fp, j.column, j.drm]).toEqual([9, 8, 2]);
    expect(ledger(j)).toEqual([
      ['finnish/6-4-8', 7, ['x2 PBF', '/2 AFPh', '+1 Assault Fire']],
      ['russian/lmg', 2, ['x2 PBF', '/2 AFPh']],
    ]);
  });

  it('test_hazmo_prep_fire_regression_no_assault_fire: Prep Fire has no Assault Fire step', async () => {
    const j = await json(['attack', '--vasl', F, '--at', '57-H8', '--from', '57-H9']);
    expect(j.fpLedger.flatMap((l: { steps: { label: string }[] }) => l.steps.map((s) => s.label))).not.toContain('+1 Assault Fire');
  });

  it('57-H10 at 57-G3, range 8: the 8-3-8 (Normal Range 3) cannot fire beyond 6 hexes, the 9-1 and 6-4-8 are broken: no attack (A7.22), one line, exit 2', async () => {
    const r = await run(['attack', '--vasl', F, '--at', '57-G3', '--from', '57-H10']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain('--from 57-H10: no unit there can fire at range 8');
    expect(r.err).toContain('finnish/8-3-8 (unit 1): out of range: range 8, Normal Range 3, at most 6 hexes (A7.22)');
    expect(r.err).toContain('finnish/6-4-8 (unit 3): broken, does not fire');
  });

  it('57-G3 at 57-H9 (range 7): every unit counted: both 4-4-7 at Long Range, the LMG at Long Range, the MMG in range, the 7-0 directing (A7.53)', async () => {
    const j = await json(['attack', '--vasl', F, '--at', '57-H9', '--from', '57-G3']);
    expect(ledger(j)).toEqual([
      ['russian/4-4-7', 2, ['/2 Long Range']],
      ['russian/4-4-7', 2, ['/2 Long Range']],
      ['russian/lmg', 1, ['/2 Long Range']],
      ['russian/mmg', 4, []],
    ]);
    expect([j.fp, j.column]).toEqual([9, 8]);
    expect(j.input.directingLeader).toMatchObject({ id: 'russian/7-0' });
    expect(j.drmLedger).toContainEqual({ label: 'leader 7-0', drm: 0, rule: 'A7.531' });
  });

  it('test_cross_board_range_warns: across boards the range is computed, not guessed: 69-H1 to 57-H8 is 3 (H1, the shared half hex H0/H10, H9, H8); the pinned 6-4-8 fires 6 /2 = 3 FP (A7.8)', async () => {
    const j = await json(['attack', '--vasl', F, '--at', '57-H8', '--from', '69-H1']);
    expect(j.input).toMatchObject({ from: '69-H1', range: '3' });
    expect(ledger(j)).toEqual([['finnish/6-4-8', 3, ['/2 pinned']]]);
    expect([j.column, j.drm]).toEqual([2, 2]);
  });

  it('the player overrides the range, and the leader', async () => {
    const j = await json(['attack', '--vasl', F, '--at', '57-H8', '--from', '57-H9', '--range', '2']);
    expect([j.fp, j.input.range]).toEqual([8, '2']);
    const k = await json(['attack', '--vasl', F, '--at', '57-H9', '--from', '57-G3', '--leader', 'russian/9-1']);
    expect(k.drmLedger).toContainEqual({ label: 'leader 9-1', drm: -1, rule: 'A7.531' });
  });

  it('with --fp the FP is the player\'s: the Location gives the Cowering and the leader, no firer list', async () => {
    const j = await json(['attack', '--vasl', F, '--at', '57-H9', '--from', '57-G3', '--fp', '8', '--drm', '2']);
    expect(j.input.attacks).toEqual(['8 FP (8 column) DRM +2 directed by russian/7-0']);
    expect(j.fpLedger).toBeUndefined();
    expect(j.input.directingLeader).toMatchObject({ id: 'russian/7-0' });
  });
});

describe('a Melee Location holds two sides, never mixed (57-G9: a Finnish HS against a Commissar and a Russian HS)', () => {
  it('its units do not fire out of it (A7.21)', async () => {
    const r = await run(['attack', '--vasl', F, '--at', '57-H8', '--from', '57-G9']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--from 57-G9: its units are in Melee \(Finnish and Russian\); units in Melee do not fire out of it \(A7\.21\)/);
  });
  it('fire into it is not one side\'s stack: refused, naming both sides', async () => {
    const r = await run(['attack', '--vasl', F, '--at', '57-G9', '--from', '57-H9']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--at 57-G9: a Melee Location \(Finnish and Russian units in CC\)/);
  });
  it('mc of the Finnish HS: the Russian Commissar is not his leader (A10.7)', async () => {
    const board = await json(['mc', '--vasl', F, '--at', '57-G9', '--unit', '1', '--check', '1MC']);
    const byHand = await json(['mc', '--unit', 'finnish/2-4-8', '--check', '1MC']);
    expect(board.outcomes).toEqual(byHand.outcomes);
    expect(board.input.leaders ?? []).toEqual([]);
  });
  it('mc of the Russian HS: the Commissar with him lends his DRM', async () => {
    const board = await json(['mc', '--vasl', F, '--at', '57-G9', '--unit', '3', '--check', '1MC']);
    const byHand = await json(['mc', '--unit', 'russian/2-3-7', '--leader', 'russian/commissar-10-0', '--check', '1MC']);
    expect(board.outcomes).toEqual(byHand.outcomes);
  });
});

describe('plan --vasl --from <hex>,<hex>: the firers of several Locations, each at its own range', () => {
  it('57-H9 (range 1: PBF) and 57-H10 (range 2) at 57-H8: the 6-4-8 and its LMG with PBF, the 8-3-8 without; the broken 9-1 and 6-4-8 left out', async () => {
    const r = await run(['plan', '--vasl', F, '--at', '57-H8', '--from', '57-H9,57-H10', '--objective', 'nmc', '--json']);
    expect(r.code, r.err).toBe(0);
    const c = JSON.parse(r.out);
    expect(c.input).toMatchObject({ location: '57-H8', from: '57-H9, 57-H10', range: '1, 2' });
    expect(c.input.leftOut).toContain('57-H10: finnish/9-1 (unit 2): broken, does not fire');
    const one = c.plans.find((p: { groups: string[][] }) => p.groups.length === 1);
    expect(one.groups[0]).toEqual(['finnish/6-4-8:pbf', 'finnish/8-3-8', 'russian/lmg:pbf']);
    expect(one.attacks[0]).toMatchObject({ fp: 24, column: 24, drm: 2 });
  });
});
