/**
 * A VASL saved game as the Locations a player asks about: each occupied hex of the main map, its units
 * as the catalog names them, with the markers that change odds, and every piece it could not map with
 * the reason.
 *
 * Pipeline: bytes -> zip entries (save-archive.ts, bounded) -> deobfuscated text and its commands
 * (command-stream.ts) -> module check (moduledata names VASL) -> boards (boards.ts) -> pieces and stacks
 * (pieces.ts) -> each piece identified (counter-identities.ts) and placed in its hex -> markers applied
 * to the units below them in their stack -> the breadcrumb check (VASSAL's own Location names of moved
 * pieces against our hex computation).
 *
 * Runs in Node and in a browser (the page reads a save the player opens; nothing is uploaded).
 */
import { getUnit } from '../counters/catalog.js';
import { inputError } from '../errors.js';
import { hexAt, isGeomorphicHex, parseBoards, placeBoards, GEOMORPHIC, type Board, type PlacedBoard } from './boards.js';
import { deobfuscate, splitCommands, STREAM_LIMITS } from './command-stream.js';
import { CLASS_LETTERS, identifyPiece, type OddsMarker, type PieceIdentity } from './counter-identities.js';
import { parseAddPiece, type Piece, type Stack } from './pieces.js';
import { readSaveArchive } from './save-archive.js';

/** One unit of a Location, as the odds commands take it. */
export interface VaslUnit {
  /** Position among the Location's units, from 1 (top of the stack first). */
  readonly position: number;
  /** Catalog id, e.g. `russian/4-4-7`. */
  readonly id: string;
  /** Side in players' words, lower case as the catalog's nationality: `russian`. */
  readonly side: string;
  /** The counter as VASL shows it: `4-4-7 1sq`, `9-1`. */
  readonly counter: string;
  /** The VASL piece's printed counter when the board shows a flip of it (HS, ELR Replacement): `4-5-8 Esq`. */
  readonly piece?: string;
  /** Odds-changing markers in the rulebook's words, lower case: broken, pinned, DM, concealed, ... */
  readonly markers: readonly OddsMarker[];
  /** Where VASL's counter and the catalog's row differ (class), said for the player. */
  readonly note?: string;
}

/** A piece of a Location that the odds commands cannot take, with the reason. */
export interface VaslUnmapped {
  readonly name: string;
  readonly reason: string;
  readonly side?: string;
  readonly markers?: readonly OddsMarker[];
}

/**
 * A Support Weapon in a Location and who possesses it: the unit it sits on in its stack (VASL stacks a
 * SW above the unit that holds it; possession changes by rearranging the stack, A4.431), none when no
 * unit lies below it (unpossessed, to be Recovered, A4.44).
 */
export interface VaslSupportWeapon {
  /** The counter's name: `LMG`, `LMG (r)`, `50* MTR`, `DC`. */
  readonly name: string;
  /** The side whose counter art it is (`finnish` for `fi/firLMG.svg`), lower case; absent when unknown. */
  readonly artSide?: string;
  /** Position (from 1) among the Location's units of the unit possessing it, or null. */
  readonly possessor: number | null;
  /** The possessor when the catalog lacks it (its name), else absent. */
  readonly possessorName?: string;
}

/** An occupied Location. */
export interface VaslLocation {
  /** Board and hex as VASL shows them: `57-H8`. */
  readonly hex: string;
  readonly units: readonly VaslUnit[];
  readonly unmapped: readonly VaslUnmapped[];
  /** Its Support Weapons, top of the stack first. */
  readonly supportWeapons: readonly VaslSupportWeapon[];
}

/** A save read. */
export interface VaslGame {
  /** The file's name as given. */
  readonly file: string;
  /** The VASL module version that wrote it (moduledata), or null. */
  readonly moduleVersion: string | null;
  readonly boards: readonly Board[];
  /** Occupied Locations in board then hex order. */
  readonly locations: readonly VaslLocation[];
  /**
   * The hex computation checked against VASSAL's own records: moved pieces carry the Location name they
   * had (`OldLocationName`) at their old point (`OldX`, `OldY`); `checked` of them name a hex of this map,
   * `matched` got the same name from our geometry.
   */
  readonly breadcrumbs: { readonly checked: number; readonly matched: number; readonly mismatches: readonly { readonly recorded: string; readonly computed: string }[] };
}

