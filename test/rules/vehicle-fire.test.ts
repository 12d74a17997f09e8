/**
 * MG fire against vehicles (A9.6, A9.61, A9.7): To Hit, To Kill (eliminated, burning, Stunned), MG
 * Breakdown, and the data tables' shape.
 */
import { describe, expect, it } from 'vitest';
import { getRuleSet } from '../../src/rules/rule-set.js';
import {
  IFT_VEHICLE_LINE,
  isMalfunction,
  MG_ROWS,
  resolveToHit,
  resolveToKill,
  VEHICLE_TARGET_TO_HIT,
  vehicleLineKillNumber,
  vehicleToHitNumber,
} from '../../src/rules/vehicle-fire.js';

const rs = getRuleSet('2nd-edition');
function hits(th: number): number {
  let n = 0;
  for (let w = 1; w <= 6; w++) for (let c = 1; c <= 6; c++) if (resolveToHit(w + c, th)) n++;
  return n;
}

describe('To Hit (C3; A9.6 black number)', () => {
  it('a hit on Final DR <= the To Hit number: TH# 7 hits on 21/36 (published figure, docs/rules-notes.md §12)', () => {
    expect(hits(7)).toBe(21);
    expect(hits(10)).toBe(33);
    expect(hits(1)).toBe(0);
  });
  it('Vehicle Target Type, black: 10, 9, 8, 7 for 0-6, 7-12, 13-18, 19-24 hexes (kehannan/ruleschat thtk_tables.json at 35c7633), none past 24', () => {
    expect([0, 6, 7, 12, 13, 18, 19, 24].map((r) => vehicleToHitNumber(r)?.value)).toEqual([10, 10, 9, 9, 8, 8, 7, 7]);
    expect(vehicleToHitNumber(25)).toBeNull();
    for (const row of VEHICLE_TARGET_TO_HIT) {
      expect(row.th.confidence).toBe('medium');
      expect(row.th.source).toContain('kehannan/ruleschat app/asl/thtk_tables.json at commit 35c7633');
    }
  });
  it('every number names its source and confidence; only the rows with no second source are low', () => {
    const numbers = [
      ...VEHICLE_TARGET_TO_HIT.map((r) => r.th),
      ...IFT_VEHICLE_LINE.map((r) => r.kill),
      ...Object.values(MG_ROWS).flatMap((m) => [m.basicTK, m.normalRange, m.breakdown]),
    ];
    for (const n of numbers) {
      expect(n.source).toContain('docs/rules-notes.md §12');
      expect(['high', 'medium', 'low']).toContain(n.confidence);
    }
    for (const m of Object.values(MG_ROWS)) expect([m.basicTK.confidence, m.normalRange.confidence, m.breakdown.confidence]).toEqual(['low', 'low', 'low']);
  });
  it('MG basic To Kill numbers: HMG 4 (ruleschat "@MG"), .50-cal 5 (ruleschat "12.7"); LMG 2 and MMG 3 placeholders', () => {
    expect(Object.values(MG_ROWS).map((m) => [m.type, m.basicTK.value])).toEqual([
      ['lmg', 2],
      ['mmg', 3],
      ['hmg', 4],
      ['50cal', 5],
    ]);
    expect(MG_ROWS.lmg.basicTK.source).toContain('placeholder');
    expect(MG_ROWS.hmg.basicTK.source).toContain('"@MG": 4');
  });
});

describe('To Kill (A9.61)', () => {
  it('a To Kill difference of 7 kills on <= 6: 15/36, 42% (published figure, docs/rules-notes.md §12)', () => {
    let kills = 0;
    for (let w = 1; w <= 6; w++) for (let c = 1; c <= 6; c++) if (['eliminated', 'burning'].includes(resolveToKill(w + c, 7, rs))) kills++;
    expect(kills).toBe(15);
    expect(Math.round((100 * kills) / 36)).toBe(42);
  });
  it('< Final Kill Number eliminates, == Stuns (even if BU), > no effect', () => {
    expect(resolveToKill(3, 4, rs)).toBe('eliminated');
    expect(resolveToKill(4, 4, rs)).toBe('stunned');
    expect(resolveToKill(5, 4, rs)).toBe('none');
  });
  it('burning per setting vehicleBurning: below half (default) or at most half of the Kill Number', () => {
    expect(resolveToKill(2, 5, rs)).toBe('burning'); // 2 < 2.5
    expect(resolveToKill(2, 4, rs)).toBe('eliminated'); // 2 is not < 2
    expect(resolveToKill(2, 4, getRuleSet('2nd-edition', { vehicleBurning: 'at-most-half' }))).toBe('burning');
    expect(resolveToKill(3, 5, rs)).toBe('eliminated');
  });
  it('the IFT Vehicle line: Kill numbers 3..13 on the 1..36+ columns, the 8 column 7 (kehannan/ruleschat ift_table.json and its test)', () => {
    expect(IFT_VEHICLE_LINE.map((r) => [r.column, r.kill.value])).toEqual([
      [1, 3], [2, 4], [4, 5], [6, 6], [8, 7], [12, 8], [16, 9], [20, 10], [24, 11], [30, 12], [36, 13],
    ]);
    for (const r of IFT_VEHICLE_LINE) expect(r.kill.confidence).toBe('medium');
  });
  it('the IFT Vehicle line uses the highest column <= FP (A7)', () => {
    expect(vehicleLineKillNumber(0.5)).toBeNull();
    expect(vehicleLineKillNumber(1)?.value).toBe(3);
    expect(vehicleLineKillNumber(7)?.value).toBe(6);
    expect(vehicleLineKillNumber(8)?.value).toBe(7);
    expect(vehicleLineKillNumber(50)?.value).toBe(13);
  });
});

describe('MG Breakdown (A9.7)', () => {
  it('an Original DR >= B# malfunctions the MG', () => {
    expect(isMalfunction(11, 11)).toBe(true);
    expect(isMalfunction(12, 11)).toBe(true);
    expect(isMalfunction(10, 11)).toBe(false);
    expect(isMalfunction(12, 13)).toBe(false);
  });
});
