/**
 * Nationalities: one {@link NationalityProfile} row per {@link Nationality}, and `parseNationality`.
 *
 * Sources: A15.1 (Heat of Battle DRM table, rules/002), A15.3 (leader grades, rules/002), A15.4 (non-elite
 * Italian/Axis Minor surrender on a Final HoB DR >= 10), A15.5 and A19.12 (who never surrenders or is
 * Disrupted, rules/004), A25 via docs/rules-notes.md §4 and §9.
 *
 * Decisions (documented, each row says its confidence):
 * - Japanese `hobDRM` is `null`: +4 on the 2nd Ed National Capabilities chart, +3 in GIA; the rule set
 *   supplies it (docs/rules-notes.md §4, medium).
 * - Finnish/Japanese leader ladder: 10-0 sits directly above 9-1 (A15.3 text: "a Finnish/Japanese 9-1
 *   becomes a 10-0"), so those ladders have no 9-2. What follows 10-0 is NOT in the rule text: we use
 *   10-0 > 10-1 > 10-2 > 10-3 (the ML-10 line, modifier improving one step at a time). Confidence low.
 * - All ladders, ordered worst to best, are also ordered by (ML ascending, leadership DRM descending);
 *   `ladders.ts` relies on that to place overridden leaders (see `leaderRank`).
 */
import { inputError } from '../errors.js';
import { NATIONALITIES, type Nationality, type NationalityProfile } from './types.js';

/** Standard leader grades worst to best (A15.3): 6+1 > 7-0 > 8-0 > 8-1 > 9-1 > 9-2 > 10-2 > 10-3. High. */
export const STANDARD_LEADER_LADDER: readonly string[] = Object.freeze([
  '6+1',
  '7-0',
  '8-0',
  '8-1',
  '9-1',
  '9-2',
  '10-2',
  '10-3',
]);

/**
 * Finnish/Japanese leader grades worst to best: 10-0 above 9-1 (A15.3, high); no 9-2; 10-1, 10-2, 10-3
 * above 10-0 (our choice, low: the rule text names no grade above 10-0).
 */
export const FINNISH_JAPANESE_LEADER_LADDER: readonly string[] = Object.freeze([
  '6+1',
  '7-0',
  '8-0',
  '8-1',
  '9-1',
  '10-0',
  '10-1',
  '10-2',
  '10-3',
]);

/**
 * Finnish leader grades worst to best: the Finnish/Japanese ladder plus a 9-0 (ML 9, DRM 0) between 8-1
 * and 9-1 by {@link leaderRank} order. The 9-0 is a level of the VASL module's Finnish leader counter
 * (`fi/fiL90.svg`; its levels are 10-1, 10-0, 9-1, 9-0, 8-0, 8+1), read from the fixture save
 * Hazmo-52-After-Finn-4.vsav: medium for its existence, low for its place on the ladder (A15.3 names no
 * 9-0; the rank order is our rule for every ladder).
 */
export const FINNISH_LEADER_LADDER: readonly string[] = Object.freeze([
  '6+1',
  '7-0',
  '8-0',
  '8-1',
  '9-0',
  '9-1',
  '10-0',
  '10-1',
  '10-2',
  '10-3',
]);

interface NationalitySpec {
  readonly name: string;
  readonly hobDRM: number | null;
  readonly surrendersOnHoB10?: boolean;
  readonly neverSurrenders?: boolean;
  readonly allSelfRally?: boolean;
  readonly leadersNotReplaced?: boolean;
  readonly defaultELR?: number;
  readonly leaderLadder?: readonly string[];
  readonly source: string;
  readonly confidence: NationalityProfile['confidence'];
}

const HOB = 'A15.1 HoB DRM table (rules/002); docs/rules-notes.md §4';

