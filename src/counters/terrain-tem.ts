/**
 * Terrain Effects Modifiers (TEM) against Direct Fire, by the terrain of the target Location (ASL
 * chapter B Terrain Effects Chart), for the fire attack builder (`--terrain <name>`).
 *
 * Source: kehannan/ruleschat `app/asl/attack_resolver.py` TERRAIN_TEM (its values checked against
 * eASLRB v3.14 except those it marks VERIFY, here `low`). The one TEM table: the scenario model
 * (scenario/terrain.ts) reads its terrains' TEM here too. docs/rules-notes-fire.md "TEM" lists each
 * row. A pillbox's TEM is printed on its counter and a wall/hedge's applies only across its hexside:
 * give `--tem <n>` for those.
 */
import { inputError } from '../errors.js';
import type { Confidence } from './types.js';

/** One terrain of the table. */
export interface TerrainTEM {
  /** Name a player types, kebab-case: `stone-building`. */
  readonly name: string;
  /** TEM, integer in [0, 3]. */
  readonly tem: number;
  /** Open Ground for FFMO (A4.6): a unit moving there can be hit by FFMO. */
  readonly openGround: boolean;
  /** Negates FFMO although its TEM is 0 (brush, grain, orchard; A4.6). */
  readonly negatesFFMO: boolean;
  /** Rule of the Terrain Effects Chart. */
  readonly rule: string;
  readonly confidence: Confidence;
}

function row(name: string, tem: number, rule: string, confidence: Confidence, openGround = false, negatesFFMO = false): TerrainTEM {
  return Object.freeze({ name, tem, openGround, negatesFFMO, rule, confidence });
}

/** The terrains, Open Ground first. */
export const TERRAIN_TEMS: readonly TerrainTEM[] = Object.freeze([
  row('open-ground', 0, 'B0 TEC', 'high', true),
  row('road', 0, 'B3', 'medium', true),
  row('plowed-field', 0, 'B15.6', 'medium', true),
  row('brush', 0, 'B12.3', 'medium', false, true),
  row('grain', 0, 'B15.3', 'medium', false, true),
  row('orchard', 0, 'B14.3', 'medium', false, true),
  row('woods', 1, 'B13.3', 'high'),
  row('pine-woods', 1, 'B13.8', 'medium'),
  row('forest', 2, 'B13.7', 'medium'),
  row('shellholes', 1, 'B2.3', 'medium'),
  row('crags', 1, 'B17.3', 'medium'),
  row('olive-grove', 1, 'B14.8', 'medium'),
  row('cactus-patch', 1, 'B14.7', 'medium'),
  row('graveyard', 1, 'B18', 'low'),
  row('wooden-building', 2, 'B23.71', 'high'),
  row('wooden-rubble', 2, 'B24.3', 'medium'),
  row('stone-building', 3, 'B23.71', 'high'),
  row('stone-rubble', 3, 'B24.3', 'medium'),
  row('foxhole', 2, 'B27.3', 'medium'),
  row('trench', 2, 'B27.5', 'medium'),
]);

const ALIASES: Readonly<Record<string, string>> = { open: 'open-ground', building: 'wooden-building', wooden: 'wooden-building', stone: 'stone-building' };

/**
 * The terrain a player named.
 * @param name e.g. `stone-building`, `Stone Building`, `woods`, `open` (case and spaces ignored)
 * @throws AslOddsError `input.terrain` naming the terrains there are
 * @example terrainTEM('stone building').tem // 3
 */
export function terrainTEM(name: string): TerrainTEM {
  const key = name.trim().toLowerCase().replace(/[\s_]+/g, '-');
  const found = TERRAIN_TEMS.find((t) => t.name === (ALIASES[key] ?? key));
  if (!found) {
    throw inputError('input.terrain', `--terrain: unknown terrain '${name.trim()}'; allowed: ${TERRAIN_TEMS.map((t) => t.name).join(', ')} (or --tem <n>)`);
  }
  return found;
}
