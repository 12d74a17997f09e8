/**
 * The exact attack answers three ways that must agree to the last fraction:
 *   tracked  - the whole attack chain with every target's event mask in its states (the reference:
 *              each dice path's events are on it);
 *   marginal - the chain without masks, in the exact engine's marginal mode (several attacks);
 *   factored - leaders' chain + each other unit's own chain, combined (attack-factored.ts; one attack),
 *              which is exact because a unit that is not a leader lends no leadership (A10.7), forces no
 *              LLMC/LLTC (A10.2) and no Berserk check (A15.41), and Random Selection comes first (A.9).
 * Compared on every outcome fraction, every event, every per-unit event and the stack events, over
 * random stacks (leaders, squads, HS, crews, heroes, markers), IFT results and DRMs, ELRs, situations
 * and both rule sets.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { buildAttackChain } from '../../src/attack/attack-chain.js';
import { enumerateAttackFactored } from '../../src/attack/attack-factored.js';
import { enumerateChain } from '../../src/engine/exact.js';
import { toNumber } from '../../src/engine/probability.js';
import { attackQuery, MAX_ATTACK_STATES, QUICK_ATTACK_STATES, type AttackInput, type TargetInput } from '../../src/queries/attack-query.js';
import { computeOdds, exactResult } from '../../src/queries/compute-odds.js';
import { resultFromExact } from '../../src/queries/odds-result.js';
import type { OddsResult } from '../../src/result.js';
import { getUnit } from '../../src/counters/catalog.js';
import { initialUnitState } from '../../src/rules/unit-state.js';
import { parseIFTResult } from '../../src/rules/infantry-fire-table.js';
import { ctx } from '../rules/helpers.js';

/** The reference: the tracked chain enumerated whole, figures from the terminals' masks. */
function tracked(input: AttackInput): OddsResult {
  const q = attackQuery(input);
  const d = enumerateChain(q.model);
  const r = resultFromExact(q.header, q.model, d.terminals, d.terminals.map((t) => t.probability));
  return { ...r, ...q.exact!.extend(d) };
}

/** Everything a result states, as exact fractions, order-free; `joint: false` leaves out the outcomes. */
function figures(r: OddsResult, joint = true): unknown {
  const rows = (xs: OddsResult['squadsBroken']) => (xs ?? []).map((x) => [x.squads, x.atLeastFraction]);
  return {
    ...(joint ? { outcomes: Object.fromEntries(r.outcomes.map((o) => [o.state, o.fraction])) } : {}),
    events: r.eventFractions,
    units: r.units?.map((u) => [u.eventFractions, u.finalStatusFractions]),
    stack: r.stackEventFractions,
    squadsBroken: rows(r.squadsBroken),
    squadsEliminated: rows(r.squadsEliminated),
  };
}

/**
 * The exact answers equal the tracked chain's figures: the summary (without the joint distribution,
 * summarizeAttackFactored) always, the joint (`outcomes: true`) when `joint`.
 */
function expectAgree(input: AttackInput, k = 0, joint = true): void {
  const reference = tracked(input);
  const summary = exactResult(attackQuery(input));
  expect({ k, input, r: figures(summary, false) }).toEqual({ k, input, r: figures(reference, false) });
  if (!joint && summary.outcomesOmitted) return;
  const withOutcomes = summary.outcomesOmitted ? exactResult(attackQuery({ ...input, outcomes: true })) : summary;
  expect({ k, input, r: figures(withOutcomes) }).toEqual({ k, input, r: figures(reference) });
}

const NATIONS: Record<string, string[]> = {
  german: ['10-2', '9-2', '9-1', '8-1', '8-0', '7-0', '6+1', '4-6-7', '4-6-8', '5-4-8', '4-4-7', '2-4-7', '2-3-7', '2-2-8', 'hero'],
  russian: ['9-1', '8-1', '4-4-7', '4-5-8', '2-3-7', 'hero'],
  american: ['9-2', '8-0', '6-6-6', '7-4-7', 'hero'],
};
const RESULTS = ['NMC', '1MC', '2MC', '3MC', '4MC', 'PTC', 'K/1', 'K/2', 'K/3', '1KIA', '2KIA', '3KIA'];

