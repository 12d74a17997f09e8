/**
 * A Location of a VASL game as the options of an odds question (`attack`, `plan`, `cc`, `mc`, `rally`),
 * in the calculators' own option names (commander's camelCase attributes), so that the CLI and the page
 * fill the same options from a board. Every function reads the Location through its model
 * (location.ts): one side at a time, never a concealed unit's name.
 * - attack: `--target` the target side's units (top of the stack first) with `--target-broken`,
 *   `--target-pinned`, `--target-fanatic`, `--target-berserk`, `--target-disrupted` positions and
 *   `--encircled`; from a firing Location (`--from`), every Good Order unit and MG there as `--firer`,
 *   the range (PBF, TPBF, Long Range, out of range, A7.21, A7.22), the directing leader (A7.53) and a
 *   Foxhole's TEM (B27.3).
 * - plan: the firers of several Locations, each with its own range.
 * - cc: each side's units with their pinned/broken/disrupted positions and CX (A4.51).
 * - mc / rally: the unit, its markers (broken, berserk, Fanatic, Disrupted, Encircled, DM for rally) and
 *   the Good Order leaders of its side with it in the Location (A10.7: the best lends his DRM; A10.6).
 * Board facts asl-odds does not read (terrain, levels, ELR) come back as notes for the player.
 */
import { getUnit } from '../counters/catalog.js';
import { getMachineGun } from '../counters/machine-guns.js';
import { underscoresOf } from '../counters/underscores.js';
import { CLASS_ORDER, type UnitClass, type UnitProfile } from '../counters/types.js';
import { inputError } from '../errors.js';
import { locationModel, sideWords, type LocationModel, type LocationSide } from './location.js';
import type { VaslLocation, VaslUnit } from './read-game.js';

/** Option values (camelCase, as the calculators read them) and notes for the player. */
export interface LocationOptions {
  readonly values: Record<string, unknown>;
  readonly notes: readonly string[];
}

/** The commands a Location can fill. */
export const VASL_COMMANDS = ['attack', 'cc', 'mc', 'rally', 'plan'] as const;
export type VaslCommand = (typeof VASL_COMMANDS)[number];

/** Refuses a Location whose units the catalog lacks (the odds would leave them out). */
function checkMapped(loc: VaslLocation, what: string, sides?: readonly string[]): void {
  const missing = loc.unmapped.filter((u) => u.reason.startsWith('not in the asl-odds catalog'));
  const relevant = sides === undefined ? missing : missing.filter((u) => u.side !== undefined && sides.includes(u.side));
  if (relevant.length > 0) {
    throw inputError('vasl.unmapped', `${loc.hex}: ${relevant.map((u) => `${u.name}: ${u.reason}`).join('; ')}; the odds would leave ${relevant.length > 1 ? 'them' : 'it'} out: ${what}`);
  }
}

const positionsOf = (units: readonly VaslUnit[], marker: string): string[] => units.filter((u) => u.markers.includes(marker as never)).map((u) => String(u.position));

/**
 * The note for a Location with a Commissar (A25.22): he is taken as a leader of his printed grade, with
 * the Commissar traits the rules apply (A19.12, A15.5, A19.11); his own A25.22 effects are left out.
 */
export const COMMISSAR_LEFT_OUT =
  "Commissar (A25.22): taken as a leader of his printed grade, never Disrupted (A19.12), berserk instead of surrendering (A15.5), ELR-immune (A19.11); his own rules (his effect on the MC and Rally of Russians with him) are not in asl-odds's rules texts and are left out";

function commissarNotes(loc: VaslLocation, units: readonly VaslUnit[] = loc.units): string[] {
  return units.some((u) => getUnit(u.id).traits.commissar === true) ? [`${loc.hex}: ${COMMISSAR_LEFT_OUT}`] : [];
}

