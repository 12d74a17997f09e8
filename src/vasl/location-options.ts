/**
 * A Location of a VASL game as the options of an odds question (`attack`, `cc`, `mc`, `rally`), in the
 * calculators' own option names (commander's camelCase attributes), so that the CLI and the page fill
 * the same options from a board:
 * - attack: `--target` the Location's units (top of the stack first) with `--target-broken`,
 *   `--target-pinned`, `--target-fanatic`, `--target-berserk`, `--target-disrupted` positions and
 *   `--encircled`; from a firing Location (`--from`), `--firer` (one unit; a Fire Group: its first unit
 *   with `--firer-class` the worst class of its Good Order units, A7.9).
 * - cc: each side's units with their pinned/broken/disrupted positions, CX and concealment when every
 *   unit of the side is so marked (A4.51, A11.19).
 * - mc / rally: the unit, its markers (broken, berserk, Fanatic, Disrupted, Encircled, DM for rally) and
 *   the Good Order leaders with it in the Location (A10.7: the best lends his DRM; A10.6 rally).
 * Board facts asl-odds does not read (terrain, Foxhole TEM, ELR) come back as notes for the player.
 */
import { getUnit } from '../counters/catalog.js';
import { CLASS_ORDER, type UnitClass } from '../counters/types.js';
import { inputError } from '../errors.js';
import type { VaslLocation, VaslUnit } from './read-game.js';

/** Option values (camelCase, as the calculators read them) and notes for the player. */
export interface LocationOptions {
  readonly values: Record<string, unknown>;
  readonly notes: readonly string[];
}

/** The commands a Location can fill. */
export const VASL_COMMANDS = ['attack', 'cc', 'mc', 'rally'] as const;
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
  if (loc.units.some((u) => u.markers.includes('concealed'))) notes.push(`${loc.hex}: concealed units (A12): the save's concealment is not applied; add its effect yourself`);
  for (const u of loc.units) if (u.note) notes.push(`${loc.hex} unit ${u.position} (${u.id}): ${u.note}`);
  notes.push(...commissarNotes(loc));
  const left = loc.unmapped.filter((u) => !u.reason.startsWith('not in the asl-odds catalog'));
  if (left.length > 0) notes.push(`${loc.hex}: left out: ${left.map((u) => `${u.name} (${u.reason})`).join('; ')}`);
  return notes;
}

/**
 * The `attack` options from the target Location (and a firing Location).
 * @throws AslOddsError `vasl.unmapped` when a unit of the target Location is not in the catalog,
 *   `vasl.location` when a Location has no unit the odds can take
 */
export function attackOptionsFrom(target: VaslLocation, from?: VaslLocation): LocationOptions {
  checkMapped(target, 'name the target stack with --target instead');
  if (target.units.length === 0) throw inputError('vasl.location', `--at ${target.hex}: no unit there that asl-odds can take as a target (${target.unmapped.map((u) => u.name).join(', ')})`);
  const u = target.units;
  const values: Record<string, unknown> = { target: u.map((x) => x.id) };
  for (const [option, marker] of [['targetBroken', 'broken'], ['targetPinned', 'pinned'], ['targetFanatic', 'fanatic'], ['targetBerserk', 'berserk'], ['targetDisrupted', 'disrupted']] as const) {
    const at = positionsOf(u, marker);
    if (at.length > 0) values[option] = at;
  }
  if (u.some((x) => x.markers.includes('encircled'))) values.encircled = true;
  const notes = markerNotes(target);
  if (from !== undefined) {
    checkMapped(from, 'name the firer with --firer instead');
    const firers = from.units.filter((x) => !x.markers.includes('broken') && getUnit(x.id).kind !== 'leader');
    if (firers.length === 0) throw inputError('vasl.location', `--from ${from.hex}: no Good Order unit there that can fire`);
    // `--firer` is repeatable (an array); with `--fp` it names one firer, for Cowering (A7.9).
    values.firer = [firers[0].id];
    if (firers.length > 1) {
      const worst = firers.map((x) => getUnit(x.id).unitClass).reduce((a, b) => (CLASS_ORDER.indexOf(b) > CLASS_ORDER.indexOf(a) ? b : a));
      values.firerClass = worst satisfies UnitClass;
      notes.push(`--from ${from.hex}: a Fire Group of ${firers.length} units; Cowering by its worst class, ${worst} (A7.9)`);
    }
    const leaders = from.units.filter((x) => !x.markers.includes('broken') && getUnit(x.id).kind === 'leader');
    if (leaders.length > 0) notes.push(`--from ${from.hex}: ${leaders.map((x) => x.id).join(', ')} may direct the fire: add --leader`);
    if (from.units.some((x) => x.markers.includes('fanatic'))) values.firerFanatic = true;
    if (from.units.some((x) => x.markers.includes('berserk'))) values.firerBerserk = true;
  }
  return { values, notes };
}

/**
 * The `cc` options: the two sides of a Melee or CC Location. The ATTACKER is `attackerSide` when given,
 * else the side of the stack's top unit.
 * @param given the sides the player named (`--attacker`, `--defender`): the board fills only the others
 * @throws AslOddsError `vasl.location` (fewer than two sides), `vasl.unmapped`
 */
