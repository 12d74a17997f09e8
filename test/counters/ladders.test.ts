/**
 * Unit ladders computed by rule (src/counters/ladders.ts): A19.13 ELR Replacement and A15.3 Battle
 * Hardening. Each test names its oracle.
 */
import { describe, expect, it } from 'vitest';
import {
  battleHardeningOf,
  getUnit,
  listUnits,
  reducedOf,
  replacementOf,
  stepReducedOf,
  withOverrides,
} from '../../src/counters/catalog.js';
import { CLASS_ORDER, NATIONALITIES, type UnitProfile } from '../../src/counters/types.js';

/** Follows a ladder function from `id` until it returns null; the ids visited. */
function chain(id: string, step: (u: UnitProfile) => UnitProfile | null): string[] {
  const ids = [id];
  let u: UnitProfile | null = step(getUnit(id));
  while (u !== null && ids.length < 20) {
    ids.push(u.id);
    u = step(u);
  }
  return ids;
}

describe('A19.13 ELR Replacement', () => {
  it.each([
    // A25.1: a 4-6-8 needs three Replacements to reach Inexperienced status, a 5-4-8 two.
    ['german/4-6-8', ['german/4-6-8', 'german/4-6-7', 'german/4-4-7', 'german/4-3-6']],
    ['german/5-4-8', ['german/5-4-8', 'german/4-4-7', 'german/4-3-6']],
  ])('A25.1 oracle: %s ladder', (id, expected) => {
    expect(chain(id, replacementOf)).toEqual(expected);
  });

  it('A25.1 oracle: a German 4-3-6 cannot be Replaced (no German Conscript): null', () => {
    expect(replacementOf(getUnit('german/4-3-6'))).toBeNull();
  });

  it('A25.1 oracle: the 4-6-8 line reaches Inexperienced after exactly three steps, the 5-4-8 after two', () => {
    const inexperienced = (u: UnitProfile) => u.unitClass === 'green' || u.unitClass === 'conscript';
    for (const [id, steps] of [['german/4-6-8', 3], ['german/5-4-8', 2]] as const) {
      const ids = chain(id, replacementOf);
      expect(ids.findIndex((x) => inexperienced(getUnit(x)))).toBe(steps);
    }
  });

  it('A19.13 definition: every Replacement is same kind/nationality, lower class, none greater, one lesser', () => {
    for (const u of listUnits()) {
      const r = replacementOf(u);
      if (r === null) continue;
      expect(r.kind).toBe(u.kind);
      expect(r.nationality).toBe(u.nationality);
      if (u.kind === 'leader') continue;
      expect(CLASS_ORDER.indexOf(r.unitClass)).toBeGreaterThan(CLASS_ORDER.indexOf(u.unitClass));
      expect(r.fp <= u.fp && r.range <= u.range && r.ml <= u.ml).toBe(true);
      expect(r.fp < u.fp || r.range < u.range || r.ml < u.ml).toBe(true);
    }
  });

  it('A19.13: the highest lower class with a fitting unit is used (Russian 4-4-7 skips to Conscript 4-2-6)', () => {
    expect(replacementOf(getUnit('russian/4-4-7'))?.id).toBe('russian/4-2-6');
  });

  it('A19.13, docs/rules-notes.md §2: HS ladders parallel the squads (2-4-8 > 2-4-7 > 2-3-7 > 2-3-6 > null)', () => {
    expect(chain('german/2-4-8', replacementOf)).toEqual(['german/2-4-8', 'german/2-4-7', 'german/2-3-7', 'german/2-3-6']);
  });

  it('A19.13 leaders: next lower grade, both ways of the ladder; a 6+1 cannot be Replaced', () => {
    expect(chain('german/10-3', replacementOf)).toEqual([
      'german/10-3', 'german/10-2', 'german/9-2', 'german/9-1', 'german/8-1', 'german/8-0', 'german/7-0', 'german/6+1',
    ]);
    expect(replacementOf(getUnit('german/6+1'))).toBeNull();
    expect(replacementOf(getUnit('finnish/10-0'))?.id).toBe('finnish/9-1');
  });

  it('docs/rules-notes.md §9: Japanese leaders are not Replaced', () => {
    for (const u of listUnits({ nationality: 'japanese', kind: 'leader' })) expect(replacementOf(u)).toBeNull();
  });

  it('A19.11: crews and heroes are ELR-immune: null', () => {
    for (const u of listUnits()) if (u.kind === 'crew' || u.kind === 'hero') expect(replacementOf(u)).toBeNull();
  });
});

