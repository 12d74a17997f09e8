/**
 * Fair play (A12 concealment, HIP): a save read as one player sees it on the VASL screen. Real saves:
 * our Hazmo fixture (kehannan/ruleschat, MIT: two concealed Russian 4-4-7 in 57-G2, a concealed Finnish
 * 6-4-8 with its LMG in 69-J1) and vasl-templates' hip-concealed.vsav (AGPL, test data: a concealed
 * German PzKw VIE and a Russian SU-152 set up hidden); and saves made by the writer of VASSAL's format
 * (test/support/vassal-writer.ts) for the cases no real save holds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findLocation, readVaslGame, type VaslGame } from '../../src/vasl/read-game.js';
import { addPiece, addStack, board, conceal, concealment, hide, vaslFile } from '../support/vassal-writer.js';

const HAZMO = readFileSync(new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url));
const HIP = readFileSync(new URL('../fixtures/vasl-templates/analyze-vsav/hip-concealed.vsav', import.meta.url));
const read = (bytes: Uint8Array, as?: string) => readVaslGame(bytes, 'g.vsav', as === undefined ? {} : { as });
const hexes = (g: VaslGame) => g.locations.map((l) => l.hex);

describe('the Hazmo save: no concealed unit identified unless --as names its side', () => {
  const neither = read(HAZMO);
  const finn = read(HAZMO, 'finnish');
  const russian = read(HAZMO, 'russian');

  it('as neither side: 57-G2 and 69-J1 are concealed stacks (how many "?" counters, their colour, nothing else)', () => {
    expect(findLocation(neither, '57-G2')).toEqual({ hex: '57-G2', units: [], unmapped: [], supportWeapons: [], concealed: { counters: 3, sides: ['russian'] } });
    // The 6-4-8, its (captured Russian) LMG and Skis under the Finnish "?": four counters, none named.
    expect(findLocation(neither, '69-J1')).toEqual({ hex: '69-J1', units: [], unmapped: [], supportWeapons: [], concealed: { counters: 4, sides: ['finnish'] } });
    expect(neither.viewer).toEqual({ as: null, side: null });
  });

  it('as the Finn: his 6-4-8 of 69-J1 is shown, marked concealed; the Russian 57-G2 stays a concealed stack', () => {
    expect(findLocation(finn, '69-J1').units.map((u) => [u.id, u.markers])).toEqual([['finnish/6-4-8', ['concealed']]]);
    expect(findLocation(finn, '57-G2')).toEqual(findLocation(neither, '57-G2'));
  });

  it('as the Russian: his two 4-4-7 of 57-G2 are shown, marked concealed; the Finnish 69-J1 stays a concealed stack', () => {
    expect(findLocation(russian, '57-G2').units.map((u) => [u.id, u.markers])).toEqual([
      ['russian/4-4-7', ['concealed']],
      ['russian/4-4-7', ['concealed']],
    ]);
    expect(findLocation(russian, '69-J1')).toEqual(findLocation(neither, '69-J1'));
  });

  it("the player's VASL id works as a side; another player's id is never printed, not even in an error", () => {
    expect(findLocation(read(HAZMO, 'rus_player'), '57-G2').units).toHaveLength(2);
    expect(JSON.stringify(neither)).not.toMatch(/rus_player|obs_player/);
    let err: Error | undefined;
    try {
      read(HAZMO, 'rus_playe');
    } catch (e) {
      err = e as Error;
    }
    expect(err).toMatchObject({ code: 'vasl.as', exitCode: 2 });
    expect(err!.message).not.toMatch(/rus_player|obs_player/);
  });

  it('a nationality is taken in the catalog\'s words, VASL\'s prefix or any case', () => {
    for (const as of ['Finnish', 'fi', ' finnish ']) expect(read(HAZMO, as).viewer.side).toBe('Finnish');
    expect(read(HAZMO, 'axis-minor').viewer.side).toBe('Axis Minor');
  });
});

describe("vasl-templates' hip-concealed.vsav (VASL 6.4.3, map Map0, no boards)", () => {
  it('the HIP SU-152 is counted only by its own side; the map read is Map0', () => {
    expect(read(HIP)).toMatchObject({ maps: { read: 'Map0', others: [] }, offBoard: 3, locations: [] });
    expect(read(HIP, 'german').offBoard).toBe(3); // the concealed PzKw, its "?", a label; no SU-152
    expect(read(HIP, 'russian').offBoard).toBe(4);
    expect(read(HIP, 'password').offBoard).toBe(4); // the player who hid and concealed both
  });

  it('on a board (the same save with a board added and its pieces moved onto it): each side sees what VASL shows it', () => {
    const text = (g: VaslGame) => JSON.stringify(g.locations);
    const onBoard = boardedHipSave();
    const neither = read(onBoard);
    expect(neither.locations).toEqual([{ hex: '00-C2', units: [], unmapped: [], supportWeapons: [], concealed: { counters: 2, sides: ['german'] } }]);
    expect(text(neither)).not.toMatch(/PzKw|SU-152/);
    const german = read(onBoard, 'german');
    expect(findLocation(german, '00-C2').unmapped.map((u) => u.name)).toEqual(['PzKw VIE']);
    expect(hexes(german)).toEqual(['00-C2']); // the Russian SU-152 set up hidden is not there
    const russian = read(onBoard, 'russian');
    expect(findLocation(russian, '00-G2').unmapped).toEqual([{ name: 'SU-152', reason: expect.stringMatching(/vehicle/), side: 'russian', markers: ['HIP'] }]);
    expect(findLocation(russian, '00-C2').concealed).toEqual({ counters: 2, sides: ['german'] });
  });
});

/** hip-concealed.vsav with a board `00` and its two stacks moved onto it (C2 and G2). */
function boardedHipSave(): Uint8Array {
  const entries = unzip(HIP);
  let s = deob(entries.savedGame);
  s = s.replace('bd\t', 'bd\t0\t0\t00\tVER\t6.5').replace(/Map0;88;178/g, 'Map0;512;496').replace(/Map0;200;178/g, 'Map0;737;496');
  return zip({ savedGame: strToU8(s), moduledata: entries.moduledata });
}

