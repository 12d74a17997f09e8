/**
 * `asl-odds table hob` (A15.1 table, A15.4, A15.44, A15.5). Oracles: the A15.1 bands counted by hand
 * over the 36 DRs, and the mc chain (P(hero) / P(HoB) of an NMC equals the hero columns).
 */
import { describe, expect, it } from 'vitest';
import { mcExact } from '../../src/queries/morale-query.js';
import { buildHobTables, HOB_TABLE_RESULTS } from '../../src/tables/hob-table.js';
import type { GridTable } from '../../src/tables/grid-table.js';

const set = buildHobTables();
const [unbroken, broken] = set.tables;
function row(t: GridTable, prefix: string): Record<string, string> {
  const r = t.rows.findIndex((l) => l.startsWith(prefix));
  expect(r, prefix).toBeGreaterThanOrEqual(0);
  return Object.fromEntries(t.columns.map((c, i) => [c, t.cells[r][i]!.fraction]));
}

describe('table hob', () => {
  it('has an unbroken and a broken grid, five results, rows for every nationality', () => {
    expect(set.tables.map((t) => t.id)).toEqual(['unbroken', 'broken']);
    expect(HOB_TABLE_RESULTS).toEqual(['hero', 'hero+battle-hardening', 'battle-hardening', 'berserk', 'surrender']);
    expect(unbroken.columns).toEqual(['hero', 'hero + BH', 'Battle Hardening', 'berserk', 'surrender']);
    for (const n of ['German', 'Russian', 'American', 'British', 'Italian', 'Japanese', 'Finnish', 'French', 'Partisan', 'Axis Minor', 'Allied Minor']) {
      expect(unbroken.rows.some((r) => r.startsWith(`${n} `))).toBe(true);
    }
    expect(unbroken.rows).toEqual(broken.rows.map((r) => r.replace(/DRM ([+-]?\d+)$/, (_, d) => `DRM ${signed(Number(d) - 1)}`)));
  });

  it('every row sums to 36/36', () => {
    for (const t of set.tables) {
      for (const cells of t.cells) expect(cells.reduce((s, c) => s + Math.round(c!.probability * 36), 0)).toBe(36);
    }
  });

  it('by hand, German 1st-line (DRM 0): hero on 2-4 (6/36), hero+BH 5-6 (9/36), BH 7-8 (11/36), berserk 9-11 (9/36), surrender 12 (1/36)', () => {
    expect(row(unbroken, 'German 1st-line')).toEqual({ hero: '1/6', 'hero + BH': '1/4', 'Battle Hardening': '11/36', berserk: '1/4', surrender: '1/36' });
  });

  it('broken +1 (A15.1): German 1st-line broken is hero on Original 2-3 only', () => {
    expect(row(broken, 'German 1st-line').hero).toBe('1/12');
  });

  it('non-elite Italian surrender on >= 10 (A15.4): DRM +3, Original >= 7 = 21/36', () => {
    expect(row(unbroken, 'Italian 1st-line').surrender).toBe('7/12');
    expect(row(unbroken, 'Italian elite').surrender).toBe(row(unbroken, 'Russian 1st-line').surrender); // both DRM +2, surrender at 12
  });

  it('Japanese and Partisans never surrender (A15.5): berserk instead', () => {
    for (const t of set.tables) {
      t.rows.forEach((label, r) => {
        if (label.startsWith('Japanese') || label.startsWith('Partisan')) expect(t.cells[r][4]!.fraction).toBe('0');
      });
    }
  });

  it('SS vs Russians never surrender; with no Known enemy in LOS berserk becomes Battle Hardening (A15.44)', () => {
    const vs = buildHobTables({ vsRussians: true });
    expect(row(vs.tables[1], 'German elite SS').surrender).toBe('0');
    expect(row(broken, 'German elite SS').surrender).not.toBe('0');
    const noLos = buildHobTables({ knownEnemyInLOS: false });
    for (const t of noLos.tables) for (const cells of t.cells) expect(cells[3]!.fraction).toBe('0');
  });

  it('agrees with the mc chain: P(hero) / P(HoB) of a German 4-6-7 NMC = hero + hero+BH of its row', () => {
    const r = mcExact({ unit: 'german/4-6-7', check: 'NMC' });
    const row467 = unbroken.cells[unbroken.rows.findIndex((l) => l.startsWith('German 1st-line'))];
    expect(r.events.hero! / r.events.heatOfBattle!).toBeCloseTo(row467[0]!.probability + row467[1]!.probability, 12);
  });

  it('the G.I. Anvil rule set uses its Japanese DRM (+3)', () => {
    const gia = buildHobTables({ rules: 'gi-anvil' });
    expect(gia.ruleSet).toBe('gi-anvil');
    expect(gia.tables[0].rows.find((l) => l.startsWith('Japanese 1st-line'))).toMatch(/DRM \+3$/);
  });
});

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