describe('A15.3 Battle Hardening', () => {
  it('A15.3 EX: a German 2-4-7 HS becomes a 2-4-8 HS, not the SS 3-4-8', () => {
    expect(battleHardeningOf(getUnit('german/2-4-7'))?.id).toBe('german/2-4-8');
  });

  it('A15.3 / A25.1: the German squad line climbs 4-3-6 > 4-4-7 > 4-6-7 > 4-6-8, then Fanatic (null)', () => {
    expect(chain('german/4-3-6', battleHardeningOf)).toEqual(['german/4-3-6', 'german/4-4-7', 'german/4-6-7', 'german/4-6-8']);
  });

  it('A15.3 leaders: 6+1 > 7-0, 8-0 > 8-1, 9-2 > 10-2; Finnish/Japanese 9-1 > 10-0', () => {
    expect(battleHardeningOf(getUnit('german/6+1'))?.id).toBe('german/7-0');
    expect(battleHardeningOf(getUnit('german/8-0'))?.id).toBe('german/8-1');
    expect(battleHardeningOf(getUnit('german/9-2'))?.id).toBe('german/10-2');
    expect(battleHardeningOf(getUnit('finnish/9-1'))?.id).toBe('finnish/10-0');
    expect(battleHardeningOf(getUnit('japanese/9-1'))?.id).toBe('japanese/10-0');
  });

  it('A15.3 leader ladders both ways: Battle Hardening undoes Replacement for every leader', () => {
    for (const u of listUnits({ kind: 'leader' })) {
      const up = battleHardeningOf(u);
      // Japanese leaders and Commissars are not Replaced (docs/rules-notes.md §9; A19.11).
      if (up !== null && u.nationality !== 'japanese' && u.traits.commissar !== true) expect(replacementOf(up)?.id).toBe(u.id);
    }
  });

  it('A15.3: best already (Elite MMC, 10-3, any Partisan) becomes Fanatic instead: null', () => {
    expect(battleHardeningOf(getUnit('german/4-6-8'))).toBeNull();
    expect(battleHardeningOf(getUnit('german/6-5-8'))).toBeNull();
    expect(battleHardeningOf(getUnit('german/10-3'))).toBeNull();
    expect(battleHardeningOf(getUnit('finnish/10-3'))).toBeNull();
    // A15.3: a partisan MMC has no higher grade; a Partisan leader's next grade is there for the setting
    // partisanLeaderHardening (rules/battle-hardening.ts) to use or not.
    for (const u of listUnits({ nationality: 'partisan' })) if (u.kind !== 'leader') expect(battleHardeningOf(u)).toBeNull();
    expect(battleHardeningOf(getUnit('partisan/8-1'))?.id).toBe('partisan/9-1');
  });

  it('A15.3 definition: same kind, higher class, no Strength Factor number decreases', () => {
    for (const u of listUnits()) {
      const b = battleHardeningOf(u);
      if (b === null || u.kind === 'leader') continue;
      expect(b.kind).toBe(u.kind);
      expect(CLASS_ORDER.indexOf(b.unitClass)).toBeLessThan(CLASS_ORDER.indexOf(u.unitClass));
      expect(b.fp >= u.fp && b.range >= u.range && b.ml >= u.ml).toBe(true);
    }
  });

  it('A15.1: crews and heroes are not subject to Heat of Battle: null', () => {
    for (const u of listUnits()) if (u.kind === 'crew' || u.kind === 'hero') expect(battleHardeningOf(u)).toBeNull();
  });
});