/** Notes on markers whose effect is the player's to add. */
function markerNotes(loc: VaslLocation): string[] {
  const notes: string[] = [];
  if (loc.units.some((u) => u.markers.includes('foxhole'))) notes.push(`${loc.hex}: units in a Foxhole (B27): its TEM is not read from the save; add it to --drm`);
  // A concealed unit is never named (A12), not even in a note.
  const named = loc.units.filter((u) => !u.markers.includes('concealed'));
  for (const u of named) if (u.note) notes.push(`${loc.hex} unit ${u.position} (${u.id}): ${u.note}`);
  notes.push(...commissarNotes(loc, named));
  const left = loc.unmapped.filter((u) => !u.reason.startsWith('not in the asl-odds catalog'));
  if (left.length > 0) notes.push(`${loc.hex}: left out: ${left.map((u) => `${u.name} (${u.reason})`).join('; ')}`);
  return notes;
}

/** What the player typed that the board must not override, for `attack` and `plan` (all optional). */
export interface FireAsked {
  /** The total FP is given (`--fp`) or the IFT result (`--result`): the firers make only Cowering. */
  readonly fpGiven?: boolean;
  /** `--range`: the range the player takes instead of the map's. */
  readonly range?: number;
  /** `--leader` is given. */
  readonly leaderGiven?: boolean;
  /** `--terrain` or `--tem` is given. */
  readonly terrainGiven?: boolean;
  /** `--advancing-fire`: the AFPh, where units with Assault Fire use it (A7.36). */
  readonly advancingFire?: boolean;
}

/** A firing Location with its range to the target, as the CLI and the page compute it. */
export interface FiringLocation {
  readonly loc: VaslLocation;
  /** Range in hexes from it to the target Location (src/vasl/range.ts), integer >= 0. */
  readonly range: number;
}

/**
 * Assault Fire capability (A7.36) of a catalog row: only a counter whose FP is known to be underscored
 * (src/counters/underscores.ts); an unknown one is not given `:assault` (the player may add it).
 */
function canAssault(u: UnitProfile): boolean {
  return underscoresOf(u).assaultFire === true;
}

/** The one side of a target Location, or a refusal naming the rule. */
function targetSideOf(m: LocationModel, firing: string | undefined): LocationSide {
  if (m.melee && m.sides.length > 1) {
    throw inputError('vasl.location', `--at ${m.hex}: a Melee Location (${m.sides.map((s) => sideWords(s.side)).join(' and ')} units in CC); fire into it attacks the units of both sides, which asl-odds does not take as one stack: give the stack with --target`);
  }
  const side = m.sides[0];
  if (side === undefined) throw inputError('vasl.location', `--at ${m.hex}: no unit there that asl-odds can take as a target`);
  if (firing !== undefined && side.side === firing) throw inputError('vasl.location', `--at ${m.hex}: its units are ${sideWords(side.side)}, the firers' own side; fire at an enemy Location`);
  return side;
}

