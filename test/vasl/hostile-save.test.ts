/**
 * Issue 41, bad input: a save is data from another person. Each bad file gets one clear error (exit 2,
 * a stable code) and nothing half-read is believed; hostile files (zip bombs, huge or deeply nested
 * streams) are refused at their bound (the message says which), so within bounded memory and time
 * (how fast is not asserted here: speed belongs to benchmarks).
 */
import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { STREAM_LIMITS } from '../../src/vasl/command-stream.js';
import { readVaslGame } from '../../src/vasl/read-game.js';
import { SAVE_LIMITS } from '../../src/vasl/save-archive.js';

const FIXTURE = readFileSync(new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url));
const entries = unzipSync(FIXTURE);
const MODULE_DATA = entries.moduledata;

/** `text` obfuscated as VASSAL's ObfuscatingOutputStream writes it, with key `key`. */
function obfuscate(text: string, key = 0x5a): Uint8Array {
  const bytes = strToU8(text);
  const hex = (b: number) => b.toString(16).padStart(2, '0');
  return strToU8(`!VCSK${hex(key)}${Array.from(bytes, (b) => hex(b ^ key)).join('')}`);
}

/** A zip of `files`, stored (level 0) unless `level` says: fast to build in a test. */
function save(files: Record<string, Uint8Array>, level: 0 | 1 = 0): Uint8Array {
  return zipSync(files, { level });
}

/** Rewrites the declared uncompressed size of the first entry (local header and central directory). */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  view.setUint32(22, size, true);
  const cd = view.getUint32(zip.length - 22 + 16, true);
  view.setUint32(cd + 24, size, true);
  return zip;
}

function codeOf(bytes: Uint8Array): { code: string; exitCode: number; message: string } {
  try {
    readVaslGame(bytes, 'x.vsav');
  } catch (e) {
    return e as { code: string; exitCode: number; message: string };
  }
  throw new Error('expected an error');
}

describe('bad saves: one clear error each, exit 2', () => {
  it('not a zip', () => {
    expect(codeOf(strToU8('this is definitely not a zip archive'))).toMatchObject({ code: 'vasl.notZip', exitCode: 2 });
  });

  it('a zip without savedGame', () => {
    expect(codeOf(save({ 'notASave.txt': strToU8('hello') }))).toMatchObject({ code: 'vasl.noSavedGame', exitCode: 2, message: expect.stringMatching(/'savedGame'/) });
  });

  it('a file cut short (truncated zip)', () => {
    const e = codeOf(FIXTURE.subarray(0, 40_000));
    expect(['vasl.notZip', 'vasl.corrupt']).toContain(e.code);
    expect(e.exitCode).toBe(2);
  });

  it('a truncated stream (an odd number of hex digits)', () => {
    const stream = obfuscate('begin_save\u001bend_save');
    expect(codeOf(save({ savedGame: stream.subarray(0, stream.length - 1), moduledata: MODULE_DATA }))).toMatchObject({ code: 'vasl.stream', message: expect.stringMatching(/truncated/) });
  });

  it('a stream cut at a command boundary (no end_save)', () => {
    expect(codeOf(save({ savedGame: obfuscate('begin_save\u001bbd\t0\t0\t57\tVER\t6.5'), moduledata: MODULE_DATA }))).toMatchObject({ code: 'vasl.stream', message: expect.stringMatching(/cut short/) });
  });

  it('a tampered stream (a byte that is not a hex digit)', () => {
    const stream = obfuscate('begin_save\u001bend_save');
    stream[20] = 0x7a; // 'z'
    expect(codeOf(save({ savedGame: stream, moduledata: MODULE_DATA }))).toMatchObject({ code: 'vasl.stream', message: expect.stringMatching(/not a hex digit/) });
  });

  it('a tampered stream (not UTF-8 once decoded)', () => {
    const key = 0x5a;
    const bad = Array.from([0xff, 0xfe, 0xfd], (b) => (b ^ key).toString(16).padStart(2, '0')).join('');
    expect(codeOf(save({ savedGame: strToU8(`!VCSK5a${bad}`), moduledata: MODULE_DATA }))).toMatchObject({ code: 'vasl.stream', message: expect.stringMatching(/UTF-8/) });
  });

  it('a save of another VASSAL module', () => {
    const other = strToU8('<?xml version="1.0"?><data version="1"><version>2.0</version><name>Battle for Moscow</name></data>');
    expect(codeOf(save({ savedGame: entries.savedGame, moduledata: other }))).toMatchObject({ code: 'vasl.otherModule', message: expect.stringMatching(/Battle for Moscow/) });
  });

  it('a VASSAL save with no VASL board is read (made before the boards were picked): no Location, nothing off the boards', () => {
    const g = readVaslGame(save({ savedGame: obfuscate('begin_save\u001bbd\t\u001bend_save') }), 'x.vsav');
    expect(g).toMatchObject({ boards: [], locations: [], offBoard: 0, maps: { read: null, others: [] } });
  });
});

