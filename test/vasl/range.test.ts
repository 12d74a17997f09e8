/**
 * The range between two Locations of a VASL map (src/vasl/range.ts), A7.21/A7.22 counting. Oracles:
 * kehannan/ruleschat tests/test_attack_resolver.py `test_hex_range_same_board` (its six cases), the
 * geometry of geomorphic boards (a board is 10 hexes high and 32 columns wide; boards side by side share
 * their edge half hexes, a reversed board's column A meeting the other's with its rows turned), and the
 * issue's case 57-H10 to 57-G3 counted hex by hex (H10 to H3 is 7, G3 one more).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/vasl/boards.js';
import { hexRange } from '../../src/vasl/range.js';
import { readVaslGame } from '../../src/vasl/read-game.js';

const FIXTURE = new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url).pathname;
const hazmo = readVaslGame(readFileSync(FIXTURE), 'Hazmo-52-After-Finn-4.vsav');
const board = (name: string, column: number, row: number, reversed = false): Board => ({ name, reversed, column, row, crop: { x: 0, y: 0, width: -1, height: -1 }, overlays: [], ssr: [] });

describe('range on one board (ruleschat hex_range_same_board)', () => {
  const one = [board('57', 0, 0)];
  it.each([
    ['57-H9', '57-H8', 1],
    ['57-H9', '57-H9', 0],
    ['57-H9', '57-G9', 1],
    ['57-H9', '57-K9', 3],
    ['57-A1', '57-A10', 9],
    ['57-B2', '57-D2', 2],
  ])('%s to %s: %i', (a, b, r) => {
    expect(hexRange(one, a, b)).toBe(r);
    expect(hexRange(one, b, a)).toBe(r);
  });
  it('the same on a reversed board', () => {
    expect(hexRange([board('57', 0, 0, true)], '57-H9', '57-K9')).toBe(3);
    expect(hexRange([board('57', 0, 0, true)], '57-B2', '57-D2')).toBe(2);
  });
});

describe('range across boards', () => {
  it('side by side: GG of the left board is A of the right one; a whole board is 32 hexes wide', () => {
    const map = [board('a', 0, 0), board('b', 1, 0)];
    expect(hexRange(map, 'a-GG5', 'b-A5')).toBe(0);
    expect(hexRange(map, 'a-A5', 'b-A5')).toBe(32);
    expect(hexRange(map, 'a-FF5', 'b-B5')).toBe(2);
  });
  it('a reversed board beside an unreversed one: its A5 is the other board A6 (rows turned)', () => {
    const map = [board('a', 0, 0, true), board('b', 1, 0)];
    expect(hexRange(map, 'a-A5', 'b-A6')).toBe(0);
    expect(hexRange(map, 'a-A5', 'b-C6')).toBe(2);
  });
  it('the Hazmo map (r69 above r57, both cropped to columns A..P): a board is 10 hexes high', () => {
    expect(hexRange(hazmo.boards, '69-A5', '57-A5')).toBe(10);
    expect(hexRange(hazmo.boards, '69-H7', '57-H8')).toBe(9);
  });
  it('57-H10 to 57-G3 is 8 hexes (H10 to H3 is 7, G3 one more), 57-H9 to 57-H8 is 1', () => {
    expect(hexRange(hazmo.boards, '57-H10', '57-G3')).toBe(8);
    expect(hexRange(hazmo.boards, '57-H9', '57-H8')).toBe(1);
  });
});
