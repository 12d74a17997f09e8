/**
 * `asl-odds table cc` and `table vehicle`: cells against the rule oracles (docs/rules-notes.md §11: 3-2 Kill Number
 * 6 eliminates on 10/36, with Casualty Reduction 15/36; TH# 7 hits on 21/36) and equal to the commands.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exactResult } from '../../src/queries/compute-odds.js';
import { vehicleQuery } from '../../src/queries/vehicle-query.js';
import { buildCCTables, CC_TABLE_DRMS } from '../../src/tables/cc-table.js';
import { buildVehicleTables, VEHICLE_TABLE_TH, VEHICLE_TABLE_TK } from '../../src/tables/vehicle-table.js';
import { CC_COLUMNS } from '../../src/rules/close-combat.js';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from '../cli/buffer-io.js';

const col = (label: string) => CC_COLUMNS.findIndex((c) => c.label === label);
const drm = (d: number) => CC_TABLE_DRMS.indexOf(d);

describe('table cc (A11.11)', () => {
  const t = buildCCTables();
  it('3-2 at DRM 0: eliminated 10/36, eliminated or Reduced 15/36 (docs/rules-notes.md §11)', () => {
    expect(t.tables[0].cells[col('3-2')][drm(0)]?.fraction).toBe('5/18');
    expect(t.tables[1].cells[col('3-2')][drm(0)]?.fraction).toBe('5/12');
  });
  it('Hand-to-Hand: 1-1 uses Kill Number 7 (5 + 2): 15/36', () => {
    expect(t.tables[2].rows[col('1-1')]).toBe('1-1 (7)');
    expect(t.tables[2].cells[col('1-1')][drm(0)]?.fraction).toBe('5/12');
  });
  it('the rows are the printed CCT columns with their black Kill Numbers (no 1-3; 1-8 is 1; >10-1 is 13), red ones for Hand-to-Hand', () => {
    expect(t.tables[0].rows).toEqual(['<1-8 (0)', '1-8 (1)', '1-6 (2)', '1-4 (3)', '1-2 (4)', '1-1 (5)', '3-2 (6)', '2-1 (7)', '3-1 (8)', '4-1 (9)', '6-1 (10)', '8-1 (11)', '10-1 (12)', '>10-1 (13)']);
    expect(t.tables[2].rows.at(-1)).toBe('>10-1 (15)');
    expect(t.tables[0].cells[col('>10-1')][drm(0)]?.fraction).toBe('1'); // DR < 13 always
    expect(t.tables[0].cells[col('<1-8')][drm(0)]?.fraction).toBe('0'); // DR < 0 never
  });
  it("the README's CC Table shows these columns and Kill Numbers", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const row = (head: string) => readme.split('\n').find((l) => l.startsWith(`| ${head} |`))!.split('|').slice(2, -1).map((c) => c.trim());
    expect(row('odds')).toEqual(CC_COLUMNS.map((c) => c.label));
    expect(row('black Kill Number')).toEqual(CC_COLUMNS.map((c) => String(c.kill)));
    expect(row('red Kill Number (Hand-to-Hand)')).toEqual(CC_COLUMNS.map((c) => String(c.redKill)));
  });
  it('a DRM of -1 is the next column up (Kill Numbers one apart)', () => {
    expect(t.tables[0].cells[col('1-1')][drm(-1)]?.fraction).toBe(t.tables[0].cells[col('3-2')][drm(0)]?.fraction);
  });
});

describe('table vehicle (A9.61)', () => {
  const t = buildVehicleTables();
  it('TH# 7, Kill Number 4: eliminated 7/144, Stunned 7/144, never burning', () => {
    const r = VEHICLE_TABLE_TH.indexOf(7);
    const c = VEHICLE_TABLE_TK.indexOf(4);
    expect(t.tables[0].cells[r][c]?.fraction).toBe('7/144');
    expect(t.tables[1].cells[r][c]?.fraction).toBe('0');
    expect(t.tables[2].cells[r][c]?.fraction).toBe('7/144');
  });
  it('every cell equals the vehicle command with --th/--tk', () => {
    const r = VEHICLE_TABLE_TH.indexOf(10);
    const c = VEHICLE_TABLE_TK.indexOf(6);
    const q = exactResult(vehicleQuery({ th: 10, tk: 6 }));
    expect(t.tables[0].cells[r][c]?.fraction).toBe(q.eventFractions?.killed);
    expect(t.tables[1].cells[r][c]?.fraction).toBe(q.eventFractions?.burning);
  });
  it('bad --breakdown is one line, exit 2', async () => {
    const io = bufferIO();
    expect(await runCli(['table', 'vehicle', '--breakdown', '1'], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
  });
  it('--format csv and --json work', async () => {
    const io = bufferIO();
    expect(await runCli(['table', 'cc', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out).kind).toBe('cc');
    const io2 = bufferIO();
    expect(await runCli(['table', 'vehicle', '--format', 'csv'], io2)).toBe(0);
    expect(io2.out.split('\n').length).toBeGreaterThan(3 * 11 * 9);
  });
});

describe('table properties', () => {
  it('vehicle: P(eliminated) never falls with a higher To Hit number or Kill Number', () => {
    const g = buildVehicleTables().tables[0].cells;
    for (let r = 0; r < g.length; r++) {
      for (let c = 0; c < g[r].length; c++) {
        if (r > 0) expect(g[r][c]!.probability).toBeGreaterThanOrEqual(g[r - 1][c]!.probability);
        if (c > 0) expect(g[r][c]!.probability).toBeGreaterThanOrEqual(g[r][c - 1]!.probability);
      }
    }
  });
  it('cc: P(eliminated) never falls with better odds or a more negative DRM; with Reduction >= without', () => {
    const [elim, withRed] = buildCCTables().tables;
    for (let r = 0; r < elim.cells.length; r++) {
      for (let c = 0; c < elim.cells[r].length; c++) {
        if (r > 0) expect(elim.cells[r][c]!.probability).toBeGreaterThanOrEqual(elim.cells[r - 1][c]!.probability);
        if (c > 0) expect(elim.cells[r][c]!.probability).toBeLessThanOrEqual(elim.cells[r][c - 1]!.probability);
        expect(withRed.cells[r][c]!.probability).toBeGreaterThanOrEqual(elim.cells[r][c]!.probability);
      }
    }
  });
});
