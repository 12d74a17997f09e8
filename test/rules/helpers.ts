import { getUnit } from '../../src/counters/catalog.js';
import { isAslOddsError } from '../../src/errors.js';
import type { DR } from '../../src/dice/dice.js';
import { defaultContext, type MoraleContext } from '../../src/rules/context.js';
import { getRuleSet, type RuleSetId } from '../../src/rules/rule-set.js';
import { initialUnitState, type UnitState, type UnitStateOptions } from '../../src/rules/unit-state.js';

export const rs2e = getRuleSet('2nd-edition');
export const rsGIA = getRuleSet('gi-anvil');

/** A context with overrides; default 2nd Edition, ELR 3, Known enemy in LOS, nothing ADJACENT. */
export function ctx(o: Partial<MoraleContext> & { rules?: RuleSetId } = {}): MoraleContext {
  const { rules, ...rest } = o;
  return { ...defaultContext(getRuleSet(rules ?? '2nd-edition')), ...rest };
}

/** A unit state from a catalog id. */
export function unit(id: string, o: UnitStateOptions = {}): UnitState {
  return initialUnitState(getUnit(id), o);
}

/** The dice pair with this white and colored dr. */
export function dice(white: number, colored: number): DR {
  return { white, colored };
}

/** A pair summing to `total` (2..12). */
export function drOf(total: number): DR {
  const white = Math.max(1, total - 6);
  return { white, colored: total - white };
}

/** The AslOddsError code `f` throws, 'not an AslOddsError' for any other throw, undefined when it returns. */
export function errorCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return isAslOddsError(e) ? e.code : 'not an AslOddsError';
  }
  return undefined;
}