/**
 * Reads a VASL saved game.
 * @param bytes the `.vsav` file
 * @param file its name, for messages and the result
 * @throws AslOddsError (exit 2) `vasl.notZip`, `vasl.noSavedGame`, `vasl.tooLarge`, `vasl.tooManyEntries`,
 *   `vasl.corrupt`, `vasl.stream` (truncated, tampered, not a saved game), `vasl.otherModule` (a save of
 *   another VASSAL module), `vasl.board`, `vasl.noBoards`
 * Cost: O(file size x nesting depth); bounded by SAVE_LIMITS and STREAM_LIMITS.
 */
export function readVaslGame(bytes: Uint8Array, file: string): VaslGame {
  const archive = readSaveArchive(bytes, file);
  const moduleName = archive.moduleData === undefined ? undefined : xmlText(archive.moduleData, 'name');
  if (moduleName !== undefined && moduleName !== 'VASL') {
    throw inputError('vasl.otherModule', `${file}: a saved game of the VASSAL module '${moduleName}', not of VASL (Virtual Advanced Squad Leader)`);
  }
  const commands = splitCommands(deobfuscate(archive.savedGame, file), file);
  const boards = placeBoards(parseBoards(commands, file));
  if (boards.length === 0) throw inputError('vasl.noBoards', `${file}: the saved game has no VASL board (no 'bd' command); is it a VASL save?`);

  const pieces = new Map<string, Piece>();
  const stacks: Stack[] = [];
  let work = 0;
  for (const c of commands) {
    if (c.startsWith('+/') && c.length > STREAM_LIMITS.pieceChars) {
      throw inputError('vasl.tooLarge', `${file}: a piece of ${c.length} characters; a VASL piece has at most ${STREAM_LIMITS.pieceChars}; refused`);
    }
    const p = parseAddPiece(c);
    if (p === null) continue;
    if (p.kind === 'piece' && (work += c.length * p.traits.length) > STREAM_LIMITS.pieceWork) {
      throw inputError('vasl.tooLarge', `${file}: its pieces nest more traits than a VASL save's (decoding them would take too long); refused`);
    }
    if (p.kind === 'stack') stacks.push(p);
    else if (p.id !== '') pieces.set(p.id, p);
  }

  // Each stack on the main map, bottom to top; a piece outside every stack is a stack of its own.
  const columns: { members: Piece[]; x: number; y: number }[] = [];
  const stacked = new Set<string>();
  for (const s of stacks) {
    if (s.map !== 'Main Map') continue;
    const members = s.members.map((id) => pieces.get(id)).filter((p): p is Piece => p !== undefined);
    for (const m of members) stacked.add(m.id);
    if (members.length > 0) columns.push({ members, x: s.x, y: s.y });
  }
  for (const p of pieces.values()) if (p.map === 'Main Map' && !stacked.has(p.id)) columns.push({ members: [p], x: p.x, y: p.y });

  const byHex = new Map<string, { units: VaslUnit[]; unmapped: VaslUnmapped[]; supportWeapons: VaslSupportWeapon[]; order: number }>();
  for (const col of columns) {
    const at = hexAt(boards, col.x, col.y);
    if (at === null) continue; // off the boards: the map's margins hold charts and staging areas
    const hex = `${at.board.name}-${at.hex}`;
    let loc = byHex.get(hex);
    if (loc === undefined) byHex.set(hex, (loc = { units: [], unmapped: [], supportWeapons: [], order: locationOrder(boards, at.board, at.hex) }));
    placeStack(col.members.map(identifyPiece), loc);
  }
  const locations: VaslLocation[] = [...byHex.entries()]
    // Occupied: a unit, or a piece of a side (a Gun, a vehicle, a SW, a unit the catalog lacks).
    .filter(([, l]) => l.units.length > 0 || l.unmapped.some((u) => u.side !== undefined))
    .sort((a, b) => a[1].order - b[1].order)
    .map(([hex, l]) => ({ hex, units: l.units.map((u, i) => ({ ...u, position: i + 1 })), unmapped: l.unmapped, supportWeapons: l.supportWeapons }));

  return {
    file,
    moduleVersion: archive.moduleData === undefined ? null : (xmlText(archive.moduleData, 'version') ?? null),
    boards: boards.map((b) => ({ name: b.name, reversed: b.reversed, column: b.column, row: b.row, crop: b.crop, overlays: b.overlays, ssr: b.ssr })),
    locations,
    breadcrumbs: checkBreadcrumbs(pieces.values(), boards),
  };
}

