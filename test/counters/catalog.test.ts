/**
 * Catalog lookups (src/counters/catalog.ts): ids, tolerance, suggestions, nationalities.
 */
import { describe, expect, it } from 'vitest';
import { isAslOddsError } from '../../src/errors.js';
import { getNationality, getUnit, heroFor, listUnits, parseNationality } from '../../src/counters/catalog.js';
import { closestIds, idDistance } from '../../src/counters/suggest.js';
import { NATIONALITIES } from '../../src/counters/types.js';

function thrown(f: () => unknown): { code: string; message: string } {
  try {
    f();
  } catch (e) {
    if (isAslOddsError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('did not throw');
}

describe('getUnit', () => {
  it('is case-insensitive and tolerant of spaces', () => {
    expect(getUnit('German/4-6-7').id).toBe('german/4-6-7');
    expect(getUnit('  german / 4-6-7 ').id).toBe('german/4-6-7');
    expect(getUnit('german 4-6-7').id).toBe('german/4-6-7');
    expect(getUnit('GERMAN/4 - 6 - 7').id).toBe('german/4-6-7');
    expect(getUnit('Axis Minor/4-5-7').id).toBe('axis-minor/4-5-7');
    expect(getUnit('axis minor 4-5-7').id).toBe('axis-minor/4-5-7');
  });

  it('accepts HS, crews (by name and `<nat>/crew`), leaders and heroes', () => {
    expect(getUnit('german/2-4-7').kind).toBe('hs');
    expect(getUnit('german/2-2-8').kind).toBe('crew');
    expect(getUnit('german/crew').id).toBe('german/2-2-8');
    expect(getUnit('german/9-1')).toMatchObject({ kind: 'leader', ml: 9, leadershipDRM: -1 });
    expect(getUnit('german/6 + 1')).toMatchObject({ kind: 'leader', ml: 6, leadershipDRM: 1 });
    expect(getUnit('finnish/10-0')).toMatchObject({ kind: 'leader', ml: 10, leadershipDRM: 0 });
    expect(getUnit('russian/hero')).toMatchObject({ kind: 'hero', fp: 1, range: 4, ml: 9 });
  });

  it('bare ids resolve in defaultNationality (default german)', () => {
    expect(getUnit('hero').id).toBe('german/hero');
    expect(getUnit('Hero', { defaultNationality: 'japanese' }).id).toBe('japanese/hero');
    expect(getUnit('9-1').id).toBe('german/9-1');
  });

  it('unknown id: catalog.unknownUnit, one line, the 3 closest ids (brief example)', () => {
    const e = thrown(() => getUnit('german/4-7-7'));
    expect(e.code).toBe('catalog.unknownUnit');
    expect(e.message).toBe("unknown unit 'german/4-7-7'; closest: german/4-6-7, german/4-6-8, german/4-4-7");
    expect(e.message).not.toContain('\n');
  });

  it('unknown nationality part is an unknown unit, with suggestions', () => {
    const e = thrown(() => getUnit('germn/4-6-7'));
    expect(e.code).toBe('catalog.unknownUnit');
    expect(e.message).toContain('german/4-6-7');
  });

  it('Finnish/Japanese ladders have no 9-2 (A15.3: 9-1 > 10-0)', () => {
    expect(thrown(() => getUnit('finnish/9-2')).code).toBe('catalog.unknownUnit');
  });

  it('bad defaultNationality: input.nationality', () => {
    expect(thrown(() => getUnit('hero', { defaultNationality: 'martian' as never })).code).toBe('input.nationality');
  });
});

describe('suggestions', () => {
  it('digit substitutions cost their numeric difference, capped at 2', () => {
    expect(idDistance('german/4-7-7', 'german/4-6-7')).toBe(1);
    expect(idDistance('german/4-7-7', 'german/4-6-8')).toBe(2);
    expect(idDistance('german/4-7-7', 'german/4-4-7')).toBe(2);
    expect(idDistance('abc', 'abc')).toBe(0);
    expect(idDistance('', 'ab')).toBe(2);
  });
  it('ties keep candidate order', () => {
    expect(closestIds('x', ['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b']);
  });
});

describe('listUnits', () => {
  it('filters by nationality and kind, in catalog order', () => {
    expect(listUnits({ nationality: 'german', kind: 'leader' }).map((u) => u.name)).toEqual([
      '6+1', '7-0', '8-0', '8-1', '9-1', '9-2', '10-2', '10-3',
    ]);
    expect(listUnits({ kind: 'hero' })).toHaveLength(NATIONALITIES.length);
    expect(listUnits().length).toBeGreaterThan(100);
    const all = listUnits();
    all.pop();
    expect(listUnits().length).toBe(all.length + 1);
  });
});

describe('nationalities (A15.1 HoB DRM table, docs/rules-notes.md §4 and §9)', () => {
  it.each([
    ['german', 0], ['russian', 2], ['american', 0], ['british', -1], ['italian', 3], ['japanese', null],
    ['finnish', -1], ['french', 1], ['partisan', 1], ['axis-minor', 3], ['allied-minor', 2],
  ] as const)('%s HoB DRM %s', (n, drm) => {
    expect(getNationality(n).hobDRM).toBe(drm);
  });

  it('traits: Partisans ELR 5, Finns Self-Rally, Japanese/Partisans never surrender, Italians/Axis Minor surrender on 10', () => {
    for (const n of NATIONALITIES) expect(getNationality(n).defaultELR).toBe(n === 'partisan' ? 5 : 3);
    expect(getNationality('finnish').allSelfRally).toBe(true);
    expect(NATIONALITIES.filter((n) => getNationality(n).neverSurrenders)).toEqual(['japanese', 'partisan']);
    expect(NATIONALITIES.filter((n) => getNationality(n).surrendersOnHoB10)).toEqual(['italian', 'axis-minor']);
    expect(NATIONALITIES.filter((n) => getNationality(n).leadersNotReplaced)).toEqual(['japanese']);
  });

  it('A15.3 ladders: standard, and Finnish/Japanese with 10-0 above 9-1', () => {
    expect(getNationality('german').leaderLadder).toEqual(['6+1', '7-0', '8-0', '8-1', '9-1', '9-2', '10-2', '10-3']);
    for (const n of ['finnish', 'japanese'] as const) {
      const l = getNationality(n).leaderLadder;
      expect(l[l.indexOf('9-1') + 1]).toBe('10-0');
    }
  });

  it('parseNationality: tolerant spellings; input.nationality listing allowed values', () => {
    expect(parseNationality('Axis Minor')).toBe('axis-minor');
    expect(parseNationality('allied_minor')).toBe('allied-minor');
    expect(parseNationality(' GERMAN ')).toBe('german');
    const e = thrown(() => parseNationality('martian'));
    expect(e.code).toBe('input.nationality');
    expect(e.message).toContain(NATIONALITIES.join(', '));
  });

  it('getNationality / heroFor reject non-ids with input.nationality', () => {
    expect(thrown(() => getNationality('martian' as never)).code).toBe('input.nationality');
    expect(thrown(() => heroFor('martian' as never)).code).toBe('input.nationality');
  });

  it('heroFor: the 1-4-9 hero of the nationality (A15.2)', () => {
    for (const n of NATIONALITIES) expect(heroFor(n)).toMatchObject({ id: `${n}/hero`, name: '1-4-9', nationality: n });
  });
});
