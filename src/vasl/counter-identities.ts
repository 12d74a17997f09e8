/**
 * What a VASL piece is, read from its names and its counter art: an Infantry unit of the catalog
 * (squad, HS, crew, leader, hero), a marker that changes the odds (DM, Pin, ?, Melee, Foxhole...), or
 * something asl-odds has no data for (Guns, vehicles, Support Weapons, Snipers, other markers).
 *
 * Data and sources:
 * - VASL counter art is named `<nationality>/<nationality><counter><kind>.svg` (`ru/ru447S.svg` a
 *   Russian 4-4-7 squad, `fi/fi248H.svg` a Finnish 2-4-8 HS, `fi/fi228C.svg` a Finnish 2-2-8 crew,
 *   `ru/ruL91.svg` a Russian 9-1 leader); Guns under `<nat>/gun/`, vehicles under `<nat>/veh/`; markers
 *   and play aids under `MS/`, `ML/`, `sh/`, `DO/` (or with the non-stacking `immob` trait). The nationality prefixes below are those of the VASL 6.x module
 *   (vasl-developers/vasl; as read in the fixture save and in kehannan/ruleschat's VASL reader, MIT).
 * - The unit a squad counter shows is the outermost active Layer whose level is named by a Strength
 *   Factor (`2-4-8 1hs`): VASL flips a squad to its HS or its ELR Replacement through Layers of one
 *   piece, and the outermost Layer draws on top (VASSAL Decorator order).
 * - VASL unit names end with the class and kind: `E`lite, `1`st Line, `2`nd Line, `G`reen,
 *   `C`onscript; `sq` squad, `hs` HS, `cr` crew (`I`nfantry crew).
 * - A Layer level named `broken` that is active above (outside) the shown identity: the counter shows
 *   its broken side.
 */
import { type Nationality } from '../counters/types.js';
import type { Piece } from './pieces.js';
import { skiCounterFace } from './ski-counter.js';

/** VASL nationality prefixes in counter art, to the catalog's nationalities (undefined: none there). */
export const VASL_NATIONALITIES: Readonly<Record<string, { readonly side: string; readonly nationality?: Nationality }>> = Object.freeze({
  ge: { side: 'German', nationality: 'german' },
  ru: { side: 'Russian', nationality: 'russian' },
  am: { side: 'American', nationality: 'american' },
  br: { side: 'British', nationality: 'british' },
  it: { side: 'Italian', nationality: 'italian' },
  ja: { side: 'Japanese', nationality: 'japanese' },
  fi: { side: 'Finnish', nationality: 'finnish' },
  fr: { side: 'French', nationality: 'french' },
  pa: { side: 'Partisan', nationality: 'partisan' },
  ax: { side: 'Axis Minor', nationality: 'axis-minor' },
  al: { side: 'Allied Minor', nationality: 'allied-minor' },
  ch: { side: 'Chinese' },
  ss: { side: 'German', nationality: 'german' },
});

/** The markers that change odds, in the rulebook's words (the `markers` of a unit). */
export const ODDS_MARKERS = ['broken', 'pinned', 'DM', 'concealed', 'HIP', 'berserk', 'fanatic', 'CX', 'melee', 'foxhole', 'disrupted', 'encircled', 'skis'] as const;
export type OddsMarker = (typeof ODDS_MARKERS)[number];

/**
 * VASL marker counters (the basic piece's name) that change odds, with the rule that gives them effect:
 * DM A10.62, Pin A7.8, ? A12, Berserk A15.4, Fanatic A10.8, CX A4.51, Melee/CC A11.7, Foxhole B27,
 * Disrupt A19.12, Encircled A7.7. A marker applies to the units below it in its stack.
 */
