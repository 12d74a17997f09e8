import { describe, expect, it } from 'vitest';
import { Ev } from '../../src/rules/events.js';
import { buildMoraleChain } from '../../src/chains/morale-chain.js';
import { ALL_DR } from '../../src/dice/dice.js';
import type { ChainModel } from '../../src/engine/chain.js';
import { enumerateChain, summarizeExact } from '../../src/engine/exact.js';
import { add, toFraction, toNumber, ZERO, type Prob6 } from '../../src/engine/probability.js';
import { moraleCheck, parseCheck } from '../../src/rules/check.js';
import { leadershipDRMFor } from '../../src/rules/leadership.js';
import { resolveCheck } from '../../src/rules/morale-check.js';
import type { UnitState } from '../../src/rules/unit-state.js';
import { ctx, unit } from '../rules/helpers.js';

function eventFraction<S>(model: ChainModel<S>, bit: number): string {
  const d = enumerateChain(model);
  let p: Prob6 = ZERO;
  for (const t of d.terminals) if (t.events & bit) p = add(p, t.probability);
  return toFraction(p);
}

describe('exact engine: probabilities sum to exactly 1', () => {
  for (const check of ['NMC', '1MC', '4MC', 'PTC', 'NTC']) {
    it(`german/4-6-7 ${check}`, () => {
      const model = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: parseCheck(check), drm: 0 }, ctx: ctx() });
      let p: Prob6 = ZERO;
      for (const t of enumerateChain(model).terminals) p = add(p, t.probability);
      expect(toFraction(p)).toBe('1');
    });
  }
});

describe('NMC on a German 4-6-7 (ML 7), ELR 3, Known enemy in LOS: hand-computed fractions', () => {
  const model = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: moraleCheck(0), drm: 0 }, ctx: ctx() });
  // Original DR 2..6 pass (15/36), 7 pins (6/36), 8..10 break (12/36), 11 fails by 4 > ELR: Replaced
  // (2/36), 12 Casualty MC (1/36). HoB follows the Original 2 (1/36) with DRM 0 (1st Line German):
  // HoB <= 6 hero (15/36), 5-8 Battle Hardening (20/36), 9-11 berserk (9/36), 12 surrender (1/36).
  it('pass 15/36, pin 6/36 (A10.1, A7.8)', () => {
    expect(eventFraction(model, Ev.pass)).toBe('5/12');
    expect(eventFraction(model, Ev.pin)).toBe('1/6');
  });
  it('break = 15/36 from the MC + 1/1296 from HoB surrender with no ADJACENT enemy (A15.5)', () => {
    expect(eventFraction(model, Ev.break)).toBe(toFraction({ n: 15n * 36n + 1n, e: 4 }));
  });
  it('heatOfBattle 1/36; hero 15/1296; battleHardening 20/1296; berserk 9/1296; disruption 1/1296', () => {
    expect(eventFraction(model, Ev.heatOfBattle)).toBe('1/36');
    expect(eventFraction(model, Ev.hero)).toBe(toFraction({ n: 15n, e: 4 }));
    expect(eventFraction(model, Ev.battleHardening)).toBe(toFraction({ n: 20n, e: 4 }));
    expect(eventFraction(model, Ev.berserk)).toBe(toFraction({ n: 9n, e: 4 }));
    expect(eventFraction(model, Ev.disruption)).toBe(toFraction({ n: 1n, e: 4 }));
    expect(eventFraction(model, Ev.surrender)).toBe('0');
  });
  it('casualtyReduction 1/36 (A10.31, Original 12 only)', () => {
    expect(eventFraction(model, Ev.casualtyReduction)).toBe('1/36');
  });
  it('with an ADJACENT enemy the HoB 12 captures instead (A15.5): surrender 1/1296', () => {
    const m = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: moraleCheck(0), drm: 0 }, ctx: ctx({ adjacentEnemy: true }) });
    expect(eventFraction(m, Ev.surrender)).toBe(toFraction({ n: 1n, e: 4 }));
    expect(eventFraction(m, Ev.disruption)).toBe('0');
  });
  it('outcomes are grouped by readable state and sum to 1', () => {
    const { outcomes } = summarizeExact(model, enumerateChain(model), []);
    const byState = Object.fromEntries(outcomes.map((o) => [o.state, toFraction(o.probability)]));
    expect(byState['broken 4-6-7']).toBe('1/3');
    expect(byState['pinned 4-6-7']).toBe('1/6');
    expect(byState['broken 4-4-7 (replaced)']).toBe('1/18');
    expect(outcomes.reduce((s, o) => s + toNumber(o.probability), 0)).toBeCloseTo(1, 12);
  });
});