/**
 * The units and unmapped pieces of one stack into its Location, top of the stack first; each marker
 * applies to the units below it in the stack (a DM or ? counter is placed on the units it affects).
 */
function placeStack(ids: readonly PieceIdentity[], loc: { units: VaslUnit[]; unmapped: VaslUnmapped[]; supportWeapons: VaslSupportWeapon[] }): void {
  const units: VaslUnit[] = [];
  const unmapped: VaslUnmapped[] = [];
  // SW above the next unit down: that unit possesses them (A4.431).
  let sws: { name: string; artSide?: string }[] = [];
  const possess = (possessor: number | null, possessorName?: string) => {
    for (const w of sws) loc.supportWeapons.push({ ...w, possessor, ...(possessorName !== undefined ? { possessorName } : {}) });
    sws = [];
  };
  const above: OddsMarker[] = [];
  // Markers not yet over a unit: if none comes below them, they are listed (a ? alone is a Dummy stack).
  let pending: { name: string; marker: OddsMarker }[] = [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const p = ids[i];
    if (p.role === 'marker') {
      if (!above.includes(p.marker)) above.push(p.marker);
      pending.push({ name: p.name, marker: p.marker });
      continue;
    }
    if (p.role === 'sw') {
      sws.push({ name: p.name, ...(p.artSide ? { artSide: p.artSide.toLowerCase() } : {}) });
      continue;
    }
    if (p.role === 'unit') pending = [];
    if (p.role === 'other') {
      if (p.side) possess(null, p.name);
      unmapped.push({ name: p.name, reason: p.reason, ...(p.side ? { side: p.side.toLowerCase() } : {}) });
      continue;
    }
    const markers: OddsMarker[] = [];
    if (p.broken) markers.push('broken');
    if (p.concealed) markers.push('concealed');
    for (const m of above) if (!markers.includes(m)) markers.push(m);
    const ordered = ORDER.filter((m) => markers.includes(m));
    let known;
    try {
      known = getUnit(p.id);
    } catch (e) {
      possess(null, `${p.side} ${p.counter}`);
      unmapped.push({
        name: `${p.side} ${p.counter}`,
        reason: `not in the asl-odds catalog (${(e as Error).message.replace(/^unknown unit '[^']*'; /, '')}; see asl-odds units)`,
        side: p.side.toLowerCase(),
        markers: ordered,
      });
      continue;
    }
    const cls = p.classLetter === undefined ? undefined : CLASS_LETTERS[p.classLetter];
    const note = cls !== undefined && known.kind !== 'leader' && cls !== known.unitClass ? `VASL shows ${cls}; the catalog's ${known.id} is ${known.unitClass}` : undefined;
    possess(loc.units.length + units.length + 1);
    units.push({
      position: 0,
      id: known.id,
      side: known.nationality,
      counter: p.counter,
      ...(p.piece !== p.counter ? { piece: p.piece } : {}),
      markers: ordered,
      ...(note ? { note } : {}),
    });
  }
  possess(null);
  for (const m of pending.reverse()) {
    unmapped.push({ name: m.name, reason: m.marker === 'concealed' ? 'a concealment counter with no unit under it (a Dummy)' : `a ${m.name} counter with no unit under it` });
  }
  loc.units.push(...units);
  loc.unmapped.push(...unmapped);
}

/** The order markers are listed in. */
const ORDER: readonly OddsMarker[] = ['broken', 'disrupted', 'pinned', 'DM', 'concealed', 'berserk', 'fanatic', 'CX', 'melee', 'foxhole', 'encircled', 'skis'];

