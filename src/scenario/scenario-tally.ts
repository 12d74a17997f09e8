/**
 * The integer histograms a scenario run collects: per turn and side, the distribution of each
 * metric; at the end, who won, whose ELR fell, and when each side cracked. One flat Float64Array of
 * counts (exact to 2^53), added element by element to merge chunks in any order, so results are
 * identical for any thread count.
 */
import type { ScenarioSetup } from './setup.js';

/** Per-turn metrics, each a histogram over integer values [0, size). */
export const TURN_METRICS = ['elr', 'goodOrderSquads2', 'broken', 'disrupted', 'casualtyBPV', 'checksTaken', 'checksLost', 'replacements'] as const;
export type TurnMetric = (typeof TURN_METRICS)[number];

/** Offsets of every histogram in the flat array. */
export interface TallyLayout {
  readonly turns: number;
  readonly sizes: Readonly<Record<TurnMetric, number>>;
  /** Length of one (turn, side) block. */
  readonly block: number;
  /** By metric index (TURN_METRICS order): offset of the metric's value 0 within a block. */
  readonly within: readonly number[];
  /** By metric index: the histogram's size (`sizes`, as an array). */
  readonly sizeAt: readonly number[];
  /** Offset of the final section: outcome[3] (side 0 wins, side 1 wins, neither), elrFell[2], crack[2][turns + 1]. */
  readonly finalOffset: number;
  readonly length: number;
}

/** The layout for a compiled scenario. Never throws. */
export function tallyLayout(setup: ScenarioSetup): TallyLayout {
  const b = setup.bounds;
  const sizes: Record<TurnMetric, number> = {
    elr: 6,
    goodOrderSquads2: b.squads2 + 1,
    broken: b.units + 1,
    disrupted: b.units + 1,
    casualtyBPV: b.bpv + 1,
    checksTaken: b.checks + 1,
    checksLost: b.checks + 1,
    replacements: b.units * 3 + 1,
  };
  const block = TURN_METRICS.reduce((t, m) => t + sizes[m], 0);
  const turns = setup.scenario.turns;
  const finalOffset = turns * 2 * block;
  const within: number[] = [];
  let at = 0;
  for (const m of TURN_METRICS) {
    within.push(at);
    at += sizes[m];
  }
  return { turns, sizes, block, within, sizeAt: TURN_METRICS.map((m) => sizes[m]), finalOffset, length: finalOffset + 3 + 2 + 2 * (turns + 1) };
}

/** Offset of value 0 of `metric` for (turn, side); turn in [1, turns]. */
export function metricOffset(l: TallyLayout, turn: number, side: number, metric: TurnMetric): number {
  let off = ((turn - 1) * 2 + side) * l.block;
  for (const m of TURN_METRICS) {
    if (m === metric) return off;
    off += l.sizes[m];
  }
  return off;
}

/** Adds one to a histogram bin; values are clamped into [0, size). No allocation. */
export function recordMetric(data: Float64Array, l: TallyLayout, turn: number, side: number, metric: TurnMetric, value: number): void {
  recordMetricAt(data, l, turn, side, TURN_METRICS.indexOf(metric), value);
}

/**
 * {@link recordMetric} by metric index (`TURN_METRICS.indexOf(metric)`, integer in [0, 8)), for the
 * playthrough loop: no search. No allocation. Never throws.
 */
export function recordMetricAt(data: Float64Array, l: TallyLayout, turn: number, side: number, metric: number, value: number): void {
  const v = Math.max(0, Math.min(l.sizeAt[metric] - 1, Math.round(value)));
  data[((turn - 1) * 2 + side) * l.block + l.within[metric] + v]++;
}

/** Offsets of the final section. */
export function finalOffsets(l: TallyLayout): { outcome: number; elrFell: number; crack: number } {
  return { outcome: l.finalOffset, elrFell: l.finalOffset + 3, crack: l.finalOffset + 5 };
}

/** The histogram of `metric` for (turn, side), as counts per value. */
export function metricHistogram(data: ArrayLike<number>, l: TallyLayout, turn: number, side: number, metric: TurnMetric): number[] {
  const off = metricOffset(l, turn, side, metric);
  return Array.from({ length: l.sizes[metric] }, (_, v) => data[off + v]);
}