function randomInput(rng: () => number, maxUnits: number, attacks: number): AttackInput {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const nation = pick(Object.keys(NATIONS));
  const count = 1 + Math.floor(rng() * maxUnits);
  const targets: TargetInput[] = [];
  for (let i = 0; i < count; i++) {
    const id = pick(NATIONS[nation]);
    const unit = `${nation}/${id}`;
    const kind = getUnit(unit).kind;
    const t: { -readonly [K in keyof TargetInput]: TargetInput[K] } = { unit };
    const r = rng();
    if (r < 0.15 && kind !== 'hero') t.broken = true;
    else if (r < 0.25) t.pinned = true;
    else if (r < 0.3) t.berserk = true;
    else if (r < 0.35) t.fanatic = true;
    if (rng() < 0.15 && (kind === 'leader' || kind === 'hero')) t.wounded = true;
    // Identical targets often: the symmetry reductions are part of what is compared.
    targets.push(rng() < 0.3 && targets.length > 0 ? targets[targets.length - 1] : t);
  }
  const input: { -readonly [K in keyof AttackInput]: AttackInput[K] } = {
    targets,
    elr: Math.floor(rng() * 6),
    rules: rng() < 0.3 ? 'gi-anvil' : '2nd-edition',
    knownEnemyInLOS: rng() < 0.8,
    adjacentEnemy: rng() < 0.2,
    encircled: rng() < 0.1,
  };
  if (rng() < 0.5) input.result = pick(RESULTS);
  else {
    input.fp = pick([1, 2, 4, 6, 8, 12, 16, 20, 30]);
    input.drm = Math.floor(rng() * 7) - 3;
  }
  if (attacks > 1) input.then = [`${pick([2, 4, 8])}:${Math.floor(rng() * 5) - 2}`];
  return input;
}

describe('exact attack: factored and marginal mode equal the tracked chain, fraction for fraction', () => {
  it('rulebook-sized stacks: leader + squads, two leaders, a hero and a HS', () => {
    const cases: AttackInput[] = [
      { targets: ['german/9-1', 'german/4-6-7', 'german/4-6-7'], fp: 8, drm: 1 },
      { targets: ['german/9-1', 'german/8-1', 'german/4-6-7'], result: '2MC' },
      { targets: ['german/8-1', 'german/hero', 'german/2-4-7'], result: 'K/2' },
      { targets: ['russian/8-1', 'russian/4-4-7', 'russian/4-4-7'], result: '1KIA', elr: 1 },
      { targets: [{ unit: 'german/9-2', berserk: true }, 'german/4-6-7', { unit: 'german/4-6-8', broken: true }], result: 'PTC' },
      // Identical squads are exchanged with their scripts once Random Selection has picked (A.9).
      { targets: ['american/9-2', 'american/6-6-6', 'american/6-6-6', 'american/6-6-6'], result: '2KIA' },
    ];
    for (const c of cases) expectAgree(c);
  });

  /** `count` random inputs from `seed`: the exact answer equals the tracked chain's, case by case. */
  function agreeOnRandom(seed: string, count: number, maxUnits: number, attacks: number): void {
    const rng = seedrandom(seed);
    for (let k = 0; k < count; k++) expectAgree(randomInput(rng, maxUnits, attacks), k, k % 5 === 0);
  }

  it('200 random single attacks on stacks of 1-3 units (summary; every 5th also the joint, factored where a unit is not a leader)', () => agreeOnRandom('factored-1', 200, 3, 1), 120_000);

  it('25 random sequences of two attacks (marginal mode)', () => agreeOnRandom('marginal-2', 25, 2, 2), 120_000);

  it('an exact run reports its work as it goes, against the quick budget, or the whole budget with exactOnly (the CLI\'s exact counter)', async () => {
    for (const [exactOnly, budget] of [[false, QUICK_ATTACK_STATES], [true, MAX_ATTACK_STATES]] as const) {
      const seen: [number, number][] = [];
      await computeOdds(attackQuery({ targets: ['german/9-1', 'german/8-1', 'german/4-6-7'], fp: 8, drm: 1, outcomes: true }), { exactOnly, onExactProgress: (w, b) => seen.push([w, b]) });
      expect(seen.length).toBeGreaterThan(0);
      for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThan(seen[i - 1][0]);
      expect(seen.every(([, b]) => b === budget)).toBe(true);
    }
  });

  it('the factored distribution sums to exactly 1 and has the marginal chain\'s final states', () => {
    const targets = [getUnit('german/9-1'), getUnit('german/4-6-7'), getUnit('german/2-4-7')].map((p) => initialUnitState(p));
    const spec = { targets, attacks: [{ label: '1MC', column: null, drm: 0, coweringShift: 0 as const, fixedResult: parseIFTResult('1MC') }], ctx: ctx(), track: [] };
    const f = enumerateAttackFactored(spec);
    const m = enumerateChain(buildAttackChain(spec), { marginal: true });
    const total = f.terminals.reduce((s, t) => s + toNumber(t.probability), 0);
    expect(total).toBeCloseTo(1, 12);
    const model = buildAttackChain(spec);
    const names = (ts: typeof f.terminals) => new Set(ts.map((t) => model.describe(t.state, 0)));
    expect(names(f.terminals)).toEqual(names(m.terminals));
  });
});
