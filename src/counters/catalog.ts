/**
 * The counter catalog: every Personnel counter as a {@link UnitProfile} row with its source and
 * confidence, looked up by id, plus the unit ladders computed by rule.
 *
 * Pipeline (once, at module load):
 *   NATIONALITY_TABLE (nationalities.ts)
 *     -> rows per nationality: squads, HS, crew (squads.ts), leaders from the ladder (leaders.ts), hero
 *        (heroes.ts), in that order: the catalog order
 *     -> id index (+ `<nat>/crew` aliases)
 *     -> Replacement (A19.13) and Battle Hardening (A15.3) of every row (ladders.ts), into maps.
 * Lookups after that are map reads; overridden profiles (`withOverrides`) are compared by rule with the
 * rows of their nationality on each call.
 *
 * Ids: `<nationality>/<name>`: squads and HS by Strength Factor (`german/4-6-7`, `german/2-4-7`), crews
 * by Strength Factor or `<nat>/crew`, leaders by grade (`german/9-1`, `finnish/10-0`), Russian
 * Commissars `russian/commissar-<grade>` (`russian/commissar-10-0`), heroes
 * `<nat>/hero`. See the data modules for every decision and its confidence.
 */
import { AslOddsError, inputError } from '../errors.js';
import { buildHeroRows } from './heroes.js';
import { battleHardeningByRule, compileLadders, replacementByRule } from './ladders.js';
import { buildCommissarRows, buildLeaderRows } from './leaders.js';
import { findNationality, NATIONALITY_TABLE } from './nationalities.js';
import { buildMMCRows, JAPANESE_STEP_REDUCTION } from './squads.js';
import { closestIds } from './suggest.js';
import { NATIONALITIES, type Nationality, type NationalityProfile, type UnitKind, type UnitProfile } from './types.js';

export { parseNationality, WAR_SIDE, type WarSide } from './nationalities.js';
export { underscoresOf, type Underscores } from './underscores.js';
export { withOverrides, type UnitOverrides } from './overrides.js';

const ROWS: readonly UnitProfile[] = Object.freeze(
  NATIONALITIES.flatMap((n) => [
    ...buildMMCRows([n]),
    ...buildLeaderRows(NATIONALITY_TABLE[n]),
    ...buildCommissarRows(NATIONALITY_TABLE[n]),
    ...buildHeroRows([n]),
  ]).map(oneShape),
);

/**
 * Row `r` with every field present (`bpv` and `reducedTo` undefined where it has none), made by one
 * literal and frozen: every counter then has one object shape, which the rules read at every check.
 */
function oneShape(r: UnitProfile): UnitProfile {
  return Object.freeze({
    id: r.id,
    name: r.name,
    nationality: r.nationality,
    kind: r.kind,
    unitClass: r.unitClass,
    fp: r.fp,
    range: r.range,
    ml: r.ml,
    brokenML: r.brokenML,
    leadershipDRM: r.leadershipDRM,
    selfRallyBox: r.selfRallyBox,
    bpv: r.bpv,
    reducedTo: r.reducedTo,
    traits: r.traits,
    source: r.source,
    confidence: r.confidence,
  });
}

const BY_ID = new Map<string, UnitProfile>();
for (const r of ROWS) {
  if (BY_ID.has(r.id)) throw new Error(`counter data: duplicate id ${r.id}`);
  BY_ID.set(r.id, r);
}
const ALIASES = new Map<string, UnitProfile>();
for (const r of ROWS) if (r.kind === 'crew') ALIASES.set(`${r.nationality}/crew`, r);

const ROWS_BY_NATIONALITY = new Map<Nationality, readonly UnitProfile[]>(
  NATIONALITIES.map((n) => [n, Object.freeze(ROWS.filter((r) => r.nationality === n))]),
);
const IDS: readonly string[] = ROWS.map((r) => r.id);
const LADDERS = compileLadders(ROWS, NATIONALITY_TABLE);

/** Options of {@link getUnit}. */
export interface GetUnitOptions {
  /** Nationality of an id typed without one (`hero`, `9-1`). Default 'german'. */
  readonly defaultNationality?: Nationality;
}

