/**
 * VASL saved games on the command line: reading a `.vsav` file (bounded before it is read), the text
 * listing of its Locations (`asl-odds vasl`), and its JSON form.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { inputError } from '../errors.js';
import { SAVE_LIMITS } from '../vasl/save-archive.js';
import { readVaslGame, type VaslGame, type VaslLocation } from '../vasl/read-game.js';

/**
 * Reads and decodes a `.vsav` file; its size is checked before it is read.
 * @param option the option or argument that named it, for messages (`--vasl`)
 * @throws AslOddsError `vasl.read` (missing, a directory, unreadable), and the codes of readVaslGame; all exit 2
 */
export async function readVaslFile(path: string, option = 'file'): Promise<VaslGame> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw inputError('vasl.read', `${option} ${path}: not a file`);
    size = s.size;
  } catch (e) {
    if ((e as { code?: string }).code === 'vasl.read') throw e;
    throw inputError('vasl.read', `${option} ${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (size > SAVE_LIMITS.fileBytes) throw inputError('vasl.tooLarge', `${option} ${path}: ${size} bytes; a VASL save is at most ${SAVE_LIMITS.fileBytes} bytes (16 MiB)`);
  const bytes = await readFile(path);
  return readVaslGame(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), basename(path));
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The sides of a Location, in the order they appear. */
export function sidesOf(loc: VaslLocation): string[] {
  return [...new Set([...loc.units.map((u) => u.side), ...loc.unmapped.flatMap((u) => (u.side ? [u.side] : []))])].map(capital);
}

/**
 * The game as text: a header (file, module, boards, the breadcrumb check), then each occupied Location
 * with its side(s), its units in stack order (top first) with their markers, its SW with the unit that
 * holds each, and the pieces not mapped with the reason. Never throws.
 */
export function formatVaslGame(g: VaslGame): string {
  const lines: string[] = [];
  const boards = g.boards.map((b) => `${b.name}${b.reversed ? ' (reversed)' : ''}`).join(', ');
  lines.push(`${g.file}: VASL${g.moduleVersion ? ` ${g.moduleVersion}` : ''} saved game, boards ${boards}; ${g.locations.length} occupied Locations`);
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
  }
  return lines.join('\n') + '\n';
}

/** The game as the `--json` document of `asl-odds vasl`. */
export function vaslGameJson(g: VaslGame): Record<string, unknown> {
  return {
    file: g.file,
    module: { name: 'VASL', version: g.moduleVersion },
    boards: g.boards,
    locations: g.locations,
    breadcrumbs: g.breadcrumbs,
  };
}
