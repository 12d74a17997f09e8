import { describe, expect, it } from 'vitest';
import { routExact } from '../../src/queries/rout-query.js';
import { buildInterdictionTables } from '../../src/tables/interdiction-table.js';

describe('asl-odds table interdiction (A10.53)', () => {
  const t = buildInterdictionTables();
  const ml7 = 3; // rows run 10..4
  it('one Open Ground hex at broken ML 7 matches the rout command exactly', () => {
    const r = routExact({ unit: 'german/4-6-7', overrides: { brokenML: 7 }, path: 'open,clear' });
    expect(t.tables[0].cells[ml7][0]!.fraction).toBe(r.categoryFractions['arrived intact']);
    expect(t.tables[2].cells[ml7][0]!.fraction).toBe(r.categoryFractions['eliminated by Interdiction']);
  });
  it('hand count, broken ML 7, one hex: the NMC fails on Original 8-11 and 12 (Casualty Reduction: 15/36); a squad reduced routs on as a HS, so nobody is eliminated by one hex', () => {
    expect(t.tables[2].cells[ml7][0]!.fraction).toBe('0');
    expect(t.tables[1].cells[ml7][0]!.probability).toBeGreaterThan(t.tables[0].cells[ml7][0]!.probability);
  });
  it('more Open Ground never helps; a higher broken ML never lowers P(arrives intact)', () => {
    for (const g of t.tables.slice(0, 2)) for (const row of g.cells) for (let c = 1; c < row.length; c++) expect(row[c]!.probability).toBeLessThanOrEqual(row[c - 1]!.probability);
    const intact = t.tables[0];
    for (let r = 1; r < intact.cells.length; r++) for (let c = 0; c < 3; c++) expect(intact.cells[r][c]!.probability).toBeLessThanOrEqual(intact.cells[r - 1][c]!.probability);
  });
  it('A10.53: a pin stops the rout but a failure only Reduces, so over one hex a broken ML 4 arrives (reduced) more often than ML 7', () => {
    const arrived = t.tables[1];
    expect(arrived.cells[6][0]!.probability).toBeGreaterThan(arrived.cells[3][0]!.probability);
    // ML 7: pinned on Original 7 (6/36) or stopped by HoB; ML 4: pinned on 4 (3/36).
    expect(arrived.cells[3][0]!.probability).toBeLessThan(1 - 6 / 36 + 1e-9);
  });
});
