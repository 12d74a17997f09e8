/**
 * What a Location of a VASL save is, decided once: its sides, each with its units (Good Order or broken,
 * its leaders), the Support Weapons its units possess with the data asl-odds has for them, and what it
 * hides (a concealed stack); whether it is a Melee. Every command that reads a Location (`attack`,
 * `plan`, `cc`, `mc`, `rally`, `scenario --from-vasl`) and the page read this model, never the reader's
 * raw pieces.
 *
 *   VaslLocation (read-game.ts: units, SW with their possessor, pieces not mapped)
 *     -> sides (a unit's side is its counter's nationality; a SW's is its possessor's)
 *     -> per side: concealed units taken out (never named), Good Order units, Good Order leaders,
 *        SW with MG data (counters/machine-guns.ts) or the reason they are left out
 *     -> Melee: two sides in the Location, or a Melee/CC counter (A11.7)
 *
 * Fair play: a unit under a "?" (A12) is never named here; the side shows "a concealed stack" instead
 * (the reader decides, by whose eyes it reads a save, which concealed units are the viewer's own and
 * passes them with `reveal`).
 */
import { getUnit } from '../counters/catalog.js';
import { getMachineGun, type MachineGunProfile } from '../counters/machine-guns.js';
import { parseNationality } from '../counters/nationalities.js';
import type { UnitProfile } from '../counters/types.js';
import type { VaslLocation, VaslSupportWeapon, VaslUnit, VaslUnmapped } from './read-game.js';

/** A SW of a side: the MG asl-odds fires it as, or why it is left out. */
export interface LocationSW {
  /** The counter's name: `LMG (r)`. */
  readonly name: string;
  /** The unit possessing it (a unit of this side), or null (unpossessed, or held by a unit the catalog lacks). */
  readonly possessor: VaslUnit | null;
  /** The MG row it fires as (FP, Normal Range, source), when it can fire in this attack. */
  readonly mg: MachineGunProfile | null;
  /** Why it does not fire, in players' words with the rule; absent when `mg` is set. */
  readonly leftOut?: string;
}

/** One side of a Location. */
export interface LocationSide {
  /** Lower case, as the catalog's nationality: `finnish`. */
  readonly side: string;
  /** Its units that may be named, top of the stack first (positions as in the Location). */
  readonly units: readonly VaslUnit[];
  /** Its units not broken, leaders excluded. */
  readonly goodOrder: readonly VaslUnit[];
  /** Its Good Order leaders, best first (A7.53: the best one directs; A10.7). */
  readonly leaders: readonly VaslUnit[];
  /** Its broken units. */
  readonly broken: readonly VaslUnit[];
  /** SW its units possess. */
  readonly supportWeapons: readonly LocationSW[];
  /** Pieces of the side the catalog lacks (Guns, vehicles, counters asl-odds does not know). */
  readonly unknown: readonly VaslUnmapped[];
  /** Its concealed units, never named: how many there are (the reader may replace it by the "?" count). */
  readonly concealed: number;
}

/** A Location as the commands read it. */
export interface LocationModel {
  readonly hex: string;
  /** Its sides in stack order (the side of the top unit first). */
  readonly sides: readonly LocationSide[];
  /** Two sides in one Location, or a Melee/CC counter on it (A11.7). */
  readonly melee: boolean;
  /** SW no unit possesses (to be Recovered, A4.44). */
  readonly unpossessed: readonly VaslSupportWeapon[];
  /** Pieces of no side (markers, Snipers), with the reason. */
  readonly leftOut: readonly VaslUnmapped[];
  /** The reader's Location, for what the model does not restate (markers of units). */
  readonly raw: VaslLocation;
}

/** Options of {@link locationModel}. */
export interface LocationModelOptions {
  /**
   * True for a concealed unit its viewer may see (his own, A12): named like any other. Default: every
   * unit the reader gives (readVaslGame leaves out what its viewer may not see: fair-play.ts).
   */
  readonly reveal?: (u: VaslUnit) => boolean;
}

/** ASL's maker suffixes on SW counters (`LMG (r)`: a Russian-made LMG in another army's counter mix). */
const MAKERS: Readonly<Record<string, string>> = { r: 'russian', g: 'german', a: 'american', b: 'british', i: 'italian', j: 'japanese', f: 'french' };

/** Best leader first: the lowest (most negative) leadership DRM, then the highest ML (A7.53). */
function leaderOrder(a: VaslUnit, b: VaslUnit): number {
  const x = getUnit(a.id);
  const y = getUnit(b.id);
  return x.leadershipDRM - y.leadershipDRM || y.ml - x.ml;
}