const SPECS: { readonly [N in Nationality]: NationalitySpec } = {
  german: { name: 'German', hobDRM: 0, source: `${HOB}; ELR default 3 (A19.1)`, confidence: 'high' },
  russian: { name: 'Russian', hobDRM: 2, source: `${HOB}; ELR default 3`, confidence: 'high' },
  american: { name: 'American', hobDRM: 0, source: `${HOB}; ELR default 3`, confidence: 'high' },
  british: { name: 'British', hobDRM: -1, source: `${HOB}; ELR default 3`, confidence: 'high' },
  italian: {
    name: 'Italian',
    hobDRM: 3,
    surrendersOnHoB10: true,
    source: `${HOB}; A15.4 (non-elite surrender on >= 10); ELR default 3`,
    confidence: 'high',
  },
  japanese: {
    name: 'Japanese',
    hobDRM: null,
    neverSurrenders: true,
    leadersNotReplaced: true,
    leaderLadder: FINNISH_JAPANESE_LEADER_LADDER,
    source:
      `${HOB} (+4 2nd Ed, +3 GIA: from the rule set); A15.5, A19.12 (never surrender/Disrupted); ` +
      'docs/rules-notes.md §9 (leaders not Replaced); ladder 9-1 > 10-0 (A15.3), grades above 10-0 our choice (low)',
    confidence: 'low',
  },
  finnish: {
    name: 'Finnish',
    hobDRM: -1,
    allSelfRally: true,
    leaderLadder: FINNISH_LEADER_LADDER,
    source:
      `${HOB}; A10.6 (Finns Self-Rally); ladder 9-1 > 10-0 (A15.3), grades above 10-0 our choice (low); ` +
      '9-0 from the VASL module (medium; its place by rank, low)',
    confidence: 'low',
  },
  french: { name: 'French', hobDRM: 1, source: `${HOB}; ELR default 3`, confidence: 'high' },
  partisan: {
    name: 'Partisan',
    hobDRM: 1,
    neverSurrenders: true,
    defaultELR: 5,
    source: `${HOB}; A15.5, A19.12 (never surrender/Disrupted); docs/rules-notes.md §9 (ELR 5)`,
    confidence: 'high',
  },
  'axis-minor': {
    name: 'Axis Minor',
    hobDRM: 3,
    surrendersOnHoB10: true,
    source: `${HOB}; A15.4 (non-elite surrender on >= 10); ELR default 3`,
    confidence: 'high',
  },
  'allied-minor': { name: 'Allied Minor', hobDRM: 2, source: `${HOB}; ELR default 3`, confidence: 'high' },
};

function buildProfile(id: Nationality, s: NationalitySpec): NationalityProfile {
  return Object.freeze({
    id,
    name: s.name,
    hobDRM: s.hobDRM,
    surrendersOnHoB10: s.surrendersOnHoB10 ?? false,
    neverSurrenders: s.neverSurrenders ?? false,
    allSelfRally: s.allSelfRally ?? false,
    leadersNotReplaced: s.leadersNotReplaced ?? false,
    defaultELR: s.defaultELR ?? 3,
    leaderLadder: s.leaderLadder ?? STANDARD_LEADER_LADDER,
    source: s.source,
    confidence: s.confidence,
  });
}

/**
 * One profile per nationality (frozen). Keys are exactly {@link NATIONALITIES}; the compiler checks the
 * list is exhaustive. Sources and confidence on each row.
 */
export const NATIONALITY_TABLE: { readonly [N in Nationality]: NationalityProfile } = Object.freeze(
  Object.fromEntries(NATIONALITIES.map((n) => [n, buildProfile(n, SPECS[n])])) as {
    [N in Nationality]: NationalityProfile;
  },
);

/** Compact form used to compare nationality spellings: lower case, no spaces, hyphens or underscores. */
function compact(s: string): string {
  return s.toLowerCase().replace(/[\s_-]+/g, '');
}

const BY_COMPACT: ReadonlyMap<string, Nationality> = new Map(NATIONALITIES.map((n) => [compact(n), n]));

/**
 * Tolerant nationality lookup: `undefined` when `s` names no nationality. Never throws.
 * Case, spaces, hyphens and underscores are ignored (`Axis Minor`, `axis_minor`, `axisMinor`).
 * @example findNationality(' Axis Minor ') // 'axis-minor'
 */
export function findNationality(s: string): Nationality | undefined {
  return BY_COMPACT.get(compact(s));
}

/**
 * Parses a nationality typed by a user (CLI option, scenario file).
 * @param s any spelling of a nationality id: case, spaces, hyphens and underscores are ignored.
 * @returns the {@link Nationality} id.
 * @throws AslOddsError `input.nationality` (exit 2) naming the value and the allowed ids.
 * @example parseNationality('Axis Minor') // 'axis-minor'
 */
export function parseNationality(s: string): Nationality {
  const n = findNationality(s);
  if (n === undefined) {
    throw inputError('input.nationality', `unknown nationality '${s.trim()}'; allowed: ${NATIONALITIES.join(', ')}`);
  }
  return n;
}

/** The two sides of the war a nationality fights on, as the game pairs them (the usual opponents). */
export type WarSide = 'axis' | 'allied';

/**
 * The side of each nationality: German, Italian, Japanese, Finnish and Axis Minor units are Axis;
 * Russian, American, British, French, Partisan and Allied Minor units Allied. A fact of the war, not of
 * a rule: the builder refuses a Fire Group or a directing leader that mixes the sides (A7.5, A7.53) and
 * firing at units of the firers' side (A7). Scenarios in which nationalities of one side fight each
 * other (Finns against Germans in 1944-45, Vichy French against the British) are outside it: there,
 * give the two sides' units to separate questions.
 */
export const WAR_SIDE: { readonly [N in Nationality]: WarSide } = Object.freeze({
  german: 'axis',
  italian: 'axis',
  japanese: 'axis',
  finnish: 'axis',
  'axis-minor': 'axis',
  russian: 'allied',
  american: 'allied',
  british: 'allied',
  french: 'allied',
  partisan: 'allied',
  'allied-minor': 'allied',
});
