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
  it('a hit on Final DR <= the To Hit number: TH# 7 hits on 21/36 (docs/rules-notes.md §11)', () => {
    expect(hits(7)).toBe(21);
    expect(hits(10)).toBe(33);
    expect(hits(1)).toBe(0);
  });
  it('Vehicle Target Type numbers by range bracket, none past 24 hexes; never rise with range', () => {
    expect(vehicleToHitNumber(0)).toBe(10);
    expect(vehicleToHitNumber(6)).toBe(10);
    expect(vehicleToHitNumber(7)).toBe(9);
    expect(vehicleToHitNumber(25)).toBeNull();
    for (let i = 1; i < VEHICLE_TARGET_TO_HIT.length; i++) expect(VEHICLE_TARGET_TO_HIT[i].th).toBeLessThanOrEqual(VEHICLE_TARGET_TO_HIT[i - 1].th);
  });
  it('every unverified value says so (source and confidence per row)', () => {
    for (const r of [...VEHICLE_TARGET_TO_HIT, ...IFT_VEHICLE_LINE, ...Object.values(MG_ROWS)]) {
      expect(r.confidence).toBe('low');
      expect(r.source.length).toBeGreaterThan(10);
    }
  });
});

describe('To Kill (A9.61)', () => {
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
  it('the IFT Vehicle line uses the highest column <= FP (A7)', () => {
    expect(vehicleLineKillNumber(0.5)).toBeNull();
    expect(vehicleLineKillNumber(1)).toBe(IFT_VEHICLE_LINE[0].kill);
    expect(vehicleLineKillNumber(7)).toBe(IFT_VEHICLE_LINE.find((r) => r.column === 6)!.kill);
    expect(vehicleLineKillNumber(50)).toBe(IFT_VEHICLE_LINE.at(-1)!.kill);
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
