/**
 * VASL boards: the `bd` commands of a save (which boards, where, reversed, cropped) and the hex a map
 * point lies in (`57-H8`).
 *
 * Sources (LGPL):
 * - VASL `ASLBoard.getState` (vasl-developers/vasl, src/VASL/build/module/map/boardPicker/ASLBoard.java):
 *   `column TAB row TAB [r]name TAB [cropX TAB cropY TAB cropWidth TAB cropHeight TAB] VER TAB version
 *   TAB overlays... [SSR TAB changes]`; an `r` before the name: the board is reversed (turned 180
 *   degrees); a crop width or height of -1: uncropped. A save may write several boards in one command,
 *   each starting `bd TAB`.
 * - ASLBoard: default hex width 56.24 px and height 64.51 px; `localCoordinates`: a reversed board's
 *   point is mirrored in its (cropped) size, then the crop's corner is added.
 * - VASL `ASLHexGrid.locationName` (same repository, board/ASLHexGrid.java): columns A..Z, AA..GG at
 *   x = origin.x + dx * column; in even columns (A, C, ...) row r's centre is at origin.y + dy * (r - 1),
 *   in odd columns at origin.y + dy * (r - 1/2); VASSAL HexGrid's default origin is (0, 32)
 *   (vassalengine/vassal, HexGrid.java).
 * - VASSAL `Map.setBoardBoundaries`: boards sit side by side in their grid slots (each column as wide as
 *   the boards before it in that row), offset by the map's edge buffer; VASL's main map has a 400 px
 *   edge on every side.
 * - A geomorphic board's image is 1800 x 645 px (33 columns A..GG, 10 rows).
 *
 * The geometry is checked against the save itself on every read: VASSAL writes a moved piece's old
 * position and the Location name it had there (`OldX`, `OldY`, `OldLocationName`), see read-game.ts.
 */
import { inputError } from '../errors.js';

/** The geometry of a standard geomorphic board (data above, with their sources). */
export const GEOMORPHIC = Object.freeze({
  /** Board image width and height, px. */
  width: 1800,
  height: 645,
  /** Hex column pitch and hex height, px (ASLBoard.DEFAULT_HEX_WIDTH / DEFAULT_HEX_HEIGHT). */
  dx: 56.24,
  dy: 64.51,
  /** Grid origin, px (HexGrid default). */
  originX: 0,
  originY: 32,
  /** The main map's edge buffer, px. */
  edge: 400,
});

/** One board of the map. */
export interface Board {
  /** The board's name as VASL writes it without the reversal mark, e.g. `57`. */
  readonly name: string;
  /** Turned 180 degrees (VASL `r57`). */
  readonly reversed: boolean;
  /** Grid slot: column and row of boards. */
  readonly column: number;
  readonly row: number;
  /** Crop rectangle in the board's own image, px; width/height -1 = uncropped. */
  readonly crop: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /** Overlays as VASL writes them (`o5 h4 g4`). */
  readonly overlays: readonly string[];
  /** SSR terrain changes (`Winter`, `NoGrain`, ...). */
  readonly ssr: readonly string[];
}

