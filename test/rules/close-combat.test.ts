/**
 * Close Combat rules (A11): the CCT's printed columns and black / red Kill Numbers (A11.11 and its EX),
 * the attack result, CC FP (A11.14, A7.8, A11.16, A11.19) and the CC DRM (A11.141, A15.24, A15.21, A4.51,
 * E4.5, A11.16), each with its source. Oracles: the A11.11 EX and the A11.141 example (eASLRB v3.14 as
 * quoted by kehannan/ruleschat app/asl/cc_resolver.py and tests/test_cc_resolver.py), the rules texts
 * (A15.24), and counts of the 36 DRs.
 */
import { describe, expect, it } from 'vitest';
import { getUnit } from '../../src/counters/catalog.js';
import {
  CC_COLUMNS,
  ccAttackFigures,
  ccAttackFP,
  ccColumnIndex,
  ccCommandTerms,
  ccDefenseFP,
  ccKillNumber,
  ccResultsOn,
  isLeaderCreation,
  resolveCCAttack,
  type CCAttackSituation,
  type CCSideState,
} from '../../src/rules/close-combat.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { initialUnitState, withChanges } from '../../src/rules/unit-state.js';

const rs = getRuleSet('2nd-edition');
const label = (a: number, d: number) => CC_COLUMNS[ccColumnIndex(a, d)].label;
const unit = (id: string, o = {}) => initialUnitState(getUnit(id), o);
/** P(Final DR < kill) and P(Final DR == kill) over 36 DR, as counts out of 36. */
function counts(kill: number, drm = 0): { eliminate: number; reduce: number } {
  let eliminate = 0;
  let reduce = 0;
  for (let w = 1; w <= 6; w++) {
    for (let c = 1; c <= 6; c++) {
      const r = resolveCCAttack(w + c + drm, kill);
      if (r === 'eliminate') eliminate++;
      if (r === 'casualtyReduction') reduce++;
    }
  }
  return { eliminate, reduce };
}
const side = (o: Partial<CCSideState> = {}): CCSideState => ({ cx: false, concealed: false, skis: false, drm: 0, ...o });
const plain: CCAttackSituation = { own: side(), other: side(), ambush: false, handToHand: false, targetsAttackedFirst: false };
const sum = (ts: readonly { drm: number }[]) => ts.reduce((s, t) => s + t.drm, 0);

describe('A11.11 CCT: the printed columns and Kill Numbers (black / red)', () => {
  it('is the printed table: <1-8 0/2 ... >10-1 13/15, with no 1-3 column', () => {
    expect(CC_COLUMNS.map((c) => `${c.label} ${c.kill}/${c.redKill}`).join(', ')).toBe(
      '<1-8 0/2, 1-8 1/3, 1-6 2/4, 1-4 3/5, 1-2 4/6, 1-1 5/7, 3-2 6/8, 2-1 7/9, 3-1 8/10, 4-1 9/11, 6-1 10/12, 8-1 11/13, 10-1 12/14, >10-1 13/15',
    );
  });
  it.each([
    [12, 4, '3-1', 'A11.11: two 6-2-8 squads attacking a 4-6-7 are at 12-4'],
    [7, 4, '3-2', 'A11.11 EX: 7 to 4 would be 3-2'],
    [11, 2, '4-1', 'A11.11 EX: 11 to 2 would be 4-1'],
    [4, 15, '1-4', 'A11.11 EX: 4 to 15 would be 1-4'],
    [5, 8, '1-2', 'A11.141 example: 5-8 is 1-2 (Kill Number 4)'],
    [8, 5, '3-2', 'A11.141 example: 8-5 is 3-2 (Kill Number 6)'],
  ])('%i to %i is %s (%s)', (a, d, col) => {
    expect(label(a, d)).toBe(col);
  });
  it('A11.141 example: 1-2 eliminates on Final DR < 4, 3-2 on < 6', () => {
    expect(ccKillNumber(ccColumnIndex(5, 8), false)).toBe(4);
    expect(ccKillNumber(ccColumnIndex(8, 5), false)).toBe(6);
  });
  it('the chart edges: 4 vs 16 is 1-4 (Kill Number 3), 1 vs 8 is 1-8 (1), 1 vs 9 <1-8 (0), 10-1, 11 vs 1 and 12 vs 1 >10-1 (13)', () => {
    expect([label(4, 16), ccKillNumber(ccColumnIndex(4, 16), false)]).toEqual(['1-4', 3]);
    expect([label(1, 8), ccKillNumber(ccColumnIndex(1, 8), false)]).toEqual(['1-8', 1]);
    expect([label(1, 9), ccKillNumber(ccColumnIndex(1, 9), false)]).toEqual(['<1-8', 0]);
    expect(label(10, 1)).toBe('10-1');
    expect(label(11, 1)).toBe('>10-1');
    expect([label(12, 1), ccKillNumber(ccColumnIndex(12, 1), false)]).toEqual(['>10-1', 13]);
    expect(label(1, 3)).toBe('1-4'); // no 1-3 column
    expect(label(5, 4)).toBe('1-1'); // 1.25 < 3-2
    expect(label(4.5, 4)).toBe('1-1'); // half FP (pinned) compared exactly
  });
  it('every printed column is reached exactly at its ratio', () => {
    for (const c of CC_COLUMNS.slice(1, -1)) expect(label(c.attack, c.defense)).toBe(c.label);
  });
  it('red Kill Numbers (Hand-to-Hand CC only, J2.31) are black + 2 across the chart (peer test_cct_rounding_matches_a11_11_examples)', () => {
    for (let i = 0; i < CC_COLUMNS.length; i++) expect(ccKillNumber(i, true)).toBe(ccKillNumber(i, false) + 2);
  });
  it('3-2: Kill Number 6, 10/36 eliminate and 15/36 with Casualty Reduction', () => {
    const c = counts(ccKillNumber(ccColumnIndex(3, 2), false));
    expect(c.eliminate).toBe(10);
    expect(c.eliminate + c.reduce).toBe(15);
  });
  it('Final DR < Kill Number eliminates, == Partial Kill (Casualty Reduction), > no effect', () => {
    expect(resolveCCAttack(5, 6)).toBe('eliminate');
    expect(resolveCCAttack(6, 6)).toBe('casualtyReduction');
    expect(resolveCCAttack(7, 6)).toBe('none');
  });
});

