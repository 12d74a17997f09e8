/**
 * The range in hexes between two Locations of a VASL map, across boards, reversed and cropped boards
 * included (the range counts the hexes from the firer's to the target's, the target's counted, the
 * firer's not, A7.21 and A7.22 read it so).
 *
 * Method: each hex's centre on the map (the inverse of boards.ts `hexAt`: ASLHexGrid's centres,
 * mirrored for a reversed board, the crop's corner taken off, the board's place on the map added), then
 * the map's one hex grid: VASL lays geomorphic boards edge to edge so that one board's column GG and the
 * next board's column A are the same half hexes (1800 px = 32 columns of 56.24 px), and rows likewise;
 * the column index is round(x / dx) and the centre's height in hex heights y / dy (a whole or half
 * number), and the hex distance is dq + max(0, |dy| - dq / 2): each column crossed moves half a hex
 * up or down for free.
 * Checked against kehannan/ruleschat's `hex_range_same_board` cases (tests/test_attack_resolver.py).
 */
import { GEOMORPHIC, placeBoards, type Board, type PlacedBoard } from './boards.js';

/** The map point of a hex's centre (`H8` on `board`). Never throws for a geomorphic hex name. */
export function hexCentre(board: PlacedBoard, hex: string): { x: number; y: number } {
  const g = GEOMORPHIC;
  const m = /^([A-Z])(\1?)(\d+)$/.exec(hex);
  const column = m ? m[1].charCodeAt(0) - 65 + (m[2] ? 26 : 0) : 0;
  const row = m ? Number(m[3]) : 0;
  let x = g.originX + g.dx * column;
  let y = g.originY + g.dy * (column % 2 === 0 ? row - 1 : row - 0.5);
  x -= Math.max(0, board.crop.x);
  y -= Math.max(0, board.crop.y);
  if (board.reversed) {
    x = board.width - x;
    y = board.height - y;
  }
  return { x: board.left + x, y: board.top + y };
}

/**
 * A map point's place in the map's one grid: its column q and its height y in hex heights, a whole or a
 * half number (which columns sit half a hex down depends on the boards: a reversed board cropped to an
 * odd number of columns turns its column A into an odd column of the map).
 */
function gridPlace(p: { x: number; y: number }): { q: number; y: number } {
  const g = GEOMORPHIC;
  return { q: Math.round((p.x - g.edge - g.originX) / g.dx), y: Math.round((2 * (p.y - g.edge - g.originY)) / g.dy) / 2 };
}

/**
 * The range in hexes from Location `from` to Location `to` (`57-H9`, `57-H8`: 1).
 * @param boards the save's boards (VaslGame.boards)
 * @returns an integer >= 0
 * @throws Error when a Location names a board not on the map (findLocation checks that first)
 * @example hexRange(game.boards, '57-H10', '57-G3') // 8
 */
export function hexRange(boards: readonly Board[], from: string, to: string): number {
  const placed = placeBoards(boards);
  const centre = (loc: string) => {
    const i = loc.lastIndexOf('-');
    const board = placed.find((b) => b.name === loc.slice(0, i));
    if (board === undefined) throw new Error(`hexRange: no board ${loc.slice(0, i)}`);
    return gridPlace(hexCentre(board, loc.slice(i + 1)));
  };
  const a = centre(from);
  const b = centre(to);
  // Each column crossed moves half a hex up or down for free; the rest of the height is walked.
  const dq = Math.abs(b.q - a.q);
  return dq + Math.max(0, Math.round(Math.abs(b.y - a.y) - dq / 2));
}
