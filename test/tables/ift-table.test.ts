import { describe, expect, it } from 'vitest';
import { attackQuery } from '../../src/queries/attack-query.js';
import { enumerateWithin } from '../../src/queries/compute-odds.js';
import { add, toFraction, ZERO } from '../../src/engine/probability.js';
import { buildIftTables, IFT_TABLE_COLUMNS, IFT_TABLE_DRMS } from '../../src/tables/ift-table.js';

// Rows: FP columns 1, 2, 4, 6, 8, ...; columns: DRM -3..+4. Grids: kia, k, mc, ptc, none, break-ml7, break-ml8.
const FP1 = 0;
const FP8 = 4;
const DRM = (d: number) => IFT_TABLE_DRMS.indexOf(d);

describe('asl-odds table ift (A7, A7.9)', () => {
  const t = buildIftTables();
  const grid = (id: string, set = t) => set.tables.find((g) => g.id === id)!;

  it('layout: 11 FP columns x DRM -3..+4, five result grids and two break grids', () => {
    expect(t.tables.map((g) => g.id)).toEqual(['kia', 'k', 'mc', 'ptc', 'none', 'break-ml7', 'break-ml8']);
    for (const g of t.tables) {
      expect(g.rows).toEqual(IFT_TABLE_COLUMNS.map((c) => (c === 36 ? '36+ FP' : `${c} FP`)));
      expect(g.columns).toEqual(['-3', '-2', '-1', '0', '+1', '+2', '+3', '+4']);
    }
  });

  it('the five IFT-result grids sum to exactly 1 in every cell (with and without Cowering, Green firer)', () => {
    for (const set of [t, buildIftTables({ cower: false }), buildIftTables({ firerClass: 'green' })]) {
      for (let r = 0; r < IFT_TABLE_COLUMNS.length; r++) {
        for (let c = 0; c < IFT_TABLE_DRMS.length; c++) {
          // Each cell is n/36 exactly: sum the 36ths.
          const n = set.tables.slice(0, 5).reduce((s, g) => s + Math.round(g.cells[r][c]!.probability * 36), 0);
          expect(n, `${r},${c}`).toBe(36);
        }
      }
    }
  });

  it('hand count, 8 FP, DRM 0, 1st Line firer: no effect on Final DR >= 10 (non-doubles 10, 11: 4 ways), doubles on the 6 column at >= 9 (5-5, 6-6): 6/36; PTC on a non-doubles 9 (4 ways) or a 4-4 on the 6 column: 5/36', () => {
    expect(grid('none').cells[FP8][DRM(0)]!.fraction).toBe('1/6');
    expect(grid('ptc').cells[FP8][DRM(0)]!.fraction).toBe('5/36');
    // Not cowering: Final DR 9 is the PTC (4/36).
    expect(grid('ptc', buildIftTables({ cower: false })).cells[FP8][DRM(0)]!.fraction).toBe('1/9');
  });

  it('hand count, 8 FP, DRM +1: no effect on Original >= 9 (10 ways) without Cowering; with it the 4-4 also misses (6 column): 11/36', () => {
    expect(grid('none', buildIftTables({ cower: false })).cells[FP8][DRM(1)]!.fraction).toBe('5/18');
    expect(grid('none').cells[FP8][DRM(1)]!.fraction).toBe('11/36');
  });

  it('the 1 FP column: doubles cower off the table (coweringOnOneFP no-effect: 22 non-doubles >= 6 + 6 doubles = 7/9) or stay (22 + 4 = 13/18)', () => {
    expect(grid('none').cells[FP1][DRM(0)]!.fraction).toBe('7/9');
    expect(grid('none', buildIftTables({ settings: { coweringOnOneFP: 'stay' } })).cells[FP1][DRM(0)]!.fraction).toBe('13/18');
  });

  it('hand count, ML 8 squad, 1 FP, DRM +1: only the NMC of Original 3 (2/36, non-doubles), failed at MC DR >= 9 (10/36): 20/1296 = 5/324', () => {
    expect(grid('break-ml8').cells[FP1][DRM(1)]!.fraction).toBe('5/324');
  });

  it('a break cell is the attack command\'s chain: P(the squad ends neither Good Order) from attackQuery', () => {
    const q = attackQuery({ targets: ['german/4-6-7'], fp: 8, drm: 0 });
    let p = ZERO;
    for (const x of enumerateWithin(q).terminals) if (x.state.units[0].status === 'broken' || x.state.units[0].status === 'eliminated' || x.state.units[0].status === 'captured') p = add(p, x.probability);
    expect(grid('break-ml7').cells[FP8][DRM(0)]!.fraction).toBe(toFraction(p));
  });

  it('no Cowering: a Green firer reads the same as a 1st Line one; with Cowering Green (two columns) never does more than 1st Line', () => {
    expect(buildIftTables({ cower: false, firerClass: 'green' }).tables).toEqual(buildIftTables({ cower: false }).tables);
    const green = buildIftTables({ firerClass: 'green' });
    for (const id of ['break-ml7', 'break-ml8']) {
      for (let r = 0; r < IFT_TABLE_COLUMNS.length; r++) for (let c = 0; c < IFT_TABLE_DRMS.length; c++) expect(grid(id, green).cells[r][c]!.probability).toBeLessThanOrEqual(grid(id).cells[r][c]!.probability);
    }
  });

  it('more FP never lowers P(break); a higher DRM never raises it; ML 8 breaks no more often than ML 7', () => {
    for (const set of [t, buildIftTables({ cower: false }), buildIftTables({ firerClass: 'green' })]) {
      for (const id of ['break-ml7', 'break-ml8']) {
        const g = grid(id, set);
        for (let r = 0; r < g.rows.length; r++) {
          for (let c = 0; c < g.columns.length; c++) {
            if (r > 0) expect(g.cells[r][c]!.probability, `${id} ${r},${c}`).toBeGreaterThanOrEqual(g.cells[r - 1][c]!.probability);
            if (c > 0) expect(g.cells[r][c]!.probability, `${id} ${r},${c}`).toBeLessThanOrEqual(g.cells[r][c - 1]!.probability);
          }
        }
      }
      for (let r = 0; r < IFT_TABLE_COLUMNS.length; r++) {
        for (let c = 0; c < IFT_TABLE_DRMS.length; c++) expect(grid('break-ml8', set).cells[r][c]!.probability).toBeLessThanOrEqual(grid('break-ml7', set).cells[r][c]!.probability);
      }
    }
  });
});
