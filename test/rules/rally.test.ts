import { describe, expect, it } from 'vitest';
import { Ev } from '../../src/rules/events.js';
import { checkRallyAllowed, rallyDRM, resolveRally } from '../../src/rules/rally.js';
import { ctx, drOf, unit } from './helpers.js';

const base = { leadershipDRM: 0, terrain: 'open' as const, selfRally: false, otherDRM: 0 };

describe('A10.6-10.64 Rally', () => {
  it('DRM: leader, terrain -1 (A10.61), Self-Rally +1 (A10.63), DM +4 (A10.62)', () => {
    const u = unit('german/4-6-7', { broken: true, dm: true });
    expect(rallyDRM(u, { ...base, leadershipDRM: -1, terrain: 'building' })).toBe(2);
    expect(rallyDRM(unit('german/4-6-7', { broken: true }), { ...base, selfRally: true, terrain: 'woods' })).toBe(0);
  });
  it('rallies on Final DR <= broken-side ML', () => {
    const u = unit('german/4-6-7', { broken: true });
    const ml = u.profile.brokenML;
    expect(resolveRally(u, 0, drOf(ml), false, ctx()).rallied).toBe(true);
    expect(resolveRally(u, 0, drOf(ml + 1), false, ctx()).rallied).toBe(false);
  });
  it('Fate (A10.64): an Original 12 Casualty Reduces and never rallies, even with a big negative DRM', () => {
    const r = resolveRally(unit('german/4-6-7', { broken: true }), -6, drOf(12), false, ctx());
    expect(r.rallied).toBe(false);
    expect(r.unit.profile.kind).toBe('hs');
    expect(r.events & Ev.casualtyReduction).toBeTruthy();
  });
  it('HoB follows an Original 2 of a Rally DR, never of a Self-Rally DR (A15.1)', () => {
    const u = unit('german/4-6-7', { broken: true });
    expect(resolveRally(u, 0, drOf(2), false, ctx()).heatOfBattle).toBe(true);
    expect(resolveRally(u, 1, drOf(2), true, ctx()).heatOfBattle).toBe(false);
  });
  it('who may rally: Self-Rally never with a Good Order leader (A10.63), never Disrupted (A19.12)', () => {
    const b = unit('german/4-6-7', { broken: true });
    expect(() => checkRallyAllowed(b, true, true)).toThrow(expect.objectContaining({ code: 'input.rally' }));
    expect(() => checkRallyAllowed(unit('german/4-3-6', { disrupted: true }), true, false)).toThrow(expect.objectContaining({ code: 'input.rally' }));
    expect(() => checkRallyAllowed(unit('german/4-6-7'), false, true)).toThrow(expect.objectContaining({ code: 'input.rally' }));
    expect(() => checkRallyAllowed(b, false, true)).not.toThrow();
  });
});
