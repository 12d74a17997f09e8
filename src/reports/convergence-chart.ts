/**
 * The convergence chart of a Monte Carlo run: each leading outcome's running estimate and its 95%
 * Wilson interval against the number of trials, from the per-chunk tallies (`ChunkSnapshot`,
 * queries/compute-odds.ts).
 *
 * Pipeline: chunk snapshots (any completion order) -> sorted by chunk index -> running sums ->
 * points at up to {@link MAX_POINTS} trial counts -> vega-lite spec (one small panel per outcome,
 * independent y scales, because the outcomes' probabilities differ by orders of magnitude).
 *
 * Reproducible: the points depend only on (seed, trials, chunk size), never on the thread count,
 * because chunks are summed in chunk-index order, not in completion order.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ChunkSnapshot } from '../queries/compute-odds.js';
import type { OddsResult } from '../result.js';
import { wilsonInterval } from '../stats/index.js';
import { describeMethod } from './describe-run.js';
import { formatPercent, groupThousands } from './format-probability.js';

/** Outcomes charted at most (the most likely ones). */
export const MAX_OUTCOMES = 5;
/** Points per outcome at most (log-spaced over the chunks when there are more chunks). */
export const MAX_POINTS = 60;
/** Okabe-Ito palette without black and yellow (colorblind-safe categorical colors). */
export const OKABE_ITO = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'] as const;

/** One point of the series: an outcome's running estimate after `trials` trials. */
export interface ConvergencePoint {
  /** Trials summed so far (chunks 0..k), integer >= 1. */
  readonly trials: number;
  readonly state: string;
  /** Running estimate in [0, 1]. */
  readonly probability: number;
  /** 95% Wilson interval ends in [0, 1]. */
  readonly lo: number;
  readonly hi: number;
}

/** The series behind the chart, or why there is none. */
export type Convergence =
  | { readonly kind: 'series'; readonly points: readonly ConvergencePoint[]; readonly states: readonly string[] }
  | { readonly kind: 'none'; readonly reason: string };

/**
 * Builds the running estimates of a Monte Carlo result's leading outcomes from its chunk snapshots.
 *
 * Cost: O(chunks x outcomes).
 * @param result the Monte Carlo result the snapshots belong to
 * @param snapshots one per chunk run in this process, in any order
 * @returns `series` with up to {@link MAX_POINTS} points per outcome for the {@link MAX_OUTCOMES}
 *   most likely outcomes; `none` with a reason for exact results, when fewer than 2 chunks ran, or
 *   when the snapshots do not add up to the result's trials (a resumed run or a merge of shards).
 * @throws never
 * @example buildConvergence(mcResult, snapshots).kind // 'series'
 */
export function buildConvergence(result: OddsResult, snapshots: readonly ChunkSnapshot[] | undefined): Convergence {
  if (result.method !== 'monte-carlo') return { kind: 'none', reason: 'exact result: nothing to converge' };
  if (result.outcomesOmitted) return { kind: 'none', reason: 'the final stacks were not listed (--outcomes lists them and charts their running estimates)' };
  if (!snapshots || snapshots.length === 0) {
    return { kind: 'none', reason: 'no per-chunk tallies (a resumed run or a merge of shards)' };
  }
  if (snapshots.length < 2) {
    return { kind: 'none', reason: 'the run was a single chunk: convergence needs at least 2 chunks (more trials than the chunk size)' };
  }
  const sorted = [...snapshots].sort((a, b) => a.chunk - b.chunk);
  const total = sorted.reduce((s, c) => s + c.trials, 0);
  if (total !== result.trials) {
    return { kind: 'none', reason: 'the per-chunk tallies cover only part of the trials (a resumed run)' };
  }
  const states = result.outcomes.slice(0, MAX_OUTCOMES).map((o) => o.state);
  const keep = pointIndices(sorted.length);
  const points: ConvergencePoint[] = [];
  const running = new Map<string, number>(states.map((s) => [s, 0]));
  let trials = 0;
  sorted.forEach((snap, k) => {
    trials += snap.trials;
    for (const s of states) running.set(s, (running.get(s) ?? 0) + (snap.outcomeCounts[s] ?? 0));
    if (!keep.has(k)) return;
    for (const s of states) {
      const count = running.get(s) ?? 0;
      const [lo, hi] = wilsonInterval(count, trials);
      points.push({ trials, state: s, probability: count / trials, lo, hi });
    }
  });
  return { kind: 'series', points, states };
}

