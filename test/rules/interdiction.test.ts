import { describe, expect, it } from 'vitest';
import { Ev } from '../../src/rules/events.js';
import { resolveCannotRout, resolveFailureToRout } from '../../src/rules/failure-to-rout.js';
import { interdictionDRM, isInterdicted, resolveInterdiction } from '../../src/rules/interdiction.js';
import { RECOVERY_BELOW, recoveryDRM, resolveRecovery } from '../../src/rules/recovery.js';
import { canRoutFrom, checkRoute, parseRoute, routeMFCosts, routMF, withStopPointsAdjacent } from '../../src/rules/route.js';
import { ctx, drOf, errorCode, unit } from './helpers.js';


const broken467 = () => unit('german/4-6-7', { broken: true }); // broken ML 7 (catalog)

describe('route syntax (A10.5 MF, A10.52 Low Crawl, A10.531 Open Ground)', () => {
  it('parses hexes with MF, ADJACENT and Encircled parts; default MF 1', () => {
    const r = parseRoute(' Open , clear:2:adj , open:enc ', '--path');
    expect(r.hexes).toEqual([
      { terrain: 'open', mf: 1, adjacent: false, encircled: false },
      { terrain: 'clear', mf: 2, adjacent: true, encircled: false },
      { terrain: 'open', mf: 1, adjacent: false, encircled: true },
    ]);
    expect(r.text).toBe('open,clear:2:adj,open:enc');
    expect(r.lowCrawl).toBe(false);
  });
  it("'crawl' is Low Crawl into one hex; 'crawl open:adj' names the hex; 'none' is no legal route", () => {
    expect(parseRoute('crawl', '--path')).toMatchObject({ lowCrawl: true, text: 'crawl' });
    expect(parseRoute('crawl open:adj', '--compare').hexes).toEqual([{ terrain: 'open', mf: 1, adjacent: true, encircled: false }]);
    expect(parseRoute('none', '--path').hexes).toEqual([]);
  });
  it('rejects unknown hexes, MF outside [1, 6], an empty route and a Low Crawl of two hexes (A10.52)', () => {
    expect(errorCode(() => parseRoute('open,opne', '--path'))).toBe('input.path');
    expect(errorCode(() => parseRoute('open:7', '--path'))).toBe('input.path');
    expect(errorCode(() => parseRoute('open:0', '--path'))).toBe('input.path');
    expect(errorCode(() => parseRoute('', '--path'))).toBe('input.path');
    expect(errorCode(() => parseRoute('crawl open,open', '--compare'))).toBe('input.compare');
  });
  it('--end-adjacent marks every hex but the last ADJACENT', () => {
    const r = withStopPointsAdjacent(parseRoute('open,clear,open', '--path'));
    expect(r.hexes.map((h) => h.adjacent)).toEqual([true, true, false]);
    expect(r.text).toBe('open:adj,clear:adj,open');
  });
});

describe('MF budget (A10.5, A17.2, A7.7, A10.52)', () => {
  it('a broken unit has 6 MF, a wounded SMC 3', () => {
    expect(routMF(broken467())).toBe(6);
    expect(routMF(unit('german/8-1', { broken: true }))).toBe(6);
    expect(routMF(unit('german/8-1', { broken: true, wounded: true }))).toBe(3);
  });
  it('a route over budget is an input error; exactly 6 MF is fine', () => {
    expect(errorCode(() => checkRoute(parseRoute('open:2,open:2,clear:2', '--path'), broken467(), false, '--path'))).toBeUndefined();
    expect(errorCode(() => checkRoute(parseRoute('open:2,open:2,clear:3', '--path'), broken467(), false, '--path'))).toBe('input.path');
    const woundedLeader = unit('german/8-1', { broken: true, wounded: true });
    expect(errorCode(() => checkRoute(parseRoute('open,open,open,open', '--path'), woundedLeader, false, '--compare'))).toBe('input.compare');
  });
  it('beginning Encircled doubles the MF of the first hex (A7.7)', () => {
    expect(routeMFCosts(parseRoute('open:2,clear', '--path'), true, 6)).toEqual([4, 1]);
    expect(errorCode(() => checkRoute(parseRoute('open:3,clear', '--path'), broken467(), true, '--path'))).toBe('input.path');
  });
  it('Low Crawl costs the whole allotment whatever the hex costs (A10.52)', () => {
    expect(routeMFCosts(parseRoute('crawl open:6', '--path'), true, 6)).toEqual([6]);
    expect(errorCode(() => checkRoute(parseRoute('crawl open:6', '--path'), broken467(), true, '--path'))).toBeUndefined();
  });
  it('a Disrupted unit may not Low Crawl and routs only from Open Ground (A19.12)', () => {
    const d = unit('german/4-3-6', { disrupted: true });
    expect(errorCode(() => checkRoute(parseRoute('crawl', '--path'), d, false, '--low-crawl'))).toBe('input.lowCrawl');
    expect(canRoutFrom(d, true)).toBe(true);
    expect(canRoutFrom(d, false)).toBe(false);
    expect(canRoutFrom(broken467(), false)).toBe(true);
  });
});

