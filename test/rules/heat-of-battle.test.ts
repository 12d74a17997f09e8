import { describe, expect, it } from 'vitest';
import { Ev } from '../../src/rules/events.js';
import { hobDRM, hobResultOf, isHoBEligible, resolveHoB } from '../../src/rules/heat-of-battle.js';
import { ctx, rs2e, unit } from './helpers.js';

describe('A15.1 HoB DRM (cumulative; docs/rules-notes.md §4)', () => {
  const cases: [string, boolean, number][] = [
    ['german/4-6-7', false, 0],
    ['german/4-6-8', false, -1], // Elite
    ['german/4-3-6', false, +1], // Inexperienced (Green)
    ['german/4-6-7', true, +1], // Broken
    ['russian/4-4-7', false, +2], // Russian
    ['russian/6-2-8', true, +2], // Elite -1, Russian +2, Broken +1
    ['british/4-5-7', false, -1], // British
    ['finnish/5-4-8', false, -1], // Finnish (1st Line)
    ['italian/3-4-7', false, +3], // Italian
    ['german/9-1', false, 0], // leaders: no class DRM
  ];
  for (const [id, broken, drm] of cases) {
    it(`${id}${broken ? ' broken' : ''}: ${drm}`, () => expect(hobDRM(unit(id), broken, ctx())).toBe(drm));
  }
  it('Japanese: +4 in 2nd Edition, +3 in GIA (setting japaneseHoBDRM, medium)', () => {
    const id = 'japanese/4-4-7';
    const base = hobDRM(unit(id), false, ctx()) - 4;
    expect(hobDRM(unit(id), false, ctx({ rules: 'gi-anvil' }))).toBe(base + 3);
  });
});

describe('A15.1 result bands', () => {
  const u = unit('german/4-6-7');
  const expected: [number, string][] = [
    [2, 'hero'], [4, 'hero'], [5, 'hero+battle-hardening'], [6, 'hero+battle-hardening'], [7, 'battle-hardening'],
    [8, 'battle-hardening'], [9, 'berserk'], [11, 'berserk'], [12, 'surrender'], [14, 'surrender'],
  ];
  for (const [dr, r] of expected) it(`Final HoB DR ${dr}: ${r}`, () => expect(hobResultOf(dr, u, ctx())).toBe(r));
  it('non-elite Italians surrender on >= 10 (A15.4 EXC)', () => {
    expect(hobResultOf(9, unit('italian/3-4-7'), ctx())).toBe('berserk');
    expect(hobResultOf(10, unit('italian/3-4-7'), ctx())).toBe('surrender');
  });
});

describe('A15.1 / A15.44 / A15.5 substitutions', () => {
  it('no Known enemy in LOS: berserk becomes Battle Hardening (A15.44)', () => {
    expect(hobResultOf(10, unit('german/4-6-7'), ctx({ knownEnemyInLOS: false }))).toBe('battle-hardening');
  });
  it('Japanese, Partisans, Fanatics, SS vs Russians, No Quarter (2nd Ed): surrender becomes berserk', () => {
    expect(hobResultOf(12, unit('japanese/4-4-7'), ctx())).toBe('berserk');
    expect(hobResultOf(12, unit('partisan/3-3-7'), ctx())).toBe('berserk');
    expect(hobResultOf(12, unit('german/4-6-7', { fanatic: true }), ctx())).toBe('berserk');
    expect(hobResultOf(12, unit('german/6-5-8'), ctx({ vsRussians: true }))).toBe('berserk');
    expect(hobResultOf(12, unit('german/6-5-8'), ctx())).toBe('surrender');
    expect(hobResultOf(12, unit('german/4-6-7'), ctx({ noQuarter: true }))).toBe('berserk');
    expect(hobResultOf(12, unit('german/4-6-7'), ctx({ noQuarter: true, rules: 'gi-anvil' }))).toBe('surrender');
  });
  it('pillbox: 2nd Ed only Japanese harden; GIA every unit hardens (A15.1 table notes)', () => {
    expect(hobResultOf(10, unit('german/4-6-7'), ctx({ pillbox: true }))).toBe('berserk');
    expect(hobResultOf(12, unit('german/4-6-7'), ctx({ pillbox: true }))).toBe('surrender');
    expect(hobResultOf(10, unit('japanese/4-4-7'), ctx({ pillbox: true }))).toBe('battle-hardening');
    expect(hobResultOf(10, unit('german/4-6-7'), ctx({ pillbox: true, rules: 'gi-anvil' }))).toBe('battle-hardening');
    expect(hobResultOf(12, unit('german/4-6-7'), ctx({ pillbox: true, rules: 'gi-anvil' }))).toBe('battle-hardening');
  });
});

