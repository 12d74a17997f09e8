/**
 * Unit-state codes (chains/unit-codes.ts) and the MC/TC outcome tables built on them
 * (chains/check-table.ts), against their oracles: `UnitState` field equality and `unitStateKey` for
 * the codes; `resolveCheck` (rules/morale-check.ts, A10.1-10.4), `resolveBerserkCheck` (A15.41),
 * `resolveWoundSeverity` (A17.11) and `resolveHoB` (A15.1) for every table entry a run of playthroughs
 * made, and for whole rows filled on purpose.
 */
import { describe, expect, it } from 'vitest';
import { getUnit } from '../../src/counters/catalog.js';
import { ALL_DR } from '../../src/dice/dice.js';
import { moraleCheck, type CheckSpec } from '../../src/rules/check.js';
import { defaultContext } from '../../src/rules/context.js';
import { resolveCheck } from '../../src/rules/morale-check.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { initialUnitState, unitStateKey, type UnitState } from '../../src/rules/unit-state.js';
import {
  BERSERK_INDEX,
  berserkOutcome,
  checkOutcome,
  HOB_INDEX,
  hobHeroOf,
  hobOutcome,
  outcomeHoB,
  outcomeNext,
  outcomeRows,
  outcomeWound,
  rowKeyParts,
  WOUND_INDEX,
  woundNext,
} from '../../src/chains/check-table.js';
import { resolveBerserkCheck } from '../../src/rules/berserk-leader.js';
import { resolveWoundSeverity } from '../../src/rules/casualty-reduction.js';
import { resolveHoB } from '../../src/rules/heat-of-battle.js';
import type { MoraleContext } from '../../src/rules/context.js';
import { runScenario } from '../../src/scenario/run-scenario.js';
import { leadershipDRMOf, NO_LEADERSHIP, UNIT_CODES, UNIT_STATE_FIELDS, UnitCodes, unmarkedOf, type UnitCode } from '../../src/chains/unit-codes.js';
import { CLASS_ORDER } from '../../src/counters/types.js';
import { leadershipDRMFor } from '../../src/rules/leadership.js';
import { mmcBPV, squadEquivalents } from '../../src/counters/unit-values.js';
import { cityFight } from './fixture.js';

/** The CheckSpec a row's check index stands for (only kind, strength and failurePins matter). */
function checkOfIndex(i: number): CheckSpec {
  if (i < 8) return moraleCheck(i);
  return { kind: 'TC', strength: i & 7, failurePins: i < 16, label: 'TC' };
}

/** A state's fields as plain data (profile by identity). */
const fields = (u: UnitState) => Object.fromEntries(UNIT_STATE_FIELDS.map((f) => [f, u[f]]));

describe('unit codes', () => {
  it('know every field of UnitState (a new field must be packed too)', () => {
    const u = initialUnitState(getUnit('german/4-6-7'));
    expect(Object.keys(u).sort()).toEqual([...UNIT_STATE_FIELDS].sort());
  });

  it('give equal states one code and one canonical object, equal field for field', () => {
    const codes = new UnitCodes();
    const a = initialUnitState(getUnit('german/9-1'), { pinned: true });
    const b = { ...a };
    const ca = codes.intern(a);
    expect(codes.intern(b)).toBe(ca);
    expect(codes.of(ca.unit)).toBe(ca);
    expect(ca.unit).not.toBe(a); // made by the registry
    expect(fields(ca.unit)).toEqual(fields(a));
    expect(unitStateKey(ca.unit)).toBe(unitStateKey(a));
    expect({ ...ca.unit }).toEqual(a); // the code is not copied by spreads
    expect(codes.of({ ...ca.unit }).code).toBe(ca.code);
  });

  it('give states that differ in any field different codes; key ids follow unitStateKey', () => {
    const codes = new UnitCodes();
    const base = initialUnitState(getUnit('russian/4-4-7'));
    const variants: UnitState[] = [
      base,
      { ...base, status: 'broken' },
      { ...base, status: 'eliminated' },
      { ...base, status: 'captured' },
      ...UNIT_STATE_FIELDS.filter((f) => f !== 'profile' && f !== 'status').map((f) => ({ ...base, [f]: true })),
      { ...base, profile: getUnit('russian/4-5-8') },
      { ...base, profile: { ...base.profile } }, // another profile object, same key
    ];
    const cs = variants.map((v) => codes.intern(v));
    expect(new Set(cs.map((c) => c.code)).size).toBe(variants.length);
    for (let i = 0; i < cs.length; i++) {
      for (let j = 0; j < cs.length; j++) {
        expect(cs[i].keyId === cs[j].keyId).toBe(unitStateKey(variants[i]) === unitStateKey(variants[j]));
      }
    }
  });
});

