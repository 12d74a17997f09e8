/**
 * The Infantry Fire Table (A7), its column selection, Cowering (A7.9), Random Selection (A.9), the
 * KIA and K/# effects (A7.301, A7.302) and the check order (A10.2). Oracles: the IFT of docs/rules-notes.md §8
 * copied verbatim below (every cell), the A.9 EX and A10.2 EX.
 */
import { describe, expect, it } from 'vitest';
import { Ev } from '../../src/rules/events.js';
import { getUnit } from '../../src/counters/catalog.js';
import { isAslOddsError } from '../../src/errors.js';
import { berserkCheckOf, berserkCheckTakers, resolveBerserkCheck } from '../../src/rules/berserk-leader.js';
import { checkOrder } from '../../src/rules/check-order.js';
import { coweredColumn, coweringShift, DEFAULT_FIRER, type FirerProfile } from '../../src/rules/cowering.js';
import { resolveK, resolveKIA } from '../../src/rules/ift-casualties.js';
import { IFT_COLUMNS, iftColumnOf, iftResultOf, parseIFTResult, shiftIFTColumn, type IFTColumn } from '../../src/rules/infantry-fire-table.js';
import { leaderLossML } from '../../src/rules/leader-loss.js';
import { randomSelection } from '../../src/rules/random-selection.js';
import { ctx, dice, rs2e, rsGIA, unit } from './helpers.js';

/** docs/rules-notes.md §8, verbatim. */
const RULES_NOTES_IFT = `
| DR | 1 | 2 | 4 | 6 | 8 | 12 | 16 | 20 | 24 | 30 | 36+ |
|---|---|---|---|---|---|---|---|---|---|---|---|
| <=0 | 1KIA | 2KIA | 2KIA | 3KIA | 3KIA | 3KIA | 4KIA | 4KIA | 5KIA | 6KIA | 7KIA |
| 1 | K/1 | 1KIA | 1KIA | 2KIA | 2KIA | 2KIA | 3KIA | 3KIA | 4KIA | 5KIA | 6KIA |
| 2 | 1MC | K/1 | K/2 | 1KIA | 1KIA | 1KIA | 2KIA | 2KIA | 3KIA | 4KIA | 5KIA |
| 3 | 1MC | 1MC | 2MC | K/2 | K/2 | K/3 | 1KIA | 1KIA | 2KIA | 3KIA | 4KIA |
| 4 | NMC | 1MC | 1MC | 2MC | 2MC | 3MC | K/3 | K/4 | 1KIA | 2KIA | 3KIA |
| 5 | PTC | NMC | 1MC | 1MC | 2MC | 2MC | 3MC | 4MC | K/4 | 1KIA | 2KIA |
| 6 | - | PTC | NMC | 1MC | 1MC | 2MC | 2MC | 3MC | 4MC | K/4 | 1KIA |
| 7 | - | - | PTC | NMC | 1MC | 1MC | 2MC | 2MC | 3MC | 4MC | K/4 |
| 8 | - | - | - | PTC | NMC | 1MC | 1MC | 2MC | 2MC | 3MC | 4MC |
| 9 | - | - | - | - | PTC | NMC | 1MC | 1MC | 2MC | 2MC | 3MC |
| 10 | - | - | - | - | - | PTC | NMC | 1MC | 1MC | 2MC | 2MC |
| 11 | - | - | - | - | - | - | PTC | NMC | 1MC | 1MC | 2MC |
| 12 | - | - | - | - | - | - | - | PTC | NMC | 1MC | 1MC |
| 13 | - | - | - | - | - | - | - | - | PTC | NMC | 1MC |
| 14 | - | - | - | - | - | - | - | - | - | PTC | NMC |
| 15+ | - | - | - | - | - | - | - | - | - | - | PTC |
`;

function oracleRows(): { drs: number[]; cells: string[] }[] {
  return RULES_NOTES_IFT.trim()
    .split('\n')
    .slice(2)
    .map((line) => {
      const [dr, ...cells] = line.split('|').map((c) => c.trim()).filter((c) => c !== '');
      // "<=0" is read at -3..0, "15+" at 15..18, other rows at their DR.
      const drs = dr === '<=0' ? [-3, -2, -1, 0] : dr === '15+' ? [15, 16, 18] : [Number(dr)];
      return { drs, cells };
    });
}

