/**
 * Leader rows, built from each nationality's `leaderLadder` (A10.7, A15.3).
 *
 * A grade `M-D` / `M+D` is the leader's ML and leadership DRM: `9-2` is ML 9 with a -2 DRM, `6+1` is
 * ML 6 with +1, `8-0` is ML 8 with 0 (A10.7; high).
 *
 * Decisions:
 * - Broken ML = ML (low). Not verified (docs/rules-notes.md §9). Public material searched: the jASL project's
 *   scenario data (craigonic/jasl, "The Guards Counterattack") gives every leader a broken morale equal to
 *   its morale (10-2: 10, 9-2: 9, 9-1: 9, 8-1: 8, 8-0: 8), but its Leader class documents an example
 *   "morale 8, broken morale 9", so the source is not conclusive. Override per scenario when known.
 * - `unitClass` is '1st-line' for every leader: leaders have no class. '1st-line' is the neutral value
 *   (no Elite -1 nor Inexperienced +1 HoB DRM, no extra cowering). Do not read a class into it.
 * - fp 0 and range 0 (leaders have no inherent FP), no BPV (Battlefield Integrity counts MMC only).
 * - `selfRallyBox` false: broken leaders may Self-Rally by rule (A10.63), not by a box.
 */
import type { NationalityProfile, UnitProfile } from './types.js';

/**
 * Commissar grades, worst to best, as the VASL module's Russian Commissar counter (`ruCOM`) has them:
 * levels 10-0 (`ru/ruL100.svg`), 9-0 (`ru/ruL90.svg`), 8+1 (`ru/ruL8p1c.svg`), read from the fixture
 * save Hazmo-52-After-Finn-4.vsav (medium).
 */
export const COMMISSAR_GRADES: readonly string[] = Object.freeze(['8+1', '9-0', '10-0']);

/**
 * Parses a leader grade into its ML and leadership DRM.
 * @param grade `M-D` or `M+D`, M an integer in [2, 10], D in [0, 3]: e.g. `9-1`, `6+1`, `10-0`.
 * @returns `{ ml, leadershipDRM }`, leadershipDRM in [-3, +1].
 * @throws Error when `grade` is not of that form (a data bug).
 * @example parseLeaderGrade('9-2') // { ml: 9, leadershipDRM: -2 }
 * @example parseLeaderGrade('6+1') // { ml: 6, leadershipDRM: 1 }
 */
export function parseLeaderGrade(grade: string): { ml: number; leadershipDRM: number } {
  const m = /^(\d+)([+-])(\d)$/.exec(grade);
  if (m === null) throw new Error(`counter data: bad leader grade '${grade}'`);
  const magnitude = Number(m[3]);
  // `0 - magnitude`, not `-magnitude`: an 8-0 has DRM +0, never -0.
  return { ml: Number(m[1]), leadershipDRM: m[2] === '+' ? magnitude : 0 - magnitude };
}

/**
 * Ladder rank of a leader: ML * 10 - leadership DRM (6+1: 59, 8-0: 80, 9-2: 92, 10-0: 100). Every
 * ladder of {@link NATIONALITY_TABLE} is strictly increasing in it, so it also places leaders whose ML or
 * DRM was overridden. Never throws.
 * @example leaderRank({ ml: 9, leadershipDRM: -1 }) // 91
 */
export function leaderRank(u: { readonly ml: number; readonly leadershipDRM: number }): number {
  return u.ml * 10 - u.leadershipDRM;
}

/**
 * Builds the leader rows of one nationality, worst grade first, ids `<nat>/<grade>`.
 * @param nat the nationality's profile (its `leaderLadder` gives the grades).
 * @returns frozen {@link UnitProfile} rows of kind 'leader'.
 * @throws Error when the ladder is not strictly increasing in {@link leaderRank} (a data bug).
 */
export function buildLeaderRows(nat: NationalityProfile): UnitProfile[] {
  const rows: UnitProfile[] = [];
  let previous = -Infinity;
  for (const grade of nat.leaderLadder) {
    const g = parseLeaderGrade(grade);
    const rank = leaderRank(g);
    if (rank <= previous) throw new Error(`counter data: ${nat.id} leader ladder not increasing at ${grade}`);
    previous = rank;
    rows.push(
      leaderRow(
        nat,
        `${nat.id}/${grade}`,
        grade,
        g,
        {},
        `A10.7 grade ${grade} (ML ${g.ml}, DRM ${g.leadershipDRM >= 0 ? '+' : ''}${g.leadershipDRM}); ` +
          `${nat.name} ladder (${nat.leaderLadder.includes('10-0') ? 'A15.3: 9-1 > 10-0; grades above 10-0 our choice' : 'A15.3'}); ` +
          'broken ML = ML (unverified; jASL data does the same)',
      ),
    );
  }
  return rows;
}

/**
 * Builds the Russian Commissar rows (A25.22), worst grade first, ids `russian/commissar-<grade>`
 * (`russian/commissar-10-0`), name `Commissar <grade>`. A Commissar is a leader (kind 'leader') with the
 * `commissar` trait, which the rules read: never Disrupted (A19.12), berserk instead of surrender by Heat
 * of Battle (A15.5), immune to ELR (A19.11), not Replaced. His printed grade gives ML and DRM as for any
 * leader (A10.7); the grades are those of the VASL module's counter ({@link COMMISSAR_GRADES}). His own
 * rules of A25.22 (his effect on the MC and Rally of Russians with him) are not in asl-odds's rules texts
 * and are not applied; the commands that meet him say so (docs/rules-notes.md §9).
 * @param nat the Russian profile (other nationalities have no Commissar: `[]`).
 * @returns frozen {@link UnitProfile} rows of kind 'leader'. Never throws.
 */
export function buildCommissarRows(nat: NationalityProfile): UnitProfile[] {
  if (nat.id !== 'russian') return [];
  return COMMISSAR_GRADES.map((grade) => {
    const g = parseLeaderGrade(grade);
    return leaderRow(
      nat,
      `russian/commissar-${grade}`,
      `Commissar ${grade}`,
      g,
      { commissar: true },
      `VASL 6.7.3 module Commissar counter level ${grade} (fixture save Hazmo-52-After-Finn-4.vsav; medium); ` +
        `ML ${g.ml}, DRM ${g.leadershipDRM >= 0 ? '+' : ''}${g.leadershipDRM} read from the grade as for any leader (A10.7); ` +
        'broken ML = ML (unverified); A25.22 Commissar rules not applied (not in our rules texts)',
    );
  });
}

/**
 * A leader's row (kind 'leader', 1st Line, no FP, broken ML = ML), frozen, with ML and leadership DRM
 * from his grade (A10.7). Confidence 'low': the broken ML is not verified (see each row's source).
 */
function leaderRow(nat: NationalityProfile, id: string, name: string, g: { readonly ml: number; readonly leadershipDRM: number }, traits: UnitProfile['traits'], source: string): UnitProfile {
  return Object.freeze({
    id,
    name,
    nationality: nat.id,
    kind: 'leader',
    unitClass: '1st-line',
    fp: 0,
    range: 0,
    ml: g.ml,
    brokenML: g.ml,
    leadershipDRM: g.leadershipDRM,
    selfRallyBox: false,
    traits: Object.freeze(traits),
    source,
    confidence: 'low',
  } satisfies UnitProfile);
}
