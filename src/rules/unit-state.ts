/**
 * The morale state of one Personnel unit during a chain: its current counter and its markers.
 *
 * Immutable: every rule step returns a new state. `stateKey` gives a canonical string used by the
 * exact engine to merge identical states reached by different dice paths.
 */
import type { UnitProfile } from '../counters/types.js';

/** Whether the unit is still on the map, and in what condition. */
export type UnitStatus = 'good-order' | 'broken' | 'eliminated' | 'captured';

/** One unit's state. Fields not applicable to a kind stay false (e.g. `wounded` for a MMC). */
export interface UnitState {
  /** Current counter: changes with Replacement (A19.13), Battle Hardening (A15.3), Reduction. */
  readonly profile: UnitProfile;
  readonly status: UnitStatus;
  /** Pinned (A7.8). */
  readonly pinned: boolean;
  /** Berserk (A15.4): ML 10, never breaks or pins. */
  readonly berserk: boolean;
  /** Fanatic (A10.8): +1 to both sides' ML. */
  readonly fanatic: boolean;
  /** Disrupted (A19.12). */
  readonly disrupted: boolean;
  /** Wounded SMC (A17.2): ML -1, leadership DRM one worse. */
  readonly wounded: boolean;
  /** A leader that became heroic (A15.21): a hero that keeps his leadership. */
  readonly heroic: boolean;
  /** In an Encircled Location (A7.7): ML -1 unless berserk or heroic. */
  readonly encircled: boolean;
  /** Under Desperation Morale (A10.62): +4 to Rally DR. */
  readonly dm: boolean;
  /** Forfeited leadership DRM (a berserk leader after his Berserk check, A15.41). */
  readonly noLeadership: boolean;
  /**
   * An ELR failure waiting on the Wound Severity dr (A19.13, A19.12, A17.11): a SMC wounded by a
   * Casualty MC that also failed by more than ELR is Replaced ('replace') or Disrupted ('disrupt') if it
   * survives the dr. Null at every other moment.
   */
  readonly elrPending: 'replace' | 'disrupt' | null;
}

/** The fields {@link initialUnitState} starts from (its profile always replaced). */
const GOOD_ORDER: UnitState = {
  profile: undefined as unknown as UnitProfile,
  status: 'good-order',
  pinned: false,
  berserk: false,
  fanatic: false,
  disrupted: false,
  wounded: false,
  heroic: false,
  encircled: false,
  dm: false,
  noLeadership: false,
  elrPending: null,
};

/** Options for {@link initialUnitState}; all default to false / good order. */
export interface UnitStateOptions {
  broken?: boolean;
  pinned?: boolean;
  berserk?: boolean;
  fanatic?: boolean;
  disrupted?: boolean;
  wounded?: boolean;
  encircled?: boolean;
  dm?: boolean;
}

/**
 * A unit as it stands before the chain. A Disrupted unit is broken (A19.12). A leader already berserk
 * has taken his Berserk TC: A15.41 "After the Berserk TC, the leader forfeits his leadership DRM until he
 * returns to normal", so he starts with his DRM forfeited (`noLeadership`), as a leader who went berserk
 * in an earlier attack of a sequence is. Never throws.
 * @example initialUnitState(getUnit('german/4-6-7'), { broken: true }).status // 'broken'
 */
export function initialUnitState(profile: UnitProfile, o: UnitStateOptions = {}): UnitState {
  return withChanges(GOOD_ORDER, {
    profile,
    status: o.broken || o.disrupted ? 'broken' : 'good-order',
    pinned: !!o.pinned,
    berserk: !!o.berserk,
    noLeadership: !!o.berserk && profile.kind === 'leader',
    fanatic: !!o.fanatic,
    disrupted: !!o.disrupted,
    wounded: !!o.wounded,
    encircled: !!o.encircled,
    dm: !!o.dm,
  });
}

/**
 * `u` with the fields of `changes` changed, as a new state (`u` is not changed). Every unit state is
 * made here, by one object literal: the engines then meet one object shape, where states copied by
 * spreads from states of several origins took about ten, and every rule reading a field was slower
 * for it. Never throws.
 * @example withChanges(good467, { pinned: true }).pinned // true
 */
export function withChanges(u: UnitState, changes: Partial<UnitState>): UnitState {
  return {
    profile: changes.profile ?? u.profile,
    status: changes.status ?? u.status,
    pinned: changes.pinned ?? u.pinned,
    berserk: changes.berserk ?? u.berserk,
    fanatic: changes.fanatic ?? u.fanatic,
    disrupted: changes.disrupted ?? u.disrupted,
    wounded: changes.wounded ?? u.wounded,
    heroic: changes.heroic ?? u.heroic,
    encircled: changes.encircled ?? u.encircled,
    dm: changes.dm ?? u.dm,
    noLeadership: changes.noLeadership ?? u.noLeadership,
    elrPending: changes.elrPending === undefined ? u.elrPending : changes.elrPending,
  };
}

