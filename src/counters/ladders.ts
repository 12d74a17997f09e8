/**
 * Unit ladders computed BY RULE from the counter rows: ELR Replacement (A19.13) going down and Battle
 * Hardening (A15.3) going up. Nothing here is hand-written per counter; the oracles are the A25.1 German
 * ladders (4-6-8 > 4-6-7 > 4-4-7 > 4-3-6, 5-4-8 > 4-4-7 > 4-3-6) and the A15.3 EX (a German 2-4-7 HS
 * becomes a 2-4-8, not the SS 3-4-8).
 *
 * MMC (squad, HS), compared with the rows of the same nationality and kind, in catalog order:
 * - Replacement (A19.13): a unit of a lower class with no Strength Factor number (fp, range, ml) greater
 *   and at least one lesser. The highest lower class that has such a unit is used (classes with no
 *   fitting unit are skipped: a Russian 4-4-7 becomes a Conscript 4-2-6); in it, the unit losing least
 *   (largest fp + range + ml; tie: catalog order). None: `null` ("cannot be Replaced": Disruption,
 *   A19.12, is the resolver's business).
 * - Battle Hardening (A15.3): a unit of a higher class with no Strength Factor number lesser. The next
 *   class up that has such a unit is used (if none fits, the one after, and so on); in it, the unit
 *   gaining least (smallest fp + range + ml; tie: catalog order). An Elite unit, or one with no fitting
 *   unit above it, gets `null` (it becomes Fanatic instead, A15.3; the resolver does that).
 * Leaders, compared by {@link leaderRank} with the leader rows of the nationality's ladder: Replacement
 * is the next lower grade (6+1: none), Battle Hardening the next higher (10-3: none). Commissars (Russian
 * leaders of their own counters, A25.22) are compared with the Commissar rows only: Battle Hardening is
 * the next higher Commissar grade (A15.3 applied to the Commissar counters; low), 10-0: none. Japanese leaders
 * are not Replaced (docs/rules-notes.md §9).
 * Always `null`: crews and heroes (ELR-immune A19.11, not subject to HoB A15.1), unarmed units (both),
 * Commissars (ELR-immune), and Battle Hardening of any Partisan (A15.3: becomes Fanatic).
 *
 * Cost: O(rows of the nationality) per call; the catalog compiles its own rows once at load.
 */
import { leaderRank } from './leaders.js';
import { CLASS_ORDER, type Nationality, type NationalityProfile, type UnitClass, type UnitProfile } from './types.js';

/** Class rank: 0 = Elite (best) .. 4 = Conscript (worst). */
function classRank(c: UnitClass): number {
  return CLASS_ORDER.indexOf(c);
}

function strengthSum(u: UnitProfile): number {
  return u.fp + u.range + u.ml;
}

function nextLeader(u: UnitProfile, rows: readonly UnitProfile[], direction: 1 | -1): UnitProfile | null {
  const rank = leaderRank(u);
  let best: UnitProfile | null = null;
  const commissar = u.traits.commissar === true;
  for (const r of rows) {
    // Commissars (A25.22) are a ladder of their own: a leader never becomes one, nor one a leader.
    if (r.kind !== 'leader' || (r.traits.commissar === true) !== commissar) continue;
    const d = (leaderRank(r) - rank) * direction;
    if (d > 0 && (best === null || (leaderRank(r) - leaderRank(best)) * direction < 0)) best = r;
  }
  return best;
}

/**
 * The A19.13 Replacement of `u`, chosen among `rows` (see module doc).
 * @param u any profile (catalog row or overridden).
 * @param rows the catalog rows of `nat`, in catalog order.
 * @param nat `u`'s nationality profile.
 * @returns the unit `u` is Replaced by (unbroken side; the resolver breaks it), or `null` when `u`
 *   cannot be Replaced. Never throws.
 */
