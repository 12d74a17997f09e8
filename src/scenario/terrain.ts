/**
 * Terrain effects the scenario turn model uses, as data.
 *
 * IFT TEM (Terrain Effects Modifier) added to attacks on a Location: read from the one TEM table,
 * counters/terrain-tem.ts (its rows' rules, sources and confidence: open ground 0 B0 TEC, woods +1
 * B13.3, wooden building +2 and stone building +3 B23.71, trench +2 B27.5), which the fire attack
 * builder reads too. A pillbox is not a row there (its TEM is printed on its counter, +3 to +5, B30.3):
 * the scenario model takes {@link PILLBOX_TEM}. An attack on a unit moving in Open Ground during its own
 * Player Turn gets FFMO -1 (A4.6).
 * Rally terrain DRM (A10.61): -1 in a building, pillbox, trench or woods.
 */
import { terrainTEM } from '../counters/terrain-tem.js';
import type { RallyTerrain } from '../rules/rally.js';
import type { ScenarioTerrain } from './types.js';

/**
 * The pillbox TEM of the scenario model: +4, the middle of the +3 to +5 printed on pillbox counters
 * (B30.3; medium confidence: a scenario file names no particular pillbox). A modelling choice.
 */
export const PILLBOX_TEM = 4;

/**
 * IFT TEM by terrain, integer in [0, 4]: open 0, woods 1, building 2, stone-building 3, pillbox 4,
 * trench 2; each (but the pillbox) the row of counters/terrain-tem.ts named here.
 */
export const TERRAIN_TEM: Readonly<Record<ScenarioTerrain, number>> = Object.freeze({
  open: terrainTEM('open-ground').tem,
  woods: terrainTEM('woods').tem,
  building: terrainTEM('wooden-building').tem,
  'stone-building': terrainTEM('stone-building').tem,
  pillbox: PILLBOX_TEM,
  trench: terrainTEM('trench').tem,
});

/** FFMO DRM (A4.6) for attacks on units in Open Ground during their own Player Turn (they move). */
export const FFMO_DRM = -1;

/** The Rally terrain (A10.61) of a scenario terrain. */
export function rallyTerrainOf(t: ScenarioTerrain): RallyTerrain {
  if (t === 'open') return 'open';
  if (t === 'stone-building') return 'building';
  return t;
}
