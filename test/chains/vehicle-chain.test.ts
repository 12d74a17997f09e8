/**
 * The MG-vs-vehicle chain (A9.6, A9.61, A9.7) through the `vehicle` query: exact odds against hand-computed
 * oracles, the AFV Kill attack's conditions as input errors, and exact vs Monte Carlo agreement.
 */
import { describe, expect, it } from 'vitest';
import { computeOdds, exactResult } from '../../src/queries/compute-odds.js';
import { vehicleQuery, type VehicleInput } from '../../src/queries/vehicle-query.js';
import { isAslOddsError } from '../../src/errors.js';

const exact = (i: VehicleInput) => exactResult(vehicleQuery(i));
function codeOf(i: VehicleInput): string {
  try {
    vehicleQuery(i);
  } catch (e) {
    if (isAslOddsError(e)) return e.code;
    throw e;
  }
  return 'no error';
}

describe('vehicle: AFV Kill attack on an armored facing (A9.61)', () => {
  it('TH# 7 then Kill Number 4 (given): hit 21/36 (published figure, docs/rules-notes.md §12); eliminated 21/36 x 3/36; Stunned 21/36 x 3/36', () => {
    const r = exact({ th: 7, tk: 4, breakdown: 13 });
    expect(r.eventFractions?.hit).toBe('7/12');
    expect(r.eventFractions?.killed).toBe('7/144');
    expect(r.eventFractions?.stunned).toBe('7/144');
    expect(r.eventFractions?.burning).toBe('0'); // DR 2 is not < 4 / 2
  });
  it('burning: Kill Number 5 burns on a To Kill DR of 2 (< 2.5; A9.61, setting vehicleBurning)', () => {
    const r = exact({ th: 12, tk: 5, breakdown: 13 });
    expect(r.eventFractions?.burning).toBe('1/36');
    expect(r.eventFractions?.killed).toBe('1/6'); // DR 2-4: 1 + 2 + 3 = 6/36
  });
  it('only the To Hit DR malfunctions the MG (A9.7): B# 11 -> 3/36, whatever the To Kill DR', () => {
    const r = exact({ th: 10, tk: 12, breakdown: 11 });
    expect(r.eventFractions?.malfunction).toBe('1/12');
  });
  it('vehicleMalfunctionShot=misses: a malfunctioning To Hit DR never hits', () => {
    const r = exactResult(vehicleQuery({ th: 12, tk: 4, breakdown: 11, settings: { vehicleMalfunctionShot: 'misses' } }));
    expect(r.eventFractions?.hit).toBe('11/12');
  });
  it('TH# 12, To Kill difference 7: kills on <= 6, 15/36 = 42% (published figure, docs/rules-notes.md §12)', () => {
    const r = exact({ th: 12, tk: 7, breakdown: 13 });
    expect(r.eventFractions?.killed).toBe('5/12');
  });
  it('the data path: HMG basic To Kill number less Armor Factor, To Hit by range', () => {
    const r = exact({ mg: 'hmg', range: 3, armor: 1 });
    expect(r.input.killNumber).toBe(3);
    expect(r.input.toHit).toBe(10);
  });
  it("the answer names every number's source and confidence, and which are placeholders", () => {
    const r = exact({ mg: 'hmg', range: 8, armor: 1 });
    const sources = r.input.sources as { number: string; value: number; confidence: string; placeholder: boolean }[];
    expect(sources.map((s) => [s.number, s.value, s.confidence, s.placeholder])).toEqual([
      ['HMG Normal Range', 12, 'low', true],
      ['HMG B#', 11, 'low', true],
      ['To Hit number, Vehicle Target Type, black, range 8', 9, 'medium', false],
      ['HMG basic To Kill number', 4, 'low', true],
      ['Armor Factor', 1, 'high', false],
    ]);
    expect(r.input.placeholders).toEqual(['HMG Normal Range', 'HMG B#', 'HMG basic To Kill number']);
  });
  it("numbers from the player's chart are no placeholders", () => {
    const r = exact({ th: 8, tk: 4, breakdown: 12, normalRange: 10 });
    expect(r.input.placeholders).toEqual([]);
    expect((r.input.sources as { source: string }[]).map((s) => s.source)).toEqual(['given (--normal-range)', 'given (--breakdown)', 'given (--th)', 'given (--tk)']);
  });
});

describe('vehicle: unarmored facing (A9.6)', () => {
  it('8 FP on the IFT Vehicle line (Kill number 7): burning 3/36, eliminated 12/36, Immobilized 6/36, no effect 15/36 (kehannan/ruleschat test_vehicle_target_kill_numbers)', () => {
    const r = exact({ facing: 'unarmored', fp: 8, breakdown: 13 });
    expect(r.input.killNumber).toBe(7);
    const byState = Object.fromEntries(r.outcomes.map((o) => [o.state, o.fraction]));
    expect(byState).toEqual({ 'AFV eliminated, burning': '1/12', 'AFV eliminated': '1/3', 'vehicle Immobilized': '1/6', 'no effect': '5/12' });
    expect(r.eventFractions?.stunned).toBe('0');
    expect(r.input.placeholders).toEqual([]);
  });
  it('the IFT Vehicle line, no To Hit DR: the IFT DR also malfunctions the MG', () => {
    const r = exact({ facing: 'unarmored', fp: 4, tk: 6, breakdown: 12 });
    expect(r.eventFractions?.hit).toBe('0');
    expect(r.eventFractions?.killed).toBe('5/18'); // DR 2..5: 10/36
    expect(r.eventFractions?.malfunction).toBe('1/36');
    expect(r.input.toHit).toBeNull();
  });
  it('with --afv-kill, To Hit first (A9.61)', () => {
    const r = exact({ facing: 'unarmored', afvKill: true, fp: 4, th: 7, tk: 6, breakdown: 13 });
    expect(r.eventFractions?.killed).toBe('35/216'); // 21/36 x 10/36
  });
});

describe('vehicle: bad input (A9.61 conditions and ranges)', () => {
  it.each([
    [{ fireGroup: true }, 'input.fireGroup'],
    [{ halved: true }, 'input.halved'],
    [{ mg: 'lmg', range: 7 }, 'input.range'],
    [{ mg: 'bazooka' }, 'input.mg'],
    [{ facing: 'unarmored' }, 'input.fp'],
    [{ tk: 4, armor: 1 }, 'input.armor'],
    [{ facing: 'unarmored', th: 7, fp: 4 }, 'input.th'],
    [{ th: 20 }, 'input.th'],
  ] as [VehicleInput, string][])('%j -> %s', (input, code) => {
    expect(codeOf(input)).toBe(code);
  });
  it('ordinary fire at an unarmored facing is not an AFV Kill attack: FG and halved FP allowed', () => {
    expect(codeOf({ facing: 'unarmored', fp: 4, fireGroup: true, halved: true })).toBe('no error');
  });
});

describe('vehicle: exact and Monte Carlo agree', () => {
  it.each([
    ['AFV Kill', { th: 8, tk: 5, breakdown: 11 }],
    ['Vehicle line', { facing: 'unarmored', fp: 6, breakdown: 11 }],
  ] as [string, VehicleInput][])('%s', async (name, input) => {
    const out = await computeOdds(vehicleQuery(input), { trials: 200_000, seed: `vehicle-${name}`, threads: 1, compareExact: true });
    if (out.kind !== 'result') throw new Error('expected a result');
    expect(out.result.comparison!.maxAbsZ).toBeLessThan(4.5);
  });
});
