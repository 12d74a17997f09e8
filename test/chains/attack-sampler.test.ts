/**
 * sampleAttack (chains/attack-sampler.ts) against the attack chain it replaces: for seeded random
 * Locations, attacks and contexts, the same final units in the same positions and the same dice drawn
 * (the stream left in the same state) as sampleChain(buildAttackChain(...)).
 */
import { describe, expect, it } from 'vitest';
import { buildAttackChain, type AttackChainState, type CompiledAttack } from '../../src/chains/attack-chain.js';
import type { ChainModel } from '../../src/engine/chain.js';
import type { Int32Source } from '../../src/dice/streams.js';
import { getUnit } from '../../src/counters/catalog.js';
import type { Nationality, UnitProfile } from '../../src/counters/types.js';
import { streamFor } from '../../src/dice/streams.js';
import { sampleChain } from '../../src/engine/sample.js';
import { defaultContext, type MoraleContext } from '../../src/rules/context.js';
import { iftColumnOf, parseIFTResult } from '../../src/rules/infantry-fire-table.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { initialUnitState, unitStateKey, type UnitState } from '../../src/rules/unit-state.js';
import { CLASS_ORDER } from '../../src/counters/types.js';
import { coweringShift } from '../../src/rules/cowering.js';
import { base36Order, sampleAttack, sampleAttackCodes, sampleAttacks } from '../../src/chains/attack-sampler.js';
import { FireAttacks } from '../../src/scenario/fire-attacks.js';
import { UNIT_CODES } from '../../src/chains/unit-codes.js';

/** mulberry32: the case generator's own seeded stream. */
function caseRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IDS: Record<string, { squads: string[]; hs: string[] }> = {
  german: { squads: ['4-6-8', '5-4-8', '6-5-8', '4-6-7', '4-4-7', '4-3-6'], hs: ['2-4-8', '2-3-8', '2-4-7', '2-3-7', '2-3-6'] },
  russian: { squads: ['6-2-8', '4-5-8', '4-4-7', '4-2-6'], hs: ['3-2-8', '2-4-8', '2-3-7', '2-2-6'] },
};
const LEADERS = ['6+1', '7-0', '8-0', '8-1', '9-1', '9-2', '10-2', '10-3'];
const FIXED = ['1KIA', 'K/1', '2MC', 'PTC', 'NMC'];

interface Case {
  targets: UnitState[];
  attack: CompiledAttack;
  ctx: MoraleContext;
  text: string;
}

function makeCase(r: () => number, maxUnits = 5): Case {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const nat: Nationality = r() < 0.5 ? 'german' : 'russian';
  const profileOf = (): UnitProfile => {
    const x = r();
    const id = x < 0.45 ? pick(IDS[nat].squads) : x < 0.6 ? pick(IDS[nat].hs) : x < 0.92 ? pick(LEADERS) : 'hero';
    return getUnit(`${nat}/${id}`);
  };
  const stateOf = (p: UnitProfile): UnitState => {
    const smc = p.kind === 'leader' || p.kind === 'hero';
    const berserk = r() < 0.1;
    const broken = !berserk && p.kind !== 'hero' && r() < 0.25;
    const pinned = !berserk && !broken && r() < 0.2;
    const fanatic = r() < 0.1;
    const wounded = smc && r() < 0.15;
    return initialUnitState(p, { broken, pinned, berserk, fanatic, wounded });
  };
  const n = 1 + Math.floor(r() * maxUnits);
  const targets: UnitState[] = [];
  while (targets.length < n) {
    const y = r();
    if (targets.length > 0 && y < 0.25) targets.push(pick(targets)); // the same object again
    else if (targets.length > 0 && y < 0.45) {
      const u = pick(targets);
      targets.push({ ...u }); // an equal copy
    } else if (targets.length > 0 && y < 0.55) targets.push(initialUnitState(pick(targets).profile)); // same counter, fresh markers
    else targets.push(stateOf(profileOf()));
  }
  const fp = 1 + Math.floor(r() * 36);
  const z = r();
  const fixedResult = z < 0.25 ? parseIFTResult(pick(FIXED)) : null;
  const attack: CompiledAttack = {
    label: '',
    column: z > 0.98 ? null : iftColumnOf(fp),
    drm: -3 + Math.floor(r() * 8),
    coweringShift: pick([0, 1, 2] as const),
    fixedResult,
  };
  const ctx: MoraleContext = {
    ...defaultContext(getRuleSet(r() < 0.5 ? '2nd-edition' : 'gi-anvil')),
    elr: Math.floor(r() * 6),
    knownEnemyInLOS: r() < 0.8,
    adjacentEnemy: r() < 0.3,
    vsRussians: nat === 'german' && r() < 0.3,
  };
  const text = `${targets.map(unitStateKey).join(' ')} | fp ${fp} col ${attack.column} drm ${attack.drm} cow ${attack.coweringShift} fixed ${fixedResult?.label ?? '-'} | ${ctx.ruleSet.id} elr ${ctx.elr} los ${ctx.knownEnemyInLOS} adj ${ctx.adjacentEnemy}`;
  return { targets, attack, ctx, text };
}