/** The firers of one Location at `range` as `--firer` values, with the SW, the leader and what is left out. */
function firersFrom(from: LocationModel, range: number, asked: FireAsked, notes: string[]): { side: LocationSide; firers: string[]; units: VaslUnit[]; leftOut: string[] } {
  const at = `--from ${from.hex}`;
  if (from.melee) {
    throw inputError('vasl.location', `${at}: its units are in Melee (${from.sides.map((s) => sideWords(s.side)).join(' and ')}); units in Melee do not fire out of it (A7.21)`);
  }
  const side = from.sides[0];
  if (side === undefined) throw inputError('vasl.location', `${at}: no unit there that can fire`);
  const leftOut: string[] = [];
  for (const u of side.broken) leftOut.push(`${u.id} (unit ${u.position}): broken, does not fire`);
  const mods = (u: VaslUnit, normalRange: number, assault: boolean): string => {
    let s = '';
    if (range === 0) s += ':tpbf';
    if (range === 1) s += ':pbf';
    if (u.markers.includes('pinned')) s += ':pinned';
    if (u.markers.includes('CX')) s += ':cx';
    if (u.markers.includes('encircled')) s += ':encircled';
    if (assault && asked.advancingFire && range <= normalRange) s += ':assault';
    return s;
  };
  const firers: string[] = [];
  const units: VaslUnit[] = [];
  for (const u of side.goodOrder) {
    const p = getUnit(u.id);
    if (range > 2 * p.range) {
      leftOut.push(`${u.id} (unit ${u.position}): out of range: range ${range}, Normal Range ${p.range}, at most ${2 * p.range} hexes (A7.22)`);
      continue;
    }
    firers.push(`${u.id}${mods(u, p.range, canAssault(p))}`);
    units.push(u);
  }
  for (const w of side.supportWeapons) {
    const holder = w.possessor === null ? '' : ` of ${w.possessor.id}`;
    if (w.mg === null) {
      leftOut.push(`${w.name}${holder}: ${w.leftOut}`);
      continue;
    }
    if (w.possessor !== null && getUnit(w.possessor.id).kind === 'leader') {
      leftOut.push(`${w.name}${holder}: held by a leader; asl-odds does not choose whether he fires it or directs: add ${w.mg.id} with --firer if he fires it`);
      continue;
    }
    if (range > 2 * w.mg.range) {
      leftOut.push(`${w.name}${holder}: out of range: range ${range}, Normal Range ${w.mg.range}, at most ${2 * w.mg.range} hexes (A7.22)`);
      continue;
    }
    firers.push(`${w.mg.id}${w.possessor === null ? '' : mods(w.possessor, w.mg.range, false)}`);
    notes.push(`${at}: ${w.name}${holder} fires as ${w.mg.id}: ${w.mg.fp} FP, Normal Range ${w.mg.range} (${w.mg.source}; confidence ${w.mg.confidence})`);
  }
  for (const w of from.unpossessed) leftOut.push(`${w.name}: ${w.possessorName ? `held by ${w.possessorName}, which asl-odds does not know` : 'not possessed (no unit under it in the stack): it must be Recovered first (A4.44)'}`);
  if (side.concealed > 0) leftOut.push(`${side.concealed === 1 ? 'a concealed unit' : `${side.concealed} concealed units`} (A12): not named; give ${side.concealed === 1 ? 'it' : 'them'} with --firer`);
  if (firers.length === 0) {
    throw inputError('vasl.location', `${at}: no unit there can fire at range ${range}${leftOut.length > 0 ? ` (${leftOut.join('; ')})` : ''}`);
  }
  return { side, firers, units, leftOut };
}

/** The range's PBF/TPBF note (A7.21, A7.211): what the save does not say. */
function rangeNote(from: string, at: string, range: number, given: boolean): string {
  const source = given ? 'as given (--range)' : 'computed from the map';
  const what = range === 0 ? ': TPBF (x3, A7.211)' : range === 1 ? ': PBF (x2, A7.21), taken as ADJACENT at the same level (asl-odds does not read levels or hexsides; a cliff or two levels between them rule it out: give --range to say otherwise)' : '';
  return `--from ${from} at ${at}: range ${range}, ${source}${what}`;
}

/**
 * The `attack` options from the target Location and, with `from`, the firing Location: the firers and
 * their SW, the range and what follows from it (PBF, TPBF, Long Range, out of range), the directing
 * leader, the Foxhole TEM of a target in one.
 * - Target: the units of the Location's one side that may be named (never a Melee Location's: fire into
 *   it attacks both sides), with their broken, pinned, Fanatic, berserk and Disrupted positions.
 * - Firers (`from`): the Good Order units of its one side within twice their Normal Range (A7.22), each
 *   with `:pbf`/`:tpbf` at range 1/0, `:pinned`, `:cx`, `:encircled`, `:assault` in the AFPh; each MG
 *   a Good Order unit possesses as its MG row; broken units and the SW asl-odds has no data for are left
 *   out, each with its reason; units in Melee do not fire (A7.21). The best Good Order leader directs
 *   (A7.53) unless `--leader` is given.
 * - With `--fp`/`--result` (`asked.fpGiven`) the firers set only the Cowering (`--firer-class`, the
 *   worst class, A7.9; `--firer-nationality`) and the leader.
 * @throws AslOddsError `vasl.unmapped` when a unit of the target Location is not in the catalog,
 *   `vasl.location` (a Melee Location, no unit to fire or none in range, firers and target of one side)
 */