describe('Casualty Reduction and Step Reduction', () => {
  it('docs/rules-notes.md §2 (A10.2 EX): a squad becomes its HS; HS, crew and SMC give null', () => {
    expect(reducedOf(getUnit('german/4-6-7'))?.id).toBe('german/2-4-7');
    expect(reducedOf(getUnit('german/6-5-8'))?.id).toBe('german/3-4-8');
    expect(reducedOf(getUnit('german/2-4-7'))).toBeNull();
    expect(reducedOf(getUnit('german/crew'))).toBeNull();
    expect(reducedOf(getUnit('german/9-1'))).toBeNull();
    expect(reducedOf(getUnit('hero'))).toBeNull();
  });

  it('docs/rules-notes.md §9 (G1.11): Japanese 4-4-8 steps down to 3-4-8; others have no step', () => {
    expect(stepReducedOf(getUnit('japanese/4-4-8'))?.id).toBe('japanese/3-4-8');
    expect(stepReducedOf(getUnit('japanese/3-4-8'))).toBeNull();
    expect(stepReducedOf(getUnit('german/4-6-7'))).toBeNull();
  });
});

describe('ladders on overridden profiles', () => {
  it('compare against the catalog rows of the (overridden) nationality', () => {
    // A 4-6-7 declared Elite: the 1st Line 4-6-7 has no lesser number, so it drops to the 2nd Line 4-4-7.
    const elite = withOverrides(getUnit('german/4-6-7'), { unitClass: 'elite' });
    expect(replacementOf(elite)?.id).toBe('german/4-4-7');
    expect(battleHardeningOf(elite)).toBeNull();
    // A German 4-4-7 declared British is compared with British rows.
    const brit = withOverrides(getUnit('german/4-4-7'), { nationality: 'british' });
    expect(battleHardeningOf(brit)?.id).toBe('british/4-5-7');
    // A 9-1 overridden to ML 10 ranks as a 10-1, between the German 9-2 and 10-2.
    const leader = withOverrides(getUnit('german/9-1'), { ml: 10 });
    expect(replacementOf(leader)?.id).toBe('german/9-2');
    expect(battleHardeningOf(leader)?.id).toBe('german/10-2');
  });

  it('every nationality: ladders of catalog rows equal the rule applied to an unfrozen copy', () => {
    for (const n of NATIONALITIES) {
      for (const u of listUnits({ nationality: n })) {
        const copy = withOverrides(u, {});
        expect(copy).not.toBe(u);
        expect(replacementOf(copy)?.id ?? null).toBe(replacementOf(u)?.id ?? null);
        expect(battleHardeningOf(copy)?.id ?? null).toBe(battleHardeningOf(u)?.id ?? null);
      }
    }
  });
});

/**
 * The counters read from the VASL module's own counter definitions (embedded in every VASL save; read
 * from test/fixtures/vasl/Hazmo-52-After-Finn-4.vsav): docs/rules-notes.md §9 "Counters from the VASL module".
 */