describe('CC FP (A11.14, A7.8, A11.16, A11.19)', () => {
  it('SMC have CC FP 1 attacking and defending (A11.14)', () => {
    expect(ccAttackFP(unit('german/9-1'))).toBe(1);
    expect(ccDefenseFP(unit('german/hero'))).toBe(1);
  });
  it('a pinned unit attacks with half its FP but defends with all of it (A7.8)', () => {
    const pinned = unit('russian/4-4-7', { pinned: true });
    expect(ccAttackFP(pinned)).toBe(2);
    expect(ccDefenseFP(pinned)).toBe(4);
    const f = ccAttackFigures([unit('german/4-6-7')], [pinned], plain, rs);
    expect([f.attackFP, f.defenseFP, CC_COLUMNS[f.column].label]).toEqual([4, 4, '1-1']);
  });
  it('a broken unit defends with its full FP (A11.16)', () => {
    expect(ccDefenseFP(unit('russian/4-4-7', { broken: true }))).toBe(4);
  });
  it('attacking a concealed unit halves the attacking FP (A11.19): 4 vs a concealed 4-4-7 is 2 vs 4, 1-2', () => {
    const f = ccAttackFigures([unit('german/4-6-7')], [unit('russian/4-4-7')], { ...plain, other: side({ concealed: true }) }, rs);
    expect([f.attackFP, CC_COLUMNS[f.column].label, f.kill, f.drm]).toEqual([2, '1-2', 4, 0]);
    expect(f.terms.map((t) => t.rule)).toContain('A11.19');
  });
  it('a concealed attacker attacks at full FP and with no DRM (A11.19 halves only attacks on it)', () => {
    const f = ccAttackFigures([unit('russian/4-4-7')], [unit('german/4-6-7')], { ...plain, own: side({ concealed: true }) }, rs);
    expect([f.attackFP, CC_COLUMNS[f.column].label, f.drm]).toEqual([4, '1-1', 0]);
  });
  it('setting ccConcealedAfterAttacking: a concealed side that Ambushed is still concealed (halves) by default, or revealed', () => {
    const s = { ...plain, other: side({ concealed: true }), targetsAttackedFirst: true };
    expect(ccAttackFigures([unit('german/4-6-7')], [unit('russian/4-4-7')], s, rs).attackFP).toBe(2);
    expect(ccAttackFigures([unit('german/4-6-7')], [unit('russian/4-4-7')], s, getRuleSet('2nd-edition', { ccConcealedAfterAttacking: 'revealed' })).attackFP).toBe(4);
  });
});

