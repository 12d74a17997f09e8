/**
 * `asl-odds table mc` (A10.1, A7.8, A10.31, A19.13): every cell is the `mc` question's chain, so the
 * oracles are `mcExact` (what `asl-odds mc` prints) and the 36 DRs counted by hand.
 */
import { describe, expect, it } from 'vitest';
import { mcExact } from '../../src/queries/morale-query.js';
import { buildMcTables, checkForModifier, MC_TABLE_MLS, MC_TABLE_MODIFIERS } from '../../src/tables/mc-table.js';
import type { GridTable, TableSet } from '../../src/tables/grid-table.js';

const set: TableSet = buildMcTables();
const grid = (id: string): GridTable => set.tables.find((t) => t.id === id)!;
/** The cell of ML `ml` and Final modifier `m`. */
const cell = (id: string, ml: number, m: number) => grid(id).cells[MC_TABLE_MLS.indexOf(ml)][MC_TABLE_MODIFIERS.indexOf(m)]!;

describe('table mc', () => {
  it('has five grids of ML 10..4 by Final modifier -3..+8', () => {
    expect(set.tables.map((t) => t.id)).toEqual(['pass', 'pinned', 'broken', 'replaced', 'disrupted']);
    for (const t of set.tables) {
      expect(t.rows).toEqual(['ML 10', 'ML 9', 'ML 8', 'ML 7', 'ML 6', 'ML 5', 'ML 4']);
      expect(t.columns).toEqual(['-3', '-2', '-1', '0', '+1', '+2', '+3', '+4', '+5', '+6', '+7', '+8']);
      expect(t.cells.every((r) => r.length === 12 && r.every((c) => c !== null))).toBe(true);
    }
    expect(set.input).toMatchObject({ unit: 'german/4-6-7', elr: 3 });
  });

  it('makes each modifier from NMC..4MC plus a DRM in [-3, +4]', () => {
    expect(checkForModifier(-3)).toEqual({ check: 'NMC', drm: -3 });
    expect(checkForModifier(0)).toEqual({ check: 'NMC', drm: 0 });
    expect(checkForModifier(3)).toEqual({ check: '3MC', drm: 0 });
    expect(checkForModifier(8)).toEqual({ check: '4MC', drm: 4 });
  });

  it('one column stands for every (#MC, DRM) with that sum: 2MC -1 = 1MC +0 = NMC +1 (A10.1 Final DR)', () => {
    const ways = [
      { check: '2MC', drm: -1 },
      { check: '1MC', drm: 0 },
      { check: 'NMC', drm: 1 },
    ].map((w) => mcExact({ unit: 'german/4-6-7', ...w }).eventFractions);
    expect(ways[1]).toEqual(ways[0]);
    expect(ways[2]).toEqual(ways[0]);
    expect(cell('pass', 7, 1).fraction).toBe(ways[0]!.pass);
  });

  it('equals asl-odds mc on sampled cells (the oracle is the mc command)', () => {
    for (const [ml, m] of [
      [4, -3],
      [7, 0],
      [8, 5],
      [10, 8],
    ] as const) {
      const { check, drm } = checkForModifier(m);
      const r = mcExact({ unit: 'german/4-6-7', overrides: { ml }, check, drm, elr: 3 });
      expect(cell('pass', ml, m).fraction).toBe(r.eventFractions!.pass);
      expect(cell('pinned', ml, m).fraction).toBe(r.eventFractions!.pin);
      expect(cell('broken', ml, m).fraction).toBe(r.eventFractions!.break);
      expect(cell('replaced', ml, m).fraction).toBe(r.eventFractions!.replacement);
      expect(cell('disrupted', ml, m).fraction).toBe(r.eventFractions!.disruption);
    }
  });

  it('by hand: ML 7, NMC: pass on Original 2-6 (15/36), pin on 7 (A7.8, 6/36)', () => {
    expect(cell('pass', 7, 0).fraction).toBe('5/12');
    expect(cell('pinned', 7, 0).fraction).toBe('1/6');
  });

  it('by hand: ML 7, ELR 3, +1: Replaced on Final DR >= 11, i.e. Original >= 10 (A19.13): 6/36', () => {
    expect(cell('replaced', 7, 1).fraction).toBe('1/6');
  });

  it('by hand: ML 10, -3: broken only by the Casualty MC on 12 (A10.31) or an HoB surrender (1/36 x 1/36)', () => {
    expect(cell('broken', 10, -3).fraction).toBe('37/1296');
  });

  it('properties: raising ML never lowers P(pass); a larger modifier never raises it', () => {
    const pass = grid('pass');
    for (let r = 0; r < pass.rows.length; r++) {
      for (let c = 0; c < pass.columns.length; c++) {
        const p = pass.cells[r][c]!.probability;
        if (r > 0) expect(pass.cells[r - 1][c]!.probability).toBeGreaterThanOrEqual(p); // the row above has a higher ML
        if (c > 0) expect(pass.cells[r][c - 1]!.probability).toBeGreaterThanOrEqual(p);
      }
    }
  });

  it('a lower ELR Replaces more often (A19.13)', () => {
    const elr2 = buildMcTables({ elr: 2 }).tables.find((t) => t.id === 'replaced')!;
    expect(elr2.cells[3][4]!.probability).toBeGreaterThan(cell('replaced', 7, 1).probability);
  });
});
