/**
 * `asl-odds attack` built from its firers (issue 40), typed as a player types it: the ledger in JSON
 * and as the text's first line, the answer equal to the same attack given by --fp/--drm, and bad or
 * contradictory input as one line naming the rule (exit 2).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO, expectRefused, runJson } from './buffer-io.js';

describe('asl-odds attack --firer ... (the fire attack builder)', () => {
  it('A7.31 EX as typed: 8 FP, the 8 column, the DRM ledger with rules, no Cowering (leader directs); same answer as --fp 8 --drm 1 --leader', async () => {
    const argv = ['attack', '--firer', 'german/5-4-8:pbf:assault,german/5-4-8:pbf:assault', '--advancing-fire', '--area-fire', '--terrain', 'wooden-building', '--hindrance', '1', '--leader', 'german/9-1', '--target', 'russian/4-4-7,russian/4-4-7'];
    const r = await runJson(argv);
    expect([r.fp, r.column, r.drm]).toEqual([8, 8, 2]);
    expect(r.fpLedger?.map((l) => [l.firer, l.fp, l.steps.map((s) => s.label)])).toEqual([
      ['german/5-4-8', 4, ['x2 PBF', '/2 AFPh', '/2 Area Fire', '+1 Assault Fire']],
      ['german/5-4-8', 4, ['x2 PBF', '/2 AFPh', '/2 Area Fire', '+1 Assault Fire']],
    ]);
    expect(r.drmLedger).toEqual([
      { label: 'TEM (wooden building)', drm: 2, rule: 'B23.71' },
      { label: 'hindrance', drm: 1, rule: 'A7.52' },
      { label: 'leader 9-1', drm: -1, rule: 'A7.531' },
    ]);
    expect(r.cowering).toEqual({ columns: 0, reason: 'no Cowering (leader directs, A7.9)' });
    expect(r.warnings).toEqual([]);
    const same = await runJson(['attack', '--fp', '8', '--drm', '3', '--leader', 'german/9-1', '--target', 'russian/4-4-7,russian/4-4-7']);
    expect(r.stackEventFractions).toEqual(same.stackEventFractions);
    const io = bufferIO();
    expect(await runCli(argv, io)).toBe(0);
    expect(io.out.split('\n')[0]).toBe(
      'Fire attack: 2 x 5-4-8: 5 x2 PBF = 10, /2 AFPh = 5, /2 Area Fire = 2.5, +1 Assault Fire -> 4 (FRU); total 8 -> 8 column; DRM +2 TEM (wooden building) +1 hindrance -1 leader 9-1 = +2; no Cowering (leader directs, A7.9)',
    );
  });
  it('a Green unit in the group cowers two columns: the same answer as --fp with --firer-class green', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7', '--firer', 'german/4-3-6', '--range', '3', '--target', 'russian/4-4-7']);
    expect([r.fp, r.column, r.cowering?.columns]).toEqual([8, 8, 2]);
    const same = await runJson(['attack', '--fp', '8', '--firer-class', 'green', '--target', 'russian/4-4-7']);
    expect(r.eventFractions).toEqual(same.eventFractions);
  });
  it('FFMO negated by a hindrance is said, in the ledger and as a warning; Long Range derived from --range', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7,german/lmg', '--range', '7', '--ffmo', '--ffnam', '--hindrance', '1', '--target', 'russian/4-4-7']);
    expect(r.fpLedger?.map((l) => l.fp)).toEqual([2, 3]);
    expect([r.fp, r.column, r.drm]).toEqual([5, 4, 0]);
    expect(r.warnings).toEqual(['FFMO dropped: negated by the hindrance (A4.6)']);
  });
  it("today's --firer <id> with --fp keeps working (Cowering from the firer)", async () => {
    const r = await runJson(['attack', '--fp', '4', '--firer', 'british/4-5-8', '--target', 'german/4-6-7']);
    expect(r.fpLedger).toBeUndefined();
    expect((r.input.firer as { class: string }).class).toBe('elite');
  });
  it('contradictions and bad input: one line naming the rule or the option, exit 2', async () => {
    const cases: [string[], string, RegExp][] = [
      [['--firer', 'german/4-6-7:tpbf:long-range'], 'input.firer', /A7.21, A7.22/],
      [['--firer', 'german/4-6-7', '--terrain', 'stone-building', '--ffmo'], 'input.ffmo', /not moving in Open Ground \(A4.6\)/],
      [['--firer', 'german/4-6-7', '--range', '13'], 'input.range', /twice its Normal Range, 12 hexes \(A7.22\)/],
      [['--fp', '8', '--firer', 'german/4-6-7:pbf'], 'input.fp', /--fp/],
      [['--fp', '8', '--terrain', 'woods'], 'input.drm', /--terrain/],
      [['--firer', 'german/4-6-7', '--advancing-fire', '--ffnam'], 'input.ffmo', /A8.13/],
    ];
    for (const [extra, code, message] of cases) {
      await expectRefused(['attack', ...extra, '--target', 'russian/4-4-7'], code, message);
    }
  });
  it('a pinned unit Assault Firing at Long Range: the rules drop Assault Fire, with a warning', async () => {
    const r = await runJson(['attack', '--firer', 'german/5-4-8:pinned:assault', '--range', '6', '--advancing-fire', '--target', 'russian/4-4-7']);
    expect(r.fp).toBe(0.625);
    expect(r.column).toBeNull();
    expect(r.warnings).toEqual(['german/5-4-8: Assault Fire dropped: NA at Long Range (A7.36)', 'total 0.625 FP is below the 1 column: no attack (A7.3)']);
    expect(r.stackEvents?.anyBroken).toBe(0);
  });
});
