/**
 * The Close Combat chain (A11) through the `cc` query: exact odds against hand-computed oracles,
 * simultaneity (A11.1), Ambush order (A11.4), Partial Kill by Random Selection (A11.11, A.9), Casualty
 * Reduction and Wound Severity through the morale rules (A10.31, A17.11), no Heat of Battle (A15.1), and
 * exact vs Monte Carlo agreement.
 */
import { describe, expect, it } from 'vitest';
import { computeOdds } from '../../src/queries/compute-odds.js';
import { ccQuery, type CCInput } from '../../src/queries/cc-query.js';
import { exactResult } from '../../src/queries/compute-odds.js';

const exact = (i: CCInput) => exactResult(ccQuery(i));
const byState = (i: CCInput) => Object.fromEntries(exact(i).outcomes.map((o) => [o.state, o.fraction]));

describe('cc: simultaneous CC (A11.1, A11.11)', () => {
  const twoOnOne: CCInput = { attacker: { units: ['german/4-6-7', 'german/4-6-7'] }, defender: { units: ['russian/4-4-7'] } };
  it('8 FP vs 4 FP: the ATTACKER at 2-1 (Kill Number 7) eliminates on 15/36, the DEFENDER at 1-2 (4) on 3/36', () => {
    const r = exact(twoOnOne);
    expect(r.eventFractions?.defenderEliminated).toBe('5/12');
    expect(r.eventFractions?.attackerEliminated).toBe('1/12');
    expect(r.input.attackerAttack).toBe('2-1, Kill Number 7');
    expect(r.input.defenderAttack).toBe('1-2, Kill Number 4');
  });
  it('both attacks resolve even when both sides are eliminated (simultaneous): 5/12 x 1/12', () => {
    expect(byState(twoOnOne)['ATTACKER eliminated | DEFENDER eliminated']).toBe('5/144');
  });
  it('melee continues unless a side is gone; probabilities sum to 1', () => {
    const r = exact(twoOnOne);
    const p = r.events;
    expect(p.meleeContinues! + p.attackerEliminated! + p.defenderEliminated! - 5 / 144).toBeCloseTo(1, 12);
    expect(r.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
  });
  it('Partial Kill on two squads: Random Selection picks one, a tie both (A.9): 4-6-7 reduced with the HS', () => {
    const r = exact(twoOnOne);
    // The DEFENDER's DR == 4 (3/36): each ATTACKER squad Reduced with P(selected) = 1/2 + 1/12 tie... = 7/12.
    expect(r.units?.[0].eventFractions?.casualtyReduction).toBe('7/144');
    expect(r.units?.map((u) => u.id)).toEqual(['ATTACKER german/4-6-7', 'ATTACKER german/4-6-7', 'DEFENDER russian/4-4-7']);
  });
  it('a CC DR never triggers Heat of Battle (A15.1: only MC and Rally DRs); Original 2 flags Leader Creation (A18.1)', () => {
    const r = exact(twoOnOne);
    expect(r.events).not.toHaveProperty('heatOfBattle');
    // ATTACKER's Original 2 (1/36) or DEFENDER's (1/36): 71/1296
    expect(r.eventFractions?.leaderCreation).toBe('71/1296');
  });
});

describe('cc: SMC in CC (A11, A17.11)', () => {
  it('a lone 8-1 attacked at 4-1 (Kill Number 9): eliminated on DR < 9, or wounded on 9 then Wound Severity 5-6', () => {
    const r = exact({ attacker: { units: ['russian/4-4-7'] }, defender: { units: ['german/8-1'] } });
    // P(DR <= 8) = 26/36; P(DR == 9) = 4/36, then 2/6 eliminated: 26/36 + 4/36 x 1/3 = 82/108 = 41/54
    expect(r.eventFractions?.defenderEliminated).toBe('41/54');
    expect(r.units?.[1].eventFractions?.wound).toBe('1/9');
  });
});

describe('cc: Ambush (A11.4)', () => {
  it('the Ambushing side attacks first with ccAmbushDRM; an eliminated Ambushed side does not attack back', () => {
    const sim = exact({ attacker: { units: ['german/4-6-7'] }, defender: { units: ['russian/4-4-7'] } });
    const amb = exact({ attacker: { units: ['german/4-6-7'] }, defender: { units: ['russian/4-4-7'] }, ambush: 'attacker' });
    // 1-1 (Kill Number 5): simultaneous, each side eliminates on DR < 5 = 6/36. Ambush -2: the ATTACKER
    // eliminates on DR < 7 (15/36), Reduces on 7 (6/36); only survivors strike back: an untouched 4-4-7
    // (15/36) at 1-1 kills on 6/36, a 2-3-7 HS (6/36) at 2 FP vs 4 = 1-2 (Kill Number 4) on 3/36:
    // 15/36 x 6/36 + 6/36 x 3/36 = 108/1296 = 1/12.
    expect(sim.eventFractions?.defenderEliminated).toBe('1/6');
    expect(sim.eventFractions?.attackerEliminated).toBe('1/6');
    expect(amb.eventFractions?.defenderEliminated).toBe('5/12');
    expect(amb.eventFractions?.attackerEliminated).toBe('1/12');
  });
});

describe('cc: exact and Monte Carlo agree', () => {
  it.each([
    ['two squads and a leader vs a squad and a leader', { attacker: { units: ['german/4-6-7', 'german/4-6-7', 'german/8-1'] }, defender: { units: ['russian/4-4-7', 'russian/9-1'] } }],
    ['Ambush, Hand-to-Hand', { attacker: { units: ['russian/6-2-8'] }, defender: { units: ['german/4-6-7', 'german/9-1'] }, ambush: 'defender', handToHand: true }],
  ] as [string, CCInput][])('%s', async (name, input) => {
    const out = await computeOdds(ccQuery(input), { trials: 200_000, seed: `cc-${name}`, threads: 1, compareExact: true });
    if (out.kind !== 'result') throw new Error('expected a result');
    expect(out.result.comparison!.maxAbsZ).toBeLessThan(4.5);
    expect(out.result.comparison!.chiSquared.pValue).toBeGreaterThan(1e-4);
  });
});

describe('cc: broken and Disrupted units (A11, A19.12)', () => {
  it('broken units do not attack; their FP still defends (4-6-7 vs a broken 4-4-7: 1-1, no return attack)', () => {
    const r = exact({ attacker: { units: ['german/4-6-7'] }, defender: { units: ['russian/4-4-7'], broken: [1] } });
    expect(r.eventFractions?.attackerEliminated).toBe('0');
    expect(r.eventFractions?.defenderEliminated).toBe('1/6'); // 1-1, DR < 5
    expect(r.input.defenderAttack).toBe('none (only broken units)');
    expect(r.eventFractions?.leaderCreation).toBe('1/36'); // only the ATTACKER rolls
  });
  it('A19.12: a Disrupted unit still in Melee at the end of the CCPh is eliminated', () => {
    const r = exact({ attacker: { units: ['german/4-6-7'] }, defender: { units: ['russian/4-4-7'], disrupted: [1] } });
    // eliminated by the attack (6/36), Reduced to a HS (DR 5: 4/36) and then eliminated as Disrupted, or
    // left untouched and eliminated: every path ends with it gone, since the 4-6-7 always survives.
    expect(r.eventFractions?.defenderEliminated).toBe('1');
    expect(r.eventFractions?.meleeContinues).toBe('0');
  });
  it('a Disrupted unit whose enemies are all eliminated is not in Melee and stays', () => {
    // 4-6-7 + Disrupted 4-6-7 vs a 2-3-7: only the Good Order squad attacks, 4 vs 2 = 2-1 (Kill Number 7),
    // eliminating the HS on DR < 7 (15/36) and on 7 too (6/36: Casualty Reduction of a HS eliminates it), 21/36;
    // then the Disrupted squad is not in Melee and stays. Otherwise (15/36) it is eliminated (A19.12).
    const r = exact({ attacker: { units: ['german/4-6-7', 'german/4-6-7'], disrupted: [2] }, defender: { units: ['russian/2-3-7'] } });
    expect(r.input.attackerAttack).toBe('2-1, Kill Number 7');
    expect(r.units?.[1].eventFractions?.elimination).toBe('5/12');
    const d = exact({ attacker: { units: ['german/4-6-7'], disrupted: [1] }, defender: { units: ['russian/2-3-7'] } });
    // the 2-3-7 attacks 2 vs 4 = 1-2 (Kill Number 4): 3/36 eliminates the 4-6-7 (Disrupted, so it makes no
    // attack); otherwise the Disrupted squad (or its HS) is eliminated at the end of the CCPh: always gone.
    expect(d.eventFractions?.attackerEliminated).toBe('1');
  });
});

describe('cc: properties', () => {
  it('a more negative DRM never lowers P(DEFENDER eliminated); more attacking FP never lowers it either', () => {
    let last = -1;
    for (const drm of [3, 2, 1, 0, -1, -2, -3]) {
      const p = exact({ attacker: { units: ['german/4-6-7'], drm }, defender: { units: ['russian/4-4-7', 'russian/8-0'] } }).events.defenderEliminated!;
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
    last = -1;
    for (const n of [1, 2, 3]) {
      const p = exact({ attacker: { units: Array(n).fill('german/4-6-7') }, defender: { units: ['russian/4-4-7'] } }).events.defenderEliminated!;
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });
  it('the GIA rule set gives the same CC odds (rules/000 adapts A15 only)', () => {
    const i: CCInput = { attacker: { units: ['german/4-6-7', 'german/8-1'] }, defender: { units: ['russian/4-4-7'] } };
    expect(exact({ ...i, rules: 'gi-anvil' }).outcomes.map((o) => o.fraction)).toEqual(exact(i).outcomes.map((o) => o.fraction));
  });
});

describe('cc: Random Selection among many targets (A.9)', () => {
  it('three 4-4-7 Partial-Killed at 1-1 (DR 5: 4/36): each is selected when its dr is the highest, ties included: 91/216', () => {
    // P(a given unit's dr is >= the other two) = sum over m of (1/6)(m/6)^2 = 91/216.
    const r = exact({ attacker: { units: ['russian/6-2-8', 'russian/6-2-8'] }, defender: { units: ['german/4-4-7', 'german/4-4-7', 'german/4-4-7'] } });
    expect(r.input.attackerAttack).toBe('1-1, Kill Number 5');
    for (const u of r.units!.slice(2)) expect(u.eventFractions?.casualtyReduction).toBe('91/1944'); // 4/36 x 91/216
  });
});
