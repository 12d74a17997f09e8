/**
 * The face of a VASL ski counter (E4.2, E4.21): "Skis" up marks Skiers, units in ski mode ("Skiers are
 * identified by placing the possessed ski counter with the 'Skis' up", E4.2); "OFF Skis" up marks skis
 * merely carried ("When not in ski mode, skis are carried atop a unit with the 'OFF Skis' side up at a
 * cost of one PP", E4.21), which changes no odds. Quotes: eASLRB v3.14 as quoted by kehannan/ruleschat
 * app/asl/cc_resolver.py (medium-high).
 *
 * VASL draws the counter as the piece `Skis` (art `sh/skis.png`, the "Skis" face) with a two-level Layer
 * `Skis Off` whose level 2 overlays `sh/skis off.png` (the "OFF Skis" face); level 1 draws nothing. Read
 * from test/fixtures/vasl/Hazmo-52-After-Finn-4.vsav (VASL 6.6), where both faces occur.
 */
import type { Piece } from './pieces.js';

/** A ski counter's face up. */
export type SkiFace = 'Skis' | 'OFF Skis';

/**
 * The face a ski counter shows, or null when the piece is no ski counter.
 * @param p a piece of the save (pieces.ts)
 * @returns `'Skis'` (ski mode: Skiers, E4.2), `'OFF Skis'` (carried, E4.21), or null
 * Never throws. Cost: O(layers).
 * @example skiCounterFace(<the fixture's Skis piece with its `Skis Off` Layer at level 2>) // 'OFF Skis'
 */
export function skiCounterFace(p: Piece): SkiFace | null {
  if (p.name !== 'Skis' && !/(^|\/)skis\.png$/i.test(p.image)) return null;
  const off = p.layers.some((l) => /skis ?off/i.test(l.image));
  return off ? 'OFF Skis' : 'Skis';
}
