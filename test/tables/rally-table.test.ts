/**
 * `asl-odds table rally` (A10.6-10.64, A15.1). Oracles: `rallyExact` (what `asl-odds rally` prints)
 * and the 36 DRs counted by hand.
 */
import { describe, expect, it } from 'vitest';
import { rallyExact } from '../../src/queries/morale-query.js';
import { buildRallyTables, RALLY_TABLE_DRMS, RALLY_TABLE_MLS } from '../../src/tables/rally-table.js';

const set = buildRallyTables();
const grid = (id: string) => set.tables.find((t) => t.id === id)!;
const cell = (id: string, ml: number, drm: number) => grid(id).cells[RALLY_TABLE_MLS.indexOf(ml)][RALLY_TABLE_DRMS.indexOf(drm)]!;

describe('table rally', () => {
  it('has four grids (leader / Self-Rally, with and without DM) of broken ML 10..4 by DRM -3..+4', () => {
    expect(set.tables.map((t) => t.id)).toEqual(['leader', 'leader-dm', 'self-rally', 'self-rally-dm']);
    for (const t of set.tables) {
      expect(t.rows).toHaveLength(7);
      expect(t.columns).toEqual(['-3', '-2', '-1', '0', '+1', '+2', '+3', '+4']);
    }
  });

  it('by hand: broken ML 7, leader, DRM 0: rally on Original <= 7 = 21/36 (A10.6)', () => {
    expect(cell('leader', 7, 0).fraction).toBe('7/12');
  });

  it('by hand: broken ML 7, Self-Rally (+1), DRM 0: Original <= 6 = 15/36, no HoB after a Self-Rally', () => {
    expect(cell('self-rally', 7, 0).fraction).toBe('5/12');
  });

  it('equals asl-odds rally on sampled cells', () => {
    const r = rallyExact({ unit: 'german/4-6-7', overrides: { brokenML: 6 }, broken: true, dm: true, leaders: ['german/8-0'], drm: -2 });
    expect(cell('leader-dm', 6, -2).fraction).toBe(r.eventFractions!.rally);
    const s = rallyExact({ unit: 'german/4-6-7', overrides: { brokenML: 9 }, broken: true, selfRally: true, drm: 3 });
    expect(cell('self-rally', 9, 3).fraction).toBe(s.eventFractions!.rally);
  });

  it('DM is +4 (A10.62): the DM grid is the plain grid shifted by four columns', () => {
    for (const [plain, dm] of [
      ['leader', 'leader-dm'],
      ['self-rally', 'self-rally-dm'],
    ]) {
      for (const ml of RALLY_TABLE_MLS) {
        for (const drm of RALLY_TABLE_DRMS.filter((d) => d + 4 <= 4)) expect(cell(dm, ml, drm).fraction).toBe(cell(plain, ml, drm + 4).fraction);
      }
    }
  });

  it('properties: a higher broken ML never lowers P(rally); a larger DRM never raises it', () => {
    for (const t of set.tables) {
      for (let r = 0; r < t.rows.length; r++) {
        for (let c = 0; c < t.columns.length; c++) {
          const p = t.cells[r][c]!.probability;
          if (r > 0) expect(t.cells[r - 1][c]!.probability).toBeGreaterThanOrEqual(p);
          if (c > 0) expect(t.cells[r][c - 1]!.probability).toBeGreaterThanOrEqual(p);
        }
      }
    }
  });
});