export const MARKER_COUNTERS: ReadonlyMap<string, OddsMarker> = new Map<string, OddsMarker>([
  ['DM', 'DM'],
  ['Pin', 'pinned'],
  ['?', 'concealed'],
  ['Berserk', 'berserk'],
  ['Fanatic', 'fanatic'],
  ['CX', 'CX'],
  ['Melee', 'melee'],
  ['CC', 'melee'],
  ['Foxhole', 'foxhole'],
  ['Disrupt', 'disrupted'],
  ['Encircled', 'encircled'],
]);

/** Support Weapon names on VASL counters (src/vasl/location.ts says which asl-odds has data for). */
const SUPPORT_WEAPONS = /^(LMG|MMG|HMG|\.50 ?cal|ATR|DC|FT|BAZ|PSK|PIAT|PF|MOL|\d+\*? ?MTR|LATW|SW)\b/i;

/** What a piece is. */
export type PieceIdentity =
  | {
      readonly role: 'unit';
      /** The catalog id it would have, e.g. `finnish/2-4-8` (it may be missing from the catalog). */
      readonly id: string;
      readonly nationality: Nationality | undefined;
      /** The side as players say it, e.g. `Finnish`. */
      readonly side: string;
      /** The counter as VASL names it on the board: `2-4-8 1hs`, `9-1`. */
      readonly counter: string;
      /** The VASL piece's own name when it differs (the printed counter under the flips): `6-4-8 1sq`. */
      readonly piece: string;
      /** Counter kind: squad, HS, crew, leader, hero. */
      readonly kind: 'squad' | 'HS' | 'crew' | 'leader' | 'hero';
      /** The class letter VASL shows (E, 1, 2, G, C), or undefined. */
      readonly classLetter: string | undefined;
      /** The counter shows its broken side. */
      readonly broken: boolean;
      /** The piece's own concealment (VASL Obscurable trait set by its owner). */
      readonly concealed: boolean;
      /** The art shown, e.g. `fi/fi248H.svg`. */
      readonly image: string;
    }
  | { readonly role: 'marker'; readonly marker: OddsMarker; readonly name: string }
  /**
   * A Support Weapon: its name (`LMG (r)`) and the side whose counter mix its art is drawn from
   * (`Finnish` for `fi/firLMG.svg`), which is not always its possessor's (a captured SW, A21).
   */
  | { readonly role: 'sw'; readonly name: string; readonly artSide?: string }
  /** `side`: set for pieces that occupy a Location for a side (Guns, vehicles, units the catalog lacks). */
  | { readonly role: 'other'; readonly name: string; readonly reason: string; readonly side?: string };

const STRENGTH = /^(\d+(?:\.\d)?-\d+-\d+)\s*([E12GCI])?(sq|hs|cr)\b/i;
const GRADE = /^(\d+[+-]\d+)$/;

/**
 * Identifies a piece. Never throws.
 * @example identifyPiece(<the fixture's '6-4-8 1sq' piece flipped to its HS>) // { role: 'unit', id: 'finnish/2-4-8', counter: '2-4-8 1hs', ... }
 */
