/**
 * The rule cases an independent re-derivation of the rules (from the rules texts alone) found wrong
 * (issue 12, part 1). Each test cites its rule and asserts the exact figure.
 */
import { describe, expect, it } from 'vitest';
import { Ev } from '../../src/rules/events.js';
import { attackQuery, type AttackInput } from '../../src/queries/attack-query.js';
import { exactResult } from '../../src/queries/compute-odds.js';
import { integrityQuery } from '../../src/queries/integrity-query.js';
import { mcExact as mcOdds, rallyExact as rallyOdds } from '../../src/queries/morale-query.js';
import { routExact as routOdds } from '../../src/queries/rout-query.js';
import { resolveBattleHardening } from '../../src/rules/battle-hardening.js';
import { parseCheck } from '../../src/rules/check.js';
import { resolveCheck, takesPinTaskCheck } from '../../src/rules/morale-check.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { ctx, drOf, errorCode, unit } from './helpers.js';

const attackOdds = (i: AttackInput) => exactResult(attackQuery(i));

describe('A19.13 / A19.12 with A10.31 and A17.11: a leader failing a Casualty MC by more than ELR', () => {
  it('a 9-1 at ELR 2 wounded by an Original 12 is Replaced if he survives the Wound Severity dr: 1/36 x 4/6 = 1/54', () => {
    const r = mcOdds({ unit: 'german/9-1', elr: 2 });
    expect(r.eventFractions!.replacement).toBe('1/54');
    expect(r.outcomes.find((o) => o.state === 'broken, wounded 8-1 (replaced)')?.fraction).toBe('1/54');
    expect(r.outcomes.find((o) => o.state === 'eliminated 9-1')?.fraction).toBe('1/108');
  });

  it('a 6+1 at ELR 5 (A19.12 names the 6+1) is Disrupted after surviving: 1/54 + HoB surrender 1/1296 = 25/1296', () => {
    expect(mcOdds({ unit: 'german/6+1', elr: 5 }).eventFractions!.disruption).toBe('25/1296');
  });

  it('as a squad under the same setting: casualtyMCAlsoReplaces=false leaves the leader only wounded and broken', () => {
    const off = mcOdds({ unit: 'german/9-1', elr: 2, settings: { casualtyMCAlsoReplaces: 'false' } });
    expect(off.eventFractions!.replacement).toBe('0');
    const squad = mcOdds({ unit: 'german/4-6-7', elr: 3 });
    expect(squad.outcomes.some((o) => o.state.includes('2-4-7') || o.state.includes('2-3-7'))).toBe(true);
  });

  it('the pending failure is applied by the Wound Severity dr, never left on a unit', () => {
    const r = resolveCheck(unit('german/9-1'), parseCheck('NMC'), 0, drOf(12), ctx({ elr: 2 }));
    expect(r.unit.elrPending).toBe('replace');
    expect(r.woundSeverityDRM).toBe(0);
    expect(r.events & Ev.replacement).toBe(0);
  });
});

describe('A7.7 Encirclement lowers every Personnel unit in the Location, the helping leader too (A10.22 EX)', () => {
  it('mc 10-2 with a 10-3, Encircled: the 9-3 no longer outranks the 9-2, no DRM: pass 13/18', () => {
    const r = mcOdds({ unit: 'german/10-2', leaders: ['german/10-3'], encircled: true });
    expect(r.eventFractions!.pass).toBe('13/18');
    expect(r.input.leadershipDRM).toBe(0);
  });

  it('rally of a broken 10-2 by a 10-3 is refused with or without --encircled (A10.22: higher ML)', () => {
    expect(errorCode(() => rallyOdds({ unit: 'german/10-2', leaders: ['german/10-3'] }))).toBe('input.rally');
    expect(errorCode(() => rallyOdds({ unit: 'german/10-2', leaders: ['german/10-3'], encircled: true }))).toBe('input.rally');
  });
});

describe('A16.3: a side may not gain ELR it has not lost', () => {
  it('regain at its starting ELR: success clears the IB-loss DRM but elrRegain is 0', () => {
    const r = exactResult(integrityQuery({ losses: 1, regain: true, startingELR: 3 }));
    expect(r.eventFractions!.elrRegain).toBe('0');
    expect(r.outcomes.map((o) => o.fraction)).toEqual(['35/36', '1/36']);
  });

  it('regain from ELR 2 of 3: elrRegain 1/36', () => {
    expect(exactResult(integrityQuery({ losses: 1, regain: true, elr: 2, startingELR: 3 })).eventFractions!.elrRegain).toBe('1/36');
  });
});