describe('A7 Infantry Fire Table: every cell against docs/rules-notes.md §8', () => {
  const rows = oracleRows();
  it('has 16 rows of 11 columns', () => {
    expect(rows).toHaveLength(16);
    for (const r of rows) expect(r.cells).toHaveLength(IFT_COLUMNS.length);
  });
  for (const { drs, cells } of rows) {
    for (const dr of drs) {
      it(`Final DR ${dr}: ${cells.join(' ')}`, () => {
        expect(IFT_COLUMNS.map((col) => iftResultOf(col, dr).label)).toEqual(cells);
      });
    }
  }
  it('results carry their kind and # (A7.301, A7.302)', () => {
    expect(iftResultOf(36, 0)).toMatchObject({ kind: 'KIA', n: 7 });
    expect(iftResultOf(12, 3)).toMatchObject({ kind: 'K', n: 3 });
    expect(iftResultOf(4, 3)).toMatchObject({ kind: 'MC', n: 2 });
    expect(iftResultOf(8, 8)).toMatchObject({ kind: 'MC', n: 0, label: 'NMC' });
    expect(iftResultOf(1, 5)).toMatchObject({ kind: 'PTC', n: 0 });
    expect(iftResultOf(1, 6)).toMatchObject({ kind: 'none', n: 0 });
  });
});

describe('A7 column selection: the highest column <= FP', () => {
  const cases: [number, IFTColumn | null][] = [
    [0.5, null], [1, 1], [1.5, 1], [2, 2], [3, 2], [4, 4], [5, 4], [7, 6], [11, 8], [12, 12],
    [19, 16], [20, 20], [29, 24], [35, 30], [36, 36], [200, 36],
  ];
  for (const [fp, col] of cases) it(`${fp} FP -> ${col ?? 'below the table'}`, () => expect(iftColumnOf(fp)).toBe(col));
  it('shifts left, off the table after the 1 column (A7.9, A9.22)', () => {
    expect(shiftIFTColumn(8, 1)).toBe(6);
    expect(shiftIFTColumn(36, 2)).toBe(24);
    expect(shiftIFTColumn(2, 1)).toBe(1);
    expect(shiftIFTColumn(2, 2)).toBeNull();
  });
});

describe('parseIFTResult (--result)', () => {
  it('accepts every table result, case-insensitively, with aliases', () => {
    expect(parseIFTResult('nmc').label).toBe('NMC');
    expect(parseIFTResult('MC').label).toBe('NMC');
    expect(parseIFTResult('k2').label).toBe('K/2');
    expect(parseIFTResult('3kia')).toMatchObject({ kind: 'KIA', n: 3 });
    expect(parseIFTResult('none').kind).toBe('none');
  });
  it('rejects anything else with input.result', () => {
    for (const bad of ['K/5', '8KIA', '5MC', 'broken', '']) {
      try {
        parseIFTResult(bad);
        expect.unreachable(bad);
      } catch (e) {
        expect(isAslOddsError(e) && e.code).toBe('input.result');
      }
    }
  });
});

