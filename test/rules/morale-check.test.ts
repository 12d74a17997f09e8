import { describe, expect, it } from 'vitest';
import { Ev } from '../../src/rules/events.js';
import { replacementOf, reducedOf, getUnit } from '../../src/counters/catalog.js';
import { moraleCheck, parseCheck } from '../../src/rules/check.js';
import { resolveCheck } from '../../src/rules/morale-check.js';
import { leadershipDRMFor } from '../../src/rules/leadership.js';
import { currentML } from '../../src/rules/unit-state.js';
import { ctx, drOf, unit } from './helpers.js';

const NMC = moraleCheck(0);

describe('A10.1 / A7.8 MC pass, pin, fail', () => {
  it('passes on Final DR < ML, pins on Final DR == ML (A7.8), breaks above (A10.3)', () => {
    const u = unit('german/4-6-7'); // ML 7
    expect(resolveCheck(u, NMC, 0, drOf(6), ctx()).events).toBe(Ev.pass);
    const pin = resolveCheck(u, NMC, 0, drOf(7), ctx());
    expect(pin.unit.pinned).toBe(true);
    expect(pin.events).toBe(Ev.pin);
    const brk = resolveCheck(u, NMC, 0, drOf(8), ctx());
    expect(brk.unit.status).toBe('broken');
    expect(brk.events).toBe(Ev.break);
  });

  it('adds the # of a #MC to the DR (A10.1): a 2MC on a 5 is a Final 7', () => {
    const r = resolveCheck(unit('german/4-6-7'), parseCheck('2MC'), 0, drOf(5), ctx());
    expect(r.finalDR).toBe(7);
    expect(r.unit.pinned).toBe(true);
  });

  it('a broken unit failing a MC is Casualty Reduced (A10.3 EXC, A10.2 EX): broken 4-6-7 -> broken HS', () => {
    const u = unit('german/4-6-7', { broken: true });
    const r = resolveCheck(u, parseCheck('1MC'), 0, drOf(9), ctx());
    expect(r.unit.status).toBe('broken');
    expect(r.unit.profile.id).toBe(reducedOf(getUnit('german/4-6-7'))!.id);
    expect(r.unit.profile.kind).toBe('hs');
    expect(r.events & Ev.casualtyReduction).toBeTruthy();
  });

  it('a berserk unit has ML 10, is never pinned and is Casualty Reduced on failure (A15.42)', () => {
    const u = unit('german/4-6-7', { berserk: true });
    expect(currentML(u)).toBe(10);
    expect(resolveCheck(u, NMC, 0, drOf(10), ctx()).unit.pinned).toBe(false);
    const r = resolveCheck(u, parseCheck('1MC'), 0, drOf(10), ctx());
    expect(r.unit.status).toBe('good-order');
    expect(r.unit.berserk).toBe(true);
    expect(r.unit.profile.kind).toBe('hs');
  });

  it('ML modifiers: Fanatic +1 both sides (A10.8), Encircled -1 (A7.7), wounded SMC -1 (A17.2)', () => {
    expect(currentML(unit('german/4-6-7', { fanatic: true }))).toBe(8);
    expect(currentML(unit('german/4-6-7', { encircled: true }))).toBe(6);
    expect(currentML(unit('german/9-1', { wounded: true }))).toBe(8);
    const b = unit('german/4-6-7', { broken: true, fanatic: true });
    expect(currentML(b)).toBe(getUnit('german/4-6-7').brokenML + 1);
  });
});

describe('A10.31 Casualty MC', () => {
  it('an unbroken unit rolling an Original 12 is Casualty Reduced and broken, whatever its DRM', () => {
    const u = unit('german/4-6-7');
    const r = resolveCheck(u, NMC, -6, drOf(12), ctx({ elr: 5 }));
    expect(r.unit.status).toBe('broken');
    expect(r.unit.profile.kind).toBe('hs');
    expect(r.events & (Ev.casualtyReduction | Ev.break)).toBe(Ev.casualtyReduction | Ev.break);
  });

  it('setting casualtyMCAlsoReplaces (low confidence): Reduced then Replaced when failing by more than ELR', () => {
    const u = unit('german/4-6-7');
    const hs = reducedOf(getUnit('german/4-6-7'))!;
    const both = resolveCheck(u, NMC, 0, drOf(12), ctx({ elr: 3 }));
    const lower = replacementOf(hs);
    expect(both.unit.profile.id).toBe(lower ? lower.id : hs.id);
    const only = resolveCheck(u, NMC, 0, drOf(12), ctx({ elr: 3, ruleSet: { ...ctx().ruleSet, settings: { ...ctx().ruleSet.settings, casualtyMCAlsoReplaces: false } } }));
    expect(only.unit.profile.id).toBe(hs.id);
  });
});

