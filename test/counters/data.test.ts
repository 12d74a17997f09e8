/**
 * Counter data invariants (src/counters/*): ranges, HS links, coverage per nationality, provenance.
 * Oracles: A10.1 (ML in [2, 10]), A10.7 (leadership DRM), A10.2 EX (broken 6-5-8 ML 9), docs/rules-notes.md §9
 * (broken HS ML = broken squad ML - 1; Italian non-elite broken ML one lower), A15.2 (hero 1-4-9).
 */
import { describe, expect, it } from 'vitest';
import { getNationality, getUnit, listUnits } from '../../src/counters/catalog.js';
import { CLASS_ORDER, NATIONALITIES } from '../../src/counters/types.js';

const ALL = listUnits();
const isInt = (x: number, lo: number, hi: number) => Number.isInteger(x) && x >= lo && x <= hi;

describe('every row', () => {
  it('A10.1: ml and brokenML are integers in [2, 10]; fp, range >= 0; leadershipDRM in [-3, +1]', () => {
    for (const u of ALL) {
      expect(isInt(u.ml, 2, 10), u.id).toBe(true);
      expect(isInt(u.brokenML, 2, 10), u.id).toBe(true);
      expect(isInt(u.fp, 0, 99) && isInt(u.range, 0, 99), u.id).toBe(true);
      expect(isInt(u.leadershipDRM, -3, 1), u.id).toBe(true);
      expect(CLASS_ORDER).toContain(u.unitClass);
      if (u.kind !== 'leader') expect(u.leadershipDRM, u.id).toBe(0);
    }
  });

  it('ids are unique, `<nationality>/<name>`, and carry a source and confidence', () => {
    expect(new Set(ALL.map((u) => u.id)).size).toBe(ALL.length);
    for (const u of ALL) {
      // Russian Commissars (A25.22): `russian/commissar-<grade>`, named `Commissar <grade>`.
      const name = u.traits.commissar === true ? u.name.replace('Commissar ', 'commissar-') : u.name;
      expect(u.id).toBe(`${u.nationality}/${u.kind === 'hero' ? 'hero' : name}`);
      expect(u.source.length, u.id).toBeGreaterThan(10);
      expect(['high', 'medium', 'low']).toContain(u.confidence);
      expect(Object.isFrozen(u) && Object.isFrozen(u.traits)).toBe(true);
    }
  });

  it('every MMC has a BPV (estimates for Battlefield Integrity, A16)', () => {
    for (const u of ALL) if (u.kind === 'squad' || u.kind === 'hs' || u.kind === 'crew') expect(isInt(u.bpv ?? -1, 1, 99), u.id).toBe(true);
  });

  it('docs/rules-notes.md §9: every squad Reduces to an existing HS of the same nationality and class, broken ML one lower', () => {
    for (const s of listUnits({ kind: 'squad' })) {
      expect(s.reducedTo, s.id).toBeDefined();
      const hs = getUnit(s.reducedTo!);
      expect(hs.kind).toBe('hs');
      expect(hs.nationality).toBe(s.nationality);
      expect(hs.unitClass).toBe(s.unitClass);
      expect(hs.brokenML, hs.id).toBe(s.brokenML - 1);
      expect((hs.bpv ?? 0) < (s.bpv ?? 0), hs.id).toBe(true);
    }
  });

  it('leaders: fp 0, range 0, neutral class 1st-line, ML and DRM from the grade (A10.7)', () => {
    for (const l of listUnits({ kind: 'leader' })) {
      expect(l).toMatchObject({ fp: 0, range: 0, unitClass: '1st-line' });
      const grade = l.name.replace('Commissar ', '');
      const [ml, drm] = grade.includes('+') ? grade.split('+').map(Number) : grade.split('-').map(Number);
      expect(l.ml).toBe(ml);
      expect(l.leadershipDRM).toBe(grade.includes('+') ? drm : 0 - drm);
    }
    expect(getUnit('german/6+1').leadershipDRM).toBe(1);
    expect(getUnit('german/8-0').leadershipDRM).toBe(0);
    expect(getUnit('german/9-2').leadershipDRM).toBe(-2);
  });

  it('crews are elite (docs/rules-notes.md §9)', () => {
    for (const c of listUnits({ kind: 'crew' })) expect(c.unitClass).toBe('elite');
  });
});

describe('every nationality', () => {
  it.each(NATIONALITIES)('%s has a squad, a HS, its ladder of leaders and a hero', (n) => {
    expect(listUnits({ nationality: n, kind: 'squad' }).length).toBeGreaterThan(0);
    expect(listUnits({ nationality: n, kind: 'hs' }).length).toBeGreaterThan(0);
    const leaders = listUnits({ nationality: n, kind: 'leader' }).filter((l) => l.traits.commissar !== true);
    expect(leaders.map((l) => l.name)).toEqual(getNationality(n).leaderLadder);
    expect(getNationality(n).leaderLadder[0]).toBe('6+1');
    expect(getNationality(n).leaderLadder.at(-1)).toBe('10-3');
    expect(listUnits({ nationality: n, kind: 'hero' })).toHaveLength(1);
  });

  it('Partisans are never Elite/Inexperienced (docs/rules-notes.md §9)', () => {
    for (const u of listUnits({ nationality: 'partisan' })) expect(['1st-line', '2nd-line']).toContain(u.unitClass);
  });
});

describe('verified values', () => {
  it('A10.2 EX: a broken 6-5-8 has ML 9; SS trait; HS 3-4-8 broken ML 8', () => {
    expect(getUnit('german/6-5-8')).toMatchObject({ ml: 8, brokenML: 9, traits: { ss: true }, reducedTo: 'german/3-4-8' });
    expect(getUnit('german/3-4-8')).toMatchObject({ brokenML: 8, traits: { ss: true } });
  });

  it('docs/rules-notes.md §9: German Strength Factors and classes', () => {
    expect(getUnit('german/4-6-8')).toMatchObject({ unitClass: 'elite', reducedTo: 'german/2-4-8' });
    expect(getUnit('german/4-6-7')).toMatchObject({ unitClass: '1st-line', reducedTo: 'german/2-4-7' });
    expect(getUnit('german/4-4-7').unitClass).toBe('2nd-line');
    expect(getUnit('german/4-3-6').unitClass).toBe('green');
    expect(getUnit('german/2-2-8')).toMatchObject({ kind: 'crew', ml: 8 });
  });

  it('docs/rules-notes.md §9: non-elite Italian broken ML one lower; elite not', () => {
    expect(getUnit('italian/3-4-7').brokenML).toBe(6);
    expect(getUnit('italian/3-3-6').brokenML).toBe(5);
    expect(getUnit('italian/4-4-7').brokenML).toBe(7);
  });

  it('A15.2: heroes are 1-4-9', () => {
    for (const h of listUnits({ kind: 'hero' })) expect(h).toMatchObject({ fp: 1, range: 4, ml: 9, name: '1-4-9' });
  });
});
