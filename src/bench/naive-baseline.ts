/**
 * The naive baseline of the benchmark: the MC -> HoB chain of one unit written the way a first attempt
 * would, to show what the compiled tables and the tychei kernel buy.
 *
 * Per trial: a fresh `UnitState` object (`initialUnitState`), a `{ white, colored }` object per DR with
 * one call of seedrandom's default generator (ARC4) per die, the readable resolver (`resolveCheck`,
 * `resolveWoundSeverity`, `resolveHoB` from src/rules, each returning new objects), and a `Map` keyed by
 * a string built from the final state. It follows `buildMoraleChain` (src/chains/morale-chain.ts) step
 * by step, so it samples the same distribution as the compiled chain (different streams, so different
 * counts). Deliberately NOT a model for the engine: docs/libraries.md "seedrandom" and STYLE.md principle 2 say why.
 */
import seedrandom from 'seedrandom';
import { getUnit } from '../counters/catalog.js';
import { Ev } from '../rules/events.js';
import type { UnitProfile } from '../counters/types.js';
import { resolveWoundSeverity } from '../rules/casualty-reduction.js';
import { moraleCheck } from '../rules/check.js';
import { defaultContext, type MoraleContext } from '../rules/context.js';
import { resolveHoB } from '../rules/heat-of-battle.js';
import { resolveCheck } from '../rules/morale-check.js';
import { getRuleSet } from '../rules/rule-set.js';
import { initialUnitState, isAlive, unitStateKey, type UnitState } from '../rules/unit-state.js';

/** What {@link runNaiveChainTrials} counted. */
export interface NaiveTally {
  /** Trials run, integer >= 0. */
  readonly trials: number;
  /** Count per final state key (`unitStateKey|events|heroes`); counts sum to `trials`. */
  readonly outcomes: Map<string, number>;
  /** Trials in which the unit broke (event `break`), integer in [0, trials]. */
  readonly breaks: number;
}

/** One die, integer in [1, 6], from one call of the default (ARC4) generator. */
function rollDie(rng: () => number): number {
  return Math.floor(rng() * 6) + 1;
}

/**
 * Runs `trials` trials of "German 4-6-7 takes a NMC" (ELR 3, Known enemy in LOS, nothing ADJACENT,
 * 2nd Edition): the chain `mcQuery({ unit: 'german/4-6-7' })` builds, resolved naively.
 * @param trials integer >= 0
 * @param seed seedrandom seed (string)
 * @param unitId catalog id ['german/4-6-7']
 * Never throws for catalog ids. Cost: O(trials), several object allocations per trial.
 * @example runNaiveChainTrials(1000, 'bench').outcomes.size // a handful of final states
 */
export function runNaiveChainTrials(trials: number, seed: string, unitId = 'german/4-6-7'): NaiveTally {
  const rng = seedrandom(seed);
  const profile = getUnit(unitId);
  const ctx: MoraleContext = defaultContext(getRuleSet('2nd-edition'));
  const check = moraleCheck(0);
  const outcomes = new Map<string, number>();
  let breaks = 0;
  for (let n = 0; n < trials; n++) {
    let unit: UnitState = initialUnitState(profile);
    const dr = { white: rollDie(rng), colored: rollDie(rng) };
    const r = resolveCheck(unit, check, 0, dr, ctx);
    unit = r.unit;
    let events = r.events;
    const heroes: UnitProfile[] = [];
    const hobBroken = unit.status === 'broken';
    if (r.woundSeverityDRM !== null) {
      const w = resolveWoundSeverity(unit, rollDie(rng), r.woundSeverityDRM);
      unit = w.unit;
      events |= w.events;
    }
    if (r.heatOfBattle && isAlive(unit)) {
      const hob = resolveHoB(unit, rollDie(rng) + rollDie(rng), hobBroken, ctx);
      unit = hob.unit;
      events |= hob.events;
      if (hob.createdHero) heroes.push(hob.createdHero);
    }
    if (events & Ev.break) breaks++;
    const key = `${unitStateKey(unit)}|${events}|${heroes.map((h) => h.id).join(',')}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  return { trials, outcomes, breaks };
}
