/**
 * Close Combat rules (A11): the CCT odds column (A11.11 and its EX), Kill Numbers (docs/rules-notes.md §11), the
 * attack result, the CC DRM and Leader Creation's trigger.
 */
import { describe, expect, it } from 'vitest';
import { getUnit } from '../../src/counters/catalog.js';
import { CC_COLUMNS, ccColumnIndex, ccDRM, ccFP, ccKillNumber, isLeaderCreation, resolveCCAttack, type CCModifiers } from '../../src/rules/close-combat.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { initialUnitState } from '../../src/rules/unit-state.js';

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

describe('A11.11 odds: rounded down to the nearest CCT column', () => {
  it.each([
    [12, 4, '3-1', 'A11.11: two 6-2-8 squads attacking a 4-6-7 are at 12-4'],
    [7, 4, '3-2', 'A11.11 EX: 7 to 4 would be 3-2'],
    [11, 2, '4-1', 'A11.11 EX: 11 to 2 would be 4-1'],
    [4, 15, '1-4', 'A11.11 EX: 4 to 15 would be 1-4'],
  ])('%i to %i is %s (%s)', (a, d, col) => {
    expect(label(a, d)).toBe(col);
  });
  it('every column is reached exactly at its ratio, and the ends cap', () => {
    for (const c of CC_COLUMNS) expect(label(c.attack, c.defense)).toBe(c.label);
    expect(label(1, 20)).toBe('1-8');
    expect(label(30, 1)).toBe('10-1');
    expect(label(5, 4)).toBe('1-1'); // 1.25 < 3-2
    expect(label(4.5, 4)).toBe('1-1'); // half FP (pinned) compared exactly
  });
});

describe('A11.11 Kill Numbers and results (docs/rules-notes.md §11)', () => {
  it('3-2: Kill Number 6, 10/36 eliminate and 15/36 with Casualty Reduction (peer figure)', () => {
    const k = ccKillNumber(ccColumnIndex(3, 2), false, rs);
    expect(k).toBe(6);
    const c = counts(k);
    expect(c.eliminate).toBe(10);
    expect(c.eliminate + c.reduce).toBe(15);
  });
  it('1-1: Kill Number 5; Hand-to-Hand (J2.31) adds 2 (setting ccHandToHandKillShift)', () => {
    expect(ccKillNumber(ccColumnIndex(4, 4), false, rs)).toBe(5);
    expect(ccKillNumber(ccColumnIndex(4, 4), true, rs)).toBe(7);
    expect(ccKillNumber(ccColumnIndex(4, 4), true, getRuleSet('2nd-edition', { ccHandToHandKillShift: '1' }))).toBe(6);
  });
  it('Kill Numbers never decrease with the odds', () => {
    for (let i = 1; i < CC_COLUMNS.length; i++) expect(CC_COLUMNS[i].kill).toBeGreaterThanOrEqual(CC_COLUMNS[i - 1].kill);
  });
  it('Final DR < Kill Number eliminates, == Partial Kill (Casualty Reduction), > no effect', () => {
    expect(resolveCCAttack(5, 6)).toBe('eliminate');
    expect(resolveCCAttack(6, 6)).toBe('casualtyReduction');
    expect(resolveCCAttack(7, 6)).toBe('none');
  });
});

describe('CC FP and DRM (A11, A7.8, A4.51, A11.4, A11.19)', () => {
  const none: Omit<CCModifiers, 'attackers'> = { attackersCX: false, defendersCX: false, ambush: false, attackersConcealed: false, defendersConcealed: false, otherDRM: 0 };
  it('SMC have CC FP 1; a pinned unit attacks with half its FP (A7.8)', () => {
    expect(ccFP(unit('german/4-6-7'))).toBe(4);
    expect(ccFP(unit('german/9-1'))).toBe(1);
    expect(ccFP(unit('german/hero'))).toBe(1);
    expect(ccFP(unit('german/4-6-7', { pinned: true }))).toBe(2);
  });
  it('the best Good Order leader lends his DRM; a wounded one is one worse (A10.7, A17.2)', () => {
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7'), unit('german/8-1'), unit('german/9-2')] }, rs)).toBe(-2);
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7'), unit('german/9-1', { wounded: true })] }, rs)).toBe(0);
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7')] }, rs)).toBe(0);
  });
  it('hero -1, CX +1 / -1, Ambush and concealment from their settings, other DRM added', () => {
    expect(ccDRM({ ...none, attackers: [unit('german/hero')] }, rs)).toBe(-1);
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7')], attackersCX: true }, rs)).toBe(1);
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7')], defendersCX: true }, rs)).toBe(-1);
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7')], ambush: true }, rs)).toBe(-2);
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7')], ambush: true }, getRuleSet('2nd-edition', { ccAmbushDRM: '-1' }))).toBe(-1);
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7')], attackersConcealed: true, defendersConcealed: true }, rs)).toBe(0);
    expect(ccDRM({ ...none, attackers: [unit('german/4-6-7')], otherDRM: 2 }, rs)).toBe(2);
  });
  it('Leader Creation (A18.1): an Original 2 by an attack including a MMC; not by SMC alone', () => {
    expect(isLeaderCreation(2, [unit('german/4-6-7')])).toBe(true);
    expect(isLeaderCreation(3, [unit('german/4-6-7')])).toBe(false);
    expect(isLeaderCreation(2, [unit('german/9-1')])).toBe(false);
  });
});