describe('unit code facts', () => {
  /** Varied states of varied counters: leaders of every grade, squads, HS, heroes; every marker. */
  const states: UnitState[] = ['german/4-6-7', 'german/2-4-7', 'german/8-3-8', 'german/9-1', 'german/8-0', 'german/10-2', 'russian/6+1', 'russian/4-2-6', 'german/hero'].flatMap((id) => {
    const p = getUnit(id);
    return [
      initialUnitState(p),
      initialUnitState(p, { broken: true }),
      initialUnitState(p, { pinned: true }),
      initialUnitState(p, { berserk: true }),
      initialUnitState(p, { wounded: true }),
      initialUnitState(p, { fanatic: true, pinned: true }),
      initialUnitState(p, { disrupted: true }),
      { ...initialUnitState(p), noLeadership: true },
      { ...initialUnitState(p), status: 'eliminated' as const },
    ];
  });

  it('equal what the phases computed from the state (A7.8 pinned FP, A16 squad-equivalents and BPV)', () => {
    for (const u of states) {
      const c = UNIT_CODES.intern(u);
      const p = u.profile;
      expect(c.goodOrder).toBe(u.status === 'good-order');
      expect(c.broken).toBe(u.status === 'broken');
      expect(c.fireFP2 / 2).toBe(u.status === 'good-order' && p.fp > 0 ? (u.pinned ? p.fp / 2 : p.fp) : 0);
      expect(c.squads2 / 2).toBe(squadEquivalents(p));
      expect(c.bpv).toBe(mmcBPV(p));
      expect(c.targetWeight).toBe(u.status === 'good-order' ? squadEquivalents(p) + 0.01 : 0.001);
      expect(UNIT_CODES.targetWeights[c.code]).toBe(c.targetWeight);
      expect([c.pinned, c.fanatic, c.berserk]).toEqual([u.pinned, u.fanatic, u.berserk]);
      expect([c.squad, c.hs, c.leader, c.hero]).toEqual([p.kind === 'squad', p.kind === 'hs', p.kind === 'leader', p.kind === 'hero']);
      expect(c.lender >= 0).toBe(c.lent !== NO_LEADERSHIP);
      expect(c.classIndex).toBe(CLASS_ORDER.indexOf(p.unitClass));
      expect(fields(unmarkedOf(UNIT_CODES, c).unit)).toEqual(fields({ ...u, pinned: false, berserk: false }));
    }
  });

  it('give leadershipDRMOf = leadershipDRMFor on 3000 random Locations (A10.7, A10.22 EX, A15.42)', () => {
    let a = 97;
    const r = () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
    let lent = 0;
    for (let k = 0; k < 3000; k++) {
      const n = 1 + Math.floor(r() * 6);
      const units: UnitState[] = [];
      for (let i = 0; i < n; i++) units.push(r() < 0.2 && i > 0 ? units[Math.floor(r() * i)] : states[Math.floor(r() * states.length)]);
      const codes = units.map((u) => UNIT_CODES.intern(u));
      const canon = codes.map((c) => c.unit);
      for (let i = 0; i < n; i++) {
        const want = leadershipDRMFor(canon[i], canon);
        if (want !== 0) lent++;
        expect(leadershipDRMOf(codes, i)).toBe(want);
      }
    }
    expect(lent).toBeGreaterThan(1000);
  });
});