export function attackOptionsFrom(target: VaslLocation, from?: FiringLocation, asked: FireAsked = {}): LocationOptions {
  const tm = locationModel(target);
  const fm = from === undefined ? undefined : locationModel(from.loc);
  if (fm?.melee) firersFrom(fm, from!.range, asked, []); // refuses first: units in Melee do not fire
  const side = targetSideOf(tm, fm?.sides[0]?.side);
  checkMapped(target, 'name the target stack with --target instead', [side.side]);
  if (side.units.length === 0) {
    throw inputError(
      'vasl.location',
      side.concealed > 0
        ? `--at ${target.hex}: a concealed stack (A12): asl-odds does not name the units under a "?"; fire at it is Area Fire (A7.23): give the units you assume with --target (and --area-fire)`
        : `--at ${target.hex}: no unit there that asl-odds can take as a target (${target.unmapped.map((u) => u.name).join(', ')})`,
    );
  }
  // Positions in --target: the side's units in stack order.
  const u = side.units.map((x, i) => ({ ...x, position: i + 1 }));
  const values: Record<string, unknown> = { target: u.map((x) => x.id) };
  for (const [option, marker] of [['targetBroken', 'broken'], ['targetPinned', 'pinned'], ['targetFanatic', 'fanatic'], ['targetBerserk', 'berserk'], ['targetDisrupted', 'disrupted']] as const) {
    const at = positionsOf(u, marker);
    if (at.length > 0) values[option] = at;
  }
  if (u.some((x) => x.markers.includes('encircled'))) values.encircled = true;
  const notes = markerNotes(target).filter((n) => !n.includes('concealed units (A12)') && !(from !== undefined && !asked.fpGiven && n.includes('Foxhole')));
  if (side.concealed > 0) notes.push(`--at ${target.hex}: ${side.concealed} concealed unit${side.concealed > 1 ? 's' : ''} (A12) not named and not in the target stack`);
  if (from === undefined || fm === undefined) return { values, notes };

  const range = asked.range ?? from.range;
  const fire = firersFrom(fm, range, asked, notes);
  const leftOut = fire.leftOut.map((l) => `--from ${fm.hex}: left out: ${l}`);
  notes.unshift(rangeNote(fm.hex, tm.hex, range, asked.range !== undefined));
  notes.push(...leftOut);
  const leader = fire.side.leaders[0];
  if (leader !== undefined && !asked.leaderGiven) {
    values.leader = leader.id;
    notes.push(`--from ${fm.hex}: ${leader.id} directs the fire (A7.53: the best Good Order leader there); --leader names another`);
  }
  const firingUnits = fire.units;
  if (firingUnits.length > 0 && firingUnits.every((x) => x.markers.includes('fanatic'))) values.firerFanatic = true;
  if (firingUnits.length > 0 && firingUnits.every((x) => x.markers.includes('berserk'))) values.firerBerserk = true;
  if (asked.fpGiven) {
    // The FP is the player's: the Location's firers give the Cowering (A7.9) and the leader.
    if (firingUnits.length > 0) {
      values.firerClass = firingUnits.map((x) => getUnit(x.id).unitClass).reduce((a, b) => (CLASS_ORDER.indexOf(b) > CLASS_ORDER.indexOf(a) ? b : a)) satisfies UnitClass;
      values.firerNationality = fire.side.side;
    }
    notes.push(`--from ${fm.hex}: the FP is given (--fp); its ${fire.firers.length} firer${fire.firers.length > 1 ? 's' : ''} (${fire.firers.join(', ')}) set only the Cowering (A7.9) and the leader`);
    return { values, notes };
  }
  values.firer = fire.firers;
  if (asked.range === undefined) values.range = range;
  const foxhole = u.every((x) => x.markers.includes('foxhole'));
  if (foxhole && !asked.terrainGiven) {
    values.terrain = 'foxhole';
    notes.push(`--at ${tm.hex}: every target unit is in a Foxhole (under its counter in the stack): its TEM replaces the hex's (B27.3)`);
  } else if (u.some((x) => x.markers.includes('foxhole')) && !asked.terrainGiven) {
    notes.push(`--at ${tm.hex}: some target units are in a Foxhole (B27.3) and some not: give the TEM with --terrain or --tem`);
  }
  if (!foxhole && !asked.terrainGiven) notes.push(`--at ${tm.hex}: the hex's terrain is not read from the save: give --terrain or --tem`);
  return { values, notes };
}

