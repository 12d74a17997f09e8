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
  it('A11.16: broken units never attack, defend with full FP, and are attacked at -2 (4-6-7 vs a broken 4-4-7: 1-1, DR < 7)', () => {
    const r = exact({ attacker: { units: ['german/4-6-7'] }, defender: { units: ['russian/4-4-7'], broken: [1] } });
    expect(r.eventFractions?.attackerEliminated).toBe('0');
    expect(r.eventFractions?.defenderEliminated).toBe('5/12'); // 1-1 (Kill Number 5), DRM -2: DR < 7
    expect(r.input.attackerTotalDRM).toBe(-2);
    expect(r.input.defenderAttack).toBe('none (only broken units, A11.16)');
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
    // The 2-3-7 attacks 2 vs 8 = 1-4 (Kill Number 3); the Disrupted (broken) squad's fate is read at DR - 2
    // (A11.16, A11.622 example): eliminated on DR < 5 (6/36). 6/36 + 30/36 x 15/36 = 37/72.
    const r = exact({ attacker: { units: ['german/4-6-7', 'german/4-6-7'], disrupted: [2] }, defender: { units: ['russian/2-3-7'] } });
    expect(r.input.attackerAttack).toBe('2-1, Kill Number 7');
    expect(r.units?.[1].eventFractions?.elimination).toBe('37/72');
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

describe('cc: the rules of A11 as written (A11.141, A11.16 with the A11.622 example, A7.8, A11.19, E4.5, A15.24)', () => {
  it('the peer 57-G9 Melee (test_g9_melee_russian_attack_is_3_to_2_kill_number_6): 2-3-7 + Commissar vs 2-4-8: 3-2, Kill Number 6, DRM 0; back 1-2, Kill Number 4', () => {
    const r = exact({ attacker: { units: ['russian/2-3-7', 'russian/commissar-9-0'] }, defender: { units: ['finnish/2-4-8'] } });
    expect([r.input.attackerAttack, r.input.attackerTotalDRM, r.input.defenderAttack, r.input.defenderTotalDRM]).toEqual(['3-2, Kill Number 6', 0, '1-2, Kill Number 4', 0]);
    // Final DR <= 6 eliminates the HS (DR 6 is Casualty Reduction, which eliminates a HS, A7.302): 15/36.
    expect(r.units?.[2].eventFractions?.elimination).toBe('5/12');
  });
  it('A11.16 with the A11.622 example: a 4-6-7 attacks a 4-4-7 and a broken 4-4-7 (1-2, Kill Number 4) with one DR; the -2 reads only the broken one', () => {
    const r = exact({ attacker: { units: ['german/4-6-7'] }, defender: { units: ['russian/4-4-7', 'russian/4-4-7'], broken: [2] } });
    expect([r.input.attackerAttack, r.input.attackerTotalDRM]).toEqual(['1-2, Kill Number 4', 0]);
    // unbroken: eliminated on DR < 4 (3/36), Reduced on 4 (3/36; the broken one is then eliminated, DR - 2 < 4)
    expect(r.units?.[1].eventFractions).toMatchObject({ elimination: '1/12', casualtyReduction: '1/12' });
    // broken: eliminated on DR - 2 < 4 (10/36), Reduced on DR - 2 == 4 (5/36)
    expect(r.units?.[2].eventFractions).toMatchObject({ elimination: '5/18', casualtyReduction: '5/36' });
    const figures = r.input.attackerFigures as { totalDRMOnBroken: number; terms: { rule: string }[] };
    expect(figures.totalDRMOnBroken).toBe(-2);
  });
  it('A7.8: a pinned 4-4-7 attacks at 2 (1-2) but defends at 4 (1-1) (peer test_pinned_attacker_halved_but_defense_unaffected)', () => {
    const r = exact({ attacker: { units: ['russian/4-4-7'], pinned: [1] }, defender: { units: ['german/4-6-7'] } });
    expect([r.input.attackerAttack, r.input.defenderAttack]).toEqual(['1-2, Kill Number 4', '1-1, Kill Number 5']);
  });
  it('A11.19: attacking a concealed 4-4-7 the 4-6-7 is at 2 vs 4 (1-2); the concealed unit attacks at full FP (peer test_concealed_defenders_halve_attacking_fp)', () => {
    const r = exact({ attacker: { units: ['german/4-6-7'] }, defender: { units: ['russian/4-4-7'], concealed: true } });
    expect([r.input.attackerAttack, r.input.attackerTotalDRM, r.input.defenderAttack, r.input.defenderTotalDRM]).toEqual(['1-2, Kill Number 4', 0, '1-1, Kill Number 5', 0]);
    expect(r.eventFractions?.defenderEliminated).toBe('1/12');
  });
  it('E4.5: Finnish Skiers (6-4-8) vs a 4-4-7: 3-2 at +2 (DR < 4: 1/12); the 4-4-7 back at 1-2 and -2 (DR < 6: 5/18)', () => {
    const r = exact({ attacker: { units: ['finnish/6-4-8'], skis: true }, defender: { units: ['russian/4-4-7'] } });
    expect([r.input.attackerAttack, r.input.attackerTotalDRM, r.input.defenderAttack, r.input.defenderTotalDRM]).toEqual(['3-2, Kill Number 6', 2, '1-2, Kill Number 4', -2]);
    expect(r.eventFractions?.defenderEliminated).toBe('1/12');
    expect(r.eventFractions?.attackerEliminated).toBe('5/18');
  });
  it('A15.24: a 4-6-7 with two heroes attacks at -2; A11.141: a 9-1 alone at 1-4 with no DRM (peer test_leader_alone_cannot_direct_own_attack)', () => {
    expect(exact({ attacker: { units: ['german/4-6-7', 'german/hero', 'german/hero'] }, defender: { units: ['russian/4-4-7'] } }).input.attackerTotalDRM).toBe(-2);
    const alone = exact({ attacker: { units: ['russian/9-1'] }, defender: { units: ['german/4-6-7'] } });
    expect([alone.input.attackerAttack, alone.input.attackerTotalDRM]).toEqual(['1-4, Kill Number 3', 0]);
  });
  it('every figure of the answer names its rule, source and confidence (input.attackerFigures, sources)', () => {
    const r = exact({ attacker: { units: ['german/4-6-7', 'german/9-1'] }, defender: { units: ['russian/4-4-7'] }, ambush: 'attacker' });
    const f = r.input.attackerFigures as { column: string; killNumber: number; terms: { rule: string; source: string; confidence: string; drm: number }[] };
    expect([f.column, f.killNumber]).toEqual(['1-1', 5]);
    expect(f.terms.map((t) => [t.rule, t.drm, t.confidence])).toEqual([
      ['A11.11 CCT', 0, 'medium-high'],
      ['A11.14', 0, 'medium-high'],
      ['A11.141', -1, 'medium-high'],
      ['A11.4', -2, 'low'],
    ]);
    expect(r.input.lowConfidence).toEqual([expect.stringContaining('Ambush -2 [A11.4, low]')]);
    expect((r.input.sources as string[]).at(-1)).toContain('eASLRB v3.14 as quoted by kehannan/ruleschat');
  });
  it('exact and Monte Carlo agree with broken, concealed, Skiers, heroes and a pinned unit together', async () => {
    const input: CCInput = {
      attacker: { units: ['finnish/6-4-8', 'finnish/hero', 'finnish/2-4-8'], skis: true, pinned: [3] },
      defender: { units: ['russian/4-4-7', 'russian/4-4-7', 'russian/9-1'], broken: [2], concealed: true },
    };
    const out = await computeOdds(ccQuery(input), { trials: 200_000, seed: 'cc-rules', threads: 1, compareExact: true });
    if (out.kind !== 'result') throw new Error('expected a result');
    expect(out.result.comparison!.maxAbsZ).toBeLessThan(4.5);
    expect(out.result.comparison!.chiSquared.pValue).toBeGreaterThan(1e-4);
  });
});
