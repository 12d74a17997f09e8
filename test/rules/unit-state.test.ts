/**
 * Unit states (unit-state.ts): `withChanges` makes a new state with the fields asked for changed and
 * the rest kept, every state with the same fields in the same order (one literal, one object shape for
 * the engines), and `offMapState` keeps of a unit off the map its counter and status alone.
 */
import { describe, expect, it } from 'vitest';
import { getUnit } from '../../src/counters/catalog.js';
import { resolveCasualtyReduction } from '../../src/rules/casualty-reduction.js';
import { goBerserk } from '../../src/rules/heat-of-battle.js';
import { initialUnitState, offMapState, unitStateKey, withChanges } from '../../src/rules/unit-state.js';
import { RULE_SETS } from '../../src/rules/rule-set.js';

const FIELDS = ['profile', 'status', 'pinned', 'berserk', 'fanatic', 'disrupted', 'wounded', 'heroic', 'encircled', 'dm', 'noLeadership', 'elrPending'];

describe('withChanges', () => {
  it('changes the fields asked for, keeps the others, and leaves the unit it copies as it was', () => {
    const squad = initialUnitState(getUnit('german/4-6-7'), { pinned: true, fanatic: true });
    const broken = withChanges(squad, { status: 'broken', pinned: false });
    expect(broken).toEqual({ ...squad, status: 'broken', pinned: false });
    expect(squad.status).toBe('good-order');
    expect(squad.pinned).toBe(true);
    // null is a value (no ELR failure pending), not "unchanged".
    const pending = withChanges(squad, { elrPending: 'replace' });
    expect(pending.elrPending).toBe('replace');
    expect(withChanges(pending, { elrPending: null }).elrPending).toBeNull();
    expect(withChanges(pending, {}).elrPending).toBe('replace');
    expect(unitStateKey(withChanges(squad, {}))).toBe(unitStateKey(squad));
  });

  it('every state has the same fields in the same order, however the rules made it', () => {
    const leader = initialUnitState(getUnit('german/9-1'), { wounded: true, encircled: true });
    const made = [
      leader,
      initialUnitState(getUnit('russian/4-4-7')),
      withChanges(leader, { noLeadership: true }),
      goBerserk(withChanges(leader, { status: 'broken' })).unit,
      resolveCasualtyReduction(initialUnitState(getUnit('german/4-6-7')), RULE_SETS['2nd-edition']).unit,
      offMapState(withChanges(leader, { status: 'eliminated', wounded: true })),
    ];
    for (const u of made) expect(Object.keys(u)).toEqual(FIELDS);
  });

  it('offMapState keeps a unit off the map as its counter and status, and a unit on the map as it is', () => {
    const leader = initialUnitState(getUnit('german/9-1'), { wounded: true });
    const gone = offMapState(withChanges(leader, { status: 'eliminated' }));
    expect(gone).toEqual(withChanges(initialUnitState(getUnit('german/9-1')), { status: 'eliminated' }));
    expect(offMapState(leader)).toBe(leader);
  });
});