/**
 * The `plan` options from a target Location and several firing Locations: every Location's firers (as
 * {@link attackOptionsFrom} takes them, each at its own range) are the plan's firers, each with the
 * Long Range, PBF and TPBF of its own range; the range option is not set (each firer carries its own).
 * @throws as attackOptionsFrom; `vasl.location` when the firing Locations are of different sides
 */
export function planOptionsFrom(target: VaslLocation, froms: readonly FiringLocation[], asked: FireAsked = {}): LocationOptions {
  const firers: string[] = [];
  const notes: string[] = [];
  let values: Record<string, unknown> = {};
  let side: string | undefined;
  for (const from of froms) {
    const one = attackOptionsFrom(target, from, { ...asked, leaderGiven: asked.leaderGiven || values.leader !== undefined });
    const fromSide = locationModel(from.loc).sides[0]?.side;
    if (side !== undefined && fromSide !== side) throw inputError('vasl.location', `--from ${from.loc.hex}: its units are ${sideWords(fromSide ?? 'none')}, not ${sideWords(side)} as the other firing Locations'`);
    side = fromSide;
    const range = asked.range ?? from.range;
    // Long Range is each firer's own: written on it, the plan's --range left unset.
    for (const f of one.values.firer as string[]) {
      const id = f.split(':')[0];
      const normal = /\/(lmg|mmg|hmg)$/.test(id) ? getMachineGun(id).range : getUnit(id).range;
      firers.push(range > normal && !f.includes(':long-range') ? `${f}:long-range` : f);
    }
    const { firer: _f, range: _r, ...rest } = one.values;
    values = { ...rest, ...values };
    notes.push(...one.notes.filter((n) => !notes.includes(n)));
  }
  return { values: { ...values, firer: firers }, notes };
}

/**
 * The `cc` options: the two sides of a Melee or CC Location, each filled from its own side only. The
 * ATTACKER is `attackerSide` when given, else the side of the stack's top unit.
 * @param given the sides the player named (`--attacker`, `--defender`): the board fills only the others
 * @throws AslOddsError `vasl.location` (fewer than two sides; a side with concealed units, never named),
 *   `vasl.unmapped`
 */
export function ccOptionsFrom(loc: VaslLocation, attackerSide?: string, given: { attacker?: boolean; defender?: boolean } = {}): LocationOptions {
  const m = locationModel(loc);
  const sides = m.sides.map((s) => s.side);
  if (sides.length !== 2) throw inputError('vasl.location', `--at ${loc.hex}: Close Combat needs units of two sides in the Location; it holds ${sides.join(', ') || 'none'}`);
  let attacker = attackerSide?.trim().toLowerCase() ?? sides[0];
  if (!sides.includes(attacker)) throw inputError('vasl.location', `--attacker-side: ${loc.hex} holds ${sides.join(' and ')}; got '${attackerSide}'`);
  const defender = sides.find((s) => s !== attacker)!;
  const values: Record<string, unknown> = {};
  const skiNotes: string[] = [];
  const fill = (role: 'attacker' | 'defender', side: string) => {
    if (given[role]) return;
    checkMapped(loc, `name the ${role.toUpperCase()}'s units with --${role} instead`, [side]);
    const model = m.sides.find((x) => x.side === side)!;
    if (model.concealed > 0) throw inputError('vasl.location', `--at ${loc.hex}: the ${sideWords(side)} side has concealed units (A12), which asl-odds does not name: give them with --${role}`);
    const mine = model.units.map((u, i) => ({ ...u, position: i + 1 }));
    values[role] = mine.map((u) => u.id);
    for (const [suffix, marker] of [['Pinned', 'pinned'], ['Broken', 'broken'], ['Disrupted', 'disrupted']] as const) {
      const at = positionsOf(mine, marker);
      if (at.length > 0) values[`${role}${suffix}`] = at;
    }
    if (mine.every((u) => u.markers.includes('CX'))) values[`${role}Cx`] = true;
    if (mine.every((u) => u.markers.includes('concealed'))) values[`${role}Concealed`] = true; // the viewer's own, shown by --as (A11.19)
    if (mine.every((u) => u.markers.includes('skis'))) values[`${role}Skis`] = true; // ski counter "Skis" face up (E4.2, E4.5)
    else if (mine.some((u) => u.markers.includes('skis'))) skiNotes.push(`${loc.hex}: only some ${role.toUpperCase()} units are Skiers (E4.5 is per unit): taken as not on skis; add --${role}-skis if they attack together on skis`);
  };
  fill('attacker', attacker);
  fill('defender', defender);
  attacker = sideWords(attacker);
  const notes = [`${loc.hex}: ATTACKER ${attacker}, DEFENDER ${sideWords(defender)} (--attacker-side swaps them)`];
  for (const u of loc.units) if (u.note && !u.markers.includes('concealed')) notes.push(`${loc.hex} unit ${u.position} (${u.id}): ${u.note}`);
  notes.push(...skiNotes);
  notes.push(...commissarNotes(loc, loc.units.filter((u) => (u.side === attacker.toLowerCase() && !given.attacker) || (u.side === defender && !given.defender))));
  return { values, notes };
}