describe('counters of the VASL module (Finnish 8-3-8, 6-4-8, 2-4-8 HS, 9-0; Russian 2-2-8 crew; Commissars)', () => {
  it('Finnish 6-4-8: 1st Line (VASL "6-4-8 1sq"), Casualty Reduces to its 1st Line 2-4-8 HS (VASL "2-4-8 1hs"), broken ML 8 and 7', () => {
    expect(getUnit('finnish/6-4-8')).toMatchObject({ kind: 'squad', unitClass: '1st-line', fp: 6, range: 4, ml: 8, brokenML: 8, reducedTo: 'finnish/2-4-8' });
    expect(getUnit('finnish/2-4-8')).toMatchObject({ kind: 'hs', unitClass: '1st-line', fp: 2, range: 4, ml: 8, brokenML: 7 });
  });

  it('Finnish 6-4-8 now 1st Line: A19.13 by rule Replaces it by the 2nd Line 4-4-7 (VASL shows a Green 5-3-8, not in the catalog)', () => {
    expect(replacementOf(getUnit('finnish/6-4-8'))?.id).toBe('finnish/4-4-7');
    expect(replacementOf(getUnit('finnish/2-4-8'))?.id).toBe('finnish/2-3-7');
    // A15.3: no Elite Finnish squad with no Strength Factor number lesser (8-3-8 has range 3): Fanatic instead.
    expect(battleHardeningOf(getUnit('finnish/6-4-8'))).toBeNull();
  });

  it('Finnish 8-3-8: Elite (VASL "8-3-8 Esq"), HS 3-3-8 (VASL "3-3-8 Ehs"), broken ML 8 and 7', () => {
    expect(getUnit('finnish/8-3-8')).toMatchObject({ kind: 'squad', unitClass: 'elite', fp: 8, range: 3, ml: 8, brokenML: 8, reducedTo: 'finnish/3-3-8' });
    expect(getUnit('finnish/3-3-8')).toMatchObject({ kind: 'hs', unitClass: 'elite', brokenML: 7 });
  });

  it('Russian crew 2-2-8 (VASL "2-2-8 Icr", broken ML 8): elite, ELR-immune (A19.11); no 2-2-7 crew', () => {
    expect(getUnit('russian/2-2-8')).toMatchObject({ kind: 'crew', unitClass: 'elite', fp: 2, range: 2, ml: 8, brokenML: 8 });
    expect(getUnit('russian/crew').id).toBe('russian/2-2-8');
    expect(replacementOf(getUnit('russian/2-2-8'))).toBeNull();
    expect(listUnits({ nationality: 'russian' }).map((u) => u.id)).not.toContain('russian/2-2-7');
  });

  it('Finnish 9-0 (VASL Finnish leader level 9-0): ML 9, DRM 0, on the ladder between 8-1 and 9-1', () => {
    expect(getUnit('finnish/9-0')).toMatchObject({ kind: 'leader', ml: 9, leadershipDRM: 0 });
    expect(replacementOf(getUnit('finnish/9-1'))?.id).toBe('finnish/9-0');
    expect(battleHardeningOf(getUnit('finnish/8-1'))?.id).toBe('finnish/9-0');
    expect(battleHardeningOf(getUnit('finnish/9-0'))?.id).toBe('finnish/9-1');
  });

  it('Commissars (A25.22; VASL levels 10-0, 9-0, 8+1): leaders with the commissar trait, never Replaced (A19.11), a ladder of their own', () => {
    expect(getUnit('russian/commissar-10-0')).toMatchObject({ kind: 'leader', name: 'Commissar 10-0', ml: 10, leadershipDRM: 0, traits: { commissar: true } });
    expect(getUnit('russian/commissar-8+1')).toMatchObject({ ml: 8, leadershipDRM: 1 });
    for (const g of ['8+1', '9-0', '10-0']) expect(replacementOf(getUnit(`russian/commissar-${g}`))).toBeNull();
    expect(battleHardeningOf(getUnit('russian/commissar-9-0'))?.id).toBe('russian/commissar-10-0');
    expect(battleHardeningOf(getUnit('russian/commissar-10-0'))).toBeNull();
    // A Russian leader is never Battle Hardened into a Commissar, nor Replaced by one.
    expect(battleHardeningOf(getUnit('russian/9-1'))?.id).toBe('russian/9-2');
    expect(replacementOf(getUnit('russian/10-2'))?.id).toBe('russian/9-2');
    expect(listUnits({ nationality: 'finnish' }).some((u) => u.traits.commissar === true)).toBe(false);
  });
});