export function identifyPiece(p: Piece): PieceIdentity {
  const name = p.name;
  // A ski counter (E4.2): its "Skis" face marks the units below it as Skiers; "OFF Skis" is carried (E4.21).
  const ski = skiCounterFace(p);
  if (ski !== null) return ski === 'Skis' ? { role: 'marker', marker: 'skis', name } : { role: 'other', name: 'OFF Skis', reason: 'skis carried, not worn: the units are not Skiers (E4.21)' };
  // A Map, not an object: a piece named `__proto__` or `constructor` is no marker.
  const marker = MARKER_COUNTERS.get(name);
  if (marker !== undefined && (name !== '?' || p.traits.some((t) => t.id === 'concealment'))) return { role: 'marker', marker, name };
  const images = [...p.layers.map((l) => l.image), p.image].filter((i) => i !== '');
  const nat = nationalityOf(images);
  const side = nat?.side;
  if (images.some((i) => /\/gun\//i.test(i))) return { role: 'other', name, reason: 'a Gun (asl-odds has no Gun data)', side };
  if (images.some((i) => /\/veh\//i.test(i))) return { role: 'other', name, reason: 'a vehicle (asl-odds vehicle takes its To Hit and To Kill numbers)', side };
  // A SW's nationality is its maker's, not its possessor's (a captured LMG), and a Sniper occupies nothing.
  if (SUPPORT_WEAPONS.test(name)) return { role: 'sw', name, ...(side ? { artSide: side } : {}) };
  if (/sniper/i.test(name)) return { role: 'other', name, reason: 'a Sniper counter' };

  // The identity Layer: the outermost active level named by a Strength Factor or a leader's grade.
  const idx = p.layers.findIndex((l) => STRENGTH.test(l.levelName) || (GRADE.test(l.levelName) && /L\d/.test(l.image)));
  const shown = idx >= 0 ? p.layers[idx] : undefined;
  const counter = shown?.levelName ?? name;
  const image = shown?.image ?? p.image;
  const brokenLayers = (idx >= 0 ? p.layers.slice(0, idx) : p.layers).some((l) => l.levelName.toLowerCase() === 'broken');
  const concealed = p.traits.some((t) => t.id === 'conceal' && t.state !== '' && t.state !== 'null' && !t.state.startsWith('null;'));
  const unit = (id: string, kind: 'squad' | 'HS' | 'crew' | 'leader' | 'hero', classLetter?: string): PieceIdentity => ({
    role: 'unit',
    id,
    nationality: nat?.nationality,
    side: side ?? 'unknown',
    counter,
    piece: STRENGTH.test(name) ? name : counter,
    kind,
    classLetter,
    broken: brokenLayers,
    concealed,
    image,
  });
  const natId = nat?.nationality ?? nat?.prefix ?? 'unknown';
  const mmc = STRENGTH.exec(counter);
  if (mmc && nat) {
    const kind = mmc[3].toLowerCase() === 'sq' ? 'squad' : mmc[3].toLowerCase() === 'hs' ? 'HS' : 'crew';
    return unit(`${natId}/${mmc[1]}`, kind, mmc[2]?.toUpperCase() === 'I' ? undefined : mmc[2]?.toUpperCase());
  }
  if (nat && GRADE.test(counter) && /(LDR|COM|L\d)/.test(name + image)) {
    // A Commissar (VASL's `ruCOM` piece, A25.22) is the catalog's `russian/commissar-<grade>`.
    if (/COM/.test(name)) return { ...(unit(`${natId}/commissar-${counter}`, 'leader') as Extract<PieceIdentity, { role: 'unit' }>), counter: `Commissar ${counter}`, piece: `Commissar ${counter}` };
    return unit(`${natId}/${counter}`, 'leader');
  }
  if (nat && /hero/i.test(name)) return unit(`${natId}/hero`, 'hero');
  if (images.some((i) => /^(MS|ML|sh|DO|tables|dyo\/ML)\//i.test(i)) || p.traits.some((t) => t.id === 'immob') || (p.image === '' && images.length === 0)) {
    return { role: 'other', name, reason: 'a marker that changes none of these odds' };
  }
  return { role: 'other', name, reason: 'a counter asl-odds does not know', side };
}

/** The nationality named by the first counter art with a known prefix. */
export function nationalityOf(images: readonly string[]): { prefix: string; side: string; nationality?: Nationality } | undefined {
  for (const i of images) {
    const m = /^([a-z]{2})\//.exec(i);
    if (m && Object.hasOwn(VASL_NATIONALITIES, m[1])) return { prefix: m[1], ...VASL_NATIONALITIES[m[1]] };
  }
  return undefined;
}

/** VASL class letters in the catalog's words. */
export const CLASS_LETTERS: Readonly<Record<string, string>> = Object.freeze({ E: 'elite', '1': '1st-line', '2': '2nd-line', G: 'green', C: 'conscript' });
