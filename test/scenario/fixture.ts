import type { Scenario, SideSpec, StackSpec, UnitLine } from '../../src/scenario/types.js';

const line = (id: string, count = 1): UnitLine => ({ id, count, overrides: {}, fanatic: false });
const stack = (name: string, terrain: StackSpec['terrain'], units: UnitLine[]): StackSpec => ({ name, terrain, units });

/** A German attack on Russians in buildings: 12 squads and 3 leaders a side, 6 turns. */
export function cityFight(over: { germanELR?: number; russianELR?: number; bi?: boolean; turns?: number } = {}): Scenario {
  const side = (s: Partial<SideSpec> & Pick<SideSpec, 'id' | 'nationality' | 'stacks'>): SideSpec => ({
    name: s.id,
    elr: 3,
    battlefieldIntegrity: over.bi ?? true,
    reinforcements: [],
    support: [],
    fire: { drm: 0, longRange: false, leaderDirects: true, activity: 1 },
    rout: { path: 'open,clear', endAdjacent: false },
    victory: null,
    ...s,
  });
  return {
    title: 'test city fight',
    rules: '2nd-edition',
    settings: {},
    turns: over.turns ?? 6,
    movesFirst: 'german',
    description: '',
    sides: [
      side({
        id: 'german',
        nationality: 'german',
        elr: over.germanELR ?? 3,
        stacks: [
          stack('a', 'open', [line('german/4-6-7', 3), line('german/9-1')]),
          stack('b', 'open', [line('german/4-6-7', 3), line('german/8-1')]),
          stack('c', 'woods', [line('german/4-6-8', 2), line('german/4-4-7', 2), line('german/8-0')]),
          stack('d', 'woods', [line('german/4-4-7', 2)]),
        ],
        victory: { combine: 'any', conditions: [{ kind: 'casualtyBPVInflicted', atLeast: 40 }, { kind: 'enemyGoodOrderSquadsAtMost', atMost: 3 }] },
      }),
      side({
        id: 'russian',
        nationality: 'russian',
        elr: over.russianELR ?? 3,
        rout: { path: 'clear', endAdjacent: false },
        stacks: [
          stack('x', 'stone-building', [line('russian/4-4-7', 3), line('russian/9-1')]),
          stack('y', 'building', [line('russian/4-4-7', 3), line('russian/8-0')]),
          stack('z', 'building', [line('russian/4-2-6', 4), line('russian/7-0')]),
          stack('w', 'open', [line('russian/4-4-7', 2)]),
        ],
      }),
    ],
  };
}
