/**
 * Every option of `asl-odds scenario` checked against the scenario before anything is printed or run:
 * each swept, balanced and calibrated value is applied and the changed scenario checked as
 * a file would be, the record is parsed and bounded, and the output paths are checked against the
 * input. A mistake is one line (exit 2) before the seed line, the time estimate or any playthrough.
 */
import { inputError } from '../../errors.js';
import { MAX_RANGE_VALUES, parseRange, rangeValues, type FieldRange } from '../../scenario/balance.js';
import { parseRecord, type GameRecord } from '../../scenario/record.js';
import { currentValue, parseSweep, sweepVariant, type Sweep } from '../../scenario/sweep.js';
import type { Scenario } from '../../scenario/types.js';
import type { ScenarioOptions } from './scenario-options.js';

/** The scenario options parsed and checked. */
export interface CheckedScenarioOptions {
  readonly sweeps: readonly Sweep[];
  readonly record: GameRecord | null;
  readonly balanceRange: FieldRange | null;
  readonly calibrateRange: FieldRange | null;
}

/**
 * Parses and checks the design options of `o` against `base`.
 * @throws AslOddsError (exit 2) `input.sweep` (a path that names no number or flag, a value the field
 *   cannot hold, more than {@link MAX_RANGE_VALUES} values, more than two sweeps, a sweep with
 *   --balance or --calibrate), `input.range`, `input.record`
 */
export function checkScenarioOptions(base: Scenario, o: ScenarioOptions): CheckedScenarioOptions {
  const sweeps = (o.sweep ?? []).map(parseSweep);
  if (sweeps.length > 2) throw inputError('input.sweep', `--sweep: at most two fields (a grid); got ${sweeps.length}`);
  if (sweeps.length > 0 && (o.balance || o.calibrate)) throw inputError('input.sweep', '--sweep cannot be combined with --balance or --calibrate; run them separately');
  if (o.calibrate && !o.record) throw inputError('input.record', '--calibrate needs --record <side>=<wins>,<side>=<wins> (the record to reproduce)');
  if (sweeps.length === 2 && sweeps[0].path === sweeps[1].path) throw inputError('input.sweep', `--sweep ${sweeps[0].path}: given twice; a grid sweeps two different fields`);
  for (const sw of sweeps) {
    if (sw.values.length > MAX_RANGE_VALUES) throw inputError('input.sweep', `--sweep ${sw.path}: ${sw.values.length} values; at most ${MAX_RANGE_VALUES}`);
    for (const v of sw.values) sweepVariant(base, sw.path, v);
  }
  if (sweeps.length === 2) {
    // Each value was checked alone; a pair can still clash (a reinforcement turn past fewer turns).
    for (const va of sweeps[0].values) {
      const a = sweepVariant(base, sweeps[0].path, va);
      for (const vb of sweeps[1].values) sweepVariant(a, sweeps[1].path, vb, `--sweep ${sweeps[0].path}=${va} with --sweep`);
    }
  }
  if (o.refine !== undefined) {
    if (sweeps.length !== 2 && !o.balance) throw inputError('input.refine', '--refine needs a grid (two --sweep fields) or --balance: it runs more playthroughs on the cells or values closest to even');
    if (o.shard) throw inputError('input.refine', '--refine cannot be combined with --shard: the cells a round refines depend on every shard\'s results; on many machines run each round as a later job (the merged result names its next round)');
  }
  const record = o.record ? parseRecord(o.record, [base.sides[0].id, base.sides[1].id]) : null;
  const range = (text: string | undefined, option: string): FieldRange | null => {
    if (!text) return null;
    const r = parseRange(text, option);
    const current = currentValue(base, r.path, option);
    if (typeof current !== 'number') throw inputError('input.range', `${option} ${r.path}: a flag (true/false), not a number; try --sweep ${r.path}=true,false`);
    for (const v of rangeValues(r, current, option).values) sweepVariant(base, r.path, v, option);
    return r;
  };
  const calibrateRange = range(o.calibrate, '--calibrate');
  const balanceRange = range(o.balance, '--balance');
  return { sweeps, record, balanceRange, calibrateRange };
}