describe('oracle: PTC on a 9-1 leader stacked with a ML 8 squad (docs/rules-notes.md §3, public implementation)', () => {
  // Leader checks first; the squad gets the leader's -1 only while he is unpinned.
  // Of 1,296 equally likely dice pairs: both pinned 60, leader only 156, squad only 180, neither 900.
  type S = { step: 0 | 1 | 2; leader: UnitState; squad: UnitState };
  const ptc = parseCheck('PTC');
  const model: ChainModel<S> = {
    initial: { step: 0, leader: unit('german/9-1'), squad: unit('german/4-6-8') },
    key: (s) => `${s.step}${+s.leader.pinned}${+s.squad.pinned}`,
    rollOf: (s) => (s.step === 2 ? null : 'DR'),
    advance(s, i) {
      if (s.step === 0) {
        const r = resolveCheck(s.leader, ptc, leadershipDRMFor(s.leader, [s.squad]), ALL_DR[i], ctx());
        return { state: { ...s, step: 1, leader: r.unit }, events: 0 };
      }
      const r = resolveCheck(s.squad, ptc, leadershipDRMFor(s.squad, [s.leader]), ALL_DR[i], ctx());
      return { state: { ...s, step: 2, squad: r.unit }, events: 0 };
    },
    describe: (s) => `${+s.leader.pinned}${+s.squad.pinned}`,
  };
  it('matches 60 / 156 / 180 / 900 of 1296', () => {
    const { outcomes } = summarizeExact(model, enumerateChain(model), []);
    const got = Object.fromEntries(outcomes.map((o) => [o.state, toNumber(o.probability) * 1296]));
    expect(got['11']).toBeCloseTo(60, 9);
    expect(got['10']).toBeCloseTo(156, 9);
    expect(got['01']).toBeCloseTo(180, 9);
    expect(got['00']).toBeCloseTo(900, 9);
  });
});

describe('properties', () => {
  const pPass = (ml: number, drm: number) => {
    const u = { ...unit('german/4-6-7'), profile: { ...unit('german/4-6-7').profile, ml } };
    const m = buildMoraleChain({ unit: u, start: { kind: 'check', check: moraleCheck(1), drm }, ctx: ctx() });
    const { events } = summarizeExact(m, enumerateChain(m), [Ev.pass, Ev.break]);
    return { pass: toNumber(events[0]), brk: toNumber(events[1]) };
  };
  it('raising ML never lowers P(pass)', () => {
    for (let ml = 2; ml < 10; ml++) expect(pPass(ml + 1, 0).pass).toBeGreaterThanOrEqual(pPass(ml, 0).pass);
  });
  it('a more negative DRM never hurts: P(pass) up, P(break) down', () => {
    for (let drm = 4; drm > -4; drm--) {
      expect(pPass(7, drm - 1).pass).toBeGreaterThanOrEqual(pPass(7, drm).pass);
      expect(pPass(7, drm - 1).brk).toBeLessThanOrEqual(pPass(7, drm).brk);
    }
  });
});

describe('marginal mode: events as exact masses instead of in the states', () => {
  it('gives every event the probability the ordinary mode sums from its terminals, for every check, DRM and ELR', () => {
    for (const check of ['NMC', '1MC', '3MC', 'PTC']) {
      for (const drm of [-2, 0, 2]) {
        for (const elr of [0, 3, 5]) {
          const model = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: parseCheck(check), drm }, ctx: ctx({ elr }) });
          const plain = enumerateChain(model);
          const marginal = enumerateChain(model, { marginal: true });
          for (let b = 0; b < 32; b++) {
            const want = plain.terminals.reduce((s, t) => (t.events & (1 << b) ? add(s, t.probability) : s), ZERO);
            expect(toFraction(marginal.marginals!.events[b])).toBe(toFraction(want));
          }
          // Merging paths by state alone: no more states than (state, events) pairs, and the same total.
          expect(marginal.terminals.length).toBeLessThanOrEqual(plain.terminals.length);
          expect(toFraction(marginal.terminals.reduce((s, t) => add(s, t.probability), ZERO))).toBe('1');
          expect(marginal.terminals.every((t) => t.events === 0)).toBe(true);
        }
      }
    }
  });
});
