/**
 * The ski counter's face (E4.2 "Skis" up: Skiers; E4.21 "OFF Skis" up: carried) read from the real save
 * test/fixtures/vasl/Hazmo-52-After-Finn-4.vsav (a winter Finnish game with both faces), and carried into
 * the `cc` options of a Location (E4.5).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deobfuscate, splitCommands } from '../../src/vasl/command-stream.js';
import { ccOptionsFrom } from '../../src/vasl/location-options.js';
import { parseAddPiece, type Piece } from '../../src/vasl/pieces.js';
import { findLocation, readVaslGame } from '../../src/vasl/read-game.js';
import { readSaveArchive } from '../../src/vasl/save-archive.js';
import { skiCounterFace } from '../../src/vasl/ski-counter.js';

const FIXTURE = new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url).pathname;
const bytes = new Uint8Array(readFileSync(FIXTURE));
const pieces: Piece[] = splitCommands(deobfuscate(readSaveArchive(bytes, FIXTURE).savedGame, FIXTURE), FIXTURE)
  .map(parseAddPiece)
  .filter((p): p is Piece => p !== null && p.kind === 'piece');
const game = readVaslGame(bytes, 'Hazmo-52-After-Finn-4.vsav');

describe('skiCounterFace (E4.2, E4.21) on the real save', () => {
  const skis = pieces.filter((p) => skiCounterFace(p) !== null);
  it('finds every ski counter and no other piece', () => {
    expect(skis.length).toBeGreaterThan(10);
    expect(skis.every((p) => p.name === 'Skis')).toBe(true);
    expect(pieces.filter((p) => p.name !== 'Skis').some((p) => skiCounterFace(p) !== null)).toBe(false);
  });
  it('the `Skis Off` Layer at level 2 (art sh/skis off.png) is the OFF Skis face; at level 1 the Skis face', () => {
    for (const p of skis) {
      const level = p.layers.find((l) => l.layerName === 'Skis Off')!.level;
      expect(skiCounterFace(p)).toBe(level === 2 ? 'OFF Skis' : 'Skis');
    }
    expect(new Set(skis.map(skiCounterFace))).toEqual(new Set(['Skis', 'OFF Skis']));
  });
  it('a unit under a Skis face is a Skier (69-E1 Russian 6-2-8, 69-H7 Finnish 6-4-8); an OFF Skis counter is left out, carried (57-G9)', () => {
    expect(findLocation(game, '69-E1').units[0].markers).toContain('skis');
    expect(findLocation(game, '69-H7').units[0].markers).toContain('skis');
    const g9 = findLocation(game, '57-G9');
    expect(g9.units.some((u) => u.markers.includes('skis'))).toBe(false);
    expect(g9.unmapped).toContainEqual({ name: 'OFF Skis', reason: 'skis carried, not worn: the units are not Skiers (E4.21)' });
  });
});

describe('cc options from a Location with skis (E4.5)', () => {
  it('57-G9, skis carried on both sides (the peer test_g9_melee_russian_attack_is_3_to_2_kill_number_6): no Skiers', () => {
    const o = ccOptionsFrom(findLocation(game, '57-G9'), 'russian');
    expect(o.values).toEqual({ attacker: ['russian/commissar-10-0', 'russian/2-3-7'], defender: ['finnish/2-4-8'] });
  });
  it('a side whose every unit is under a Skis face gets --attacker-skis / --defender-skis', () => {
    const e1 = findLocation(game, '69-E1');
    const h7 = findLocation(game, '69-H7');
    // The two Locations as one CC Location (a Russian Skier against a Finnish Skier).
    const o = ccOptionsFrom({ hex: '69-E1', units: [...e1.units, ...h7.units], unmapped: [], supportWeapons: [] }, 'russian');
    expect(o.values).toMatchObject({ attacker: ['russian/6-2-8'], attackerSkis: true, defender: ['finnish/6-4-8'], defenderSkis: true });
  });
  it('a side with only some Skiers is taken as not on skis, and a note says so (E4.5 is per unit)', () => {
    const e1 = findLocation(game, '69-E1');
    const d1 = findLocation(game, '69-D1'); // a Russian 9-1 under an OFF Skis counter: not a Skier
    const h7 = findLocation(game, '69-H7');
    const o = ccOptionsFrom({ hex: '69-E1', units: [...e1.units, ...d1.units, ...h7.units], unmapped: [], supportWeapons: [] }, 'russian');
    expect(o.values).toMatchObject({ attacker: ['russian/6-2-8', 'russian/9-1'], defenderSkis: true });
    expect(o.values).not.toHaveProperty('attackerSkis');
    expect(o.notes).toContain('69-E1: only some ATTACKER units are Skiers (E4.5 is per unit): taken as not on skis; add --attacker-skis if they attack together on skis');
  });
});
