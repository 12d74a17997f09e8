/**
 * One attack of a sequence as the attack's engines take it (the exact chain, attack-chain.ts; the
 * sampler, attack-sampler.ts): compiled from the user's input (attack-query.ts) or a scenario's fire
 * (scenario/fire-attacks.ts), and the IFT result of one IFT DR (A7, A7.9), written once for both.
 */
import { isDoubles, type DR } from '../dice/dice.js';
import type { MoraleContext } from '../rules/context.js';
import { coweredColumn } from '../rules/cowering.js';
import { iftResultOf, NO_EFFECT, type IFTColumn, type IFTResult } from '../rules/infantry-fire-table.js';

/** One attack of the sequence. Immutable. */
export interface CompiledAttack {
  /** Readable label, e.g. `8 FP, DRM -1, directed by 9-1` or `Fire Lane Residual 4 FP`. */
  readonly label: string;
  /** FP column before Cowering (after Area Fire halving, Fire Lane shift), or null: below the table, no effect. */
  readonly column: IFTColumn | null;
  /** Total IFT DRM (terrain, hindrance, other, directing leader), integer. */
  readonly drm: number;
  /** Columns the attack shifts left on Original doubles (cowering.ts), 0..2. */
  readonly coweringShift: 0 | 1 | 2;
  /** A fixed IFT result used instead of an IFT DR, or null. */
  readonly fixedResult: IFTResult | null;
}

/**
 * The IFT result of attack `a` for one IFT DR (A7): none below the 1 FP column; on Original doubles
 * the column shifts left by the attack's Cowering shift (A7.9; setting `coweringOnOneFP`), and the
 * result is read at the DR plus the attack's DRM. Never throws.
 * @example iftResultFor(attack8FP, { white: 6, colored: 6 }, ctx).kind // 'none' (DR 12 on the 8 column)
 */
export function iftResultFor(a: CompiledAttack, dr: DR, ctx: MoraleContext): IFTResult {
  if (a.column === null) return NO_EFFECT;
  const col = coweredColumn(a.column, isDoubles(dr), a.coweringShift, ctx.ruleSet.settings.coweringOnOneFP);
  return col === null ? NO_EFFECT : iftResultOf(col, dr.white + dr.colored + a.drm);
}