/** Turns what the user typed into a catalog key `<nat>/<name>` (lower case, no spaces). */
function toKey(raw: string, defaultNationality: Nationality): string {
  const s = raw.trim().toLowerCase();
  let natPart: string | undefined;
  let namePart = s;
  const slash = s.indexOf('/');
  if (slash >= 0) {
    natPart = s.slice(0, slash);
    namePart = s.slice(slash + 1);
  } else {
    // `german 4-6-7`, `axis minor 4-5-7`: the longest leading words that name a nationality.
    const words = s.split(/\s+/).filter((w) => w.length > 0);
    for (let k = words.length - 1; k >= 1; k--) {
      const head = words.slice(0, k).join(' ');
      if (findNationality(head) !== undefined) {
        natPart = head;
        namePart = words.slice(k).join('');
        break;
      }
    }
  }
  const name = namePart.replace(/\s+/g, '');
  if (natPart === undefined) return `${defaultNationality}/${name}`;
  return `${findNationality(natPart) ?? natPart.replace(/\s+/g, '')}/${name}`;
}

function checkNationality(n: unknown, field: string): Nationality {
  if (!(NATIONALITIES as readonly unknown[]).includes(n)) {
    throw inputError('input.nationality', `${field} must be one of ${NATIONALITIES.join(', ')}, got ${String(n)}`);
  }
  return n as Nationality;
}

/**
 * Looks a counter up by the id a user typed.
 * @param id `<nat>/<name>`: case-insensitive, spaces ignored (`German / 4-6-7`, `german 4-6-7`,
 *   `axis minor/4-5-7`); squads and HS by Strength Factor (`german/2-4-7`), crews by Strength Factor or
 *   `<nat>/crew`, leaders by grade (`german/9-1`, `german/6+1`), heroes `<nat>/hero`. An id without a
 *   nationality (`hero`, `9-1`, `4-6-7`) is looked up in `options.defaultNationality`.
 * @param options `defaultNationality`, default 'german'.
 * @returns the frozen catalog row.
 * @throws AslOddsError `catalog.unknownUnit` (exit 2), one line naming the id and the 3 closest ids by
 *   edit distance; `input.nationality` for a bad `defaultNationality`.
 * Rules: counter data A1.12, A10.7, A15.2, A25 (see the data modules).
 * @example getUnit('German 4-6-7').id // 'german/4-6-7'
 * @example getUnit('hero').id // 'german/hero'
 * @example getUnit('german/4-7-7') // throws catalog.unknownUnit:
 *   "unknown unit 'german/4-7-7'; closest: german/4-6-7, german/4-6-8, german/4-4-7"
 */
export function getUnit(id: string, options?: GetUnitOptions): UnitProfile {
  const def = checkNationality(options?.defaultNationality ?? 'german', 'defaultNationality');
  const raw = String(id);
  const key = toKey(raw, def);
  const row = BY_ID.get(key) ?? ALIASES.get(key);
  if (row !== undefined) return row;
  throw new AslOddsError(
    'catalog.unknownUnit',
    `unknown unit '${raw.trim()}'; closest: ${closestIds(key, IDS).join(', ')}`,
  );
}

/** Filter of {@link listUnits}; every field optional. */
export interface UnitFilter {
  readonly nationality?: Nationality;
  readonly kind?: UnitKind;
}

/**
 * Lists catalog rows, in catalog order (per nationality: squads best class first, HS, crew, leaders
 * worst grade first, hero).
 * @param filter optional `nationality` and `kind`; omitted fields match everything.
 * @returns a new array of frozen rows (possibly empty). Never throws.
 * @example listUnits({ nationality: 'german', kind: 'leader' }).map((u) => u.name)
 *   // ['6+1', '7-0', '8-0', '8-1', '9-1', '9-2', '10-2', '10-3']
 */
export function listUnits(filter?: UnitFilter): UnitProfile[] {
  const base = filter?.nationality !== undefined ? (ROWS_BY_NATIONALITY.get(filter.nationality) ?? []) : ROWS;
  return base.filter((r) => filter?.kind === undefined || r.kind === filter.kind);
}

/**
 * The profile of a nationality: HoB DRM, surrender/Disruption traits, default ELR, leader ladder.
 * @param n a nationality id (use `parseNationality` for user text).
 * @returns the frozen profile.
 * @throws AslOddsError `input.nationality` when `n` is not a nationality id.
 * Rules: A15.1, A15.4, A15.5, A19.12, A25.
 * @example getNationality('finnish').hobDRM // -1
 */
export function getNationality(n: Nationality): NationalityProfile {
  return NATIONALITY_TABLE[checkNationality(n, 'nationality')];
}

/**
 * The hero of a nationality: a 1-4-9 SMC (A15.2); wounded (1-3-8) is a flag the resolver keeps.
 * @param n a nationality id.
 * @returns the frozen `<n>/hero` row.
 * @throws AslOddsError `input.nationality` when `n` is not a nationality id.
 * @example heroFor('russian').id // 'russian/hero'
 */
export function heroFor(n: Nationality): UnitProfile {
  return BY_ID.get(`${checkNationality(n, 'nationality')}/hero`)!;
}