/** Indices of the chunks to plot: all when few, else log-spaced, always the last. */
function pointIndices(n: number): Set<number> {
  if (n <= MAX_POINTS) return new Set(Array.from({ length: n }, (_, k) => k));
  const out = new Set<number>();
  for (let i = 0; i < MAX_POINTS; i++) out.add(Math.round(Math.exp((Math.log(n) * i) / (MAX_POINTS - 1))) - 1);
  out.add(n - 1);
  return out;
}

/**
 * The vega-lite spec of a convergence series: one panel per outcome (rows), trials on x (log scale
 * when they span a factor of 10 or more), the running estimate as a line with points, its 95%
 * interval as a band, and with `--compare-exact` the exact value as a dashed rule. Colors from the
 * Okabe-Ito palette, one per outcome.
 *
 * @param result the Monte Carlo result (title, subtitle, exact values from `comparison`)
 * @param series a `series` from {@link buildConvergence}
 * @returns a faceted layer spec with inline data; validates against vega-lite's schema
 * @throws never
 */
export function buildConvergenceSpec(result: OddsResult, series: Extract<Convergence, { kind: 'series' }>): TopLevelSpec {
  const exactByState = new Map<string, number>();
  for (const f of result.comparison?.figures ?? []) {
    if (f.name.startsWith('outcome: ')) exactByState.set(f.name.slice('outcome: '.length), f.exact);
  }
  const values = series.points.map((p) => ({
    ...p,
    percent: formatPercent(p.probability),
    interval: `${formatPercent(p.lo)} to ${formatPercent(p.hi)}`,
    trialsText: groupThousands(p.trials),
    ...(exactByState.has(p.state) ? { exact: exactByState.get(p.state) } : {}),
  }));
  const minTrials = Math.min(...series.points.map((p) => p.trials));
  const maxTrials = Math.max(...series.points.map((p) => p.trials));
  const log = maxTrials >= 10 * minTrials;
  const x = {
    field: 'trials',
    type: 'quantitative',
    title: log ? 'Trials (log scale)' : 'Trials',
    scale: log ? { type: 'log' as const, domain: [minTrials, maxTrials], nice: false } : { type: 'linear' as const, domain: [minTrials, maxTrials], nice: false, zero: false },
    axis: { format: '~s', labelFlush: true, labelOverlap: 'greedy', labelSeparation: 8 },
  } as const;
  const color = {
    field: 'state',
    type: 'nominal',
    legend: null,
    scale: { domain: [...series.states], range: OKABE_ITO.slice(0, series.states.length) },
  } as const;
  const y = {
    field: 'probability',
    type: 'quantitative',
    title: 'Estimate (%)',
    axis: { format: '.2~%', tickCount: 4 },
    scale: { zero: false },
  } as const;
  const tooltip = [
    { field: 'state', type: 'nominal', title: 'Outcome' } as const,
    { field: 'trialsText', type: 'nominal', title: 'Trials' } as const,
    { field: 'percent', type: 'nominal', title: 'Estimate' } as const,
    { field: 'interval', type: 'nominal', title: '95% CI' } as const,
  ];
  const hasExact = exactByState.size > 0;
  const layer = [
    {
      mark: { type: 'area', opacity: 0.25, aria: false },
      encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color },
    } as const,
    { mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color } } as const,
    { mark: { type: 'point', filled: true, size: 18 }, encoding: { x, y, color, tooltip } } as const,
    ...(hasExact
      ? [
          {
            mark: { type: 'rule', strokeDash: [4, 3] as number[], color: '#555555', aria: false },
            encoding: { y: { field: 'exact', type: 'quantitative' } },
          } as const,
        ]
      : []),
  ];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Convergence: running estimate and 95% interval against trials',
      subtitle: `asl-odds ${result.command} · rule set ${result.ruleSet} · ${describeMethod(result)}${hasExact ? ' · dashed: exact' : ''}`,
      anchor: 'start',
    },
    description: `Running Monte Carlo estimates of the ${series.states.length} most likely outcomes against trials`,
    data: { values },
    facet: {
      row: {
        field: 'state',
        type: 'nominal',
        title: null,
        sort: [...series.states],
        header: { labelOrient: 'top', labelAnchor: 'start', labelAngle: 0, labelFontWeight: 'bold', labelLimit: 480 },
      },
    },
    spec: { width: 560, height: 80, layer },
    resolve: { scale: { y: 'independent' } },
  };
}
