/**
 * A small writer of VASSAL's save format for tests: the command stream's SequenceEncoder, a piece's
 * type and state chains, the obfuscation and the zip (the inverse of src/vasl/'s reader, written from
 * the same sources: VASSAL/tools/SequenceEncoder.java, BasicCommandEncoder, ObfuscatingOutputStream,
 * GameState; vassalengine/vassal, LGPL). Real saves test the reader too (test/fixtures/).
 */
import { strToU8, zipSync } from 'fflate';

/** SequenceEncoder: tokens joined by `d`, a `d` inside a token escaped by a backslash before it. */
export function encodeSequence(tokens: readonly string[], d: string): string {
  return tokens
    .map((t) => {
      const escaped = t.split(d).join(`\\${d}`);
      return escaped.startsWith("'") || escaped.endsWith('\\') ? `'${escaped}'` : escaped;
    })
    .join(d);
}

/** A trait chain (outermost first, the basic piece last) as BasicCommandEncoder nests it by TAB. */
function chain(parts: readonly string[]): string {
  return parts.length === 1 ? parts[0] : encodeSequence([parts[0], chain(parts.slice(1))], '\t');
}

/** One trait: its type and state. */
export interface TraitSpec {
  readonly type: string;
  readonly state: string;
}

/** A piece's AddPiece command: `+/id/type/state`, its basic piece `name` with `image` at (x, y) on `map`. */
export function addPiece(id: string, name: string, image: string, map: string, x: number, y: number, traits: readonly TraitSpec[] = []): string {
  const type = chain([...traits.map((t) => t.type), `piece;;;${image};${name}`]);
  const state = chain([...traits.map((t) => t.state), `${map};${x};${y};`]);
  return `+/${encodeSequence([id, type, state], '/')}`;
}

/** A stack's AddPiece command, members bottom first. */
export function addStack(id: string, map: string, x: number, y: number, members: readonly string[]): string {
  return `+/${encodeSequence([id, 'stack', [map, String(x), String(y), ...members].join(';')], '/')}`;
}

/** Traits VASL gives a unit: concealable (`conceal;`, its state the player who concealed it) and hideable (`hide;`, HIP). */
export const conceal = (nation: string, by: string | null): TraitSpec => ({ type: `conceal;C;${nation}/${nation}qmark.svg;${nation};;`, state: `${by ?? 'null'};` });
export const hide = (by: string | null): TraitSpec => ({ type: 'hide;72,130;HIP;;player:;0.3', state: by ?? 'null' });
/** A "?" counter's trait (VASL Concealment): `concealment;owner;nation`. */
export const concealment = (owner: string, nation: string): TraitSpec => ({ type: `concealment;${owner};${nation}`, state: '' });

/** `text` obfuscated as VASSAL's ObfuscatingOutputStream writes it, with key `key`. */
export function obfuscate(text: string, key = 0x5a): Uint8Array {
  const bytes = strToU8(text);
  const hex = (b: number) => b.toString(16).padStart(2, '0');
  return strToU8(`!VCSK${hex(key)}${Array.from(bytes, (b) => hex(b ^ key)).join('')}`);
}

/** The `moduledata` of a VASL save. */
export const VASL_MODULE_DATA = strToU8('<?xml version="1.0" encoding="UTF-8" standalone="no"?><data version="1"><version>6.6.8</version><name>VASL</name></data>');

/**
 * A `.vsav` (or, with `log`, a `.vlog`) of `commands` between begin_save and end_save, each `log`
 * command a `LOG` entry after it.
 */
export function vaslFile(commands: readonly string[], log: readonly string[] = []): Uint8Array {
  const body = encodeSequence(['begin_save', ...commands, 'end_save', ...log.map((c) => `LOG\t${c}`)], '\u001b');
  return zipSync({ savedGame: obfuscate(body), moduledata: VASL_MODULE_DATA }, { level: 0 });
}

/** One board `name` at grid slot (0, 0), uncropped: a geomorphic board's `bd` command. */
export const board = (name = '57') => `bd\t0\t0\t${name}\tVER\t6.5`;