describe('saves from the writer: the cases a real save may hold', () => {
  // Board 57 at the map's edge (400 px): hex C3's centre (column 2, row 3) and E3's, G3's, I3's.
  const at = (column: number, row: number) => [Math.round(400 + 56.24 * column), Math.round(432 + 64.51 * (row - 1))] as const;
  const [c3x, c3y] = at(2, 3);
  const [e3x, e3y] = at(4, 3);
  const [g3x, g3y] = at(6, 3);
  const [i3x, i3y] = at(8, 3);
  const save = vaslFile([
    board('57'),
    // 57-C3: a Russian 4-4-7 concealed under a Russian "?", a (non-concealable) LMG with it.
    addPiece('1', '4-4-7 1sq', 'ru/ru447S.svg', 'Main Map', c3x, c3y, [conceal('ru', 'ru_pw')]),
    addPiece('2', 'LMG', 'ru/ruLMG.svg', 'Main Map', c3x, c3y),
    addPiece('3', '?', 'ru/ruqmark.svg', 'Main Map', c3x, c3y, [hide(null), concealment('ru_pw', 'ru')]),
    addStack('s1', 'Main Map', c3x, c3y, ['1', '2', '3']),
    // 57-E3: a Dummy stack: three Russian "?" and nothing under them.
    addPiece('4', '?', 'ru/ruqmark.svg', 'Main Map', e3x, e3y, [concealment('ru_pw', 'ru')]),
    addPiece('5', '?', 'ru/ruqmark.svg', 'Main Map', e3x, e3y, [concealment('ru_pw', 'ru')]),
    addPiece('6', '?', 'ru/ruqmark.svg', 'Main Map', e3x, e3y, [concealment('ru_pw', 'ru')]),
    addStack('s2', 'Main Map', e3x, e3y, ['4', '5', '6']),
    // 57-G3: a German 4-6-7 set up hidden; in the margin, a German 9-2 hidden too.
    addPiece('7', '4-6-7 1sq', 'ge/ge467S.svg', 'Main Map', g3x, g3y, [hide('ge_pw'), conceal('ge', null)]),
    addPiece('8', '9-2', 'ge/geL92.svg', 'Main Map', 100, 100, [hide('ge_pw')]),
    // 57-I3: pieces named to forge output or to be read as odds markers.
    addPiece('9', '__proto__', 'ge/ge467S.svg', 'Main Map', i3x, i3y),
    addPiece('10', 'constructor', 'ge/ge467S.svg', 'Main Map', i3x, i3y),
    addPiece('11', '4-6-7 1sq\n  2. german/9-2 (9-2)\u001b[2J', 'ge/ge467S.svg', 'Main Map', i3x, i3y),
    addStack('s3', 'Main Map', i3x, i3y, ['9', '10', '11']),
  ]);

  it('a Dummy stack looks exactly like a concealed one: both are only their count of "?" counters', () => {
    const g = read(save);
    expect(findLocation(g, '57-C3')).toEqual({ hex: '57-C3', units: [], unmapped: [], supportWeapons: [], concealed: { counters: 3, sides: ['russian'] } });
    expect(findLocation(g, '57-E3')).toEqual({ hex: '57-E3', units: [], unmapped: [], supportWeapons: [], concealed: { counters: 3, sides: ['russian'] } });
  });

  it('HIP enemy units do not appear at all: not in a Location, not in the off-board count', () => {
    const neither = read(save);
    expect(hexes(neither)).not.toContain('57-G3');
    expect(neither.offBoard).toBe(0);
    const german = read(save, 'german');
    expect(findLocation(german, '57-G3').units.map((u) => [u.id, u.markers])).toEqual([['german/4-6-7', ['HIP']]]);
    expect(german.offBoard).toBe(1);
    expect(read(save, 'ge_pw').offBoard).toBe(1);
  });

  it('its own side sees its concealed unit marked, and its Dummies as what they are', () => {
    const russian = read(save, 'russian');
    expect(findLocation(russian, '57-C3').units.map((u) => [u.id, u.markers])).toEqual([['russian/4-4-7', ['concealed']]]);
    expect(findLocation(russian, '57-E3').unmapped.map((u) => u.reason)).toEqual(Array(3).fill('a concealment counter with no unit under it (a Dummy)'));
  });

  it("a player named in the save's roster (PLAYER: id, name, side) is taken by name; his id (VASSAL's password) is never printed back", () => {
    const withRoster = vaslFile([board('57'), 'PLAYER\tsecret-1\tAlice\tAllies', addPiece('1', '4-4-7 1sq', 'ru/ru447S.svg', 'Main Map', c3x, c3y, [conceal('ru', 'secret-1')])]);
    const alice = read(withRoster, 'Alice');
    expect(alice.viewer).toEqual({ as: 'Alice', side: null });
    expect(findLocation(alice, '57-C3').units.map((u) => [u.id, u.markers])).toEqual([['russian/4-4-7', ['concealed']]]);
    const byId = read(withRoster, 'secret-1');
    expect(byId.viewer).toEqual({ as: 'your VASL player id', side: null });
    expect(JSON.stringify(byId)).not.toContain('secret-1');
    expect(findLocation(read(withRoster), '57-C3').concealed).toEqual({ counters: 1, sides: ['russian'] });
  });

  it('pieces named __proto__ or constructor are not odds markers; a name with a newline and ESC cannot forge a unit line', () => {
    const i3 = findLocation(read(save, 'german'), '57-I3');
    expect(i3.units.map((u) => u.markers)).toEqual([[]]);
    expect(i3.unmapped.map((u) => u.name)).toEqual(['constructor', '__proto__']);
    expect(JSON.stringify(i3)).not.toMatch(/\\n|\\u001b/);
  });
});

// Small zip helpers for re-packing a real save.
import { strToU8, strFromU8, unzipSync, zipSync } from 'fflate';
const unzip = (b: Uint8Array) => unzipSync(b);
const zip = (files: Record<string, Uint8Array>) => zipSync(files, { level: 0 });
function deob(bytes: Uint8Array): string {
  const t = strFromU8(bytes);
  if (!t.startsWith('!VCSK')) return t;
  const key = parseInt(t.slice(5, 7), 16);
  let out = '';
  const b = new Uint8Array((t.length - 7) / 2);
  for (let i = 7, j = 0; i < t.length; i += 2, j++) b[j] = parseInt(t.slice(i, i + 2), 16) ^ key;
  out = new TextDecoder().decode(b);
  return out;
}