describe('A10.53 Interdiction: which hexes', () => {
  it('Open Ground entered without Low Crawl is Interdicted; clear hexes and Low Crawl never (A10.52)', () => {
    const [open] = parseRoute('open', '--path').hexes;
    const [clear] = parseRoute('clear', '--path').hexes;
    expect(isInterdicted(open, false)).toBe(true);
    expect(isInterdicted(open, true)).toBe(false);
    expect(isInterdicted(clear, false)).toBe(false);
  });
});

describe('A10.53 Interdiction NMC: DRM and consequences', () => {
  it('a NMC against the broken ML; pass below ML, pinned on Final DR == ML (A7.8)', () => {
    const pass = resolveInterdiction(broken467(), null, 0, drOf(6), ctx());
    expect(pass.events).toBe(Ev.pass);
    expect(pass.pinned).toBe(false);
    const pin = resolveInterdiction(broken467(), null, 0, drOf(7), ctx());
    expect(pin.pinned).toBe(true);
    expect(pin.events).toBe(Ev.pin);
  });
  it('failure: Casualty Reduction, a squad goes on as a broken HS (A10.53); a HS is eliminated', () => {
    const r = resolveInterdiction(broken467(), null, 0, drOf(8), ctx());
    expect(r.unit.profile.name).toBe('2-4-7');
    expect(r.unit.status).toBe('broken');
    expect(r.events).toBe(Ev.casualtyReduction);
    const hs = resolveInterdiction(r.unit, null, 0, drOf(7), ctx()); // broken HS ML 6
    expect(hs.unit.status).toBe('eliminated');
  });
  it('an Original 12 on a broken unit is no Casualty MC and no ELR failure: only Casualty Reduction (A10.31, A19.11)', () => {
    const r = resolveInterdiction(broken467(), null, 0, drOf(12), ctx({ elr: 0 }));
    expect(r.events).toBe(Ev.casualtyReduction);
  });
  it('Encircled hex: ML -1 (A7.7); Fanatic: ML +1 (A10.8)', () => {
    expect(resolveInterdiction({ ...broken467(), encircled: true }, null, 0, drOf(6), ctx()).pinned).toBe(true);
    expect(resolveInterdiction(unit('german/4-6-7', { broken: true, fanatic: true }), null, 0, drOf(8), ctx()).pinned).toBe(true);
  });
  it('Original 2: Heat of Battle follows (A15.1)', () => {
    expect(resolveInterdiction(broken467(), null, 0, drOf(2), ctx()).heatOfBattle).toBe(true);
  });
  it("A10.711: a leader routing voluntarily adds his DRM; a +1 leader's cannot be declined (A10.72)", () => {
    expect(interdictionDRM(broken467(), unit('german/8-1'), 0)).toBe(-1);
    expect(interdictionDRM(broken467(), unit('german/9-2'), 1)).toBe(-1);
    expect(interdictionDRM(broken467(), unit('german/6+1'), 0)).toBe(1);
    expect(interdictionDRM(broken467(), null, 2)).toBe(2);
    // A broken leader routing uses only a leader of higher ML (A10.22).
    expect(interdictionDRM(unit('german/9-1', { broken: true }), unit('german/8-1'), 0)).toBe(0);
    const withLeader = resolveInterdiction(broken467(), unit('german/8-1'), 0, drOf(8), ctx());
    expect(withLeader.pinned).toBe(true); // Final 7 == ML 7
  });
  it('A10.711: the leader takes no NMC but is eliminated when the unit fails; a pin spares him', () => {
    const fail = resolveInterdiction(broken467(), unit('german/8-1'), 0, drOf(9), ctx());
    expect(fail.leader?.status).toBe('eliminated');
    expect(fail.events & Ev.elimination).toBe(0); // the unit's events: it was only Reduced
    const pin = resolveInterdiction(broken467(), unit('german/8-1'), 0, drOf(8), ctx());
    expect(pin.leader?.status).toBe('good-order');
  });
});

describe('Failure to Rout (A10.5, A10.53, A10.531 EX, A20.21, A20.3)', () => {
  it('a rout ending ADJACENT eliminates the unit for Failure to Rout', () => {
    const r = resolveFailureToRout(broken467());
    expect(r.unit.status).toBe('eliminated');
    expect(r.events).toBe(Ev.elimination | Ev.failureToRout);
  });
  it('a unit that cannot rout surrenders (captured), or under No Quarter is eliminated', () => {
    expect(resolveCannotRout(broken467(), false).unit.status).toBe('captured');
    expect(resolveCannotRout(broken467(), false).events).toBe(Ev.surrender);
    expect(resolveCannotRout(broken467(), true).events).toBe(Ev.elimination | Ev.failureToRout);
  });
});

describe('A4.44 Recovery', () => {
  it('Final dr < 6; +1 CX, +1 night', () => {
    expect(RECOVERY_BELOW).toBe(6);
    expect(recoveryDRM({ cx: true, night: true, otherDRM: -1 })).toBe(1);
    expect([1, 2, 3, 4, 5, 6].filter((dr) => resolveRecovery(dr, 0))).toEqual([1, 2, 3, 4, 5]);
    expect([1, 2, 3, 4, 5, 6].filter((dr) => resolveRecovery(dr, 2))).toEqual([1, 2, 3]);
    expect([1, 2, 3, 4, 5, 6].filter((dr) => resolveRecovery(dr, -1))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
