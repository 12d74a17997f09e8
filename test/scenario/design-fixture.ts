import type { Scenario, SideSpec } from '../../src/scenario/types.js';

/**
 * A scenario even by construction at `sides.a.fire.drm = 0`: two identical sides, each a small Fire
 * Group (one 4-6-7 with 8 FP) and a large stack that cannot fire (ten 4-6-7 with FP 0), all in woods
 * (no FFMO, no rout). Each side's fire always goes at the enemy's large stack (it has the most Good
 * Order squads), so what happens to each large stack depends only on the enemy's Fire Group: two
 * independent, identically distributed processes when the fire DRMs are equal. A side wins when the
 * enemy has at most `threshold` Good Order squads at the end; both or neither: no winner.
 */
export function evenByConstruction(threshold = 4, turns = 2): Scenario {
  const side = (id: string): SideSpec => ({
    id,
    name: id,
    nationality: 'german',
    elr: 3,
    battlefieldIntegrity: false,
    stacks: [
      { name: 'fire-group', terrain: 'woods', units: [{ id: 'german/4-6-7', count: 1, overrides: { fp: 8 }, fanatic: false }] },
      { name: 'mass', terrain: 'woods', units: [{ id: 'german/4-6-7', count: 10, overrides: { fp: 0 }, fanatic: false }] },
    ],
    reinforcements: [],
    support: [],
    fire: { drm: 0, longRange: false, leaderDirects: true, activity: 1 },
    rout: { path: 'clear', endAdjacent: false },
    victory: { combine: 'any', conditions: [{ kind: 'enemyGoodOrderSquadsAtMost', atMost: threshold }] },
  });
  return { title: 'even by construction', rules: '2nd-edition', settings: {}, turns, movesFirst: 'a', description: '', sides: [side('a'), side('b')] };
}
