/**
 * VASSAL's AddPiece commands (`+/id/type/state`) as pieces and stacks.
 *
 * Format (vassalengine/vassal, LGPL):
 * - BasicCommandEncoder.decode: `+/` then id, type, state split by `/` (SequenceEncoder).
 * - A piece's type and state are parallel chains: BasicCommandEncoder.createPiece splits a type by TAB
 *   into this trait's type and the inner piece's type (one token, its own TABs escaped), recursively,
 *   down to the basic piece; Decorator.getState joins the trait's state and the inner state the same
 *   way. The traits are listed outermost first; the basic piece (`piece;...`) is innermost.
 * - BasicPiece type `piece;cloneKey;deleteKey;image;name` and state
 *   `map;x;y;gpId;propertyCount;key;value;...` (the persistent properties, among them the breadcrumbs
 *   `OldLocationName`, `OldX`, `OldY`, `OldMap` written when a piece moves).
 * - A stack (Stack.getState): type `stack`, state `map;x;y;id1;id2;...;@@layer`, members bottom to top
 *   (a stack draws contents[0] first).
 * - Layer trait (Embellishment, type id `emb2;`): its type's 17th field lists the images of its levels,
 *   the 18th their names, the 20th the layer's name (fields counted from `emb2`); its state's first
 *   field is the active level (1-based; 0 or less: off) (Embellishment.mySetType/mySetState).
 */
import { SequenceDecoder, splitSequence } from './sequence-decoder.js';

/** Traits per piece at most (VASL counters have about 20). */
const MAX_TRAITS = 256;

/**
 * Fields read at most, by where they are (a real save's largest: a stack of about 40 pieces, a basic
 * piece of 5 type fields, a Layer of 21 type fields and a few dozen levels). Past them the save is
 * refused (parseAddPiece throws {@link FieldLimitError}).
 */
export const FIELD_LIMITS = Object.freeze({ stackMembers: 10_000, basicType: 64, layerType: 256, layerLevels: 1024 });

/** A piece or stack of a save with more fields than {@link FIELD_LIMITS} allows. */
export class FieldLimitError extends Error {
  constructor(
    /** What overflowed, in players' words: `a stack of more than 10000 pieces`. */
    readonly what: string,
  ) {
    super(what);
  }
}

/**
 * `s` safe to print: C0/C1 control characters (a newline, ESC and its terminal sequences), DEL and the
 * bidirectional overrides (U+202A..U+202E, U+2066..U+2069) each become `?`, so that a name written into
 * a save can neither forge a line of our output nor drive the terminal. Never throws.
 * @example printable('4-4-7\n  2. german/9-2') // '4-4-7?  2. german/9-2'
 */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '?');
}

function split(value: string, delimiter: string, max: number, what: string): string[] {
  try {
    return splitSequence(value, delimiter, max);
  } catch {
    throw new FieldLimitError(what);
  }
}

/** One trait: its type and state strings. */
export interface Trait {
  /** The trait's type id, e.g. `emb2`, `piece`, `PROP`, `mark`. */
  readonly id: string;
  readonly type: string;
  readonly state: string;
}

/** An active Layer level: its name and image. */
export interface ActiveLayer {
  /** The level's name as the module names it (`2-4-8 1hs`), or '' when it has none. */
  readonly levelName: string;
  /** The level's image (`fi/fi248H.svg`), or '' when it has none. */
  readonly image: string;
  /** All images of the layer (to recognize a layer by its art). */
  readonly images: readonly string[];
  /** The layer's name (its type's 2nd field), e.g. `SQ/HS`. */
  readonly layerName: string;
  /** The active level, from 1. */
  readonly level: number;
}

/** A piece on a map or off it. */
export interface Piece {
  readonly kind: 'piece';
  readonly id: string;
  /** The basic piece's name, e.g. `6-4-8 1sq`. */
  readonly name: string;
  /** The basic piece's image, e.g. `fi/firLMG.svg` ('' when none). */
  readonly image: string;
  /** The map it is on (`Main Map`), or null. */
  readonly map: string | null;
  readonly x: number;
  readonly y: number;
  /** The persistent properties of the basic piece (breadcrumbs among them). */
  readonly properties: ReadonlyMap<string, string>;
  /** The traits, outermost first (the basic piece last). */
  readonly traits: readonly Trait[];
  /** The active Layer levels, outermost first (drawn last, so on top). */
  readonly layers: readonly ActiveLayer[];
  /** True when the type and state chains did not have the same length. */
  readonly mismatched: boolean;
}

/** A stack of pieces, bottom first. */
export interface Stack {
  readonly kind: 'stack';
  readonly id: string;
  readonly map: string | null;
  readonly x: number;
  readonly y: number;
  readonly members: readonly string[];
}

/**
 * The piece or stack of an AddPiece command, or null when `command` is not one (or names no type).
 * A piece whose chains do not pair is returned with `mismatched` set. Names and images are
 * {@link printable}.
 * @throws FieldLimitError past {@link FIELD_LIMITS} (callers turn it into the player's one line)
 * Cost: O(length x traits) (each level of the chain is re-tokenized once).
 */
