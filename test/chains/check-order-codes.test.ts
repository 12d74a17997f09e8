/**
 * checkOrderOfCodes (chains/check-order-codes.ts) against its oracle, `checkOrder`
 * (rules/check-order.ts, A10.2, A10.22 EX), on random Locations and position subsets.
 */
import { describe, expect, it } from 'vitest';
import { getUnit } from '../../src/counters/catalog.js';
import { checkOrder } from '../../src/rules/check-order.js';
import { initialUnitState, type UnitState } from '../../src/rules/unit-state.js';
import { checkOrderOfCodes } from '../../src/chains/check-order-codes.js';
import { UNIT_CODES } from '../../src/chains/unit-codes.js';

describe('checkOrderOfCodes', () => {
  it('equals checkOrder on 3000 random Locations and subsets (leaders by current ML first, A10.2)', () => {
    // Leaders of several grades (wounded: a lower current ML; broken: still ordered), MMC, heroes.
    const states: UnitState[] = ['german/4-6-7', 'german/8-3-8', 'german/9-1', 'german/8-0', 'german/10-2', 'german/8-1', 'russian/6+1', 'russian/4-2-6', 'german/hero'].flatMap((id) => {
      const p = getUnit(id);
      return [initialUnitState(p), initialUnitState(p, { broken: true }), initialUnitState(p, { wounded: true }), initialUnitState(p, { berserk: true })];
    });
    let a = 1234;
    const r = () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
    const out: number[] = [];
    let leadersOrdered = 0;
    for (let k = 0; k < 3000; k++) {
      const n = 1 + Math.floor(r() * 7);
      const codes = Array.from({ length: n }, () => UNIT_CODES.intern(states[Math.floor(r() * states.length)]));
      const units = codes.map((c) => c.unit);
      const positions: number[] = [];
      for (let i = 0; i < n; i++) if (r() < 0.8) positions.push(i);
      const want = checkOrder(units, positions);
      out.length = 0;
      out.push(-1, -1, -1, -1, -1, -1, -1, -1, -1);
      checkOrderOfCodes(codes, positions, positions.length, out);
      expect(out.slice(0, positions.length)).toEqual(want);
      expect(out.slice(positions.length)).toEqual(Array(9 - positions.length).fill(-1));
      if (want.filter((i) => codes[i].leader).length >= 2) leadersOrdered++;
    }
    expect(leadersOrdered).toBeGreaterThan(300);
  });
});
