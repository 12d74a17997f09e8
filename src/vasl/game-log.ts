/**
 * The dice of a VASL log (`.vlog`): every roll of VASL's dice buttons, in the order of the log, with
 * the player, the kind of roll (the button: IFT, TH, TK, MC, TC, Rally, CC, SA, RS, Other), the dice,
 * and the turn and phase the Turn Track showed.
 *
 * Pipeline: bytes -> zip entries (save-archive.ts, bounded) -> deobfuscated text (command-stream.ts) ->
 * the command tree, with the logged commands marked -> the chat lines of the log -> rolls and Turn
 * Track changes.
 *
 * Format (VASSAL, LGPL; VASL): a log is a saved game (`begin_save` ... `end_save`) followed by the
 * logged commands, each `LOG\t` + the encoded command (VASSAL/build/module/BasicLogger.java); a
 * compound command joins its parts with ESC (GameModule.encode; SequenceEncoder). A chat line is
 * `CHAT` + its text (VASSAL/build/module/Chatter.java, DisplayText). VASSAL keeps no dice events of
 * its own: VASL's dice buttons write a chat line. The texts read here are those that vasl-templates'
 * log file analysis reads (pacman-ghost/vasl-templates, vassal-shim/src/vassal_shim/VassalShim.java,
 * findLogFileEvents; its tests, vasl_templates/webapp/tests/test_lfa.py, state the rolls of the
 * vendored logs, which our tests check):
 * - a roll: `*** (IFT DR) 3,5 ***   <Alice>      [1 / 1   avg ...]` (the kind, DR or dr, the dice,
 *   the player between angle brackets; what follows is VASL's own running tally, not read);
 * - a 3d6 roll (VASL's 3d6 extension): `*** 3d6 = 3,4,1 *** <Alice>`: as vasl-templates, a DR of the
 *   first two dice and a dr of the third, kind `3d6`;
 * - a Turn Track change: `* New: Axis Turn 1 - PFPh *` (or without `New: `; not `* Phase Wheel`).
 *
 * Nothing is believed unchecked: every die is 1 to 6 and the count of dice matches DR (2) or dr (1);
 * a kind is a short word; a player's name is at most {@link LOG_LIMITS}.playerChars printable
 * characters, with no bidirectional control. A line that looks like a roll but fails a check is not a roll: it is counted in
 * `unreadable` and said. The work is bounded by SAVE_LIMITS and STREAM_LIMITS, and by LOG_LIMITS.
 *
 * Runs in Node and in a browser (the page reads a log the player opens; nothing is uploaded).
 */
import { inputError } from '../errors.js';
import { deobfuscate, splitGame } from './command-stream.js';
import { readSaveArchive } from './save-archive.js';

/** Bounds of a log's contents. */
export const LOG_LIMITS = Object.freeze({
  /** Rolls in one log (a long game has a few thousand). */
  rolls: 100_000,
  /** Rolls of all the logs read together (a season of a few hundred games). */
  runRolls: 500_000,
  /** Characters of a player's name. */
  playerChars: 64,
  /** Characters of a roll kind (VASL's buttons: at most 5). */
  kindChars: 16,
  /** Characters of a phase's name on the Turn Track. */
  phaseChars: 16,
});

/** DR: two dice; dr: one die. */
export type RollType = 'DR' | 'dr';

/** One roll of a log. */
export interface LoggedRoll {
  /** The log's file name. */
  readonly file: string;
  /** Position among the log's rolls, from 1. */
  readonly index: number;
  /** The player's name as VASL showed it. */
  readonly player: string;
  /** The dice button: IFT, TH, TK, MC, TC, Rally, CC, SA, RS, Other, 3d6 (or another module's word). */
  readonly kind: string;
  readonly type: RollType;
  /** The dice, each 1 to 6: two for a DR (white, colored as VASL lists them), one for a dr. */
  readonly dice: readonly number[];
  /** The side whose Player Turn the Turn Track showed (`Axis`), or null before its first change. */
  readonly side: string | null;
  /** The Game Turn the Turn Track showed, or null before its first change. */
  readonly turn: number | null;
  /** The phase (RPh, PFPh, MPh, DFPh, AFPh, RtPh, APh, CCPh), or null before the Turn Track's first change. */
  readonly phase: string | null;
}

/** A log read. */
export interface GameLog {
  readonly file: string;
  /** The VASL module version that wrote it (moduledata), or null. */
  readonly moduleVersion: string | null;
  readonly rolls: readonly LoggedRoll[];
  /** Leaf commands of the file's log (command-stream.ts splitGame: a `LOG` entry's parts; 0: a saved game without a log). */
  readonly loggedCommands: number;
  /** Chat lines that began as a roll report but failed a check (not counted as rolls). */
  readonly unreadable: number;
}

const CHAT_PREFIX = 'CHAT';

/**
 * Reads the rolls of a VASL log.
 * @param bytes the `.vlog` file
 * @param file its name, for messages and the result
 * @throws AslOddsError (exit 2): the codes of readSaveArchive and deobfuscate; `vasl.stream` (not a
 *   saved game, nested or long past STREAM_LIMITS); `vasl.otherModule` (another VASSAL module);
 *   `vasl.noLog` (a saved game without a log); `vasl.tooLarge` (more than LOG_LIMITS.rolls rolls)
 * Cost: O(file size x nesting depth).
 * @example readGameLog(bytesOf('full.vlog'), 'full.vlog').rolls[0] // { player: 'Alice', kind: 'Other', type: 'DR', dice: [5, 4], ... }
 */
