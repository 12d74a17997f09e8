/**
 * Terrain effects the scenario turn model uses, as data.
 *
 * IFT TEM (Terrain Effects Modifier) added to attacks on a Location: open 0, woods +1, wooden building
 * +2, stone building +3, pillbox +4, trench +2 (ASL chapter B Terrain Effects Chart: woods B13.3,
 * buildings B23.3, entrenchments B27.1, pillboxes B30.3 where the printed TEM is +3 to +5; medium
 * confidence: the B rules are not among the project's rules texts). An attack on a unit moving in Open
 * Ground during its own Player Turn gets FFMO -1 (A4.6).
 * Rally terrain DRM (A10.61): -1 in a building, pillbox, trench or woods.
 */
import type { RallyTerrain } from '../rules/rally.js';
import type { ScenarioTerrain } from './types.js';

/** IFT TEM by terrain. */
export const TERRAIN_TEM: Readonly<Record<ScenarioTerrain, number>> = Object.freeze({
  open: 0,
  woods: 1,
  building: 2,
  'stone-building': 3,
  pillbox: 4,
  trench: 2,
});

/** FFMO DRM (A4.6) for attacks on units in Open Ground during their own Player Turn (they move). */
export const FFMO_DRM = -1;

/** The Rally terrain (A10.61) of a scenario terrain. */
export function rallyTerrainOf(t: ScenarioTerrain): RallyTerrain {
  if (t === 'open') return 'open';
  if (t === 'stone-building') return 'building';
  return t;
}