describe('A7.9 Cowering', () => {
  const firer = (o: Partial<FirerProfile>): FirerProfile => ({ ...DEFAULT_FIRER, ...o });
  it('one column for a 1st/2nd Line firer, two for Inexperienced (Green, Conscript)', () => {
    expect(coweringShift(DEFAULT_FIRER, false, false)).toBe(1);
    expect(coweringShift(firer({ nationality: 'german', unitClass: '2nd-line' }), false, false)).toBe(1);
    expect(coweringShift(firer({ nationality: 'german', unitClass: 'green' }), false, false)).toBe(2);
    expect(coweringShift(firer({ nationality: 'russian', unitClass: 'conscript' }), false, false)).toBe(2);
  });
  it('never: leader-directed, Fire Lane (A9.22), Fanatic (A10.8), berserk (A15.42), hero alone (A15.2)', () => {
    expect(coweringShift(DEFAULT_FIRER, true, false)).toBe(0);
    expect(coweringShift(firer({ unitClass: 'conscript' }), false, true)).toBe(0);
    expect(coweringShift(firer({ fanatic: true }), false, false)).toBe(0);
    expect(coweringShift(firer({ berserk: true }), false, false)).toBe(0);
    expect(coweringShift(firer({ heroAlone: true }), false, false)).toBe(0);
  });
  it('British Elite and 1st Line never cower; British 2nd Line and Green do', () => {
    expect(coweringShift(firer({ nationality: 'british', unitClass: 'elite' }), false, false)).toBe(0);
    expect(coweringShift(firer({ nationality: 'british', unitClass: '1st-line' }), false, false)).toBe(0);
    expect(coweringShift(firer({ nationality: 'british', unitClass: '2nd-line' }), false, false)).toBe(1);
    expect(coweringShift(firer({ nationality: 'british', unitClass: 'green' }), false, false)).toBe(2);
  });
  it('Finns never cower except Conscripts (two columns)', () => {
    for (const c of ['elite', '1st-line', '2nd-line', 'green'] as const) expect(coweringShift(firer({ nationality: 'finnish', unitClass: c }), false, false)).toBe(0);
    expect(coweringShift(firer({ nationality: 'finnish', unitClass: 'conscript' }), false, false)).toBe(2);
  });
  it('shifts only on doubles; off the 1 column: no effect, or the 1 column (setting coweringOnOneFP)', () => {
    expect(coweredColumn(8, false, 1, 'no-effect')).toBe(8);
    expect(coweredColumn(8, true, 1, 'no-effect')).toBe(6);
    expect(coweredColumn(8, true, 2, 'no-effect')).toBe(4);
    expect(coweredColumn(8, true, 0, 'no-effect')).toBe(8);
    expect(coweredColumn(1, true, 1, 'no-effect')).toBeNull();
    expect(coweredColumn(1, true, 1, 'stay')).toBe(1);
    expect(coweredColumn(2, true, 2, 'no-effect')).toBeNull();
    expect(coweredColumn(2, true, 2, 'stay')).toBe(1);
  });
});

describe('A.9 Random Selection: highest dr, ties all selected', () => {
  it('A.9 EX: drs 3, 1, 2, 3 on leader, crew, HS, squad select the leader and the squad', () => {
    expect(randomSelection([3, 1, 2, 3], 1)).toBe(0b1001);
  });
  it('a unique highest dr selects one unit', () => expect(randomSelection([2, 6, 5], 1)).toBe(0b010));
  it('#KIA selects the # highest, and everyone tied with the #-th', () => {
    expect(randomSelection([6, 5, 4, 1], 2)).toBe(0b0011);
    expect(randomSelection([6, 5, 5, 1], 2)).toBe(0b0111);
    expect(randomSelection([4, 4, 4], 2)).toBe(0b111);
  });
  it('selects everyone when the # is at least the number of units', () => expect(randomSelection([1, 2], 3)).toBe(0b11));
});

describe('A7.301 #KIA and A7.302 K/# effects', () => {
  it('A10.2 EX: 1KIA selecting the 9-1 eliminates him and breaks both squads', () => {
    const e = resolveKIA([unit('german/9-1'), unit('german/6-5-8'), unit('german/4-6-7')], [0], rs2e);
    expect(e.units.map((u) => u.status)).toEqual(['eliminated', 'broken', 'broken']);
    expect(e.mcTakers).toEqual([]);
  });
  it('KIA survivors already broken stay broken; a pinned survivor loses the pin', () => {
    const e = resolveKIA([unit('german/4-6-7'), unit('german/4-6-7', { broken: true }), unit('german/4-4-7', { pinned: true })], [0], rs2e);
    expect(e.units.map((u) => u.status)).toEqual(['eliminated', 'broken', 'broken']);
    expect(e.units[2].pinned).toBe(false);
    expect(e.events[1]).toBe(0);
  });
  it('KIA survivors that cannot break (hero, berserk) suffer Casualty Reduction instead (modelling choice)', () => {
    const e = resolveKIA([unit('german/4-6-7'), unit('german/hero'), unit('german/4-6-7', { berserk: true })], [0], rs2e);
    expect(e.units[1].wounded).toBe(true);
    expect(e.woundSeverityDRM[1]).toBe(0);
    expect(e.units[2].profile.id).toBe('german/2-4-7');
    expect(e.units[2].berserk).toBe(true);
  });
  it('A.9 EX, K/1: the leader is wounded (no MC), the squad becomes a HS; crew and both HS take the 1MC', () => {
    const units = [unit('german/8-1'), unit('german/crew'), unit('german/2-4-7'), unit('german/4-6-7')];
    const e = resolveK(units, [0, 3], rs2e);
    expect(e.units[0].wounded).toBe(true);
    expect(e.woundSeverityDRM[0]).toBe(0);
    expect(e.units[3].profile.id).toBe('german/2-4-7');
    expect(e.mcTakers).toEqual([1, 2, 3]);
  });
  it('K/#: a HS or crew selected is eliminated and takes no MC', () => {
    const e = resolveK([unit('german/2-4-7'), unit('german/4-6-7')], [0], rs2e);
    expect(e.units[0].status).toBe('eliminated');
    expect(e.mcTakers).toEqual([1]);
  });
});