describe('A15.3 read two ways: named settings', () => {
  const partisan = unit('partisan/8-1');
  it('partisanLeaderHardening: fanatic (default) keeps the 8-1 and makes him Fanatic; promoted makes him a 9-1', () => {
    const d = resolveBattleHardening(partisan, getRuleSet('2nd-edition'));
    expect([d.unit.profile.id, d.unit.fanatic, !!(d.events & Ev.fanatic)]).toEqual(['partisan/8-1', true, true]);
    const p = resolveBattleHardening(partisan, getRuleSet('2nd-edition', { partisanLeaderHardening: 'promoted' }));
    expect([p.unit.profile.id, p.unit.fanatic]).toEqual(['partisan/9-1', false]);
  });

  it('fanaticHardeningRallies: a broken, elite 4-6-8 made Fanatic is rallied (true, default) or stays broken (false)', () => {
    const broken468 = unit('german/4-6-8', { broken: true });
    const d = resolveBattleHardening(broken468, getRuleSet('2nd-edition'));
    expect([d.unit.status, d.unit.fanatic, !!(d.events & Ev.rally)]).toEqual(['good-order', true, true]);
    const off = resolveBattleHardening(broken468, getRuleSet('2nd-edition', { fanaticHardeningRallies: 'false' }));
    expect([off.unit.status, off.unit.fanatic, !!(off.events & Ev.rally)]).toEqual(['broken', true, false]);
    // A unit with a higher grade is exchanged "for an unbroken, unpinned unit" under either setting.
    const up = resolveBattleHardening(unit('german/4-6-7', { broken: true }), getRuleSet('2nd-edition', { fanaticHardeningRallies: 'false' }));
    expect([up.unit.profile.id, up.unit.status]).toEqual(['german/4-6-8', 'good-order']);
  });
});

describe('A7.8 PTC on a broken unit: one rule for mc and attack', () => {
  it('mc --check PTC --broken leaves the unit as it was, as the attack PTC result does', () => {
    const mc = mcOdds({ unit: 'german/4-6-7', broken: true, check: 'PTC' });
    expect(mc.outcomes.map((o) => [o.state, o.fraction])).toEqual([['broken 4-6-7', '1']]);
    expect(mc.eventFractions!.pin).toBe('0');
    const attack = attackOdds({ targets: [{ unit: 'german/4-6-7', broken: true }], result: 'PTC', outcomes: true });
    expect(attack.outcomes.map((o) => o.fraction)).toEqual(['1']);
    expect(attack.eventFractions!.pin).toBe('0');
    expect(takesPinTaskCheck(unit('german/4-6-7', { broken: true }))).toBe(false);
    expect(takesPinTaskCheck(unit('german/4-6-7', { pinned: true }))).toBe(false);
    expect(takesPinTaskCheck(unit('german/4-6-7'))).toBe(true);
  });
});

describe('what the counters make impossible is refused', () => {
  it('--wounded on a MMC (A17.2 wounds SMC only)', () => {
    expect(errorCode(() => mcOdds({ unit: 'german/4-6-7', wounded: true }))).toBe('input.wounded');
    expect(errorCode(() => rallyOdds({ unit: 'german/4-6-7', wounded: true, leaders: ['german/8-1'] }))).toBe('input.wounded');
  });
  it('--broken on a hero (A15.2: a hero never breaks)', () => {
    expect(errorCode(() => mcOdds({ unit: 'german/hero', broken: true }))).toBe('input.broken');
    expect(errorCode(() => mcOdds({ unit: 'german/hero', disrupted: true }))).toBe('input.broken');
  });
  it('--berserk with --broken (A15.42: a berserk unit never breaks; A15.4: a broken unit going berserk rallies)', () => {
    expect(errorCode(() => mcOdds({ unit: 'german/4-6-7', broken: true, berserk: true }))).toBe('input.berserk');
  });
  it('a leader of another nationality lending his DRM (A10.7)', () => {
    expect(errorCode(() => mcOdds({ unit: 'german/4-6-7', leaders: ['russian/9-1'] }))).toBe('input.leader');
    expect(errorCode(() => rallyOdds({ unit: 'german/4-6-7', leaders: ['russian/9-1'] }))).toBe('input.leader');
    expect(errorCode(() => routOdds({ unit: 'german/4-6-7', path: 'open', leader: 'russian/8-1' }))).toBe('input.leader');
    expect(mcOdds({ unit: 'german/4-6-7', leaders: ['9-1'] }).input.leadershipDRM).toBe(-1);
  });
});