const describeUnits = (us: readonly UnitState[]): string[] => us.map((u) => `${unitStateKey(u)}/${u.status}/${u.profile.id}`);

describe('sampleAttack', () => {
  for (const streamSeed of ['fast-a', 'fast-b']) {
    it(`matches sampleChain(buildAttackChain) on 3500 random cases, stream seed ${streamSeed}`, () => {
      const r = caseRng(streamSeed === 'fast-a' ? 12345 : 67890);
      let changed = 0;
      let heroes = 0;
      for (let k = 0; k < 3500; k++) {
        const c = makeCase(r);
        const a = streamFor(streamSeed, k);
        const b = streamFor(streamSeed, k);
        const chain = sampleChain(buildAttackChain({ targets: c.targets, attacks: [c.attack], ctx: c.ctx, track: [] }), a).state.units;
        const fast = sampleAttack(c.targets, c.attack, c.ctx, b);
        const want = describeUnits(chain);
        const got = describeUnits(fast);
        if (got.join() !== want.join() || a.int32() !== b.int32()) {
          expect({ case: k, text: c.text, got }).toEqual({ case: k, text: c.text, got: want });
          expect.fail(`case ${k} (${c.text}): rng left in a different state`);
        }
        if (want.join() !== describeUnits(c.targets).join()) changed++;
        if (chain.length > c.targets.length) heroes++;
      }
      // The cases do exercise the chain: most attacks change something, some create heroes.
      expect(changed).toBeGreaterThan(1000);
      expect(heroes).toBeGreaterThan(0);
    });
  }
});

describe('sampleAttack on large Locations (more than 36 states seen, classes past 8 and 31 positions)', () => {
  it('matches sampleChain(buildAttackChain) on 40 random Locations of 10-45 units', () => {
    const r = caseRng(97531);
    let big = 0;
    for (let k = 0; k < 40; k++) {
      const c = makeCase(r);
      // Grow the Location: many copies of its units (identical targets make large classes).
      const n = 10 + Math.floor(r() * 36);
      const base = c.targets;
      const targets: UnitState[] = [];
      while (targets.length < n) targets.push(r() < 0.7 ? base[Math.floor(r() * base.length)] : initialUnitState(base[0].profile));
      const attack: CompiledAttack = { ...c.attack, column: c.attack.column ?? iftColumnOf(12), fixedResult: r() < 0.5 ? parseIFTResult('1MC') : c.attack.fixedResult };
      const a = streamFor('big', k);
      const b = streamFor('big', k);
      const chain = sampleChain(buildAttackChain({ targets, attacks: [attack], ctx: c.ctx, track: [] }), a).state.units;
      const fast = sampleAttack(targets, attack, c.ctx, b);
      const want = describeUnits(chain);
      const got = describeUnits(fast);
      if (got.join() !== want.join() || a.int32() !== b.int32()) expect({ case: k, n, got }).toEqual({ case: k, n, got: want });
      if (n > 32 && want.join() !== describeUnits(targets).join()) big++;
    }
    expect(big).toBeGreaterThan(3);
  });
});

/** A later attack of a sequence: an IFT column and DRM, sometimes below the table. */
function makeFollowUp(r: () => number): CompiledAttack {
  const fp = 1 + Math.floor(r() * 24);
  return { label: '', column: r() < 0.05 ? null : iftColumnOf(fp), drm: -2 + Math.floor(r() * 6), coweringShift: r() < 0.5 ? 0 : 1, fixedResult: null };
}

/**
 * sampleChain (engine/sample.ts: the same draws) that also follows each unit's events through the
 * transitions: a unit's events move with it when the chain renumbers units (`partFrom`), and each roll
 * adds its `partEvents`. The oracle of the per-unit events.
 */
function sampleChainWithUnitEvents(model: ChainModel<AttackChainState>, rng: Int32Source): { units: readonly UnitState[]; unitEvents: number[]; events: number } {
  let state = model.initial;
  let events = 0;
  let unitEvents = state.units.map(() => 0);
  for (let roll = model.rollOf(state); roll !== null; roll = model.rollOf(state)) {
    let u = rng.int32() >>> 0;
    while (u >= 4294967292) u = rng.int32() >>> 0;
    const t = model.advance(state, Math.floor((u * (roll === 'DR' ? 36 : 6)) / 4294967296));
    const from = t.partFrom ?? t.state.units.map((_, i) => i);
    unitEvents = t.state.units.map((_, i) => (from[i] >= 0 ? unitEvents[from[i]] : 0) | (t.partEvents?.[i] ?? 0));
    state = t.state;
    events |= t.events;
  }
  return { units: state.units, unitEvents, events };
}

