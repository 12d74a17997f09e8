/**
 * Issue 41: a real VASL saved game read. The fixture is kehannan/ruleschat's
 * tests/fixtures/Hazmo-52-After-Finn-4.vsav (MIT, LICENSE-ruleschat beside it); the ground truth is the
 * one its tests state, read on the VASL screen (tests/test_vsav_service.py): 57-K3 a Russian 37L AT Gun
 * and its 2-2-8 crew; 57-G9 a Melee of a Finnish 6-4-8 shown as its 2-4-8 HS and a Russian 4-5-8 shown
 * as a 2-3-7 HS with a Commissar; 57-E8 a broken 6-2-8 shown as its 3-2-8 HS under DM; 71 moved pieces
 * with old-location breadcrumbs, all matched; boards r57 and r69, both reversed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hexName, isGeomorphicHex, columnName } from '../../src/vasl/boards.js';
import { findLocation, readVaslGame, type VaslGame } from '../../src/vasl/read-game.js';
import { splitSequence } from '../../src/vasl/sequence-decoder.js';

const FIXTURE = new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url).pathname;
// Read as neither side (fair play: no concealed or hidden unit identified), and as each side.
const game: VaslGame = readVaslGame(readFileSync(FIXTURE), 'Hazmo-52-After-Finn-4.vsav');
const asFinnish: VaslGame = readVaslGame(readFileSync(FIXTURE), 'Hazmo-52-After-Finn-4.vsav', { as: 'finnish' });
const asRussian: VaslGame = readVaslGame(readFileSync(FIXTURE), 'Hazmo-52-After-Finn-4.vsav', { as: 'russian' });
const at = (hex: string) => findLocation(game, hex);

describe('reading the Hazmo save (ruleschat ground truth)', () => {
  it('boards r57 and r69, both reversed, winter SSR', () => {
    expect(game.boards.map((b) => b.name).sort()).toEqual(['57', '69']);
    expect(game.boards.every((b) => b.reversed)).toBe(true);
    expect(game.boards.every((b) => b.ssr.includes('Winter'))).toBe(true);
    expect(game.moduleVersion).toBe('6.7.3');
  });

  it('every breadcrumb VASSAL wrote names the hex our geometry computes (checked on the pieces each viewer sees identified: 38 as neither side, 45 as the Finn, 41 as the Russian)', () => {
    expect(game.breadcrumbs).toEqual({ checked: 38, matched: 38, mismatches: [] });
    expect(asFinnish.breadcrumbs).toEqual({ checked: 45, matched: 45, mismatches: [] });
    expect(asRussian.breadcrumbs).toEqual({ checked: 41, matched: 41, mismatches: [] });
  });

  it('57-K3: a Russian 37L AT Gun and its 2-2-8 crew (the crew is the catalog\'s russian/2-2-8; the Gun is listed with the reason)', () => {
    const k3 = at('57-K3');
    expect(k3.units).toEqual([{ position: 1, id: 'russian/2-2-8', side: 'russian', counter: '2-2-8 Icr', markers: [] }]);
    const names = k3.unmapped.map((u) => u.name);
    expect(names.some((n) => n.startsWith('37L AT'))).toBe(true);
    expect(k3.unmapped.find((u) => u.name.startsWith('37L AT'))!.reason).toMatch(/Gun/);
    expect(k3.unmapped.every((u) => u.side === 'russian')).toBe(true);
  });

  it('57-G9: a Melee; the Finnish 6-4-8 shown as its 2-4-8 HS; a Commissar 10-0; the Russian 4-5-8 shown as its ELR-Replaced 4-4-7 reduced to a 2-3-7 HS', () => {
    const g9 = at('57-G9');
    expect(g9.units).toEqual([
      { position: 1, id: 'finnish/2-4-8', side: 'finnish', counter: '2-4-8 1hs', piece: '6-4-8 1sq', markers: ['melee'] },
      { position: 2, id: 'russian/commissar-10-0', side: 'russian', counter: 'Commissar 10-0', markers: ['melee'] },
      { position: 3, id: 'russian/2-3-7', side: 'russian', counter: '2-3-7 1hs', piece: '4-5-8 Esq', markers: ['melee'] },
    ]);
    expect(g9.unmapped.map((u) => u.name).sort()).toEqual(['OFF Skis']); // skis carried (E4.21): test/vasl/ski-counter.test.ts
    // The MMG lies at the bottom of the stack, under no unit: no one possesses it (A4.431, A4.44).
    expect(g9.supportWeapons).toEqual([{ name: 'MMG', artSide: 'russian', possessor: null }]);
  });

  it('57-E8: a broken 6-2-8 shown as its 3-2-8 HS under a DM counter', () => {
    expect(at('57-E8').units).toEqual([{ position: 1, id: 'russian/3-2-8', side: 'russian', counter: '3-2-8 Ehs', piece: '6-2-8 Esq', markers: ['broken', 'DM', 'skis'] }]); // under a ski counter's Skis face (E4.2)
  });

  it('57-H8: a Russian 8-0 and a 4-4-7 (a 4-5-8 ELR-Replaced) under a Foxhole; 57-H9: a Finnish 6-4-8 in a Foxhole', () => {
    expect(at('57-H8').units.map((u) => [u.id, u.markers])).toEqual([
      ['russian/8-0', ['foxhole']],
      ['russian/4-4-7', ['foxhole']],
    ]);
    expect(at('57-H8').units[1].piece).toBe('4-5-8 Esq');
    expect(at('57-H9').units.map((u) => [u.id, u.markers])).toEqual([['finnish/6-4-8', ['foxhole']]]);
  });

  it('a ? counter conceals the units below it only (69-K7: the crew under it, not the 9-0 leader above it; 57-G2, 69-J1), seen by their own side', () => {
    expect(findLocation(asFinnish, '69-K7').units).toEqual([
      expect.objectContaining({ id: 'finnish/9-0', markers: [] }), // above the ?, not concealed
      expect.objectContaining({ id: 'finnish/2-2-8', markers: ['concealed', 'skis'] }), // and under a Skis face (E4.2)
    ]);
    expect(findLocation(asRussian, '57-G2').units.map((u) => [u.id, u.markers])).toEqual([
      ['russian/4-4-7', ['concealed']],
      ['russian/4-4-7', ['concealed']],
    ]);
    expect(findLocation(asFinnish, '69-J1').units.map((u) => [u.id, u.markers])).toEqual([['finnish/6-4-8', ['concealed']]]);
  });

  it('every Personnel counter of the save is in the catalog, with the class VASL shows (no note; the Finnish 6-4-8 is 1st Line, docs/rules-notes.md §9)', () => {
    const units = game.locations.flatMap((l) => l.units);
    expect(units.filter((u) => u.note !== undefined)).toEqual([]);
    expect(game.locations.flatMap((l) => l.unmapped).filter((u) => /not in the asl-odds catalog|Commissar/.test(u.reason))).toEqual([]);
    expect(units.filter((u) => u.id === 'finnish/6-4-8').length).toBeGreaterThan(0);
  });

  it('Support Weapons with the unit possessing each (the unit under it in the stack, A4.431); vehicles and Snipers are listed with a reason, never dropped', () => {
    expect(at('57-E8').supportWeapons).toEqual([{ name: 'LMG', artSide: 'russian', possessor: 1 }]);
    // 57-H9 (kehannan/ruleschat test_attack_resolver.py): the Finnish LMG (r) on the 6-4-8; the Russian 50* MTR under it, abandoned.
    expect(at('57-H9').supportWeapons).toEqual([
      { name: 'LMG (r)', artSide: 'finnish', possessor: 1 },
      { name: '50* MTR', artSide: 'russian', possessor: null },
    ]);
    // 57-G3, bottom to top: 4-4-7, MMG, 7-0, 4-4-7, LMG: the LMG is the top 4-4-7's (unit 1), the MMG the bottom one's (unit 3).
    expect(at('57-G3').supportWeapons).toEqual([
      { name: 'LMG', artSide: 'russian', possessor: 1 },
      { name: 'MMG', artSide: 'russian', possessor: 3 },
    ]);
    expect(at('57-E8').unmapped.map((u) => u.name)).toEqual([]); // its Skis counter marks the unit (E4.2): test/vasl/ski-counter.test.ts
    expect(at('69-F1').unmapped.map((u) => u.name)).toEqual(['T-26 M33']);
    expect(findLocation(asFinnish, '69-K7').unmapped.find((u) => u.name === 'FI Sniper')!.reason).toBe('a Sniper counter');
    // A Sniper alone occupies nothing (57-G10 holds only the Russian Sniper).
    expect(game.locations.map((l) => l.hex)).not.toContain('57-G10');
  });
});

describe('Locations asked for', () => {
  it.each([
    ['57-Z9', /no such hex on board 57/],
    ['57-A11', /no such hex/],
    ['57-Q5', /no such hex on board 57/], // cropped away: the save shows columns A..O only
    ['58-H8', /board 58 is not on this map \(boards: 69, 57\)/],
    ['H8', /expected a Location as VASL names it/],
    ['57-A1', /no unit in this Location/],
  ])('%s', (hex, message) => {
    let err: unknown;
    try {
      findLocation(game, hex);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'vasl.location', exitCode: 2, message: expect.stringMatching(message) });
  });

  it('57H8 and 57-h8 name 57-H8', () => {
    expect(findLocation(game, '57H8').hex).toBe('57-H8');
    expect(findLocation(game, '57-h8').hex).toBe('57-H8');
  });
});

describe('geometry and tokens (VASSAL / VASL sources)', () => {
  it('hex names of an unreversed geomorphic board (ASLHexGrid.locationName)', () => {
    expect(hexName(0, 32)).toBe('A1');
    expect(hexName(56, 0)).toBe('B0');
    expect(hexName(7 * 56.24, 32 + 64.51 * 7.5)).toBe('H8');
    expect(columnName(26)).toBe('AA');
    expect(columnName(32)).toBe('GG');
    expect(isGeomorphicHex('GG10')).toBe(true);
    expect(isGeomorphicHex('A0')).toBe(false);
    expect(isGeomorphicHex('B0')).toBe(true);
    expect(isGeomorphicHex('HH1')).toBe(false);
  });

  it('SequenceEncoder.Decoder: escaped delimiters, quotes, a trailing delimiter', () => {
    expect(splitSequence('a;b\\;c;', ';')).toEqual(['a', 'b;c', '']);
    expect(splitSequence("'\\x';y", ';')).toEqual(['\\x', 'y']);
    expect(splitSequence('', ';')).toEqual(['']);
  });
});
