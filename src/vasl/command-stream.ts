/**
 * The `savedGame` entry of a VASSAL save as its list of commands.
 *
 * 1. Deobfuscation (VASSAL/tools/io/ObfuscatingOutputStream.java and DeobfuscatingInputStream.java,
 *    vassalengine/vassal, LGPL): the header `!VCSK`, a key byte as two hex digits, then every byte of
 *    the text as two hex digits of (byte XOR key). A stream without the header is plain text (VASSAL
 *    reads both).
 * 2. The text is UTF-8 (GameState writes `save.getBytes(UTF_8)`).
 * 3. Commands: GameModule.encode joins a command and its sub-commands with ESC (0x1b) through a
 *    SequenceEncoder, recursively, so a save is a tree of ESC-joined strings; GameModule.decode splits
 *    one level and decodes each part again. A save starts with `begin_save` and ends with `end_save`
 *    (GameState.BEGIN_SAVE / END_SAVE).
 *
 * Bounds: the nesting depth and the number of commands are limited ({@link STREAM_LIMITS}), so a
 * hostile stream costs at most O(size x depth) time.
 */
import { inputError } from '../errors.js';
import { SequenceDecoder } from './sequence-decoder.js';

/** Bounds of the command tree. */
export const STREAM_LIMITS = Object.freeze({
  /** Nesting levels of ESC-joined commands (VASSAL saves use 2 or 3). */
  depth: 32,
  /** Commands in all (the fixture has 320; a big game a few thousand). */
  commands: 200_000,
  /** Characters of one piece's command (the fixture's largest: 23 KB). */
  pieceChars: 1024 * 1024,
  /**
   * Work of decoding the pieces: the sum of each piece's length x its traits (each trait level
   * re-reads the rest of the chain, as VASSAL's createPiece does): the fixture needs 4e7; 25 times that.
   */
  pieceWork: 1e9,
});

const HEADER = '!VCSK';

/**
 * The text of an obfuscated (or plain) `savedGame` entry.
 * @param bytes the entry as stored in the zip
 * @param name the file's name, for messages
 * @throws AslOddsError `vasl.stream` (exit 2): a truncated stream (odd number of hex digits), a byte that
 *   is not a hex digit, text that is not UTF-8
 * Cost: O(bytes).
 */
export function deobfuscate(bytes: Uint8Array, name: string): string {
  const bad = (why: string) => inputError('vasl.stream', `${name}: the saved game's command stream is damaged (${why})`);
  const isObfuscated = bytes.length >= HEADER.length && [...HEADER].every((c, i) => bytes[i] === c.charCodeAt(0));
  let plain: Uint8Array;
  if (isObfuscated) {
    const body = bytes.length - HEADER.length;
    if (body < 2) throw bad('no key after the header');
    if (body % 2 !== 0) throw bad('an odd number of hex digits: truncated');
    const key = (hex(bytes[5]) << 4) | hex(bytes[6]);
    if (key < 0) throw bad('the key is not a hex number');
    plain = new Uint8Array((body - 2) / 2);
    for (let i = 7, j = 0; i < bytes.length; i += 2, j++) {
      const hi = hex(bytes[i]);
      const lo = hex(bytes[i + 1]);
      if ((hi | lo) < 0) throw bad(`a byte that is not a hex digit at offset ${hi < 0 ? i : i + 1}`);
      plain[j] = ((hi << 4) | lo) ^ key;
    }
  } else {
    plain = bytes;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw bad('the text is not UTF-8');
  }
}

/** A hex digit's value, or -1 (a negative number) when `b` is not one. */
function hex(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x37;
  if (b >= 0x61 && b <= 0x66) return b - 0x57;
  return -1;
}

/** A save's commands and, for a VASL log (`.vlog`), the commands of its log. */
export interface CommandStream {
  /** The leaf commands from `begin_save` to `end_save`, in order (the position the log starts from). */
  readonly save: readonly string[];
  /**
   * A `.vlog`'s log after `end_save`: each `LOG` entry's leaf commands in order, its `LOG TAB` taken off
   * (VASSAL BasicLogger.LogCommand: `LOG` TAB the encoded command): chat lines (`CHAT...`, the dice rolls
   * among them), piece moves (`M/`), changes (`D/`), additions (`+/`) and removals (`-/`). Empty for a
   * `.vsav`.
   */
  readonly log: readonly string[];
}