/** Where boards are on the map: each board's rectangle in map pixels. */
export interface PlacedBoard extends Board {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Boards a map holds at most: 64 (a VASL scenario's map has a few boards, a campaign's a few dozen).
 * Past it a save is refused before the boards are placed (their placement costs boards squared).
 */
export const BOARD_LIMIT = 64;

/**
 * The boards of the `bd` commands (the last command naming a slot wins, as VASL replays them). A `bd`
 * with nothing after it (a save made before the boards were picked) names none.
 * @throws AslOddsError `vasl.board` for a `bd` command that cannot be read, or more than
 *   {@link BOARD_LIMIT} boards
 * Cost: O(length of the `bd` commands).
 */
export function parseBoards(commands: readonly string[], file: string): Board[] {
  const bySlot = new Map<string, Board>();
  for (const c of commands) {
    if (!c.startsWith('bd\t')) continue;
    // Boards written back to back: `...SSR TAB GrainToBrushbd TAB 0 TAB 1 TAB r57 ...`.
    for (const chunk of c.slice(3).split(/bd\t(?=-?\d+\t-?\d+\t)/)) {
      if (chunk.trim() === '') continue;
      const b = parseBoard(chunk, file);
      bySlot.set(`${b.column},${b.row}`, b);
      if (bySlot.size > BOARD_LIMIT) throw inputError('vasl.board', `${file}: more than ${BOARD_LIMIT} boards on its map; asl-odds reads maps of at most ${BOARD_LIMIT}; refused`);
    }
  }
  return [...bySlot.values()];
}

function parseBoard(chunk: string, file: string): Board {
  const f = chunk.split('\t');
  const bad = () => inputError('vasl.board', `${file}: a board of the save cannot be read ('bd ${chunk.slice(0, 40).replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ').trim()}...')`);
  const int = (s: string | undefined) => (s !== undefined && /^-?\d{1,6}$/.test(s) ? Number(s) : NaN);
  const column = int(f[0]);
  const row = int(f[1]);
  const raw = f[2] ?? '';
  if (!(column >= 0 && column < 100 && row >= 0 && row < 100) || !/^r?[A-Za-z0-9_.-]{1,40}$/.test(raw)) throw bad();
  const reversed = raw.startsWith('r') && raw.length > 1;
  let i = 3;
  let crop = { x: 0, y: 0, width: -1, height: -1 };
  if (f[i] !== 'VER' && !Number.isNaN(int(f[i]))) {
    const [x, y, width, height] = [int(f[i]), int(f[i + 1]), int(f[i + 2]), int(f[i + 3])];
    if ([x, y, width, height].some(Number.isNaN)) throw bad();
    crop = { x, y, width, height };
    i += 4;
  }
  const overlays: string[] = [];
  let ssr: string[] = [];
  for (; i < f.length; i++) {
    if (f[i] === 'VER') i++;
    else if (f[i] === 'OVR') {
      overlays.push(f.slice(i + 1, i + 4).filter(Boolean).join(' '));
      i += 3;
    } else if (f[i] === 'SSR') {
      ssr = f.slice(i + 1).filter((t) => t !== '' && t !== 'ZOOM');
      break;
    }
  }
  return { name: reversed ? raw.slice(1) : raw, reversed, column, row, crop, overlays, ssr };
}

/**
 * The boards placed on the map (VASSAL Map.setBoardBoundaries with geomorphic board sizes).
 * @throws never
 */
export function placeBoards(boards: readonly Board[]): PlacedBoard[] {
  const size = (b: Board) => ({
    width: b.crop.width > 0 ? b.crop.width : GEOMORPHIC.width,
    height: b.crop.height > 0 ? b.crop.height : GEOMORPHIC.height,
  });
  const at = (column: number, row: number) => boards.find((b) => b.column === column && b.row === row);
  return boards.map((b) => {
    let left = 0;
    for (let c = 0; c < b.column; c++) left += (at(c, b.row) && size(at(c, b.row)!).width) || 0;
    let top = 0;
    for (let r = 0; r < b.row; r++) top += (at(b.column, r) && size(at(b.column, r)!).height) || 0;
    return { ...b, left: left + GEOMORPHIC.edge, top: top + GEOMORPHIC.edge, ...size(b) };
  });
}

/** A Location found on the map: board and hex. */
export interface HexAt {
  readonly board: PlacedBoard;
  /** The hex as VASL names it on its board, e.g. `H8`. */
  readonly hex: string;
}

/**
 * The board and hex at map point (x, y), or null off every board (VASSAL Map.findBoard: a board's
 * rectangle contains the point).
 * Never throws.
 * @example hexAt(boards, 794, 1142) // { board: <57>, hex: 'I9' } on the fixture's map
 */
export function hexAt(boards: readonly PlacedBoard[], x: number, y: number): HexAt | null {
  const board = boards.find((b) => x >= b.left && x < b.left + b.width && y >= b.top && y < b.top + b.height);
  if (board === undefined) return null;
  // ASLBoard.localCoordinates: mirror a reversed board in its own size, then add the crop's corner.
  let lx = x - board.left;
  let ly = y - board.top;
  if (board.reversed) {
    lx = board.width - lx;
    ly = board.height - ly;
  }
  lx += Math.max(0, board.crop.x);
  ly += Math.max(0, board.crop.y);
  return { board, hex: hexName(lx, ly) };
}

/**
 * The hex name at a point of an unreversed, uncropped geomorphic board (ASLHexGrid.locationName, its
 * hex-centre case; a point exactly on a hexside is named by the hex whose centre is nearest).
 * Never throws.
 * @example hexName(393.68, 515.08) // 'H8'
 */
export function hexName(x: number, y: number): string {
  const g = GEOMORPHIC;
  const px = x - g.originX;
  // Java's `p.translate(-origin.x, (int) (dy / 2. - origin.y))`: the shift is cut to an integer.
  const py = y + Math.trunc(g.dy / 2 - g.originY);
  const column = Math.floor(px / g.dx + 0.5);
  const row = column % 2 === 0 ? Math.floor(py / g.dy) + 1 : Math.floor(py / g.dy + 0.5);
  return `${columnName(column)}${row}`;
}

/** Column letters: 0 -> A, 25 -> Z, 26 -> AA, 32 -> GG (ASLHexGrid.hexrow). */
export function columnName(n: number): string {
  if (n < 0) return `-${columnName(-n)}`;
  const letter = String.fromCharCode(65 + (n % 26));
  return letter.repeat(Math.floor(n / 26) + 1);
}

/**
 * True when `hex` names a hex of a geomorphic board: columns A..GG (33), rows 1..10 in A, C, E, ...
 * and 0..10 in B, D, F, ... (their half hexes at the board edges).
 * Never throws.
 */
export function isGeomorphicHex(hex: string): boolean {
  const m = /^([A-Z])(\1?)(\d{1,2})$/.exec(hex);
  if (!m) return false;
  const column = m[1].charCodeAt(0) - 65 + (m[2] ? 26 : 0);
  if (column > 32) return false;
  const row = Number(m[3]);
  return column % 2 === 0 ? row >= 1 && row <= 10 : row >= 0 && row <= 10;
}