function isCatalogRow(u: UnitProfile): boolean {
  return BY_ID.get(u.id) === u;
}

function rowsOf(u: UnitProfile): readonly UnitProfile[] {
  return ROWS_BY_NATIONALITY.get(u.nationality) ?? [];
}

/**
 * A19.13 ELR Replacement: the unit of lesser quality and the same size `u` is Replaced by (lower class;
 * no Strength Factor number greater, at least one lesser; the highest lower class with such a unit; in
 * it the one losing least, ties by catalog order). Leaders: the next lower grade of the ladder.
 * @param u a catalog row or an overridden profile (compared with the rows of its nationality).
 * @returns the Replacement (unbroken side; the resolver breaks it), or `null`: cannot be Replaced (the
 *   resolver applies Disruption, A19.12): the lowest squad/HS of its line, a 6+1, a Japanese leader;
 *   also `null` for crews, heroes, Commissars and unarmed units (ELR-immune, A19.11).
 * Cost: a map read for catalog rows; O(rows of the nationality) for overridden profiles. Never throws.
 * @example replacementOf(getUnit('german/4-6-8'))?.id // 'german/4-6-7'
 * @example replacementOf(getUnit('german/5-4-8'))?.id // 'german/4-4-7'
 * @example replacementOf(getUnit('german/4-3-6')) // null (no German Conscript, A25.1)
 */
export function replacementOf(u: UnitProfile): UnitProfile | null {
  if (isCatalogRow(u)) return LADDERS.replacement.get(u.id) ?? null;
  return replacementByRule(u, rowsOf(u), NATIONALITY_TABLE[u.nationality]);
}

/**
 * A15.3 Battle Hardening: the unit of the same size and next higher quality `u` is exchanged for (no
 * Strength Factor number may decrease; the next class up with such a unit, else the one after; in it
 * the one gaining least, ties by catalog order). Leaders: the next higher grade (6+1 > 7-0, 8-0 > 8-1,
 * 9-2 > 10-2, Finnish/Japanese 9-1 > 10-0).
 * @param u a catalog row or an overridden profile (compared with the rows of its nationality).
 * @returns the unit it becomes (unbroken, unpinned), or `null`: already the best (Elite MMC, 10-3, any
 *   Partisan: becomes Fanatic instead, which the resolver handles); also `null` for crews, heroes and
 *   unarmed units (not subject to Heat of Battle, A15.1).
 * Cost: a map read for catalog rows; O(rows of the nationality) for overridden profiles. Never throws.
 * @example battleHardeningOf(getUnit('german/2-4-7'))?.id // 'german/2-4-8' (A15.3 EX; not the SS 3-4-8)
 * @example battleHardeningOf(getUnit('finnish/9-1'))?.id // 'finnish/10-0'
 */
export function battleHardeningOf(u: UnitProfile): UnitProfile | null {
  if (isCatalogRow(u)) return LADDERS.battleHardening.get(u.id) ?? null;
  return battleHardeningByRule(u, rowsOf(u), NATIONALITY_TABLE[u.nationality]);
}

/**
 * Casualty Reduction of a MMC (A10.31, docs/rules-notes.md §2): a squad becomes its HS (`reducedTo`); a HS or
 * crew is eliminated. SMC wounds are the resolver's business (A17.11).
 * @param u any profile; overrides are not carried over to the HS (the catalog HS row is returned).
 * @returns the HS row for a squad; `null` for a HS or crew (eliminated) and for leaders and heroes.
 *   Never throws.
 * @example reducedOf(getUnit('german/4-6-7'))?.id // 'german/2-4-7'
 */
export function reducedOf(u: UnitProfile): UnitProfile | null {
  if (u.kind !== 'squad' || u.reducedTo === undefined) return null;
  return BY_ID.get(u.reducedTo) ?? null;
}

/**
 * Japanese Step Reduction (G1.11; docs/rules-notes.md §9, medium): the step-reduced squad a Japanese full squad
 * becomes instead of breaking (4-4-8 > 3-4-8, 4-4-7 > 3-4-7).
 * @param u any profile.
 * @returns the step-reduced squad row, or `null` when `u` has none (already reduced, HS, not a Japanese
 *   full squad: a HS breaks normally; a reduced squad's next failure is the resolver's business).
 *   Never throws.
 * @example stepReducedOf(getUnit('japanese/4-4-8'))?.id // 'japanese/3-4-8'
 */
export function stepReducedOf(u: UnitProfile): UnitProfile | null {
  const id = JAPANESE_STEP_REDUCTION.get(u.id);
  return id === undefined || u.nationality !== 'japanese' ? null : (BY_ID.get(id) ?? null);
}
