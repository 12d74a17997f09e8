/**
 * A VASSAL saved game (`.vsav`) as a zip archive: its `savedGame` entry (the obfuscated command
 * stream) and its `moduledata` entry (which module wrote it), read within fixed bounds.
 *
 * A save is data from another person, so nothing in it is believed before it is bounded:
 * - the file itself is at most {@link SAVE_LIMITS}.fileBytes;
 * - the central directory is listed first (fflate's `unzipSync` with a filter that inflates nothing)
 *   and refused past `entries` entries or when `savedGame` declares more than `savedGameBytes`;
 * - the entry is then inflated as a stream (fflate's `Unzip`), fed `pushBytes` at a time, and refused
 *   as soon as its real output passes `savedGameBytes`, whatever it declared: a zip bomb costs at most
 *   the bound plus one chunk's output of memory and as much time.
 *
 * Format: VASSAL's GameState writes `savedGame` (SAVEFILE_ZIP_ENTRY) and `moduledata`
 * (VASSAL/build/module/GameState.java, metadata/ModuleMetaData.java; vassalengine/vassal, LGPL).
 * Runs in Node and in a browser.
 */
import { Unzip, UnzipInflate, UnzipPassThrough, unzipSync } from 'fflate';
import { inputError, isAslOddsError } from '../errors.js';

/** The bounds a save is read within (bytes and counts). */
export const SAVE_LIMITS = Object.freeze({
  /** The whole `.vsav` file: 16 MiB (real saves are 20 KB to 2 MB). */
  fileBytes: 16 * 1024 * 1024,
  /** Entries in the zip: 64 (VASSAL writes 3). */
  entries: 64,
  /** `savedGame` inflated: 64 MiB (the fixture's is 1.5 MB; hex doubles the text). */
  savedGameBytes: 64 * 1024 * 1024,
  /** `moduledata` inflated: 64 KiB (an XML of a few lines). */
  moduleDataBytes: 64 * 1024,
  /** Compressed bytes fed to the inflater at a time (bounds one step's output to about 1000x this). */
  pushBytes: 4096,
});

/** The entries of a save that asl-odds reads. */
export interface SaveArchive {
  /** The `savedGame` entry, inflated (still obfuscated). */
  readonly savedGame: Uint8Array;
  /** The `moduledata` entry as text, or undefined when the save has none. */
  readonly moduleData: string | undefined;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * Reads the `savedGame` and `moduledata` entries of a `.vsav` file.
 * @param bytes the whole file
 * @param name the file's name, for messages
 * @throws AslOddsError `vasl.tooLarge` (the file, an entry's declared or real size), `vasl.notZip`,
 *   `vasl.tooManyEntries`, `vasl.noSavedGame`, `vasl.corrupt` (a broken or truncated entry); all exit 2
 * Cost: O(file size + savedGame size), at most the bounds of {@link SAVE_LIMITS}.
 */
export function readSaveArchive(bytes: Uint8Array, name: string): SaveArchive {
  const L = SAVE_LIMITS;
  if (bytes.length > L.fileBytes) {
    throw inputError('vasl.tooLarge', `${name}: ${bytes.length} bytes; a VASL save is at most ${L.fileBytes} bytes (16 MiB)`);
  }
  if (bytes.length < 22 || !ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    throw inputError('vasl.notZip', `${name}: not a VASL saved game (a .vsav is a zip archive; this file is not one)`);
  }
  // The central directory first: names and declared sizes, nothing inflated.
  const declared = new Map<string, { size: number; originalSize: number; compression: number }>();
  let entries = 0;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (++entries > L.entries) throw inputError('vasl.tooManyEntries', `${name}: more than ${L.entries} entries in the zip; a VASL save has 3`);
        if (!declared.has(f.name)) declared.set(f.name, { size: f.size, originalSize: f.originalSize, compression: f.compression });
        return false;
      },
    });
  } catch (e) {
    if (isAslOddsError(e)) throw e;
    throw inputError('vasl.notZip', `${name}: not a readable zip archive (${(e as Error).message})`);
  }
  const game = declared.get('savedGame');
  if (game === undefined) throw inputError('vasl.noSavedGame', `${name}: a zip without a 'savedGame' entry, so not a VASSAL saved game`);
  if (game.originalSize > L.savedGameBytes) {
    throw inputError('vasl.tooLarge', `${name}: its 'savedGame' entry declares ${game.originalSize} bytes; at most ${L.savedGameBytes} are read`);
  }
  for (const [entry, d] of [['savedGame', game], ['moduledata', declared.get('moduledata')]] as const) {
    if (d !== undefined && d.compression !== 0 && d.compression !== 8) {
      throw inputError('vasl.corrupt', `${name}: entry '${entry}' uses compression method ${d.compression}; VASSAL writes stored (0) or deflated (8)`);
    }
  }
  const found = inflateEntries(bytes, name, { savedGame: L.savedGameBytes, moduledata: L.moduleDataBytes });
  const savedGame = found.get('savedGame');
  if (savedGame === undefined) throw inputError('vasl.corrupt', `${name}: the 'savedGame' entry listed in the zip's directory could not be read (truncated file?)`);
  const md = found.get('moduledata');
  return { savedGame, moduleData: md === undefined ? undefined : new TextDecoder('utf-8').decode(md) };
}

/** The named entries inflated as a stream, each refused past its bound. */
function inflateEntries(bytes: Uint8Array, name: string, bounds: Readonly<Record<string, number>>): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  let failure: Error | undefined;
  let seen = 0;
  const unzip = new Unzip((file) => {
    if (++seen > SAVE_LIMITS.entries) {
      failure ??= inputError('vasl.tooManyEntries', `${name}: more than ${SAVE_LIMITS.entries} entries in the zip; a VASL save has 3`);
      return;
    }
    const bound = Object.hasOwn(bounds, file.name) ? bounds[file.name] : undefined;
    if (bound === undefined || out.has(file.name)) return;
    const chunks: Uint8Array[] = [];
    let total = 0;
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) {
        failure = inputError('vasl.corrupt', `${name}: entry '${file.name}' is damaged (${err.message})`);
        return;
      }
      total += data.length;
      if (total > bound) {
        failure = inputError('vasl.tooLarge', `${name}: entry '${file.name}' inflates past ${bound} bytes (a zip bomb?); refused`);
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) out.set(file.name, concat(chunks, total));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const step = SAVE_LIMITS.pushBytes;
  try {
    for (let i = 0; i < bytes.length && failure === undefined; i += step) {
      const end = Math.min(bytes.length, i + step);
      unzip.push(bytes.subarray(i, end), end === bytes.length);
    }
  } catch (e) {
    if (isAslOddsError(e)) throw e;
    failure ??= inputError('vasl.corrupt', `${name}: a damaged zip entry (${(e as Error).message})`);
  }
  if (failure) throw failure;
  return out;
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}
