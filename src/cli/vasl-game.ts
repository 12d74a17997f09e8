/**
 * VASL saved games on the command line: reading a `.vsav` or `.vlog` file (bounded before it is read) as
 * one player sees it (`--as`, src/vasl/fair-play.ts), the text listing of its Locations (`asl-odds
 * vasl`), and its JSON form.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { inputError } from '../errors.js';
import { PLAYER_ID } from '../vasl/fair-play.js';
import { SAVE_LIMITS } from '../vasl/save-archive.js';
import { readVaslGame, type VaslGame, type VaslLocation } from '../vasl/read-game.js';

/**
 * Reads and decodes a `.vsav` or `.vlog` file as the viewer `as` sees it; its size is checked before it
 * is read.
 * @param option the option or argument that named it, for messages (`--vasl`)
 * @param as `--as`: a side or the player's VASL id (undefined: neither side's concealed or hidden units)
 * @throws AslOddsError `vasl.read` (missing, a directory, unreadable), and the codes of readVaslGame; all exit 2
 */
export async function readVaslFile(path: string, option = 'file', as?: string): Promise<VaslGame> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw inputError('vasl.read', `${option} ${path}: not a file`);
    size = s.size;
  } catch (e) {
    if ((e as { code?: string }).code === 'vasl.read') throw e;
    throw unreadable(option, path, e);
  }
  if (size > SAVE_LIMITS.fileBytes) throw inputError('vasl.tooLarge', `${option} ${path}: ${size} bytes; a VASL save is at most ${SAVE_LIMITS.fileBytes} bytes (16 MiB)`);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw unreadable(option, path, e);
  }
  return readVaslGame(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), basename(path), { as });
}

/** One line for a file the system will not give us, in players' words. */
function unreadable(option: string, path: string, e: unknown) {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied (the file is not readable by you)' : code === 'EISDIR' ? 'a directory, not a file' : `cannot read it (${code ?? 'error'})`;
  return inputError('vasl.read', `${option} ${path}: ${why}`);
}

/** The line that says whose eyes read the game. */
export function viewerLine(g: VaslGame): string {
  if (g.viewer.as === null) {
    return "Seen as neither side: no concealed or hidden (HIP) unit is identified. To see your own, add --as <your side> (a nationality, e.g. --as finnish, or your VASL player name).";
  }
  return `Seen as ${g.viewer.side ?? (g.viewer.as === PLAYER_ID ? 'the player of the VASL id you gave' : `player ${g.viewer.as}`)}: your concealed and hidden (HIP) units are shown, marked; the enemy's concealed units are "?" counters, never identified, and his HIP units are not shown.`;
}

/** A concealed stack in players' words: `a concealed stack: 3 "?" counters (Russian)`. */
export function concealedText(c: NonNullable<VaslLocation['concealed']>): string {
  return `a concealed stack: ${c.counters} "?" counter${c.counters === 1 ? '' : 's'}${c.sides.length ? ` (${c.sides.map(capital).join(', ')})` : ''}`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The sides of a Location, in the order they appear. */
export function sidesOf(loc: VaslLocation): string[] {
  return [...new Set([...loc.units.map((u) => u.side), ...loc.unmapped.flatMap((u) => (u.side ? [u.side] : [])), ...(loc.concealed?.sides ?? [])])].map(capital);
}

/**
 * The game as text: a header (file, module, boards, the breadcrumb check), then each occupied Location
 * with its side(s), its units in stack order (top first) with their markers, its SW with the unit that
 * holds each, and the pieces not mapped with the reason. Never throws.
 */
export function formatVaslGame(g: VaslGame): string {
  const lines: string[] = [];
  const boards = g.boards.map((b) => `${b.name}${b.reversed ? ' (reversed)' : ''}`).join(', ');
  const what = g.kind === 'log' ? 'log, read as its final position' : 'saved game';
  lines.push(`${g.file}: VASL${g.moduleVersion ? ` ${g.moduleVersion}` : ''} ${what}, ${boards ? `boards ${boards}` : 'no boards'}; ${g.locations.length} occupied Location${g.locations.length === 1 ? '' : 's'}`);
  const others = g.maps.others.length > 0 ? ` (not read: ${g.maps.others.join(', ')})` : '';
  lines.push(
    g.maps.read === null
      ? `Map read: none (no piece is on a map)${others}.`
      : `Map read: ${g.maps.read}${others}; ${g.offBoard} piece${g.offBoard === 1 ? '' : 's'} off the boards (in its margins).`,
  );
  lines.push(viewerLine(g));
  const b = g.breadcrumbs;
  lines.push(
    b.checked === 0
      ? 'Hex names: no moved piece records its old Location, so they could not be checked against VASSAL.'
      : `Hex names checked against VASSAL's own records: ${b.matched} of ${b.checked} moved pieces' old Locations match.`,
  );
  for (const m of b.mismatches.slice(0, 3)) lines.push(`  mismatch: VASSAL recorded ${m.recorded}, computed ${m.computed}`);
  for (const loc of g.locations) {
    lines.push('', `${loc.hex}  ${sidesOf(loc).join(' and ')}`);
    for (const u of loc.units) {
      const counter = u.piece ? `${u.counter}, printed ${u.piece}` : u.counter;
      lines.push(`  ${u.position}. ${u.id} (${counter})${u.markers.length ? `: ${u.markers.join(', ')}` : ''}`);
      if (u.note) lines.push(`     note: ${u.note}`);
    }
    for (const w of loc.supportWeapons) lines.push(`  SW: ${w.name}, ${w.possessor !== null ? `held by unit ${w.possessor}` : w.possessorName ? `held by ${w.possessorName}` : 'not possessed'}`);
    for (const u of loc.unmapped) lines.push(`  not mapped: ${u.name}${u.markers?.length ? ` [${u.markers.join(', ')}]` : ''}: ${u.reason}`);
    if (loc.concealed) lines.push(`  ${concealedText(loc.concealed)}`);
  }
  return lines.join('\n') + '\n';
}

/** The game as the `--json` document of `asl-odds vasl`. */
export function vaslGameJson(g: VaslGame): Record<string, unknown> {
  return {
    file: g.file,
    kind: g.kind,
    module: { name: 'VASL', version: g.moduleVersion },
    viewer: g.viewer,
    boards: g.boards,
    maps: g.maps,
    offBoard: g.offBoard,
    locations: g.locations,
    breadcrumbs: g.breadcrumbs,
  };
}
