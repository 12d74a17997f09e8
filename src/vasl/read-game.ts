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
import { deobfuscate, splitGame, STREAM_LIMITS } from './command-stream.js';
import { CLASS_LETTERS, identifyPiece, VASL_NATIONALITIES, type OddsMarker, type PieceIdentity } from './counter-identities.js';
import { playerIdsOf, resolveViewer, rosterOf, secrecyOf, seenStack, type Secrecy } from './fair-play.js';
import { replayPosition } from './game-position.js';
import { FieldLimitError, printable, type Piece } from './pieces.js';
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

/** An occupied Location, as the viewer sees it. */
export interface VaslLocation {
  /** Board and hex as VASL shows them: `57-H8`. */
  readonly hex: string;
  /** The units the viewer sees identified, top of the stack first. */
  readonly units: readonly VaslUnit[];
  readonly unmapped: readonly VaslUnmapped[];
  /** Its Support Weapons the viewer sees, top of the stack first. */
  readonly supportWeapons: readonly VaslSupportWeapon[];
  /**
   * The "?" counters the viewer sees there and cannot identify (an enemy's concealed units and "?"
   * counters alike: a Dummy stack looks the same, A12.1), with the side their colour shows; absent when none.
   */
  readonly concealed?: { readonly counters: number; readonly sides: readonly string[] };
}

/** A save read, as one player sees it (fair-play.ts). */
export interface VaslGame {
  /** The file's name as given. */
  readonly file: string;
  /** A saved game (`.vsav`), or a log (`.vlog`) read as its final position. */
  readonly kind: 'save' | 'log';
  /** The VASL module version that wrote it (moduledata), or null. */
  readonly moduleVersion: string | null;
  readonly boards: readonly Board[];
  /**
   * The map whose pieces were read (the one holding the boards: VASL 6.5 and later name it `Main Map`,
   * 6.4 `Map0`), or null when no piece is on any map; the save's other maps (not read) by name.
   */
  readonly maps: { readonly read: string | null; readonly others: readonly string[] };
  /** Whose eyes read the save: `as` as given (null: neither side), its side in players' words. */
  readonly viewer: { readonly as: string | null; readonly side: string | null };
  /** Occupied Locations in board then hex order. */
  readonly locations: readonly VaslLocation[];
  /**
   * Pieces on the read map that lie on no board (its margins: charts, staging areas, a setup's counters
   * not yet placed), as the viewer sees them (an enemy HIP piece is not counted).
   */
  readonly offBoard: number;
  /**
   * The hex computation checked against VASSAL's own records: moved pieces carry the Location name they
   * had (`OldLocationName`) at their old point (`OldX`, `OldY`); `checked` of them name a hex of this map,
   * `matched` got the same name from our geometry. Only pieces the viewer sees identified are checked
   * (an enemy concealed unit's old Location would tell where it came from).
   */
  readonly breadcrumbs: { readonly checked: number; readonly matched: number; readonly mismatches: readonly { readonly recorded: string; readonly computed: string }[] };
}

/** Whose eyes read the save. */
export interface VaslReadOptions {
  /** `--as`: a side (nationality) or the player's VASL id; undefined: neither side. */
  readonly as?: string;
  /** The option's name for messages (default `--as`). */
  readonly asOption?: string;
}

/**
 * Reads a VASL saved game (`.vsav`) or log (`.vlog`, read as its final position), as the viewer sees
 * it: fair-play.ts decides each piece (an enemy concealed unit is a "?" counter counted in its
 * Location's `concealed`, never identified; an enemy HIP unit is not there; without `as`, no side's
 * concealed or hidden units are identified).
 * @param bytes the `.vsav` or `.vlog` file
 * @param file its name, for messages and the result
 * @throws AslOddsError (exit 2) `vasl.notZip`, `vasl.noSavedGame`, `vasl.tooLarge`, `vasl.tooManyEntries`,
 *   `vasl.corrupt`, `vasl.stream` (truncated, tampered, not a saved game), `vasl.otherModule` (a save of
 *   another VASSAL module), `vasl.board` (a board that cannot be read, too many boards), `vasl.as`
 * Cost: O(file size x nesting depth); bounded by SAVE_LIMITS, STREAM_LIMITS, FIELD_LIMITS, BOARD_LIMIT.
 */
