/**
 * The underscores of each counter's Strength Factor: Assault Fire (an underscored FP, A1.21, A7.36) and
 * Spraying Fire (an underscored Range, A7.34), as data with provenance, one entry per catalog row.
 *
 * A7.36 (as quoted verbatim from eASLRB v3.14 by kehannan/ruleschat app/asl/unit_capabilities.py):
 * "Assault Fire is restricted to squads armed primarily with SMG/semi-automatic rifles [...]. Such
 * squads are identified by the underscoring of their FP factor." A7.34: "Any squad with a Spraying Fire
 * option is identified by the underscore beneath the Range portion of its Strength Factor."
 *
 * Source of the values: the same file's table `ART_CAPABILITIES` (commit df8fd1f7), made by scanning the
 * VASL 6.7.3 module's counter art (SVG), where each underscore is an element `<line id="AssaultFire">` /
 * `<line id="SprayingFire">`: 165 squad, HS and crew counters of 8 nationalities. **medium**: a second
 * transcription of the printed counters (VASL's art), read by one peer; its spot checks agree with the
 * rulebook (A7.31 EX: the American 6-6-6 and German 5-4-8 have Assault Fire; A25.11: the SS 6-5-8 has
 * none printed; the A25 note on the NKVD 6-2-8: no Assault Fire). The peer's oddities, kept as it scanned
 * them and recorded here: the SS Conscript 4-3-6 art (ge436Ss) lacks the Spraying Fire underscore that
 * the German 4-3-6 (ge436S) has; an alternate German 4-4-7 art (ge447S_sap) lacks the one its base art
 * (ge447S) has; the NKVD 6-2-8 (ru628SN) has Spraying Fire only, the regular Russian 6-2-8 (ru628S)
 * both. Neither odd counter is a catalog row (the catalog's rows are the base art).
 *
 * Rows the scan does not hold (a Strength Factor with no VASL art of that nationality and kind, and
 * every Partisan, Axis Minor and Allied Minor counter) are **unknown** (`null`): the builder then
 * applies what the player says and says the capability is unverified. Leaders and heroes: neither
 * (A7.36, A7.34 speak of squads), **high**. Capabilities granted by rule and not printed (A25.11: SS
 * "entitled to Assault Fire capabilities in any scenario during 1944-45"; A25.53: Free French squads
 * in/after 12/43; A25.9: Polish and Belgian elite and 1st Line squads by SSR) are notes, never applied.
 */
import type { Confidence, UnitProfile } from './types.js';

/** The underscores of one counter's Strength Factor. Immutable. */
export interface Underscores {
  /** Underscored FP: may add the Assault Fire +1 in the AFPh (A7.36); null when unknown. */
  readonly assaultFire: boolean | null;
  /** Underscored Range: has the Spraying Fire option, to 3 hexes (A7.34); null when unknown. */
  readonly sprayingFire: boolean | null;
  /** Where the values come from (the VASL art read, or why unknown). */
  readonly source: string;
  readonly confidence: Confidence;
  /** A capability a rule gives without printing it on the counter (applied only when the player says so), or undefined. */
  readonly note?: string;
}

const SCAN = 'VASL 6.7.3 counter art';
const PEER = 'kehannan/ruleschat app/asl/unit_capabilities.py ART_CAPABILITIES';
const SS_NOTE = 'SS are entitled to Assault Fire in any scenario during 1944-45 (A25.11)';
const FREE_FRENCH_NOTE = 'Free French squads have Assault Fire in/after 12/43 (A25.53)';
const MINOR_NOTE = 'Polish and Belgian elite and 1st Line squads should generally be given Assault Fire by SSR (A25.9)';