/** Boards in map order, then hexes by column and row. */
function locationOrder(boards: readonly PlacedBoard[], board: PlacedBoard, hex: string): number {
  const m = /^([A-Z])(\1?)(\d+)$/.exec(hex);
  const column = m ? m[1].charCodeAt(0) - 65 + (m[2] ? 26 : 0) : 99;
  return boards.indexOf(board) * 10_000 + column * 100 + (m ? Number(m[3]) : 99);
}

function checkBreadcrumbs(pieces: Iterable<Piece>, boards: readonly PlacedBoard[]): VaslGame['breadcrumbs'] {
  let checked = 0;
  let matched = 0;
  const mismatches: { recorded: string; computed: string }[] = [];
  const names = new Set(boards.map((b) => b.name));
  for (const p of pieces) {
    const recorded = p.properties.get('OldLocationName') ?? '';
    const m = /^(.+?)([A-Z]+\d+)$/.exec(recorded);
    if (p.properties.get('OldMap') !== 'Main Map' || !m || !names.has(m[1])) continue;
    const x = Number(p.properties.get('OldX'));
    const y = Number(p.properties.get('OldY'));
    if (!Number.isInteger(x) || !Number.isInteger(y)) continue;
    checked++;
    const at = hexAt(boards, x, y);
    const computed = at === null ? 'offboard' : `${at.board.name}${at.hex}`;
    if (computed === recorded) matched++;
    else if (mismatches.length < 20) mismatches.push({ recorded, computed });
  }
  return { checked, matched, mismatches };
}

/** The text of the first `<tag>` element of a small XML document, or undefined. */
function xmlText(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>([^<]{0,200})</${tag}>`).exec(xml);
  return m ? m[1].trim() : undefined;
}

/**
 * The Location `hex` of a game (`57-H8`; `57H8` and lower case are taken too).
 * @throws AslOddsError `vasl.location` (exit 2): not a Location name, a board not on this map, a hex not on
 *   the board (or cropped away), or an empty Location (the message lists occupied ones)
 */
export function findLocation(game: VaslGame, hex: string, option = '--at'): VaslLocation {
  const m = /^\s*([A-Za-z0-9_.]+?)-?([A-Za-z]{1,2})(\d{1,2})\s*$/.exec(hex);
  if (!m) throw inputError('vasl.location', `${option}: expected a Location as VASL names it, board and hex such as 57-H8; got '${hex}'`);
  const boardName = m[1];
  const cell = `${m[2].toUpperCase()}${Number(m[3])}`;
  const name = `${boardName}-${cell}`;
  const board = game.boards.find((b) => b.name.toLowerCase() === boardName.toLowerCase());
  if (board === undefined) throw inputError('vasl.location', `${option} ${name}: board ${boardName} is not on this map (boards: ${game.boards.map((b) => b.name).join(', ')})`);
  if (!isGeomorphicHex(cell) || !onCrop(board, cell)) throw inputError('vasl.location', `${option} ${name}: no such hex on board ${board.name} of this map`);
  const loc = game.locations.find((l) => l.hex === `${board.name}-${cell}`);
  if (loc === undefined) {
    const some = game.locations.slice(0, 8).map((l) => l.hex).join(', ');
    throw inputError('vasl.location', `${option} ${board.name}-${cell}: no unit in this Location in ${game.file} (occupied: ${some}${game.locations.length > 8 ? ', ...' : ''})`);
  }
  return loc;
}

/** True when hex `cell`'s centre lies inside the board's crop. */
function onCrop(board: VaslGame['boards'][number], cell: string): boolean {
  const g = GEOMORPHIC;
  const m = /^([A-Z])(\1?)(\d+)$/.exec(cell)!;
  const column = m[1].charCodeAt(0) - 65 + (m[2] ? 26 : 0);
  const row = Number(m[3]);
  const x = g.originX + g.dx * column;
  const y = g.originY + g.dy * (column % 2 === 0 ? row - 1 : row - 0.5);
  const c = board.crop;
  const inX = c.width > 0 ? x >= c.x && x <= c.x + c.width : true;
  const inY = c.height > 0 ? y >= c.y && y <= c.y + c.height : true;
  return inX && inY;
}