export function replacementByRule(
  u: UnitProfile,
  rows: readonly UnitProfile[],
  nat: NationalityProfile,
): UnitProfile | null {
  if (u.kind === 'crew' || u.kind === 'hero' || u.traits.unarmed === true || u.traits.commissar === true) return null;
  if (u.kind === 'leader') return nat.leadersNotReplaced ? null : nextLeader(u, rows, -1);
  const rank = classRank(u.unitClass);
  let best: UnitProfile | null = null;
  for (const c of rows) {
    if (c.kind !== u.kind) continue;
    const cRank = classRank(c.unitClass);
    if (cRank <= rank) continue;
    if (c.fp > u.fp || c.range > u.range || c.ml > u.ml) continue;
    if (c.fp === u.fp && c.range === u.range && c.ml === u.ml) continue;
    if (best === null) {
      best = c;
      continue;
    }
    const bRank = classRank(best.unitClass);
    if (cRank < bRank || (cRank === bRank && strengthSum(c) > strengthSum(best))) best = c;
  }
  return best;
}

/**
 * The A15.3 Battle Hardening of `u`, chosen among `rows` (see module doc).
 * @param u any profile (catalog row or overridden).
 * @param rows the catalog rows of `nat`, in catalog order.
 * @param nat `u`'s nationality profile.
 * @returns the unit `u` is exchanged for (unbroken, unpinned), or `null` when there is none (Elite,
 *   best leader, Partisan MMC: Fanatic instead; crew, hero, unarmed: not subject). A Partisan leader
 *   gets his next grade (rules/battle-hardening.ts applies setting `partisanLeaderHardening`). Never throws.
 */
export function battleHardeningByRule(
  u: UnitProfile,
  rows: readonly UnitProfile[],
  nat: NationalityProfile,
): UnitProfile | null {
  if (u.kind === 'crew' || u.kind === 'hero' || u.traits.unarmed === true) return null;
  // A partisan MMC becomes Fanatic instead (A15.3); whether a Partisan leader does too is the rule
  // set's setting `partisanLeaderHardening`, so his next grade is given here.
  if (nat.id === 'partisan' && u.kind !== 'leader') return null;
  if (u.kind === 'leader') return nextLeader(u, rows, 1);
  const rank = classRank(u.unitClass);
  let best: UnitProfile | null = null;
  for (const c of rows) {
    if (c.kind !== u.kind) continue;
    const cRank = classRank(c.unitClass);
    if (cRank >= rank) continue;
    if (c.fp < u.fp || c.range < u.range || c.ml < u.ml) continue;
    if (best === null) {
      best = c;
      continue;
    }
    const bRank = classRank(best.unitClass);
    if (cRank > bRank || (cRank === bRank && strengthSum(c) < strengthSum(best))) best = c;
  }
  return best;
}

/** Replacement and Battle Hardening of every catalog row, by id. */
export interface CompiledLadders {
  readonly replacement: ReadonlyMap<string, UnitProfile | null>;
  readonly battleHardening: ReadonlyMap<string, UnitProfile | null>;
}

/**
 * Computes both ladders for every row once (the catalog does this at module load).
 * @param rows all catalog rows, in catalog order.
 * @param nationalities the nationality table.
 * @returns maps from row id to the row it becomes (or `null`). Never throws.
 */
export function compileLadders(
  rows: readonly UnitProfile[],
  nationalities: { readonly [N in Nationality]: NationalityProfile },
): CompiledLadders {
  const byNationality = new Map<Nationality, UnitProfile[]>();
  for (const r of rows) {
    const list = byNationality.get(r.nationality) ?? [];
    list.push(r);
    byNationality.set(r.nationality, list);
  }
  const replacement = new Map<string, UnitProfile | null>();
  const battleHardening = new Map<string, UnitProfile | null>();
  for (const r of rows) {
    const natRows = byNationality.get(r.nationality)!;
    const nat = nationalities[r.nationality];
    replacement.set(r.id, replacementByRule(r, natRows, nat));
    battleHardening.set(r.id, battleHardeningByRule(r, natRows, nat));
  }
  return { replacement, battleHardening };
}