describe('A15.1 eligibility', () => {
  it('heroes, crews and berserk units are not subject to HoB', () => {
    expect(isHoBEligible(unit('german/hero'), rs2e)).toBe(false);
    expect(isHoBEligible(unit('german/2-2-8'), rs2e)).toBe(false);
    expect(isHoBEligible(unit('german/4-6-7', { berserk: true }), rs2e)).toBe(false);
    expect(isHoBEligible(unit('german/4-6-7', { broken: true }), rs2e)).toBe(true);
  });
});

describe('A15.2-15.5 applying the result', () => {
  it('hero: an MMC creates a 1-4-9 hero and is otherwise unchanged (A15.21)', () => {
    const r = resolveHoB(unit('german/4-6-7'), 4, false, ctx());
    expect(r.createdHero?.name).toBe('1-4-9');
    expect(r.unit.profile.id).toBe('german/4-6-7');
    expect(r.events).toBe(Ev.heatOfBattle | Ev.hero);
  });
  it('hero: a broken leader becomes heroic and rallies (A15.21)', () => {
    const r = resolveHoB(unit('german/8-1', { broken: true }), 2, true, ctx()); // 2 + 1 = 3
    expect(r.unit.heroic).toBe(true);
    expect(r.unit.status).toBe('good-order');
    expect(r.createdHero).toBeNull();
    expect(r.events & Ev.rally).toBeTruthy();
  });
  it('Final 5-6: hero and Battle Hardening (A15.1): 4-6-7 -> 4-6-8 plus a hero', () => {
    const r = resolveHoB(unit('german/4-6-7'), 6, false, ctx());
    expect(r.unit.profile.id).toBe('german/4-6-8');
    expect(r.createdHero).not.toBeNull();
  });
  it('Battle Hardening: A15.3 EX German 2-4-7 -> 2-4-8 (not the SS 3-4-8), unbroken and unpinned', () => {
    const r = resolveHoB(unit('german/2-4-7', { broken: true }), 6, true, ctx()); // 6 + 1 = 7
    expect(r.unit.profile.id).toBe('german/2-4-8');
    expect(r.unit.status).toBe('good-order');
    expect(r.events & (Ev.battleHardening | Ev.rally)).toBe(Ev.battleHardening | Ev.rally);
  });
  it('Battle Hardening an already elite MMC makes it Fanatic (A15.3)', () => {
    const r = resolveHoB(unit('german/6-5-8'), 8, false, ctx()); // 8 - 1 = 7
    expect(r.unit.fanatic).toBe(true);
    expect(r.events & Ev.fanatic).toBeTruthy();
  });
  it('leaders: 9-2 -> 10-2, Finnish 9-1 -> 10-0 (A15.3)', () => {
    expect(resolveHoB(unit('german/9-2'), 8, false, ctx()).unit.profile.name).toBe('10-2');
    expect(resolveHoB(unit('finnish/9-1'), 8, false, ctx()).unit.profile.name).toBe('10-0');
  });
  it('Battle Hardening refused (setting refuseBattleHardening) leaves the unit unchanged', () => {
    const c = ctx();
    const refuse = { ...c, ruleSet: { ...c.ruleSet, settings: { ...c.ruleSet.settings, refuseBattleHardening: true } } };
    expect(resolveHoB(unit('german/4-6-7'), 7, false, refuse).unit.profile.id).toBe('german/4-6-7');
  });
  it('berserk: a broken unit which goes berserk is rallied (A15.4)', () => {
    const r = resolveHoB(unit('german/4-6-7', { broken: true }), 9, true, ctx()); // 9 + 1 = 10
    expect(r.unit.berserk).toBe(true);
    expect(r.unit.status).toBe('good-order');
  });
  it('surrender with an ADJACENT Known Good Order enemy: captured (A15.5)', () => {
    const r = resolveHoB(unit('german/4-6-7'), 12, false, ctx({ adjacentEnemy: true }));
    expect(r.unit.status).toBe('captured');
    expect(r.events & Ev.surrender).toBeTruthy();
  });
  it('surrender with none ADJACENT: 2nd Ed broken and Disrupted; GIA only broken (A15.5)', () => {
    const a = resolveHoB(unit('german/4-6-7'), 12, false, ctx());
    expect([a.unit.status, a.unit.disrupted]).toEqual(['broken', true]);
    const b = resolveHoB(unit('german/4-6-7'), 12, false, ctx({ rules: 'gi-anvil' }));
    expect([b.unit.status, b.unit.disrupted]).toEqual(['broken', false]);
  });
});