/**
 * The `mc` or `rally` options for unit `position` (from 1) of a Location (default: its only unit that
 * may be named); the Good Order leaders of the unit's own side with it lend their DRM (A10.7).
 * @throws AslOddsError `vasl.unit` (no such position; several units and none chosen; a concealed unit;
 *   rally of a unit that is not broken), `vasl.unmapped`
 */
export function unitOptionsFrom(command: 'mc' | 'rally', loc: VaslLocation, position: number | undefined): LocationOptions {
  const m = locationModel(loc);
  const named = m.sides.flatMap((s) => s.units).sort((a, b) => a.position - b.position);
  const concealed = m.sides.reduce((n, s) => n + s.concealed, 0);
  const list = named.map((u) => `${u.position} ${u.id}${u.markers.length ? ` (${u.markers.join(', ')})` : ''}`).join('; ') + (concealed > 0 ? `${named.length > 0 ? '; ' : ''}${concealed} concealed (not named)` : '');
  if (named.length === 0) {
    throw inputError('vasl.unit', `--at ${loc.hex}: ${concealed > 0 ? 'a concealed stack (A12): asl-odds does not name the units under a "?"' : `no unit there that asl-odds knows (${loc.unmapped.map((u) => `${u.name}: ${u.reason}`).join('; ')})`}`);
  }
  if (position === undefined && named.length > 1) throw inputError('vasl.unit', `--at ${loc.hex}: ${named.length} units there; choose one with --unit <n>: ${list}`);
  const unit = position === undefined ? named[0] : named.find((u) => u.position === position);
  if (unit === undefined) throw inputError('vasl.unit', `--unit ${position}: ${loc.hex} has units ${list}`);
  const mark = (k: string) => unit.markers.includes(k as never);
  if (command === 'rally' && !mark('broken')) throw inputError('vasl.unit', `--unit ${unit.position}: ${unit.id} in ${loc.hex} is not broken; only a broken unit rallies (A10.6)`);
  const values: Record<string, unknown> = { unit: unit.id };
  if (command === 'mc') {
    if (mark('broken')) values.broken = true;
    if (mark('berserk')) values.berserk = true;
  }
  if (command === 'rally' && mark('DM')) values.dm = true;
  if (mark('fanatic')) values.fanatic = true;
  if (mark('disrupted')) values.disrupted = true;
  if (mark('encircled')) values.encircled = true;
  // Only his own side's leaders: never an enemy's in a Melee Location (A10.7).
  const own = m.sides.find((s) => s.side === unit.side)!;
  const leaders = own.leaders.filter((u) => u !== unit);
  if (leaders.length > 0) values.leader = leaders.map((u) => u.id);
  const notes = [...markerNotes(loc).filter((n) => !n.includes('left out') && !n.includes('Foxhole') && !n.includes('concealed units (A12)'))];
  if (m.melee) notes.push(`${loc.hex}: a Melee Location: only ${sideWords(unit.side)} leaders there lend their DRM`);
  if (command === 'rally') notes.push(`${loc.hex}: rally terrain is not read from the save; give --terrain`);
  return { values, notes };
}
