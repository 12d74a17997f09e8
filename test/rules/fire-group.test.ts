/**
 * The fire attack builder's rules (A7.2-A7.36, A7.8, A4.51, A4.6, A7.7, A7.9, A19.33), table-driven
 * from the rulebook's examples as quoted by docs/rules-notes-fire.md, and the Cowering it hands the
 * attack engine checked against the engine's own reading of the firer (resolveAttackInput).
 */
import { describe, expect, it } from 'vitest';
import { resolveFireGroup, describeFireGroup, type FireGroupInput } from '../../src/rules/fire-group.js';
import { resolveFirerFP } from '../../src/rules/fire-modifiers.js';
import { fireGroupCowering, DEFAULT_FIRER, coweringShift } from '../../src/rules/cowering.js';
import { attackFieldsOf } from '../../src/queries/fire-builder.js';
import { resolveAttackInput } from '../../src/queries/attack-query.js';
import { getMachineGun } from '../../src/counters/machine-guns.js';
import { terrainTEM } from '../../src/counters/terrain-tem.js';
import { isAslOddsError } from '../../src/errors.js';

const build = (i: FireGroupInput, setting: 'any' | 'all' = 'any') => resolveFireGroup(i, setting);
function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return isAslOddsError(e) ? e.code : 'not an AslOddsError';
  }
  return undefined;
}

describe('FP of each firer and the column (A7.2-A7.36)', () => {
  const cases: { name: string; input: FireGroupInput; perFirer: number[]; fp: number; column: number | null }[] = [
    {
      name: 'A7.31 EX: two 5-4-8, PBF, AFPh, concealed (Area Fire), Assault Fire: 3.5 -> 4 each (FRU), 8 column',
      input: { firers: ['german/5-4-8:pbf:assault', 'german/5-4-8:pbf:assault'], advancingFire: true, areaFire: 1 },
      perFirer: [4, 4],
      fp: 8,
      column: 8,
    },
    { name: 'A7.24 (issue 40): a 6-6-6 Advancing Fire with Assault Fire: 6 /2 = 3 +1 = 4', input: { firers: ['american/6-6-6:assault'], advancingFire: true }, perFirer: [4], fp: 4, column: 4 },
    { name: 'A7.24 EX (RC evals): a 5-4-8 in the AFPh at an ADJACENT target with Assault Fire: 6', input: { firers: ['german/5-4-8:pbf:assault'], advancingFire: true }, perFirer: [6], fp: 6, column: 6 },
    { name: 'A7.34 EX: 3 FP at Long Range = 1.5, the 1 column', input: { firers: ['italian/3-4-7:long-range'] }, perFirer: [1.5], fp: 1.5, column: 1 },
    { name: 'A7.34 EX: two such units: 3 FP, the 2 column', input: { firers: ['italian/3-4-7:long-range', 'italian/3-4-7:long-range'] }, perFirer: [1.5, 1.5], fp: 3, column: 2 },
    { name: 'issue 40: TPBF x3 and pinned x1/2: 4 FP -> 6', input: { firers: ['german/4-6-7:tpbf:pinned'] }, perFirer: [6], fp: 6, column: 6 },
    { name: 'A7.36 (RC evals): a pinned 5-4-8 with Assault Fire in the AFPh: 1.25 + 1 -> 3', input: { firers: ['german/5-4-8:pinned:assault'], advancingFire: true }, perFirer: [3], fp: 3, column: 2 },
    { name: 'A7.22 derived from --range: a 4-6-7 at 7 hexes (Normal Range 6) halves; a German MMG at 7 does not', input: { firers: ['german/4-6-7', 'german/mmg'], range: 7 }, perFirer: [2, 5], fp: 7, column: 6 },
    { name: 'A7.25: Opportunity Fire is not halved in the AFPh', input: { firers: ['german/4-6-7'], opportunityFire: true }, perFirer: [4], fp: 4, column: 4 },
    { name: 'A7.23: two Area Fire halvings: 4 -> 1', input: { firers: ['german/4-6-7'], areaFire: 2 }, perFirer: [1], fp: 1, column: 1 },
    { name: 'A7.3: below 1 FP is no attack', input: { firers: ['german/2-4-7'], areaFire: 2 }, perFirer: [0.5], fp: 0.5, column: null },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const g = build(c.input);
      expect(g.fpLedger.map((l) => l.fp)).toEqual(c.perFirer);
      expect(g.fp).toBe(c.fp);
      expect(g.column).toBe(c.column);
    });
  }
  it('the ledger line reads as the issue writes it', () => {
    const g = build({ firers: ['german/5-4-8:pbf:assault', 'german/5-4-8:pbf:assault'], advancingFire: true, areaFire: 1, terrain: 'wooden-building', hindrance: 1, leader: 'german/9-1' });
    expect(describeFireGroup(g)).toBe(
      '2 x 5-4-8: 5 x2 PBF = 10, /2 AFPh = 5, /2 Area Fire = 2.5, +1 Assault Fire -> 4 (FRU); total 8 -> 8 column; DRM +2 TEM (wooden building) +1 hindrance -1 leader 9-1 = +2; no Cowering (leader directs, A7.9)',
    );
  });
  it('A7.36: Assault Fire is dropped, with a warning, at Long Range, with Opportunity Fire and outside the AFPh', () => {
    expect(resolveFirerFP('x', 6, { assault: true, longRange: true }, { advancingFire: true }).fp).toBe(1.5);
    expect(resolveFirerFP('x', 6, { assault: true }, { advancingFire: true, opportunityFire: true }).warnings[0]).toMatch(/Opportunity Fire \(A7.36\)/);
    expect(resolveFirerFP('x', 6, { assault: true }, {}).warnings[0]).toMatch(/outside the AFPh \(A7.36\)/);
  });
  it('contradictions name their rule (exit 2 codes)', () => {
    expect(codeOf(() => build({ firers: ['german/4-6-7:tpbf:long-range'] }))).toBe('input.firer');
    expect(codeOf(() => build({ firers: ['german/4-6-7:tpbf'], range: 2 }))).toBe('input.firer');
    expect(codeOf(() => build({ firers: ['german/4-6-7:pbf'], range: 3 }))).toBe('input.firer');
    expect(codeOf(() => build({ firers: ['german/4-6-7:long-range'], range: 5 }))).toBe('input.firer');
    expect(codeOf(() => build({ firers: ['german/4-6-7'], range: 13 }))).toBe('input.range');
    expect(codeOf(() => build({ firers: ['german/9-1'] }))).toBe('input.firer');
    expect(codeOf(() => build({ firers: ['german/4-6-7:sideways'] }))).toBe('input.firer');
    expect(codeOf(() => build({ firers: ['german/4-6-7'], terrain: 'stone-building', ffmo: true }))).toBe('input.ffmo');
    expect(codeOf(() => build({ firers: ['german/4-6-7'], advancingFire: true, ffnam: true }))).toBe('input.ffmo');
    expect(codeOf(() => build({ firers: ['german/4-6-7'], terrain: 'woods', tem: 1 }))).toBe('input.tem');
    expect(codeOf(() => build({ firers: ['german/4-6-7'], terrain: 'swamp' }))).toBe('input.terrain');
  });
});