/** True for SMC (leaders and heroes; A1.12). */
export function isSMC(u: UnitState): boolean {
  return u.profile.kind === 'leader' || u.profile.kind === 'hero';
}

/** True for a hero or a heroic leader (A15.2). */
export function isHero(u: UnitState): boolean {
  return u.profile.kind === 'hero' || u.heroic;
}

/** True while the unit is on the map (not eliminated or captured). */
export function isAlive(u: UnitState): boolean {
  return u.status === 'good-order' || u.status === 'broken';
}

/**
 * A unit as far as it can still matter: one off the map (eliminated or captured) is its counter and
 * status alone (nothing else about it is ever read again; describeUnit shows no more), one on the map
 * is returned as it is. Equal for units that differ only in what no longer matters, so states that
 * hold them merge. Never throws.
 * @example unitStateKey(offMapState(woundedEliminated91)) === unitStateKey(offMapState(eliminated91)) // true
 */
export function offMapState(u: UnitState): UnitState {
  return isAlive(u) ? u : withChanges(initialUnitState(u.profile), { status: u.status });
}

/**
 * The unit's current Morale Level, integer in [1, 11]:
 * berserk 10, never lowered (A15.42); hero 9, wounded 8 (A15.2); heroic leader max(ML, 9) (a 10-x
 * leader is a 1-4-10 hero), -1 if wounded (A15.21); otherwise the printed ML, or the broken-side ML
 * when broken (A10.4), +1 Fanatic (A10.8), -1 Encircled (A7.7), -1 wounded SMC (A17.2).
 * Never throws.
 */
export function currentML(u: UnitState): number {
  if (u.berserk) return 10;
  if (u.profile.kind === 'hero') return (u.wounded ? 8 : 9) + (u.fanatic ? 1 : 0);
  if (u.heroic) return Math.max(u.profile.ml, 9) - (u.wounded ? 1 : 0);
  let ml = u.status === 'broken' ? u.profile.brokenML : u.profile.ml;
  if (u.fanatic) ml += 1;
  if (u.encircled) ml -= 1;
  if (u.wounded) ml -= 1;
  return ml;
}

/**
 * The leadership DRM this leader lends to other units in his Location (A10.7), or null when he lends
 * none: not a leader, broken, pinned (docs/rules-notes.md §3), berserk after his Berserk check (A15.41), or
 * gone. A wounded leader's DRM is one worse (A17.2). Never throws.
 */
export function lentLeadershipDRM(u: UnitState): number | null {
  if (u.profile.kind !== 'leader' || u.status !== 'good-order' || u.pinned || u.noLeadership) return null;
  return u.profile.leadershipDRM + (u.wounded ? 1 : 0);
}

/** Canonical key of a unit state for merging equal states in the exact engine. Never throws. */
export function unitStateKey(u: UnitState): string {
  return (
    u.profile.id +
    (u.profile.source.startsWith('user override') ? `#${u.profile.ml}.${u.profile.brokenML}.${u.profile.unitClass}` : '') +
    ':' +
    u.status[0] +
    (u.pinned ? 'p' : '') +
    (u.berserk ? 'b' : '') +
    (u.fanatic ? 'f' : '') +
    (u.disrupted ? 'd' : '') +
    (u.wounded ? 'w' : '') +
    (u.heroic ? 'h' : '') +
    (u.encircled ? 'e' : '') +
    (u.dm ? 'm' : '') +
    (u.noLeadership ? 'n' : '') +
    (u.elrPending === null ? '' : u.elrPending === 'replace' ? 'R' : 'D')
  );
}

/**
 * Readable description, e.g. `4-6-7`, `pinned 4-6-7`, `broken, Disrupted 4-3-6`, `berserk 9-1`,
 * `wounded 8-1`, `eliminated 4-6-7`, `captured 4-4-7`. Never throws.
 */
export function describeUnit(u: UnitState): string {
  const name = u.heroic ? `heroic ${u.profile.name}` : u.profile.name;
  if (u.status === 'eliminated') return `eliminated ${u.profile.name}`;
  if (u.status === 'captured') return `captured ${u.profile.name}`;
  const marks = unitMarks(u);
  return marks.length ? `${marks.join(', ')} ${name}` : name;
}

/**
 * The markers of a unit on the map, in display order: broken, Disrupted, pinned, berserk, Fanatic,
 * wounded (heroic is part of the name). Never throws.
 */
export function unitMarks(u: UnitState): string[] {
  const marks: string[] = [];
  if (u.status === 'broken') marks.push('broken');
  if (u.disrupted) marks.push('Disrupted');
  if (u.pinned) marks.push('pinned');
  if (u.berserk) marks.push('berserk');
  if (u.fanatic) marks.push('Fanatic');
  if (u.wounded) marks.push('wounded');
  return marks;
}