export function parseAddPiece(command: string): Piece | Stack | null {
  if (!command.startsWith('+/')) return null;
  const st = new SequenceDecoder(command.slice(2), '/');
  const rawId = st.nextOr('');
  const id = rawId === 'null' ? '' : rawId;
  const type = st.nextOr('');
  const state = st.nextOr('');
  return buildPiece(id, type, state);
}

/**
 * The piece or stack of `type` and `state` (an AddPiece's, or a ChangePiece's new state), or null
 * when `type` names none.
 * @throws FieldLimitError past {@link FIELD_LIMITS}
 */
export function buildPiece(id: string, type: string, state: string): Piece | Stack | null {
  if (type === '') return null;
  if (type === 'stack') {
    const f = split(state, ';', FIELD_LIMITS.stackMembers + 4, `a stack of more than ${FIELD_LIMITS.stackMembers} pieces`);
    const map = f[0] === undefined || f[0] === 'null' ? null : printable(f[0]);
    const x = map === null ? 0 : toInt(f[1]);
    const y = map === null ? 0 : toInt(f[2]);
    const members = f.slice(map === null ? 1 : 3).filter((m) => m !== '' && !m.startsWith('@@'));
    return { kind: 'stack', id, map, x, y, members };
  }
  const { traits, mismatched } = pairTraits(type, state);
  const basic = traits[traits.length - 1];
  if (basic === undefined || basic.id !== 'piece') return null;
  const bt = split(basic.type, ';', FIELD_LIMITS.basicType, `a piece of more than ${FIELD_LIMITS.basicType} fields`);
  const bs = new SequenceDecoder(basic.state, ';');
  const mapId = bs.nextOr('null');
  const map = mapId === 'null' || mapId === '' ? null : printable(mapId);
  const x = bs.nextInt(0);
  const y = bs.nextInt(0);
  bs.nextOr(''); // gpId
  const count = Math.min(bs.nextInt(0), 10_000);
  const properties = new Map<string, string>();
  for (let i = 0; i < count && bs.hasMoreTokens(); i++) {
    const k = bs.nextOr('');
    properties.set(k, bs.nextOr(''));
  }
  const layers: ActiveLayer[] = [];
  for (const t of traits) {
    if (t.id !== 'emb2') continue;
    const layer = activeLayer(t);
    if (layer) layers.push(layer);
  }
  return { kind: 'piece', id, name: printable((bt[4] ?? '').trim()), image: printable((bt[3] ?? '').trim()), map, x, y, properties, traits, layers, mismatched };
}

/** The type and state chains descended in parallel, one trait per level. */
function pairTraits(type: string, state: string): { traits: Trait[]; mismatched: boolean } {
  const traits: Trait[] = [];
  let t: string | null = type;
  let s: string | null = state;
  let mismatched = false;
  while (t !== null && traits.length < MAX_TRAITS) {
    const td: SequenceDecoder = new SequenceDecoder(t, '\t');
    const head = td.nextToken();
    t = td.hasMoreTokens() ? td.nextToken() : null;
    let sh = '';
    if (s === null) mismatched = true;
    else {
      const sd: SequenceDecoder = new SequenceDecoder(s, '\t');
      sh = sd.nextToken();
      s = sd.hasMoreTokens() ? sd.nextToken() : null;
    }
    traits.push({ id: traitId(head), type: head, state: sh });
  }
  if (t !== null || s !== null) mismatched = true;
  return { traits, mismatched };
}

/** `emb2;...` -> `emb2`; `piece;...` -> `piece`. */
function traitId(type: string): string {
  const i = type.indexOf(';');
  return i < 0 ? type : type.slice(0, i);
}

/** The active level of a Layer trait, or null when it is off or unreadable. */
function activeLayer(t: Trait): ActiveLayer | null {
  const f = split(t.type, ';', FIELD_LIMITS.layerType, `a counter Layer of more than ${FIELD_LIMITS.layerType} fields`);
  const level = new SequenceDecoder(t.state, ';').nextInt(0);
  if (level <= 0) return null;
  const images = split(f[16] ?? '', ',', FIELD_LIMITS.layerLevels, `a counter Layer of more than ${FIELD_LIMITS.layerLevels} images`).map((v) => printable(v.trim()));
  // A level name `+x` is a suffix and `x+` a prefix of the piece's name (Embellishment): the words alone.
  const names = split(f[17] ?? '', ',', FIELD_LIMITS.layerLevels, `a counter Layer of more than ${FIELD_LIMITS.layerLevels} levels`).map((v) => printable(v.trim().replace(/^\+|\+$/g, '').trim()));
  if (level > Math.max(images.length, names.length)) return null;
  return { levelName: names[level - 1] ?? '', image: images[level - 1] ?? '', images, layerName: printable((f[19] ?? '').trim()), level };
}

function toInt(s: string | undefined): number {
  return s !== undefined && /^[+-]?\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : 0;
}