/** Catalog id -> [Assault Fire, Spraying Fire, the art scanned]. Every pair from {@link PEER}. */
const SCANNED: Readonly<Record<string, readonly [boolean, boolean, string]>> = {
  'german/4-6-8': [false, true, 'ge468S'],
  'german/5-4-8': [true, true, 'ge548S'],
  'german/6-5-8': [false, true, 'ge658Ss'],
  'german/8-3-8': [true, true, 'ge838S'],
  'german/4-6-7': [false, true, 'ge467S'],
  'german/4-4-7': [false, true, 'ge447S'],
  'german/4-3-6': [false, true, 'ge436S'],
  'german/2-4-8': [false, false, 'ge248H'],
  'german/2-3-8': [false, false, 'ge238H'],
  'german/3-4-8': [false, false, 'ge348Hs'],
  'german/3-3-8': [false, false, 'ge338H'],
  'german/2-4-7': [false, false, 'ge247H'],
  'german/2-3-7': [false, false, 'ge237H'],
  'german/2-3-6': [false, false, 'ge236H'],
  'german/2-2-8': [false, false, 'ge228C'],
  'russian/6-2-8': [true, true, 'ru628S'],
  'russian/4-5-8': [false, false, 'ru458S'],
  'russian/4-4-7': [false, false, 'ru447S'],
  'russian/4-2-6': [false, false, 'ru426S'],
  'russian/3-2-8': [false, false, 'ru328H'],
  'russian/2-4-8': [false, false, 'ru248H'],
  'russian/2-3-7': [false, false, 'ru237H'],
  'russian/2-2-6': [false, false, 'ru226H'],
  'russian/2-2-8': [false, false, 'ru228C'],
  'american/7-4-7': [true, true, 'am747S'],
  'american/6-6-7': [true, false, 'am667S'],
  'american/6-6-6': [true, false, 'am666S'],
  'american/3-4-7': [false, false, 'am347H'],
  'american/3-3-7': [false, false, 'am337H'],
  'american/2-2-7': [false, false, 'am227C'],
  'british/6-4-8': [true, true, 'br648S'],
  'british/4-5-8': [false, false, 'br458S'],
  'british/4-5-7': [false, false, 'br457S'],
  'british/4-4-7': [false, false, 'br447S'],
  'british/4-3-6': [false, false, 'br436S'],
  'british/3-3-8': [false, false, 'br338H'],
  'british/2-4-8': [false, false, 'br248H'],
  'british/2-4-7': [false, false, 'br247H'],
  'british/2-3-7': [false, false, 'br237H'],
  'british/2-2-8': [false, false, 'br228C'],
  'italian/4-4-7': [false, false, 'it447S'],
  'italian/3-4-7': [false, false, 'it347S'],
  'italian/3-3-6': [false, false, 'it336S'],
  'italian/1-3-7': [false, false, 'it137H'],
  'italian/1-3-6': [false, false, 'it136H'],
  'italian/2-2-7': [false, false, 'it227C'],
  'japanese/4-4-8': [false, false, 'ja448S'],
  'japanese/3-4-8': [false, false, 'ja348Sr'],
  'japanese/4-4-7': [false, false, 'ja447S'],
  'japanese/3-4-7': [false, false, 'ja347S'],
  'japanese/3-3-6': [false, false, 'ja336S'],
  'japanese/2-3-8': [false, false, 'ja238H'],
  'japanese/2-3-7': [false, false, 'ja237H'],
  'japanese/1-2-8': [false, false, 'ja128Cr'],
  'finnish/8-3-8': [true, true, 'fi838S'],
  'finnish/6-4-8': [true, true, 'fi648S'],
  'finnish/3-3-8': [false, false, 'fi338H'],
  'finnish/2-4-8': [false, false, 'fi248H'],
  'finnish/2-3-8': [false, false, 'fi238H'],
  'finnish/2-2-8': [false, false, 'fi228C'],
  'french/4-5-8': [false, false, 'fr458S'],
  'french/4-5-7': [false, false, 'fr457S'],
  'french/2-4-8': [false, false, 'fr248H'],
  'french/2-3-7': [false, false, 'fr237H'],
  'french/2-2-8': [false, false, 'fr228C'],
};

const NO_SMC: Underscores = Object.freeze({
  assaultFire: false,
  sprayingFire: false,
  source: 'A7.36 and A7.34 give Assault Fire and Spraying Fire to squads with an underscored FP or Range; a leader or hero has neither',
  confidence: 'high',
});

/**
 * The underscores of a counter's Strength Factor (A7.36, A7.34), with their source and confidence.
 * @param u a catalog row (an overridden profile reads the row of its id)
 * @returns Assault Fire and Spraying Fire, each true, false or null (unknown), with source,
 *   confidence and a note of a capability given by rule only. Never throws.
 * @example underscoresOf(getUnit('german/4-6-7')).assaultFire // false (art ge467S)
 * @example underscoresOf(getUnit('german/5-4-8')).assaultFire // true (A7.31 EX)
 */
export function underscoresOf(u: Pick<UnitProfile, 'id' | 'kind' | 'nationality'>): Underscores {
  if (u.kind === 'leader' || u.kind === 'hero') return NO_SMC;
  const s = SCANNED[u.id];
  const note = u.id === 'german/6-5-8' ? SS_NOTE : u.nationality === 'french' && u.kind === 'squad' ? FREE_FRENCH_NOTE : u.nationality === 'allied-minor' && u.kind === 'squad' ? MINOR_NOTE : undefined;
  if (s !== undefined) {
    return { assaultFire: s[0], sprayingFire: s[1], source: `${SCAN} ${s[2]}, as read by ${PEER}`, confidence: 'medium', ...(note !== undefined ? { note } : {}) };
  }
  return {
    assaultFire: null,
    sprayingFire: null,
    source: `unknown: ${PEER} scanned no ${SCAN} of this counter`,
    confidence: 'low',
    ...(note !== undefined ? { note } : {}),
  };
}

/** Ids of the rows the scan holds (for the catalog's test that every one is a row). Never throws. */
export function scannedUnderscoreIds(): readonly string[] {
  return Object.keys(SCANNED);
}
