/**
 * One TEM table (chapter B Terrain Effects Chart, counters/terrain-tem.ts): the scenario model's
 * terrains read their TEM from it, so a scenario's stack in a stone building is fired on at the TEM the
 * fire attack builder's `--terrain stone-building` gives.
 */
import { describe, expect, it } from 'vitest';
import { terrainTEM } from '../../src/counters/terrain-tem.js';
import { PILLBOX_TEM, TERRAIN_TEM } from '../../src/scenario/terrain.js';
import { SCENARIO_TERRAIN } from '../../src/scenario/types.js';

describe('scenario terrain TEM', () => {
  it.each([
    ['open', 'open-ground', 0, 'B0 TEC'],
    ['woods', 'woods', 1, 'B13.3'],
    ['building', 'wooden-building', 2, 'B23.71'],
    ['stone-building', 'stone-building', 3, 'B23.71'],
    ['trench', 'trench', 2, 'B27.5'],
  ] as const)('%s: the TEC row %s, TEM %i (%s)', (terrain, row, tem, rule) => {
    expect(TERRAIN_TEM[terrain]).toBe(tem);
    expect(terrainTEM(row)).toMatchObject({ tem, rule });
  });
  it('a pillbox (its TEM printed on the counter, +3 to +5, B30.3): the model takes +4', () => {
    expect(PILLBOX_TEM).toBe(4);
    expect(TERRAIN_TEM.pillbox).toBe(4);
    expect(() => terrainTEM('pillbox')).toThrow(/unknown terrain 'pillbox'/);
  });
  it('every terrain a scenario file may name has a TEM', () => {
    expect(Object.keys(TERRAIN_TEM).sort()).toEqual([...SCENARIO_TERRAIN].sort());
  });
});
