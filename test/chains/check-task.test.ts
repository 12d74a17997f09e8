/**
 * checkFor (chains/check-task.ts): which check a unit of a stack takes for an IFT result or a leader's
 * loss, and with what DRM besides leadership (A7.8 PTC, A10.1 #MC, A10.2 LLMC / LLTC).
 */
import { describe, expect, it } from 'vitest';
import { getUnit } from '../../src/counters/catalog.js';
import { checkFor } from '../../src/chains/check-task.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { initialUnitState, withChanges } from '../../src/rules/unit-state.js';

const rs = getRuleSet('2nd-edition');
const squad = initialUnitState(getUnit('german/4-6-7'));
const eliminated = withChanges(squad, { status: 'eliminated' });

describe('checkFor', () => {
  it('a #MC: every unit on the map takes it, DRM 0 besides leadership (A10.1)', () => {
    expect(checkFor(squad, 'mc', 2, 0, 0, rs)).toEqual({ check: { kind: 'MC', strength: 2, failurePins: false, label: '2MC' }, drm: 0 });
    expect(checkFor(initialUnitState(getUnit('german/4-6-7'), { broken: true }), 'mc', 0, 0, 0, rs)?.check.label).toBe('NMC');
    expect(checkFor(eliminated, 'mc', 1, 0, 0, rs)).toBeNull();
  });

  it('a PTC: not on a broken or an already pinned unit (A7.8)', () => {
    expect(checkFor(squad, 'ptc', 0, 0, 0, rs)?.check).toEqual({ kind: 'TC', strength: 0, failurePins: true, label: 'PTC' });
    expect(checkFor(initialUnitState(getUnit('german/4-6-7'), { broken: true }), 'ptc', 0, 0, 0, rs)).toBeNull();
    expect(checkFor(initialUnitState(getUnit('german/4-6-7'), { pinned: true }), 'ptc', 0, 0, 0, rs)).toBeNull();
  });

  it("a LLMC / LLTC: only units of lower ML than the lost leader's, strength his modifier reversed (A10.2)", () => {
    // A 9-1 eliminated: a 1MC labelled LLMC for the ML 7 squad; a 6+1's: NMC at the rule set's DRM.
    expect(checkFor(squad, 'llmc', 0, -1, 9, rs)).toEqual({ check: { kind: 'MC', strength: 1, failurePins: false, label: 'LLMC' }, drm: 0 });
    expect(checkFor(squad, 'llmc', 0, 1, 9, rs)).toEqual({ check: { kind: 'MC', strength: 0, failurePins: false, label: 'LLMC' }, drm: rs.settings.sixPlusOneLLMCDRM });
    expect(checkFor(squad, 'llmc', 0, -1, 7, rs)).toBeNull(); // ML 7 is not lower than 7
    expect(checkFor(squad, 'lltc', 0, -1, 9, rs)?.check).toEqual({ kind: 'TC', strength: 1, failurePins: true, label: 'LLTC' });
    expect(checkFor(initialUnitState(getUnit('german/4-6-7'), { pinned: true }), 'lltc', 0, -1, 9, rs)).toBeNull();
    expect(checkFor(initialUnitState(getUnit('german/4-6-7'), { berserk: true }), 'llmc', 0, -1, 9, rs)).toBeNull();
  });
});