export function readVaslGame(bytes: Uint8Array, file: string, options: VaslReadOptions = {}): VaslGame {
  const archive = readSaveArchive(bytes, file);
  const moduleName = archive.moduleData === undefined ? undefined : xmlText(archive.moduleData, 'name');
  if (moduleName !== undefined && moduleName !== 'VASL') {
    throw inputError('vasl.otherModule', `${file}: a saved game of the VASSAL module '${printable(moduleName)}', not of VASL (Virtual Advanced Squad Leader)`);
  }
  const stream = splitGame(deobfuscate(archive.savedGame, file), file);
  const boards = placeBoards(parseBoards(stream.save, file));

  let work = 0;
  let position;
  try {
    position = replayPosition(stream.save, stream.log, (c, p) => {
      if (c.length > STREAM_LIMITS.pieceChars) {
        throw inputError('vasl.tooLarge', `${file}: a piece of ${c.length} characters; a VASL piece has at most ${STREAM_LIMITS.pieceChars}; refused`);
      }
      if (p !== null && p.kind === 'piece' && (work += c.length * p.traits.length) > STREAM_LIMITS.pieceWork) {
        throw inputError('vasl.tooLarge', `${file}: its pieces nest more traits than a VASL save's (decoding them would take too long); refused`);
      }
    });
  } catch (e) {
    if (e instanceof FieldLimitError) throw inputError('vasl.tooLarge', `${file}: ${e.what}, more than any VASL save holds; refused`);
    throw e;
  }
  const { pieces, stacks } = position;

  // Fair play: who concealed or hid each piece, and whose eyes read the save.
  const secrecy = new Map<string, Secrecy>();
  for (const [id, p] of pieces) secrecy.set(id, secrecyOf(p));
  const viewer = resolveViewer(options.as, playerIdsOf(secrecy.values()), options.asOption, rosterOf(stream.save));

  // Stacks on maps, bottom to top; a piece outside every stack is a stack of its own.
  const columns: { map: string; members: Piece[]; x: number; y: number }[] = [];
  const stacked = new Set<string>();
  for (const s of stacks) {
    const members = s.members.map((id) => pieces.get(id)).filter((p): p is Piece => p !== undefined);
    for (const m of members) stacked.add(m.id);
    if (s.map !== null && members.length > 0) columns.push({ map: s.map, members, x: s.x, y: s.y });
  }
  for (const p of pieces.values()) if (p.map !== null && !stacked.has(p.id)) columns.push({ map: p.map, members: [p], x: p.x, y: p.y });
  const mainMap = pickMainMap(columns, boards);

  const byHex = new Map<string, { units: VaslUnit[]; unmapped: VaslUnmapped[]; supportWeapons: VaslSupportWeapon[]; order: number; questions: number; sides: string[] }>();
  const identified: Piece[] = [];
  let offBoard = 0;
  for (const col of columns) {
    if (col.map !== mainMap) continue;
    const sec = col.members.map((p) => secrecy.get(p.id)!);
    const how = seenStack(sec, viewer);
    const seen = col.members.map((p, i) => ({ p, s: sec[i], how: how[i] })).filter((x) => x.how !== 'absent');
    if (seen.length === 0) continue;
    const at = hexAt(boards, col.x, col.y);
    if (at === null) {
      offBoard += seen.length; // off the boards: the map's margins hold charts and staging areas
      continue;
    }
    const hex = `${at.board.name}-${at.hex}`;
    let loc = byHex.get(hex);
    if (loc === undefined) byHex.set(hex, (loc = { units: [], unmapped: [], supportWeapons: [], order: locationOrder(boards, at.board, at.hex), questions: 0, sides: [] }));
    for (const x of seen) {
      if (x.how !== 'question') continue;
      loc.questions++;
      // The colour of a "?" (a concealment counter, or a unit VASL draws as its nation's "?"); a piece
      // merely under a "?" shows nothing.
      if (!x.s.isQuestion && x.s.concealedBy === null) continue;
      const side = x.s.nation !== undefined && Object.hasOwn(VASL_NATIONALITIES, x.s.nation) ? VASL_NATIONALITIES[x.s.nation].side.toLowerCase() : undefined;
      if (side !== undefined && !loc.sides.includes(side)) loc.sides.push(side);
    }
    const shown = seen.filter((x) => x.how === 'shown');
    for (const x of shown) identified.push(x.p);
    placeStack(
      shown.map((x) => ({ identity: identifyPiece(x.p), hip: x.s.hiddenBy !== null })),
      loc,
      seen.length > shown.length,
    );
  }
  const locations: VaslLocation[] = [...byHex.entries()]
    // Occupied: a unit, a piece of a side (a Gun, a vehicle, a SW, a unit the catalog lacks), "?" counters
    // (the viewer's own Dummies among them).
    .filter(([, l]) => l.units.length > 0 || l.unmapped.some((u) => u.side !== undefined || u.reason.startsWith('a concealment counter')) || l.questions > 0)
    .sort((a, b) => a[1].order - b[1].order)
    .map(([hex, l]) => ({
      hex,
      units: l.units.map((u, i) => ({ ...u, position: i + 1 })),
      unmapped: l.unmapped,
      supportWeapons: l.supportWeapons,
      ...(l.questions > 0 ? { concealed: { counters: l.questions, sides: l.sides } } : {}),
    }));

  const maps = [...new Set(columns.map((c) => c.map))];
  return {
    file,
    kind: stream.log.length > 0 || /\.vlog$/i.test(file) ? 'log' : 'save',
    moduleVersion: archive.moduleData === undefined ? null : (xmlText(archive.moduleData, 'version') ?? null),
    boards: boards.map((b) => ({ name: b.name, reversed: b.reversed, column: b.column, row: b.row, crop: b.crop, overlays: b.overlays, ssr: b.ssr })),
    maps: { read: mainMap, others: maps.filter((m) => m !== mainMap) },
    viewer: { as: viewer.as, side: viewer.side },
    locations,
    offBoard,
    breadcrumbs: checkBreadcrumbs(identified, boards, mainMap),
  };
}