describe('DRM ledger (A4.51, A4.6, A7.531, A7.7)', () => {
  it('A7.2 EX (RC design doc): +1 hindrance +1 TEM -1 FFNAM = +1', () => {
    const g = build({ firers: ['german/4-6-7'], tem: 1, hindrance: 1, ffnam: true });
    expect(g.drmLedger.map((l) => [l.label, l.drm, l.rule])).toEqual([['TEM', 1, 'B TEC'], ['hindrance', 1, 'A7.52'], ['FFNAM', -1, 'A4.6']]);
    expect(g.drm).toBe(1);
  });
  it('A4.6: FFMO -1 in Open Ground; negated (0, said so and warned) by a hindrance, a positive TEM or brush', () => {
    expect(build({ firers: ['german/4-6-7'], terrain: 'open-ground', ffmo: true, ffnam: true }).drm).toBe(-2);
    for (const extra of [{ hindrance: 1 }, { tem: 2 }, { terrain: 'brush' }]) {
      const g = build({ firers: ['german/4-6-7'], ffmo: true, ...extra });
      const line = g.drmLedger.find((l) => l.label.startsWith('FFMO'));
      expect(line?.drm).toBe(0);
      expect(line?.label).toMatch(/negated by/);
      expect(g.warnings.some((w) => w.includes('FFMO dropped'))).toBe(true);
    }
  });
  it('A7.7 Encircled and A4.51 CX firers add +1 each, once per attack', () => {
    const g = build({ firers: ['german/4-6-7:cx:encircled', 'german/4-6-7:cx'] });
    expect(g.drmLedger.map((l) => [l.label, l.drm, l.rule])).toEqual([['Encircled firer', 1, 'A7.7'], ['CX firer', 1, 'A4.51']]);
  });
  it('A7.531: the directing leader adds his DRM; other DRM keep their labels', () => {
    const g = build({ firers: ['german/4-6-7'], leader: '9-2', otherDRM: [{ label: 'smoke', drm: 2 }] });
    expect(g.drmLedger.map((l) => [l.label, l.drm])).toEqual([['leader 9-2', -2], ['smoke', 2]]);
    expect([g.drm, g.leaderDRM]).toEqual([0, -2]);
  });
  it('TEM table: stone building +3, woods +1 (B TEC), a MG table row with its source', () => {
    expect([terrainTEM('Stone Building').tem, terrainTEM('woods').tem]).toEqual([3, 1]);
    expect(getMachineGun('german/hmg')).toMatchObject({ fp: 7, range: 16, breakdown: null, confidence: 'medium' });
  });
});