describe('check outcome tables', () => {
  it('equal resolveCheck on every entry a run of playthroughs made (A10.1-10.4)', async () => {
    await runScenario(cityFight({ turns: 4 }), { trials: 300, seed: 'table', threads: 1 });
    let entries = 0;
    const others = [0, 0, 0]; // entries of Berserk, Wound Severity and HoB rows
    for (const { code: c, key, row } of outcomeRows(UNIT_CODES)) {
      const { checkIndex, drm, ctxId } = rowKeyParts(key);
      if (checkIndex >= BERSERK_INDEX) {
        const ctx = UNIT_CODES.contextOf(ctxId);
        for (let i = 0; i < 36; i++) {
          if (row[i] < 0) continue;
          expectOtherOutcome(c, checkIndex, drm, i, ctx, ctxId);
          others[checkIndex === BERSERK_INDEX ? 0 : checkIndex === WOUND_INDEX ? 1 : 2]++;
        }
        continue;
      }
      {
        const ctx = UNIT_CODES.contextOf(ctxId);
        const check = checkOfIndex(checkIndex);
        for (let i = 0; i < 36; i++) {
          if (row[i] < 0) continue;
          const r = resolveCheck(c.unit, check, drm, ALL_DR[i], ctx);
          const next = UNIT_CODES.byCode[outcomeNext(row[i])].unit;
          const want = { next: fields(r.unit), wound: r.woundSeverityDRM ?? -1, hob: r.heatOfBattle ? (r.unit.status === 'broken' ? 2 : 1) : 0 };
          const got = { next: fields(next), wound: outcomeWound(row[i]), hob: outcomeHoB(row[i]) };
          if (JSON.stringify(got) !== JSON.stringify(want) || next.profile !== r.unit.profile) {
            expect({ unit: unitStateKey(c.unit), key, dr: i, ...got }).toEqual({ unit: unitStateKey(c.unit), key, dr: i, ...want });
          }
          entries++;
        }
      }
    }
    expect(entries).toBeGreaterThan(1000);
    expect(others[1]).toBeGreaterThan(0);
    expect(others[2]).toBeGreaterThan(0);
  });

  it('equal resolveCheck on whole rows: every check, DRM and DR for varied units and contexts', () => {
    const units = ['german/4-6-7', 'german/9-1', 'russian/4-2-6', 'russian/6+1', 'german/hero'].flatMap((id) => [
      initialUnitState(getUnit(id)),
      initialUnitState(getUnit(id), { broken: true }),
      initialUnitState(getUnit(id), { pinned: true, fanatic: true }),
      initialUnitState(getUnit(id), { berserk: true }),
    ]);
    const ctxs = [0, 2, 5].flatMap((elr) => [
      { ...defaultContext(getRuleSet('2nd-edition')), elr },
      { ...defaultContext(getRuleSet('gi-anvil')), elr, vsRussians: true },
    ]);
    const checks = [0, 1, 2, 3, 4, 5, 6, 8, 9, 16].map(checkOfIndex);
    let entries = 0;
    for (const u of units) {
      const c = UNIT_CODES.intern(u);
      for (const ctx of ctxs) {
        const ctxId = UNIT_CODES.ctxId(ctx);
        for (const check of checks) {
          for (let drm = -2; drm <= 2; drm++) {
            for (let i = 0; i < 36; i++) {
              const o = checkOutcome(UNIT_CODES, c, check, drm, i, ctx, ctxId);
              const r = resolveCheck(u, check, drm, ALL_DR[i], ctx);
              const next = UNIT_CODES.byCode[outcomeNext(o)].unit;
              const want = { next: fields(r.unit), wound: r.woundSeverityDRM ?? -1, hob: r.heatOfBattle ? (r.unit.status === 'broken' ? 2 : 1) : 0 };
              const got = { next: fields(next), wound: outcomeWound(o), hob: outcomeHoB(o) };
              if (JSON.stringify(got) !== JSON.stringify(want) || next.profile !== r.unit.profile) {
                expect({ unit: unitStateKey(u), check: check.kind + check.strength, drm, dr: i, ...got }).toEqual({ unit: unitStateKey(u), check: check.kind + check.strength, drm, dr: i, ...want });
              }
              entries++;
            }
          }
        }
      }
    }
    expect(entries).toBe(units.length * ctxs.length * checks.length * 5 * 36);
  });
});