describe('CC DRM (A11.141, A15.24, A15.21, A4.51, E4.5, A11.16, A11.4)', () => {
  const drm = (attackers: string[], s: CCAttackSituation = plain, targets = [unit('russian/4-4-7')]) => ccAttackFigures(attackers.map((a) => unit(a)), targets, s, rs).drm;
  it('one leader directs: the best Good Order leader lends his DRM; a wounded one is one worse (A11.141, A10.7, A17.2)', () => {
    expect(drm(['german/4-6-7', 'german/8-1', 'german/9-2'])).toBe(-2);
    expect(ccAttackFigures([unit('german/4-6-7'), unit('german/9-1', { wounded: true })], [unit('russian/4-4-7')], plain, rs).drm).toBe(0);
    expect(drm(['german/4-6-7'])).toBe(0);
  });
  it('A11.141: a leader attacking alone gets no leadership DRM on his own attack (peer test_leader_alone_cannot_direct_own_attack)', () => {
    const f = ccAttackFigures([unit('russian/9-1')], [unit('german/4-6-7')], plain, rs);
    expect([f.attackFP, CC_COLUMNS[f.column].label, f.drm]).toEqual([1, '1-4', 0]);
    expect(drm(['german/9-1', 'german/8-1'])).toBe(-1); // two leaders: not alone
  });
  it('A15.24: -1 per hero, cumulative with leadership and other heroes (a 4-6-7 with two heroes at -2)', () => {
    expect(drm(['german/hero'])).toBe(-1);
    expect(drm(['german/4-6-7', 'german/hero', 'german/hero'])).toBe(-2);
    expect(drm(['german/4-6-7', 'german/9-1', 'german/hero'])).toBe(-2);
  });
  it('A15.21: a heroic leader gives his leadership or his heroic DRM, never both', () => {
    const heroic92 = withChanges(unit('german/9-2'), { heroic: true });
    const heroic91 = withChanges(unit('german/9-1'), { heroic: true });
    expect(sum(ccCommandTerms([unit('german/4-6-7'), heroic92]))).toBe(-2);
    expect(sum(ccCommandTerms([unit('german/4-6-7'), heroic91]))).toBe(-1);
    expect(sum(ccCommandTerms([unit('german/4-6-7'), heroic91, unit('german/hero')]))).toBe(-2);
    expect(sum(ccCommandTerms([heroic91]))).toBe(-1); // alone: his heroic DRM only
  });
  it('A4.51: CX +1 to its attacks, -1 to attacks on it (peer test_cx_drm_both_directions)', () => {
    expect(drm(['german/4-6-7'], { ...plain, own: side({ cx: true }) })).toBe(1);
    expect(drm(['german/4-6-7'], { ...plain, other: side({ cx: true }) })).toBe(-1);
  });
  it('E4.5: Skiers +2 to their CC attack, -2 when attacked (peer test_worn_skiers_get_e45_drm_both_directions)', () => {
    expect(drm(['russian/4-4-7'], { ...plain, own: side({ skis: true }) }, [unit('german/4-6-7')])).toBe(2);
    expect(drm(['german/4-6-7'], { ...plain, other: side({ skis: true }) })).toBe(-2);
  });
  it('A11.16: every unit attacked broken: -2 (peer test_all_defenders_broken_gets_minus_2)', () => {
    const f = ccAttackFigures([unit('german/4-6-7')], [unit('russian/4-4-7', { broken: true })], plain, rs);
    expect([f.drm, f.allTargetsBroken]).toEqual([-2, true]);
  });
  it('A11.16 with the A11.622 example: broken and unbroken attacked together, the -2 changes only the broken units fate', () => {
    const targets = [unit('russian/4-4-7'), unit('russian/4-4-7', { broken: true })];
    const f = ccAttackFigures([unit('german/4-6-7')], targets, plain, rs);
    // 4 vs 8 = 1-2, Kill Number 4; total DRM 0 (peer test_broken_attacker_excluded_and_defends_full_fp)
    expect([CC_COLUMNS[f.column].label, f.kill, f.drm, f.brokenTargets]).toEqual(['1-2', 4, 0, true]);
    expect(ccResultsOn(3, f, targets)).toEqual(['eliminate', 'eliminate']);
    expect(ccResultsOn(4, f, targets)).toEqual(['casualtyReduction', 'eliminate']);
    expect(ccResultsOn(5, f, targets)).toEqual(['none', 'eliminate']);
    expect(ccResultsOn(6, f, targets)).toEqual(['none', 'casualtyReduction']);
    expect(ccResultsOn(7, f, targets)).toEqual(['none', 'none']);
  });
  it('Ambush takes the setting ccAmbushDRM, marked low confidence in the figures', () => {
    const f = ccAttackFigures([unit('german/4-6-7')], [unit('russian/4-4-7')], { ...plain, ambush: true }, getRuleSet('2nd-edition', { ccAmbushDRM: '-1' }));
    expect(f.drm).toBe(-1);
    expect(f.terms.find((t) => t.rule === 'A11.4')?.confidence).toBe('low');
  });
  it('every term carries its rule, source and confidence', () => {
    const f = ccAttackFigures([unit('german/4-6-7'), unit('german/9-1'), unit('german/hero')], [unit('russian/4-4-7', { pinned: true })], { ...plain, own: side({ cx: true, skis: true, drm: 1 }), other: side({ cx: true, skis: true, concealed: true }) }, rs);
    for (const t of f.terms) {
      expect(t.rule).toBeTruthy();
      expect(t.source).toBeTruthy();
      expect(['high', 'medium-high', 'medium', 'low']).toContain(t.confidence);
    }
    expect(f.drm).toBe(-1 - 1 + 1 - 1 + 2 - 2 + 1);
  });
  it('Leader Creation (A18.1): an Original 2 by an attack including a MMC; not by SMC alone', () => {
    expect(isLeaderCreation(2, [unit('german/4-6-7')])).toBe(true);
    expect(isLeaderCreation(3, [unit('german/4-6-7')])).toBe(false);
    expect(isLeaderCreation(2, [unit('german/9-1')])).toBe(false);
  });
});