describe('Cowering of a Fire Group (A7.9, A19.33)', () => {
  const green = { ...DEFAULT_FIRER, unitClass: 'green' as const };
  const britishElite = { ...DEFAULT_FIRER, nationality: 'british' as const, unitClass: 'elite' as const };
  it('none when a leader directs; one column; two with an Inexperienced unit (setting any), or only when all are (all)', () => {
    expect(fireGroupCowering([green], true, 'any').columns).toBe(0);
    expect(fireGroupCowering([DEFAULT_FIRER, DEFAULT_FIRER], false, 'any').columns).toBe(1);
    expect(fireGroupCowering([green, DEFAULT_FIRER], false, 'any').columns).toBe(2);
    expect(fireGroupCowering([green, DEFAULT_FIRER], false, 'all').columns).toBe(1);
    expect(fireGroupCowering([green, green], false, 'all').columns).toBe(2);
  });
  it('exempt only when every firer is (British Elite with a 1st Line unit cowers; a hero in a group is not alone)', () => {
    expect(fireGroupCowering([britishElite, britishElite], false, 'any')).toEqual({ columns: 0, reason: 'no Cowering (every firer exempt: British Elite, A7.9)' });
    expect(fireGroupCowering([britishElite, DEFAULT_FIRER], false, 'any').columns).toBe(1);
    expect(fireGroupCowering([{ ...DEFAULT_FIRER, heroAlone: true }], false, 'any').columns).toBe(0);
    expect(fireGroupCowering([{ ...DEFAULT_FIRER, heroAlone: true }, DEFAULT_FIRER], false, 'any').columns).toBe(1);
    // A15.2: a hero "is not subject to Cowering"; A15.24 only denies his exemption to the other members.
    expect(fireGroupCowering([{ ...DEFAULT_FIRER, heroAlone: true }, { ...DEFAULT_FIRER, heroAlone: true }], false, 'any')).toEqual({ columns: 0, reason: 'no Cowering (every firer exempt: a hero, A15.2, A7.9)' });
  });
  it('the attack engine reads the group\'s Cowering from the firer the builder hands it', () => {
    const cases: FireGroupInput[] = [
      { firers: ['german/4-6-7', 'german/4-3-6'] },
      { firers: ['german/4-6-7', 'german/mmg'] },
      { firers: ['british/4-5-8', 'british/4-5-8'] },
      { firers: ['german/hero'] },
      { firers: ['german/hero', 'german/4-6-7'] },
      { firers: ['finnish/4-4-7'] },
      { firers: ['german/4-3-6'], leader: 'german/8-0' },
      { firers: ['german/hero', 'german/hero'] },
      { firers: ['british/lmg'] },
      { firers: ['finnish/mmg'] },
      { firers: ['german/lmg'] },
    ];
    for (const input of cases) {
      const g = build(input);
      const r = resolveAttackInput({ targets: ['russian/4-4-7'], ...attackFieldsOf(g, input.leader) });
      expect(coweringShift(r.firer, r.leader !== null, false), input.firers.join(',')).toBe(g.cowering.columns);
      expect(r.attacks[0].coweringShift).toBe(g.cowering.columns);
    }
  });
});