export function readGameLog(bytes: Uint8Array, file: string): GameLog {
  const archive = readSaveArchive(bytes, file);
  const md = archive.moduleData;
  if (md !== undefined && /<name>/.test(md) && !/<name>\s*VASL\s*<\/name>/.test(md)) {
    throw inputError('vasl.otherModule', `${file}: a saved game of another VASSAL module, not VASL`);
  }
  const moduleVersion = md?.match(/<version>\s*([0-9][0-9A-Za-z.\-]{0,31})\s*<\/version>/)?.[1] ?? null;
  const text = deobfuscate(archive.savedGame, file);
  const { log } = splitGame(text, file);
  const chat = log.filter((c) => c.startsWith(CHAT_PREFIX)).map((c) => c.slice(CHAT_PREFIX.length));
  const logged = log.length;
  if (logged === 0) {
    throw inputError('vasl.noLog', `${file}: a saved game without a log (no logged commands); VASL writes a game's dice in its log file (.vlog)`);
  }
  const rolls: LoggedRoll[] = [];
  let unreadable = 0;
  let side: string | null = null;
  let turn: number | null = null;
  let phase: string | null = null;
  for (const line of chat) {
    const t = parseTurnTrack(line);
    if (t) {
      ({ side, turn, phase } = t);
      continue;
    }
    const r = parseRollLine(line);
    if (r === null) continue;
    if (r === 'unreadable') {
      unreadable++;
      continue;
    }
    for (const roll of r) {
      if (rolls.length >= LOG_LIMITS.rolls) throw inputError('vasl.tooLarge', `${file}: more than ${LOG_LIMITS.rolls} rolls in one log; refused`);
      rolls.push({ file, index: rolls.length + 1, ...roll, side, turn, phase });
    }
  }
  return { file, moduleVersion, rolls, loggedCommands: logged, unreadable };
}


type ParsedRoll = Pick<LoggedRoll, 'player' | 'kind' | 'type' | 'dice'>;

const ROLL = /^\*\*\* \(([^()]{1,40}) (DR|dr)\) ([^*]{1,40}?) \*\*\*\s+<([^<>]{1,200})>/;
const ROLL_3D6 = /^\*\*\* 3d6 = ([^*]{1,40}?) \*\*\*\s+<([^<>]{1,200})>/;
const TURN = /^\* (?:New: )?(\S.{0,40}?) Turn (\d{1,3}) - (\S{1,40})/;

/**
 * A chat line as rolls: null when it is no roll report, 'unreadable' when it begins as one (`*** (`
 * or `*** 3d6`) but fails a check.
 */
function parseRollLine(line: string): ParsedRoll[] | null | 'unreadable' {
  if (!line.startsWith('*** ')) return null;
  const m = ROLL.exec(line);
  if (m) {
    const [, kind, type, values, player] = m;
    const dice = parseDice(values, type === 'DR' ? 2 : 1);
    if (!dice || !isKind(kind) || !isPlayer(player)) return 'unreadable';
    return [{ player, kind, type: type as RollType, dice }];
  }
  const m3 = ROLL_3D6.exec(line);
  if (m3) {
    const dice = parseDice(m3[1], 3);
    if (!dice || !isPlayer(m3[2])) return 'unreadable';
    return [
      { player: m3[2], kind: '3d6', type: 'DR', dice: dice.slice(0, 2) },
      { player: m3[2], kind: '3d6', type: 'dr', dice: dice.slice(2) },
    ];
  }
  return line.startsWith('*** (') || line.startsWith('*** 3d6') ? 'unreadable' : null;
}

/** `3,5` as [3, 5] when it is exactly `count` dice of 1 to 6; else null. */
function parseDice(values: string, count: number): number[] | null {
  const parts = values.split(',').map((s) => s.trim());
  if (parts.length !== count || !parts.every((p) => /^[1-6]$/.test(p))) return null;
  return parts.map(Number);
}

function isKind(kind: string): boolean {
  return kind.length <= LOG_LIMITS.kindChars && /^[A-Za-z0-9][A-Za-z0-9 ]*$/.test(kind);
}

function isPlayer(player: string): boolean {
  const p = player.trim();
  // No control character, line separator or bidirectional control (which would reorder the text around it).
  return p.length > 0 && p === player && player.length <= LOG_LIMITS.playerChars && !/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/.test(player);
}

/** A Turn Track line as its side, turn and phase; null when it is not one. */
function parseTurnTrack(line: string): { side: string; turn: number; phase: string } | null {
  if (!line.startsWith('* ') || line.startsWith('* Phase Wheel')) return null;
  const m = TURN.exec(line);
  if (!m) return null;
  const [, side, turn, phaseRaw] = m;
  const phase = phaseRaw.replace(/\*+$/, '');
  if (!/^[A-Za-z][A-Za-z0-9 ]*$/.test(side) || !/^[A-Za-z]{1,16}$/.test(phase)) return null;
  return { side, turn: Number(turn), phase };
}
