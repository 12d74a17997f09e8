/**
 * User overrides (src/counters/overrides.ts): validation codes (tests assert codes, never messages, except
 * that the message names the field and the range), provenance, immutability.
 */
import { describe, expect, it } from 'vitest';
import { isAslOddsError } from '../../src/errors.js';
import { getUnit, withOverrides, type UnitOverrides } from '../../src/counters/catalog.js';

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isAslOddsError(e)) return e.code;
    throw e;
  }
  return 'no error';
}

const squad = getUnit('german/4-6-7');
const leader = getUnit('german/9-1');

describe('withOverrides', () => {
  it('returns a new frozen profile; id and confidence kept; source notes the user override', () => {
    const u = withOverrides(squad, { brokenML: 8, bpv: 10 });
    expect(u).not.toBe(squad);
    expect(u).toMatchObject({ id: 'german/4-6-7', brokenML: 8, bpv: 10, ml: 7, confidence: squad.confidence });
    expect(u.source).toContain('user override (brokenML=8, bpv=10)');
    expect(Object.isFrozen(u)).toBe(true);
    expect(squad.brokenML).toBe(7);
  });

  it('merges traits', () => {
    const ss = getUnit('german/6-5-8');
    expect(withOverrides(ss, { traits: { gurkha: true } }).traits).toEqual({ ss: true, gurkha: true });
    expect(withOverrides(ss, { traits: { ss: false } }).traits.ss).toBe(false);
  });

  it('A10.7: leaders accept leadershipDRM in [-3, +1]', () => {
    expect(withOverrides(leader, { leadershipDRM: -3 }).leadershipDRM).toBe(-3);
    expect(withOverrides(leader, { leadershipDRM: 1 }).leadershipDRM).toBe(1);
  });

  it.each<[UnitOverrides, string]>([
    [{ ml: 11 }, 'input.ml'],
    [{ ml: 1 }, 'input.ml'],
    [{ ml: 7.5 }, 'input.ml'],
    [{ brokenML: 0 }, 'input.brokenML'],
    [{ brokenML: 11 }, 'input.brokenML'],
    [{ fp: -1 }, 'input.fp'],
    [{ range: 1.5 }, 'input.range'],
    [{ bpv: -2 }, 'input.bpv'],
    [{ unitClass: 'veteran' as never }, 'input.unitClass'],
    [{ nationality: 'martian' as never }, 'input.nationality'],
    [{ selfRallyBox: 'yes' as never }, 'input.selfRallyBox'],
    [{ traits: { brave: true } as never }, 'input.traits'],
    [{ leadershipDRM: -1 }, 'input.leadershipDRM'],
    [{ wounded: true } as never, 'input.override'],
  ])('squad override %j fails with %s', (o, code) => {
    expect(codeOf(() => withOverrides(squad, o))).toBe(code);
  });

  it.each<[UnitOverrides, string]>([
    [{ leadershipDRM: -4 }, 'input.leadershipDRM'],
    [{ leadershipDRM: 2 }, 'input.leadershipDRM'],
    [{ ml: 12 }, 'input.ml'],
  ])('leader override %j fails with %s', (o, code) => {
    expect(codeOf(() => withOverrides(leader, o))).toBe(code);
  });

  it('the message names the field, the counter and the allowed range, on one line', () => {
    expect(() => withOverrides(squad, { ml: 11 })).toThrow(
      /^ml override for german\/4-6-7 must be an integer in \[2, 10\], got 11$/,
    );
  });
});