describe('A10.2 check order and leader-loss ML', () => {
  it('leaders first, higher ML first, then the others in stack order', () => {
    const units = [unit('german/4-6-7'), unit('german/8-1'), unit('german/hero'), unit('german/10-2'), unit('german/9-1', { broken: true })];
    expect(checkOrder(units, [0, 1, 2, 3, 4])).toEqual([3, 4, 1, 0, 2]);
  });
  it('a lost leader is measured by his Good Order ML, wound ignored (A10.21 EX)', () => {
    expect(leaderLossML(unit('german/8-0', { broken: true }))).toBe(8);
    expect(leaderLossML(unit('german/9-1', { broken: true, wounded: true }))).toBe(9);
    expect(leaderLossML(unit('german/9-1', { fanatic: true }))).toBe(10);
  });
});

describe('A15.41 berserk leader: the check his Location takes', () => {
  it('2nd Edition a Berserk NTC, GIA a DM MC (rule-set data)', () => {
    expect(berserkCheckOf(rs2e)).toMatchObject({ kind: 'TC', label: 'Berserk NTC' });
    expect(berserkCheckOf(rsGIA)).toMatchObject({ kind: 'MC', label: 'Berserk DM MC' });
  });
  it('every other unit subject to HoB takes it (not heroes, crews, berserk units), broken ones included', () => {
    const units = [unit('german/9-1', { berserk: true }), unit('german/4-6-7', { broken: true }), unit('german/hero'), unit('german/crew'), unit('german/4-6-8', { berserk: true }), unit('german/8-1')];
    expect(berserkCheckTakers(units, 0, rs2e)).toEqual([5, 1]);
  });
  it('pass: berserk (a broken unit rallies); fail: no change', () => {
    const pass = resolveBerserkCheck(unit('german/4-6-7', { broken: true }), -1, dice(3, 4), ctx());
    expect(pass.unit.berserk).toBe(true);
    expect(pass.unit.status).toBe('good-order');
    const fail = resolveBerserkCheck(unit('german/4-6-7'), -1, dice(5, 5), ctx());
    expect(fail.unit).toEqual(unit('german/4-6-7'));
    expect(fail.events).toBe(0);
  });
  it('GIA DM MC: an Original 12 by an unbroken unit is a Casualty MC (A10.31); the 2nd Ed NTC has none', () => {
    const gia = resolveBerserkCheck(unit('german/4-6-7'), 0, dice(6, 6), ctx({ rules: 'gi-anvil' }));
    // Reduced to a HS and broken (and, failing by 5 > ELR 3, also Replaced: casualtyMCAlsoReplaces).
    expect(gia.unit.profile.kind).toBe('hs');
    expect(gia.unit.status).toBe('broken');
    expect(gia.events & Ev.casualtyReduction).toBeTruthy();
    const ntc = resolveBerserkCheck(unit('german/4-6-7'), 0, dice(6, 6), ctx());
    expect(ntc.unit).toEqual(unit('german/4-6-7'));
  });
  it('uses the 9-1 and other catalog rows as typed', () => expect(getUnit('german/9-1').leadershipDRM).toBe(-1));
});