describe('sampleAttacks: the attack command\'s sampler', () => {
  it('draws the dice and gives the final units and each unit\'s events of the chain: 2500 random stacks of 1-6 units under 1-3 attacks', () => {
    const r = caseRng(13579);
    let sequences = 0;
    let withEvents = 0;
    for (let k = 0; k < 2500; k++) {
      const c = makeCase(r, 6);
      const attacks = [c.attack];
      const more = Math.floor(r() * 3);
      for (let j = 0; j < more; j++) attacks.push(makeFollowUp(r));
      if (attacks.length > 1) sequences++;
      const a = streamFor('seq', k);
      const b = streamFor('seq', k);
      const p = sampleChainWithUnitEvents(buildAttackChain({ targets: c.targets, attacks, ctx: c.ctx, track: [] }), a);
      const got = sampleAttacks(c.targets.map((u) => UNIT_CODES.of(u)), attacks, c.ctx, b, UNIT_CODES.ctxId(c.ctx));
      const units = got.codes.map((x) => x.unit);
      const text = `${c.text} | then ${attacks.slice(1).map((x) => `${x.column}:${x.drm}`).join(' ')}`;
      expect({ case: k, text, units: describeUnits(units), ev: got.unitEvents }).toEqual({ case: k, text, units: describeUnits(p.units), ev: p.unitEvents });
      expect({ case: k, events: got.events }).toEqual({ case: k, events: p.events });
      expect(b.int32()).toBe(a.int32());
      if (got.events !== 0) withEvents++;
    }
    expect(sequences).toBeGreaterThan(1000);
    expect(withEvents).toBeGreaterThan(1500);
  });
});

describe('sampleAttackCodes with shared IFT rows (fire-attacks.ts)', () => {
  it('draws the dice and returns the units of sampleAttack on 3000 random cases', () => {
    const r = caseRng(24680);
    const byRuleSet = new Map<string, FireAttacks>();
    let shared = 0;
    for (let k = 0; k < 3000; k++) {
      const c = makeCase(r);
      if (c.attack.fixedResult !== null || c.attack.column === null) continue;
      let fire = byRuleSet.get(c.ctx.ruleSet.id);
      if (fire === undefined) {
        fire = new FireAttacks('german');
        byRuleSet.set(c.ctx.ruleSet.id, fire);
      }
      const fa = fire.attack(c.attack.column, c.attack.drm, c.attack.coweringShift);
      if (fa.ift.some((x) => x !== undefined)) shared++;
      const a = streamFor('rows', k);
      const b = streamFor('rows', k);
      const want = describeUnits(sampleAttack(c.targets, c.attack, c.ctx, a));
      const codes = c.targets.map((u) => UNIT_CODES.of(u));
      const got = describeUnits(sampleAttackCodes(codes, fa.attack, c.ctx, b, UNIT_CODES.ctxId(c.ctx), fa.ift).map((x) => x.unit));
      if (got.join() !== want.join() || a.int32() !== b.int32()) expect({ case: k, text: c.text, got }).toEqual({ case: k, text: c.text, got: want });
    }
    expect(shared).toBeGreaterThan(500); // rows are reused from one case to the next
  });

  it('gives each Fire Group the Cowering shift of coweringShift (A7.9)', () => {
    for (const nat of ['german', 'russian', 'british', 'finnish', 'japanese'] as const) {
      const fire = new FireAttacks(nat);
      for (let worst = -1; worst < CLASS_ORDER.length; worst++) {
        for (const fanatic of [false, true]) {
          for (const berserk of [false, true]) {
            for (const directed of [false, true]) {
              const heroAlone = worst < 0;
              const want = coweringShift({ nationality: nat, unitClass: heroAlone ? '1st-line' : CLASS_ORDER[worst], heroAlone, fanatic, berserk }, directed, false);
              expect(fire.shift(worst, fanatic, berserk, directed)).toBe(want);
              expect(fire.shift(worst, fanatic, berserk, directed)).toBe(want); // memoised
            }
          }
        }
      }
    }
  });
});

describe('base36Order (chains/attack-sampler.ts)', () => {
  it('orders ranks as their base-36 strings compare (0..50,000)', () => {
    const ranks = Array.from({ length: 50_001 }, (_, i) => i);
    const byString = [...ranks].sort((a, b) => (a.toString(36) < b.toString(36) ? -1 : a.toString(36) > b.toString(36) ? 1 : 0));
    const byOrder = [...ranks].sort((a, b) => base36Order(a) - base36Order(b));
    expect(byOrder).toEqual(byString);
    expect(new Set(ranks.map(base36Order)).size).toBe(ranks.length);
  });
});