export function ccOptionsFrom(loc: VaslLocation, attackerSide?: string, given: { attacker?: boolean; defender?: boolean } = {}): LocationOptions {
  const sides = [...new Set([...loc.units.map((u) => u.side), ...loc.unmapped.filter((u) => u.reason.startsWith('not in')).map((u) => u.side!)])];
  if (sides.length !== 2) throw inputError('vasl.location', `--at ${loc.hex}: Close Combat needs units of two sides in the Location; it holds ${sides.join(', ') || 'none'}`);
  let attacker = attackerSide?.trim().toLowerCase() ?? sides[0];
  if (!sides.includes(attacker)) throw inputError('vasl.location', `--attacker-side: ${loc.hex} holds ${sides.join(' and ')}; got '${attackerSide}'`);
  const defender = sides.find((s) => s !== attacker)!;
  const values: Record<string, unknown> = {};
  const skiNotes: string[] = [];
  const fill = (role: 'attacker' | 'defender', side: string) => {
    if (given[role]) return;
    checkMapped(loc, `name the ${role.toUpperCase()}'s units with --${role} instead`, [side]);
    const mine = loc.units.filter((u) => u.side === side).map((u, i) => ({ ...u, position: i + 1 }));
    values[role] = mine.map((u) => u.id);
    for (const [suffix, marker] of [['Pinned', 'pinned'], ['Broken', 'broken'], ['Disrupted', 'disrupted']] as const) {
      const at = positionsOf(mine, marker);
      if (at.length > 0) values[`${role}${suffix}`] = at;
    }
    if (mine.every((u) => u.markers.includes('CX'))) values[`${role}Cx`] = true;
    if (mine.every((u) => u.markers.includes('concealed'))) values[`${role}Concealed`] = true;
    if (mine.every((u) => u.markers.includes('skis'))) values[`${role}Skis`] = true; // ski counter "Skis" face up (E4.2, E4.5)
    else if (mine.some((u) => u.markers.includes('skis'))) skiNotes.push(`${loc.hex}: only some ${role.toUpperCase()} units are Skiers (E4.5 is per unit): taken as not on skis; add --${role}-skis if they attack together on skis`);
  };
  fill('attacker', attacker);
  fill('defender', defender);
  attacker = attacker.charAt(0).toUpperCase() + attacker.slice(1);
  const notes = [`${loc.hex}: ATTACKER ${attacker}, DEFENDER ${defender.charAt(0).toUpperCase() + defender.slice(1)} (--attacker-side swaps them)`];
  for (const u of loc.units) if (u.note) notes.push(`${loc.hex} unit ${u.position} (${u.id}): ${u.note}`);
  notes.push(...skiNotes);
  notes.push(...commissarNotes(loc, loc.units.filter((u) => (u.side === attacker.toLowerCase() && !given.attacker) || (u.side === defender && !given.defender))));
  return { values, notes };
}

/**
 * The `mc` or `rally` options for unit `position` (from 1) of a Location (default: its only unit).
 * @throws AslOddsError `vasl.unit` (no such position; several units and none chosen; rally of a unit
 *   that is not broken; a leader picked for rally's unit is fine), `vasl.unmapped`
 */
export function unitOptionsFrom(command: 'mc' | 'rally', loc: VaslLocation, position: number | undefined): LocationOptions {
  const list = loc.units.map((u) => `${u.position} ${u.id}${u.markers.length ? ` (${u.markers.join(', ')})` : ''}`).join('; ');
  if (loc.units.length === 0) throw inputError('vasl.unit', `--at ${loc.hex}: no unit there that asl-odds knows (${loc.unmapped.map((u) => `${u.name}: ${u.reason}`).join('; ')})`);
  if (position === undefined && loc.units.length > 1) throw inputError('vasl.unit', `--at ${loc.hex}: ${loc.units.length} units there; choose one with --unit <n>: ${list}`);
  const unit = loc.units[(position ?? 1) - 1];
  if (unit === undefined) throw inputError('vasl.unit', `--unit ${position}: ${loc.hex} has units 1..${loc.units.length}: ${list}`);
  const m = (k: string) => unit.markers.includes(k as never);
  if (command === 'rally' && !m('broken')) throw inputError('vasl.unit', `--unit ${unit.position}: ${unit.id} in ${loc.hex} is not broken; only a broken unit rallies (A10.6)`);
  const values: Record<string, unknown> = { unit: unit.id };
  if (command === 'mc') {
    if (m('broken')) values.broken = true;
    if (m('berserk')) values.berserk = true;
  }
  if (command === 'rally' && m('DM')) values.dm = true;
  if (m('fanatic')) values.fanatic = true;
  if (m('disrupted')) values.disrupted = true;
  if (m('encircled')) values.encircled = true;
  const leaders = loc.units.filter((u) => u !== unit && !u.markers.includes('broken') && getUnit(u.id).kind === 'leader');
  if (leaders.length > 0) values.leader = leaders.map((u) => u.id);
  const notes = [...markerNotes(loc).filter((n) => !n.includes('left out') && !n.includes('Foxhole'))];
  if (command === 'rally') notes.push(`${loc.hex}: rally terrain is not read from the save; give --terrain`);
  return { values, notes };
}