/**
 * The MG a SW fires as, or why it is left out.
 * Source of the "(r)" reading: kehannan/ruleschat attack_resolver.py (VERIFY V9: a Finnish "LMG (r)" is
 * a Russian-model weapon of the Finnish order of battle, not captured; medium).
 */
function swOf(w: VaslSupportWeapon, side: string, possessor: VaslUnit | null): LocationSW {
  const base = { name: w.name, possessor };
  const left = (leftOut: string): LocationSW => ({ ...base, mg: null, leftOut });
  if (possessor === null) return left(w.possessorName ? `held by ${w.possessorName}, which asl-odds does not know` : 'not possessed (no unit under it in the stack): it must be Recovered first (A4.44)');
  if (possessor.markers.includes('broken')) return left(`held by a broken unit (${possessor.id}): broken units do not fire`);
  const art = w.artSide;
  if (art !== undefined && art !== side) return left(`a ${art} counter held by a ${side} unit: captured use (A21.11) is not in asl-odds's rules`);
  const m = /^(LMG|MMG|HMG)(?:\s*\(([a-z])\))?$/i.exec(w.name.trim());
  if (!m) {
    if (/^DC$/i.test(w.name)) return left('a Demolition Charge is placed or thrown as its own attack, never part of a Fire Group (A23)');
    if (/MTR$/i.test(w.name)) return left('a mortar fires on the To Hit process (ordnance, C3), not as FP on the IFT');
    return left('asl-odds has no data for this SW (its FP and range are not in our tables); add its attack with --firer or --fp');
  }
  const maker = m[2] !== undefined ? MAKERS[m[2].toLowerCase()] : (art ?? side);
  try {
    const nat = parseNationality(maker ?? '');
    return { ...base, mg: getMachineGun(`${nat}/${m[1].toLowerCase()}`) };
  } catch {
    return left(`asl-odds's MG table has no ${maker ?? 'unknown'} ${m[1]}`);
  }
}

/**
 * The model of a Location.
 * @param loc a Location read by readVaslGame
 * @returns its sides (never mixed), Melee, unpossessed SW and pieces of no side. Never throws (every
 *   unit of `loc` is a catalog row, as read-game.ts guarantees).
 * @example locationModel(<57-G9 of the Hazmo save>).sides.map((s) => s.side) // ['finnish', 'russian']
 */
export function locationModel(loc: VaslLocation, options: LocationModelOptions = {}): LocationModel {
  const order: string[] = [];
  const see = (s: string | undefined) => {
    if (s !== undefined && !order.includes(s)) order.push(s);
  };
  for (const u of loc.units) see(u.side);
  for (const u of loc.unmapped) see(u.side);
  const hidden = (u: VaslUnit) => u.markers.includes('concealed') && !(options.reveal?.(u) ?? true);
  const sides = order.map((side): LocationSide => {
    const all = loc.units.filter((u) => u.side === side);
    const units = all.filter((u) => !hidden(u));
    const profile = (u: VaslUnit): UnitProfile => getUnit(u.id);
    const broken = units.filter((u) => u.markers.includes('broken'));
    const goodOrder = units.filter((u) => !u.markers.includes('broken') && profile(u).kind !== 'leader');
    const leaders = units.filter((u) => !u.markers.includes('broken') && profile(u).kind === 'leader').sort(leaderOrder);
    const supportWeapons = loc.supportWeapons
      .filter((w) => {
        const p = w.possessor === null ? undefined : loc.units[w.possessor - 1];
        return p !== undefined ? p.side === side && !hidden(p) : false;
      })
      .map((w) => swOf(w, side, loc.units[(w.possessor as number) - 1]));
    return { side, units, goodOrder, leaders, broken, supportWeapons, unknown: loc.unmapped.filter((u) => u.side === side), concealed: all.length - units.length };
  });
  const unpossessed = loc.supportWeapons.filter((w) => w.possessor === null);
  const melee = sides.length > 1 || loc.units.some((u) => u.markers.includes('melee'));
  return { hex: loc.hex, sides, melee, unpossessed, leftOut: loc.unmapped.filter((u) => u.side === undefined), raw: loc };
}

/** A side's name as players write it: `Finnish`. Never throws. */
export function sideWords(side: string): string {
  return side.charAt(0).toUpperCase() + side.slice(1);
}