describe('A19.13 ELR Replacement and A19.12 Disruption', () => {
  it('failing by more than ELR Replaces with the next lower unit, broken (A25.1 ladder: 4-6-7 -> 4-4-7)', () => {
    const r = resolveCheck(unit('german/4-6-7'), NMC, 0, drOf(11), ctx({ elr: 3 })); // fails by 4
    expect(r.unit.profile.id).toBe('german/4-4-7');
    expect(r.unit.status).toBe('broken');
    expect(r.events).toBe(Ev.break | Ev.replacement);
  });

  it('failing by exactly ELR only breaks (Final DR - ML > ELR is needed)', () => {
    const r = resolveCheck(unit('german/4-6-7'), NMC, 0, drOf(10), ctx({ elr: 3 }));
    expect(r.unit.profile.id).toBe('german/4-6-7');
    expect(r.events).toBe(Ev.break);
  });

  it('a unit that cannot be Replaced is Disrupted (German 4-3-6 has no lower class)', () => {
    const r = resolveCheck(unit('german/4-3-6'), NMC, 0, drOf(11), ctx({ elr: 2 }));
    expect(r.unit.disrupted).toBe(true);
    expect(r.events).toBe(Ev.break | Ev.disruption);
  });

  it('ELR 0: any failure by 1 or more Replaces', () => {
    const r = resolveCheck(unit('german/4-6-8'), NMC, 0, drOf(9), ctx({ elr: 0 }));
    expect(r.unit.profile.id).toBe('german/4-6-7');
  });

  it('crews and heroes are immune (A19.11)', () => {
    const crew = resolveCheck(unit('german/2-2-8'), NMC, 0, drOf(11), ctx({ elr: 0 }));
    expect(crew.events & Ev.replacement).toBe(0);
  });

  it('SS vs Russians, Fanatics are never Disrupted: only broken (A19.12 EXC)', () => {
    const f = resolveCheck(unit('german/4-3-6', { fanatic: true }), NMC, 0, drOf(12 - 0), ctx({ elr: 0 }));
    expect(f.unit.disrupted).toBe(false);
  });
});

describe('A15.2 heroes', () => {
  it('a hero failing a MC is wounded and rolls Wound Severity; never pinned on Final == ML', () => {
    const h = unit('german/hero');
    expect(resolveCheck(h, NMC, 0, drOf(9), ctx()).unit.pinned).toBe(false);
    const r = resolveCheck(h, NMC, 0, drOf(10), ctx());
    expect(r.unit.wounded).toBe(true);
    expect(r.woundSeverityDRM).toBe(0);
    expect(r.events & Ev.wound).toBeTruthy();
  });
  it('a wounded hero failing a MC is eliminated (A15.2)', () => {
    const r = resolveCheck(unit('german/hero', { wounded: true }), NMC, 0, drOf(9), ctx());
    expect(r.unit.status).toBe('eliminated');
  });
});

describe('TCs (A10.2 LLTC, PTC, NTC)', () => {
  it('a failed PTC pins; a failed NTC does nothing; no HoB after a TC', () => {
    const u = unit('german/4-6-7');
    const p = resolveCheck(u, parseCheck('PTC'), 0, drOf(8), ctx());
    expect(p.unit.pinned).toBe(true);
    expect(p.unit.status).toBe('good-order');
    const n = resolveCheck(u, parseCheck('NTC'), 0, drOf(8), ctx());
    expect(n.unit).toEqual(u);
    expect(resolveCheck(u, parseCheck('PTC'), 0, drOf(2), ctx()).heatOfBattle).toBe(false);
  });
});

describe('A10.22 EX: a leader uses only a higher-ML leader\'s DRM', () => {
  const l91 = unit('german/9-1');
  it('a 9-1 with an unbroken 10-2 passes a NMC on <= 11', () => {
    const drm = leadershipDRMFor(l91, [unit('german/10-2')]);
    expect(drm).toBe(-2);
    expect(resolveCheck(l91, NMC, drm, drOf(11), ctx()).passed).toBe(true);
  });
  it('a 9-2 has no effect because his ML is the same as the 9-1', () => {
    expect(leadershipDRMFor(l91, [unit('german/9-2')])).toBe(0);
  });
  it('a pinned or broken leader lends nothing (docs/rules-notes.md §3)', () => {
    const squad = unit('german/4-6-7');
    expect(leadershipDRMFor(squad, [unit('german/9-1', { pinned: true })])).toBe(0);
    expect(leadershipDRMFor(squad, [unit('german/9-1', { broken: true })])).toBe(0);
    expect(leadershipDRMFor(squad, [unit('german/8-0'), unit('german/9-2')])).toBe(-2);
  });
  it('a 6+1 applies when it is the only leader (A10.72); a berserk unit gets nothing (A15.42)', () => {
    expect(leadershipDRMFor(unit('german/4-6-7'), [unit('german/6+1')])).toBe(1);
    expect(leadershipDRMFor(unit('german/4-6-7', { berserk: true }), [unit('german/9-2')])).toBe(0);
  });
  it('a wounded leader lends one worse (A17.2)', () => {
    expect(leadershipDRMFor(unit('german/4-6-7'), [unit('german/9-2', { wounded: true })])).toBe(-1);
  });
});