describe('hostile saves: refused quickly, within bounded memory', () => {
  it('a zip bomb that declares its size (200 MB) is refused from the directory, before any inflating', () => {
    const bomb = declareSize(save({ savedGame: obfuscate('begin_save\u001bend_save') }, 1), 200 * 1024 * 1024);
    expect(codeOf(bomb)).toMatchObject({ code: 'vasl.tooLarge', exitCode: 2, message: expect.stringMatching(/declares 209715200 bytes/) });
  });

  it('a zip bomb that lies about its size (declares 1 KB, inflates past 64 MiB): the stream is cut at the bound', () => {
    const bomb = declareSize(save({ savedGame: new Uint8Array(SAVE_LIMITS.savedGameBytes + 4 * 1024 * 1024).fill(0x41) }, 1), 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024); // a small file
    expect(codeOf(bomb)).toMatchObject({ code: 'vasl.tooLarge', message: expect.stringMatching(/inflates past/) });
  });

  it('a file past 16 MiB is refused before it is opened', () => {
    expect(codeOf(new Uint8Array(SAVE_LIMITS.fileBytes + 1))).toMatchObject({ code: 'vasl.tooLarge' });
  });

  it('a zip of many entries is refused', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < SAVE_LIMITS.entries + 5; i++) files[`e${i}`] = strToU8('x');
    expect(codeOf(save(files))).toMatchObject({ code: 'vasl.tooManyEntries' });
  });

  it('commands nested deeper than the bound are refused', () => {
    // Each level: a command and a sub-command joined by ESC, the inner ESCs escaped once more (one more
    // backslash before each, as SequenceEncoder escapes a delimiter).
    let s = 'end_save';
    for (let d = 0; d < STREAM_LIMITS.depth + 2; d++) s = `begin_save\u001b${s.replace(/\u001b/g, '\\\u001b')}`;
    expect(codeOf(save({ savedGame: obfuscate(s), moduledata: MODULE_DATA }))).toMatchObject({ code: 'vasl.stream', message: expect.stringMatching(/nests more than/) });
  });

  it('a piece past the size bound is refused before it is decoded', () => {
    const huge = `+/1/${'piece;;;x.svg;x\t'.repeat(70_000)}/Main Map;0;0`;
    expect(codeOf(save({ savedGame: obfuscate(`begin_save\u001bbd\t0\t0\t57\tVER\t6.5\u001b${huge}\u001bend_save`), moduledata: MODULE_DATA }))).toMatchObject({
      code: 'vasl.tooLarge',
      message: expect.stringMatching(/a piece of \d+ characters/),
    });
  });

  it('a plain (unobfuscated) stream is read as VASSAL reads it: here a save with no board and one piece in the margin', () => {
    const g = readVaslGame(save({ savedGame: strToU8('begin_save\u001b+/7/piece;;;x.svg;Marker/Main Map;100;100\u001bend_save'), moduledata: MODULE_DATA }), 'x.vsav');
    expect(g).toMatchObject({ boards: [], locations: [], offBoard: 1, maps: { read: 'Main Map' } });
  });
});

describe('hostile saves: one line in the players\' words (exit 2), within bounds', () => {
  const withBoard = (...commands: string[]) => save({ savedGame: obfuscate(['begin_save', 'bd\t0\t0\t57\tVER\t6.5', ...commands, 'end_save'].join('\u001b')), moduledata: MODULE_DATA });

  it('a stack of 100,001 pieces (was: internal error, more than 100000 tokens, exit 1)', () => {
    const members = Array.from({ length: 100_001 }, (_, i) => String(i)).join(';');
    expect(codeOf(withBoard(`+/s/stack/Main Map;500;500;${members}`))).toMatchObject({ code: 'vasl.tooLarge', exitCode: 2, message: 'x.vsav: a stack of more than 10000 pieces, more than any VASL save holds; refused' });
  });

  it.each([
    ['a basic piece of 65 fields', `+/1/piece;${';x'.repeat(65)}/Main Map;0;0`, /a piece of more than 64 fields/],
    ['a Layer of 257 fields', `+/1/emb2;${';x'.repeat(257)}\tpiece;;;a.svg;a/1\tMain Map;0;0`, /a counter Layer of more than 256 fields/],
    ['a Layer of 1,025 levels', `+/1/emb2;${';'.repeat(16)}${'a,'.repeat(1025)}\tpiece;;;a.svg;a/1\tMain Map;0;0`, /a counter Layer of more than 1024 (images|levels)/],
  ])('%s', (_, command, message) => {
    expect(codeOf(withBoard(command))).toMatchObject({ code: 'vasl.tooLarge', exitCode: 2, message: expect.stringMatching(message) });
  });

  it('10,000 boards (was 8.6 s of CPU): refused at the 65th, before any is placed', () => {
    const boards = Array.from({ length: 10_000 }, (_, i) => `bd\t${i % 100}\t${Math.floor(i / 100)}\t57\tVER\t6.5`);
    expect(codeOf(save({ savedGame: obfuscate(['begin_save', ...boards, 'end_save'].join('\u001b')), moduledata: MODULE_DATA }))).toMatchObject({
      code: 'vasl.board',
      exitCode: 2,
      message: 'x.vsav: more than 64 boards on its map; asl-odds reads maps of at most 64; refused',
    });
  });

  it('a module name with control characters is printed without them', () => {
    const other = strToU8('<?xml version="1.0"?><data><name>Evil\u001b[2J</name></data>');
    const e = codeOf(save({ savedGame: entries.savedGame, moduledata: other }));
    expect(e.message).not.toMatch(/\u001b/);
  });
});