/**
 * The map whose pieces are read: the one with the most pieces on its boards (VASL's main map, named
 * `Main Map` in 6.5 and later, `Map0` in 6.4); with no piece on a board, `Main Map`, `Map0`, or the map
 * with the most pieces. Never throws.
 */
function pickMainMap(columns: readonly { map: string; members: readonly Piece[]; x: number; y: number }[], boards: readonly PlacedBoard[]): string | null {
  const onBoards = new Map<string, number>();
  const all = new Map<string, number>();
  for (const c of columns) {
    all.set(c.map, (all.get(c.map) ?? 0) + c.members.length);
    if (hexAt(boards, c.x, c.y) !== null) onBoards.set(c.map, (onBoards.get(c.map) ?? 0) + c.members.length);
  }
  const preferred = (m: string) => (m === 'Main Map' ? 2 : m === 'Map0' ? 1 : 0);
  const best = (counts: Map<string, number>) => [...counts.entries()].sort((a, b) => b[1] - a[1] || preferred(b[0]) - preferred(a[0]))[0]?.[0];
  const named = [...all.keys()].sort((a, b) => preferred(b) - preferred(a))[0];
  return best(onBoards) ?? (named !== undefined && preferred(named) > 0 ? named : (best(all) ?? null));
}

/**
 * The units and unmapped pieces of one stack into its Location, top of the stack first; each marker
 * applies to the units below it in the stack (a DM or ? counter is placed on the units it affects). A
 * unit the viewer hid (HIP) is marked so.
 */
function placeStack(
  pieces: readonly { identity: PieceIdentity; hip: boolean }[],
  loc: { units: VaslUnit[]; unmapped: VaslUnmapped[]; supportWeapons: VaslSupportWeapon[] },
  unseen: boolean,
): void {
  const ids = pieces.map((x) => x.identity);
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
    if (p.role === 'unit' || (p.role === 'other' && p.side !== undefined)) pending = [];
    if (p.role === 'other') {
      if (p.side) possess(null, p.name);
      unmapped.push({ name: p.name, reason: p.reason, ...(p.side ? { side: p.side.toLowerCase() } : {}), ...(pieces[i].hip ? { markers: ['HIP'] as OddsMarker[] } : {}) });
      continue;
    }
    const markers: OddsMarker[] = [];
    if (p.broken) markers.push('broken');
    if (p.concealed) markers.push('concealed');
    if (pieces[i].hip) markers.push('HIP');
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
    const what = unseen ? 'with no unit you can see under it' : 'with no unit under it';
    unmapped.push({ name: m.name, reason: m.marker === 'concealed' ? `a concealment counter ${what}${unseen ? '' : ' (a Dummy)'}` : `a ${m.name} counter ${what}` });
  }
  loc.units.push(...units);
  loc.unmapped.push(...unmapped);
}

/** The order markers are listed in. */
const ORDER: readonly OddsMarker[] = ['broken', 'disrupted', 'pinned', 'DM', 'concealed', 'HIP', 'berserk', 'fanatic', 'CX', 'melee', 'foxhole', 'encircled', 'skis'];

/** Boards in map order, then hexes by column and row. */
function locationOrder(boards: readonly PlacedBoard[], board: PlacedBoard, hex: string): number {
  const m = /^([A-Z])(\1?)(\d+)$/.exec(hex);
  const column = m ? m[1].charCodeAt(0) - 65 + (m[2] ? 26 : 0) : 99;
  return boards.indexOf(board) * 10_000 + column * 100 + (m ? Number(m[3]) : 99);
}

function checkBreadcrumbs(pieces: Iterable<Piece>, boards: readonly PlacedBoard[], mainMap: string | null): VaslGame['breadcrumbs'] {
  let checked = 0;
  let matched = 0;
  const mismatches: { recorded: string; computed: string }[] = [];
  const names = new Set(boards.map((b) => b.name));
  for (const p of pieces) {
    const recorded = p.properties.get('OldLocationName') ?? '';
    const m = /^(.+?)([A-Z]+\d+)$/.exec(recorded);
    if (p.properties.get('OldMap') !== mainMap || !m || !names.has(m[1])) continue;
    const x = Number(p.properties.get('OldX'));
    const y = Number(p.properties.get('OldY'));
    if (!Number.isInteger(x) || !Number.isInteger(y)) continue;
    checked++;
    const at = hexAt(boards, x, y);
    const computed = at === null ? 'offboard' : `${at.board.name}${at.hex}`;
    if (computed === recorded) matched++;
    else if (mismatches.length < 20) mismatches.push({ recorded: printable(recorded), computed });
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