/**
 * The commands of a save's (or a log's) text. A `.vsav` is `begin_save ... end_save`; a `.vlog` is the
 * same followed by its `LOG` entries (VASSAL BasicLogger writes the game's position when the log began,
 * then each logged command).
 * @param text the deobfuscated `savedGame`
 * @param name the file's name, for messages
 * @throws AslOddsError `vasl.stream`: not a saved game (no `begin_save`), cut short (no `end_save`), a
 *   command after `end_save` that is not a `LOG` entry, nested deeper or longer than {@link STREAM_LIMITS}
 * Cost: O(text length x nesting depth).
 */
export function splitGame(text: string, name: string): CommandStream {
  const all: string[] = [];
  flatten(text, 0, all, name, true);
  if (all[0] !== 'begin_save') {
    throw inputError('vasl.stream', `${name}: the 'savedGame' entry is not a VASSAL saved game (it does not start with begin_save)`);
  }
  const end = all.indexOf('end_save');
  if (end < 0) throw inputError('vasl.stream', `${name}: the saved game's command stream is cut short (no end_save): truncated`);
  const log: string[] = [];
  for (let i = end + 1; i < all.length; i++) {
    const c = all[i];
    if (!c.startsWith('LOG\t')) throw inputError('vasl.stream', `${name}: a command after end_save that is not a log entry; not a VASL save or log`);
    logLeaves(c.slice(4), 1, log, name);
    if (log.length + end > STREAM_LIMITS.commands) throw inputError('vasl.stream', `${name}: the saved game's command stream holds more than ${STREAM_LIMITS.commands} commands; refused`);
  }
  return { save: all.slice(0, end + 1), log };
}

/** A `LOG` entry's leaves; a part that is itself a `LOG` entry (VASSAL nests them) is opened in turn. */
function logLeaves(text: string, depth: number, out: string[], name: string): void {
  if (depth > STREAM_LIMITS.depth) throw inputError('vasl.stream', `${name}: the saved game's command stream nests more than ${STREAM_LIMITS.depth} levels deep; refused`);
  const parts: string[] = [];
  flatten(text, depth, parts, name, false);
  for (const p of parts) {
    if (p.startsWith('LOG\t')) logLeaves(p.slice(4), depth + 1, out, name);
    else out.push(p);
    if (out.length > STREAM_LIMITS.commands) throw inputError('vasl.stream', `${name}: the saved game's command stream holds more than ${STREAM_LIMITS.commands} commands; refused`);
  }
}

/**
 * The leaf commands of a save's text, in order (a compound command's parts replace it); a `.vlog`'s
 * log is left out (see {@link splitGame}).
 * @throws AslOddsError as {@link splitGame}
 */
export function splitCommands(text: string, name: string): string[] {
  return [...splitGame(text, name).save];
}

/**
 * The leaves of `text` appended to `out` (GameModule.decode, one ESC level at a time), bounded. With
 * `logLeaves`, a `LOG` entry is a leaf: its own command may be compound (its ESCs one level deeper).
 */
function flatten(text: string, depth0: number, out: string[], name: string, logLeaves: boolean): void {
  const limit = (why: string) => inputError('vasl.stream', `${name}: the saved game's command stream ${why}; refused`);
  // An explicit stack instead of recursion: [string, depth], parts pushed in reverse to keep order.
  const todo: [string, number][] = [[text, depth0]];
  while (todo.length > 0) {
    const [command, depth] = todo.pop()!;
    if (logLeaves && command.startsWith('LOG\t')) {
      out.push(command);
      if (out.length > STREAM_LIMITS.commands) throw limit(`holds more than ${STREAM_LIMITS.commands} commands`);
      continue;
    }
    const d = new SequenceDecoder(command, '\u001b');
    const first = d.nextToken();
    if (first === command) {
      if (command !== '') out.push(command);
      if (out.length > STREAM_LIMITS.commands) throw limit(`holds more than ${STREAM_LIMITS.commands} commands`);
      continue;
    }
    if (depth >= STREAM_LIMITS.depth) throw limit(`nests more than ${STREAM_LIMITS.depth} levels deep`);
    const parts = [first];
    while (d.hasMoreTokens()) {
      parts.push(d.nextToken());
      if (parts.length > STREAM_LIMITS.commands) throw limit(`holds more than ${STREAM_LIMITS.commands} commands`);
    }
    for (let i = parts.length - 1; i >= 0; i--) todo.push([parts[i], depth + 1]);
  }
}
