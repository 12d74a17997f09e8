import { describe, expect, it } from 'vitest';
import { buildIntegrityTables } from '../../src/tables/integrity-table.js';

describe('asl-odds table integrity (A16.2)', () => {
  const t = buildIntegrityTables();
  it('A16.21 EX: first IB loss, best leader 9-1, no support: DRM 0, ELR lost only on an Original 12 (1/36)', () => {
    expect(t.tables[0].cells[0][2]!.fraction).toBe('1/36');
  });
  it('hand-counted cells: no leader (+1 setting) with 1 loss: DRM 2, Original >= 10: 6/36 = 1/6; 3 losses, 8-0, enemy armor: DRM 4, Original >= 8: 15/36', () => {
    expect(t.tables[0].cells[0][0]!.fraction).toBe('1/6');
    expect(t.tables[1].cells[2][1]!.fraction).toBe('5/12');
  });
  it('more IB losses never lower, a better leader never raises, the odds', () => {
    for (const g of t.tables) {
      for (let r = 1; r < g.cells.length; r++) for (let c = 0; c < g.columns.length; c++) expect(g.cells[r][c]!.probability).toBeGreaterThanOrEqual(g.cells[r - 1][c]!.probability);
      for (const row of g.cells) for (let c = 2; c < row.length; c++) expect(row[c]!.probability).toBeLessThanOrEqual(row[c - 1]!.probability);
    }
  });
});