/**
 * Expects the table entry of a Berserk, Wound Severity or HoB row (check index `idx`) of code `c` at
 * dice index `i` to equal its rule function's result.
 */
function expectOtherOutcome(c: UnitCode, idx: number, drm: number, i: number, ctx: MoraleContext, ctxId: number): void {
  const u = c.unit;
  if (idx === BERSERK_INDEX) {
    const o = berserkOutcome(UNIT_CODES, c, drm, i, ctx, ctxId);
    const r = resolveBerserkCheck(u, drm, ALL_DR[i], ctx);
    const next = UNIT_CODES.byCode[outcomeNext(o)].unit;
    expect({ unit: unitStateKey(u), drm, dr: i, next: fields(next), wound: outcomeWound(o), hob: outcomeHoB(o) }).toEqual({ unit: unitStateKey(u), drm, dr: i, next: fields(r.unit), wound: r.woundSeverityDRM ?? -1, hob: 0 });
  } else if (idx === WOUND_INDEX) {
    expect(i).toBeLessThan(6);
    const next = UNIT_CODES.byCode[woundNext(UNIT_CODES, c, drm, i + 1)].unit;
    expect({ unit: unitStateKey(u), drm, dr: i + 1, next: fields(next) }).toEqual({ unit: unitStateKey(u), drm, dr: i + 1, next: fields(resolveWoundSeverity(u, i + 1, drm).unit) });
  } else {
    const broken = idx === HOB_INDEX + 1;
    expect(idx === HOB_INDEX || broken).toBe(true);
    const o = hobOutcome(UNIT_CODES, c, broken, i, ctx, ctxId);
    const r = resolveHoB(u, ALL_DR[i].white + ALL_DR[i].colored, broken, ctx);
    const next = UNIT_CODES.byCode[outcomeNext(o)].unit;
    const hero = (o & 1) !== 0 ? fields(UNIT_CODES.byCode[hobHeroOf(UNIT_CODES, c, broken, i, ctxId)].unit) : null;
    expect({ unit: unitStateKey(u), broken, dr: i, next: fields(next), hero }).toEqual({
      unit: unitStateKey(u),
      broken,
      dr: i,
      next: fields(r.unit),
      hero: r.createdHero === null ? null : fields(initialUnitState(r.createdHero)),
    });
  }
}

describe('Berserk, Wound Severity and HoB outcome tables', () => {
  it('equal their rule functions on whole rows for varied units, DRMs and contexts (A15.41, A17.11, A15.1)', () => {
    const units = ['german/4-6-7', 'german/9-1', 'german/8-0', 'russian/4-2-6', 'russian/6+1', 'german/hero', 'german/2-4-7'].flatMap((id) => [
      initialUnitState(getUnit(id)),
      initialUnitState(getUnit(id), { broken: true }),
      initialUnitState(getUnit(id), { pinned: true, fanatic: true }),
      initialUnitState(getUnit(id), { wounded: true }),
      initialUnitState(getUnit(id), { disrupted: true }),
    ]);
    const ctxs = [0, 3, 5].flatMap((elr) => [
      { ...defaultContext(getRuleSet('2nd-edition')), elr },
      { ...defaultContext(getRuleSet('gi-anvil')), elr, vsRussians: true },
    ]);
    let heroes = 0;
    for (const u of units) {
      const c = UNIT_CODES.intern(u);
      for (const ctx of ctxs) {
        const ctxId = UNIT_CODES.ctxId(ctx);
        for (let i = 0; i < 36; i++) {
          for (const drm of [-3, -1, 0, 1]) expectOtherOutcome(c, BERSERK_INDEX, drm, i, ctx, ctxId);
          if (i < 6) for (const drm of [0, 1]) expectOtherOutcome(c, WOUND_INDEX, drm, i, ctx, ctxId);
          for (const idx of [HOB_INDEX, HOB_INDEX + 1]) {
            expectOtherOutcome(c, idx, 0, i, ctx, ctxId);
            if ((hobOutcome(UNIT_CODES, c, idx === HOB_INDEX + 1, i, ctx, ctxId) & 1) !== 0) heroes++;
          }
        }
      }
    }
    expect(heroes).toBeGreaterThan(0);
  });
});
