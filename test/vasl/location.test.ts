/**
 * A Location as every command reads it (src/vasl/location.ts), on the real Hazmo save. Ground truth:
 * kehannan/ruleschat tests/test_vsav_service.py and tests/test_attack_resolver.py (the same save, read on
 * the VASL screen): 57-G9 a Melee of Finnish and Russian units; 57-H9 a Finnish 6-4-8 with an LMG (r)
 * (a Russian-model weapon of the Finnish order of battle, 2 FP, range 6) and an abandoned Russian 50*
 * MTR; 57-G2 and 69-J1 concealed stacks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locationModel } from '../../src/vasl/location.js';
import { findLocation, readVaslGame } from '../../src/vasl/read-game.js';

const FIXTURE = new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url).pathname;
const game = readVaslGame(readFileSync(FIXTURE), 'Hazmo-52-After-Finn-4.vsav');
const model = (hex: string) => locationModel(findLocation(game, hex));

describe('the Location model', () => {
  it('57-G9: a Melee of two sides, each with its own units and leaders (the Commissar is the Russians\' only)', () => {
    const m = model('57-G9');
    expect(m.melee).toBe(true);
    expect(m.sides.map((s) => [s.side, s.units.map((u) => u.id), s.leaders.map((u) => u.id)])).toEqual([
      ['finnish', ['finnish/2-4-8'], []],
      ['russian', ['russian/commissar-10-0', 'russian/2-3-7'], ['russian/commissar-10-0']],
    ]);
    expect(m.unpossessed.map((w) => w.name)).toEqual(['MMG']);
  });

  it('57-H9: the LMG (r) on the 6-4-8 fires as the Russian-model LMG (2 FP, Normal Range 6); the 50* MTR is possessed by no one', () => {
    const m = model('57-H9');
    expect(m.melee).toBe(false);
    const [fi] = m.sides;
    expect(fi.supportWeapons.map((w) => [w.name, w.possessor?.id, w.mg?.id, w.mg?.fp, w.mg?.range])).toEqual([['LMG (r)', 'finnish/6-4-8', 'russian/lmg', 2, 6]]);
    expect(m.unpossessed.map((w) => w.name)).toEqual(['50* MTR']);
  });

  it('57-G3: two 4-4-7, each with the MG it holds; the 7-0 is the Good Order leader', () => {
    const [ru] = model('57-G3').sides;
    expect(ru.goodOrder.map((u) => u.id)).toEqual(['russian/4-4-7', 'russian/4-4-7']);
    expect(ru.leaders.map((u) => u.id)).toEqual(['russian/7-0']);
    expect(ru.supportWeapons.map((w) => [w.name, w.possessor?.position, w.mg?.id])).toEqual([
      ['LMG', 1, 'russian/lmg'],
      ['MMG', 3, 'russian/mmg'],
    ]);
  });

  it('57-H10: the broken 9-1 and 6-4-8 are broken, not Good Order; the DC is left out with its reason', () => {
    const [fi] = model('57-H10').sides;
    expect(fi.goodOrder.map((u) => u.id)).toEqual(['finnish/8-3-8']);
    expect(fi.broken.map((u) => u.id)).toEqual(['finnish/9-1', 'finnish/6-4-8']);
    expect(fi.leaders).toEqual([]);
    expect(fi.supportWeapons.map((w) => [w.name, w.mg, w.leftOut])).toEqual([['DC', null, 'held by a broken unit (finnish/9-1): broken units do not fire']]);
  });

  it('69-H5: a Russian ATR held by a Finnish HS is captured: left out, with the reason', () => {
    const [fi] = model('69-H5').sides;
    expect(fi.supportWeapons.map((w) => [w.name, w.leftOut])).toEqual([['ATR', "a russian counter held by a finnish unit: captured use (A21.11) is not in asl-odds's rules"]]);
  });

  it('concealed units are never named (A12): read as neither side, 57-G2 and 69-J1 are concealed stacks with no side, unit or SW; a unit marked concealed is hidden unless revealed; the Finn sees his own (the reader, fair-play.ts)', () => {
    const g2 = model('57-G2');
    expect(g2.sides).toEqual([]);
    expect(g2.raw.concealed).toEqual({ counters: 3, sides: ['russian'] });
    expect(model('69-J1').sides).toEqual([]);
    const finn = readVaslGame(readFileSync(FIXTURE), 'Hazmo-52-After-Finn-4.vsav', { as: 'finnish' });
    const hiddenByDefault = locationModel(findLocation(finn, '69-J1'), { reveal: () => false });
    expect(hiddenByDefault.sides.map((s) => [s.side, s.units, s.supportWeapons, s.concealed])).toEqual([['finnish', [], [], 1]]);
    const own = locationModel(findLocation(finn, '69-J1'));
    expect(own.sides[0].units.map((u) => u.id)).toEqual(['finnish/6-4-8']);
    // The LMG is a Russian counter held by the Finnish squad: captured.
    expect(own.sides[0].supportWeapons.map((w) => [w.name, w.leftOut])).toEqual([['LMG', "a russian counter held by a finnish unit: captured use (A21.11) is not in asl-odds's rules"]]);
  });
});
