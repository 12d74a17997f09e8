/**
 * Every save a player has: VASL 6.4 and 6.5 saves and logs (vasl-templates' test fixtures, AGPL, test
 * data only, test/fixtures/vasl-templates/README.md), the main map whatever its name (6.4's `Map0`),
 * saves without boards or with every counter in the margins, and a log (`.vlog`) read as its final
 * position; logs made by the writer of VASSAL's format check the replay of moves, changes, additions
 * and removals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitGame, deobfuscate } from '../../src/vasl/command-stream.js';
import { findLocation, readVaslGame } from '../../src/vasl/read-game.js';
import { readSaveArchive } from '../../src/vasl/save-archive.js';
import { addPiece, addStack, board, conceal, encodeSequence, vaslFile } from '../support/vassal-writer.js';

const DIR = new URL('../fixtures/vasl-templates/', import.meta.url);
const files = ['analyze-vlog', 'analyze-vsav', 'dump-vsav', 'update-vsav'].flatMap((d) => readdirSync(new URL(`${d}/`, DIR)).map((f) => `${d}/${f}`));
const bytes = (f: string) => readFileSync(new URL(f, DIR));

describe("vasl-templates' saves and logs (VASL 6.4.1 to 6.6.1)", () => {
  it.each(files)('%s is read', (f) => {
    const g = readVaslGame(bytes(f), f);
    expect(g.kind).toBe(f.endsWith('.vlog') ? 'log' : 'save');
    expect(g.moduleVersion).toMatch(/^6\.[4-6]\.\d$/);
  });

  it('dump-vsav/labels.vsav: a VASL 6.4.3 save whose main map is named Map0, its German and Russian units read on board 00', () => {
    const g = readVaslGame(bytes('dump-vsav/labels.vsav'), 'labels.vsav');
    expect(g).toMatchObject({ moduleVersion: '6.4.3', maps: { read: 'Map0', others: [] } });
    expect(g.locations.map((l) => l.hex)).toEqual(['00-B1', expect.any(String), expect.any(String)]);
  });

  it('update-vsav/full.vsav (VASL 6.5.0) names its map Main Map', () => {
    expect(readVaslGame(bytes('update-vsav/full.vsav'), 'full.vsav').maps.read).toBe('Main Map');
  });

  it('a save made before the boards were picked (analyze-vsav/basic.vsav: an empty bd command) is read: no boards, its pieces counted off the boards', () => {
    const g = readVaslGame(bytes('analyze-vsav/basic.vsav'), 'basic.vsav');
    expect(g.boards).toEqual([]);
    expect(g.locations).toEqual([]);
    expect(g.offBoard).toBeGreaterThan(0);
  });

  it('a .vlog: its saved position, then its log entries (chat lines with the dice rolls) in order', () => {
    const a = readSaveArchive(bytes('analyze-vlog/full.vlog'), 'full.vlog');
    const s = splitGame(deobfuscate(a.savedGame, 'full.vlog'), 'full.vlog');
    expect(s.save[0]).toBe('begin_save');
    expect(s.save[s.save.length - 1]).toBe('end_save');
    const rolls = s.log.filter((c) => c.startsWith('CHAT*** ('));
    expect(rolls[0]).toBe('CHAT*** (Other DR) 5,4 ***   <Alice>      [1 / 1   avg   9.00 (9.00)]    (01.82)');
    // test_lfa.py's full.vlog: 24 rolls, in order, phase changes (D/ and a nested LOG of chat) between them.
    expect(s.log.some((c) => c === 'CHAT* New: Axis Turn 1 - PFPh *')).toBe(true);
  });
});

describe('a log read as its final position (logs from the writer)', () => {
  const c = (column: number, row: number) => [Math.round(400 + 56.24 * column), Math.round(432 + 64.51 * (row - 1))] as const;
  const [c3x, c3y] = c(2, 3);
  const [e3x, e3y] = c(4, 3);
  const start = [
    board('57'),
    addPiece('1', '6-4-8 1sq', 'fi/fi648S.svg', 'Main Map', c3x, c3y, [conceal('fi', null)]),
    addPiece('2', '4-4-7 1sq', 'ru/ru447S.svg', 'Main Map', e3x, e3y),
    addPiece('3', '9-1', 'ru/ruL91.svg', 'Main Map', e3x, e3y),
    addStack('s1', 'Main Map', e3x, e3y, ['2']),
  ];

  it('a move (M/), onto a stack (above the piece under it), a change (D/), an addition (+/) and a removal (-/)', () => {
    const log = [
      'CHAT*** (IFT DR) 3,1 ***   <Alice>',
      // The 9-1 moves onto the 4-4-7's stack, above it.
      encodeSequence(['M', '3', 'Main Map', String(e3x), String(e3y), '2', 'Main Map', String(e3x), String(e3y), 'null', 'bob'], '/'),
      // The Finnish 6-4-8 moves to E3 alone... then back to C3.
      encodeSequence(['M', '1', 'Main Map', String(e3x + 200), String(e3y), 'null', 'Main Map', String(c3x), String(c3y), 'null', 'alice'], '/'),
      encodeSequence(['M', '1', 'Main Map', String(c3x), String(c3y), 'null', 'Main Map', String(e3x + 200), String(e3y), 'null', 'alice'], '/'),
      // Alice conceals it: the Concealable's state is the player's id (then the basic piece's state).
      encodeSequence(['D', '1', encodeSequence(['alice;', `Main Map;${c3x};${c3y};`], '\t')], '/'),
      // A new Russian 4-4-7 enters at C3's neighbour... and the first one is eliminated.
      addPiece('4', '4-4-7 1sq', 'ru/ru447S.svg', 'Main Map', c3x, c3y + 129),
      '-/2',
    ];
    const g = readVaslGame(vaslFile(start, log), 'game.vlog', { as: 'finnish' });
    expect(g.kind).toBe('log');
    expect(findLocation(g, '57-E3').units.map((u) => u.id)).toEqual(['russian/9-1']);
    expect(findLocation(g, '57-C3').units.map((u) => [u.id, u.markers])).toEqual([['finnish/6-4-8', ['concealed']]]);
    expect(findLocation(g, '57-C5').units.map((u) => u.id)).toEqual(['russian/4-4-7']);
    // The Russian does not see the Finn concealed in the log's last position.
    expect(findLocation(readVaslGame(vaslFile(start, log), 'game.vlog', { as: 'russian' }), '57-C3')).toMatchObject({ units: [], concealed: { counters: 1 } });
  });

  it('a command after end_save that is not a log entry: refused (not a save nor a log)', () => {
    const body = encodeSequence(['begin_save', board('57'), 'end_save', 'bd\t0\t0\t58'], '\u001b');
    expect(() => splitGame(body, 'x.vlog')).toThrow(expect.objectContaining({ code: 'vasl.stream' }));
  });
});
