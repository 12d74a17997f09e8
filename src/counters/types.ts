/**
 * Counter data types: nationalities, classes, MMC (squads, half-squads, crews), leaders and heroes.
 *
 * Sources: ASL A1.12 (classes), A25 (national characteristics), A10.7 (leaders), A15.2 (heroes),
 * and docs/rules-notes.md §9. Values that are not verified carry `confidence: 'low'` and
 * can be overridden from the CLI and from scenario files (see `catalog.ts`, `withOverrides`).
 */

/** Unit classes, best first (A1.12). Green and Conscript are Inexperienced. */
export const UnitClass = {
  elite: 'elite',
  firstLine: '1st-line',
  secondLine: '2nd-line',
  green: 'green',
  conscript: 'conscript',
} as const;
export type UnitClass = (typeof UnitClass)[keyof typeof UnitClass];

/** Classes from best to worst; the index is the class's quality rank (0 = Elite). */
export const CLASS_ORDER: readonly UnitClass[] = ['elite', '1st-line', '2nd-line', 'green', 'conscript'];

/** True for Green and Conscript units (Inexperienced: HoB +1, cowering two columns). */
export function isInexperienced(c: UnitClass): boolean {
  return c === 'green' || c === 'conscript';
}

/** Nationality ids a player can type (the part before the slash of a counter id). */
export const Nationality = {
  german: 'german',
  russian: 'russian',
  american: 'american',
  british: 'british',
  italian: 'italian',
  japanese: 'japanese',
  finnish: 'finnish',
  french: 'french',
  partisan: 'partisan',
  axisMinor: 'axis-minor',
  alliedMinor: 'allied-minor',
} as const;
export type Nationality = (typeof Nationality)[keyof typeof Nationality];
export const NATIONALITIES: readonly Nationality[] = Object.values(Nationality);

/** How sure we are of a value: see the confidence scale of docs/rules-notes.md. */
export type Confidence = 'high' | 'medium' | 'low';

/** Where a row's values come from and how sure we are of them. */
export interface Provenance {
  /** e.g. "docs/rules-notes.md §9; A10.2 EX (broken 6-5-8 ML 9)". */
  readonly source: string;
  readonly confidence: Confidence;
}

/** Size/kind of a Personnel counter. MMC: squad, hs, crew. SMC: leader, hero. */
export type UnitKind = 'squad' | 'hs' | 'crew' | 'leader' | 'hero';

/** Special traits that change how rules apply to a counter (A15, A19.12, A25). */
export interface UnitTraits {
  /** SS (German): "SS vs Russians" never surrender by HoB and are never Disrupted (A15.5, A19.12). */
  readonly ss?: boolean;
  /** Gurkha (British): never Disrupted; HoB surrender becomes berserk. */
  readonly gurkha?: boolean;
  /** U.S. Marines: never Disrupted (A19.12). */
  readonly marine?: boolean;
  /** Commissar (Russian leader): never Disrupted; HoB surrender becomes berserk. */
  readonly commissar?: boolean;
  /** Unarmed: not subject to HoB (A15.1) nor ELR (A19.11). */
  readonly unarmed?: boolean;
}

/**
 * One Personnel counter as printed (or as overridden). All numbers are the printed values of the
 * unbroken side unless named otherwise. Immutable.
 */
export interface UnitProfile extends Provenance {
  /** Catalog id a player types: `german/4-6-7`, `german/2-4-7`, `german/9-1`, `hero`. */
  readonly id: string;
  /** Printed name, e.g. `4-6-7`, `9-1`, `1-4-9`. */
  readonly name: string;
  readonly nationality: Nationality;
  readonly kind: UnitKind;
  /**
   * Quality class (A1.12). Leaders and heroes have no class: they carry '1st-line', which is neutral
   * for the HoB DRM (A15.1) and cowering (A7.9).
   */
  readonly unitClass: UnitClass;
  /** Firepower factor, integer >= 0 (leaders: 0). */
  readonly fp: number;
  /** Normal Range in hexes, integer >= 0 (leaders: 0). */
  readonly range: number;
  /** Morale Level, integer in [2, 10] (A10.1). */
  readonly ml: number;
  /** Morale Level on the broken side, integer in [2, 10] (A10.4). */
  readonly brokenML: number;
  /** Leadership DRM (A10.7): negative is better, integer in [-3, +1]; 0 for non-leaders. */
  readonly leadershipDRM: number;
  /** Self-Rally box on the broken side (A10.63). */
  readonly selfRallyBox: boolean;
  /** Basic Point Value (DYO), used by Battlefield Integrity (A16.1); undefined where unknown. */
  readonly bpv?: number;
  /** Half-squad this squad Reduces to (A17/Casualty Reduction); squads only. */
  readonly reducedTo?: string;
  readonly traits: UnitTraits;
}

/** A nationality's row: HoB DRM and the traits that change morale chains (A15.1, A25). */
export interface NationalityProfile extends Provenance {
  readonly id: Nationality;
  /** Human name, e.g. "German". */
  readonly name: string;
  /**
   * National HoB DRM (A15.1 table; docs/rules-notes.md §4): British -1, Finnish -1, French +1, Partisan +1,
   * Russian +2, Allied Minor +2, Axis Minor +3, Italian +3, Japanese per rule set (`japaneseHoBDRM`).
   * `null` means "taken from the rule set" (Japanese).
   */
  readonly hobDRM: number | null;
  /** Non-elite units surrender on a Final HoB DR >= 10 (Italian, Axis Minor; A15.4). */
  readonly surrendersOnHoB10: boolean;
  /** Surrender by HoB becomes berserk; never Disrupted (Japanese, Partisans; A15.5, A19.12). */
  readonly neverSurrenders: boolean;
  /** May Self-Rally (Finns, A10.6). */
  readonly allSelfRally: boolean;
  /** Leaders are not Replaced by ELR failure (Japanese; docs/rules-notes.md §9). */
  readonly leadersNotReplaced: boolean;
  /** ELR the side has unless told otherwise (Partisans 5; everyone else the default 3). */
  readonly defaultELR: number;
  /**
   * Leader grades from worst to best, for ELR Replacement (down) and Battle Hardening (up, A15.3):
   * `['6+1', '7-0', '8-0', '8-1', '9-1', '9-2', '10-2', '10-3']`; Finnish/Japanese have 10-0 above 9-1.
   */
  readonly leaderLadder: readonly string[];
}
