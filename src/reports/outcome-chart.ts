/**
 * The outcome chart of a result: a vega-lite horizontal bar chart of the final-state distribution.
 *
 * Pipeline: OddsResult -> inline data rows -> vega-lite spec (this file) -> vega -> SVG
 * (`render-svg.ts`). The spec is plain JSON (no functions, no external data) and validates against
 * vega-lite's published JSON schema (checked in test/reports).
 *
 * Layout: one bar per state on the y axis, most likely on top; probability on x, axis labels as
 * percents; one colorblind-safe color (Okabe-Ito blue, #0072B2). For Monte Carlo results whose rows
 * carry `ci95`, a second layer draws the 95% interval of each bar as a rule (whisker) from ci95[0] to
 * ci95[1], in Okabe-Ito vermillion (#D55E00), distinguishable from the blue under every common color
 * vision deficiency.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { OddsResult } from '../result.js';
import { describeInputBrief, describeMethod } from './describe-run.js';
import { formatOneIn, formatPercent, formatPlusMinus } from './format-probability.js';

/** Okabe-Ito blue: the bar color. */
export const BAR_COLOR = '#0072B2';
/** Okabe-Ito vermillion: the 95% interval whiskers. */
export const WHISKER_COLOR = '#D55E00';
/** Longest title before it is cut with an ellipsis (vega does not wrap titles). */
const TITLE_MAX = 100;

/** Options of {@link buildOutcomeSpec}; all optional. */
export interface OutcomeSpecOptions {
  /** Chart title; default `<command>: <brief input>` (e.g. `mc: unit=german/4-6-7, check=1MC`). */
  readonly title?: string;
}

/** One row of the chart's inline data. */
interface ChartRow {
  /** Order of the state in `result.outcomes` (most likely first), in [0, outcomes). */
  readonly rank: number;
  readonly state: string;
  /** Probability in [0, 1]. */
  readonly probability: number;
  /** Table form of the probability, e.g. `72.2%` or `<0.1%`. */
  readonly percent: string;
  /** e.g. `1 in 1.4`. */
  readonly odds: string;
  /** Exact fraction, or Monte Carlo interval `±0.3 pp`, or empty. */
  readonly detail: string;
  /** Accessible description of the bar (SVG `aria-label`), e.g. `good order: 41.7% (1 in 2.4)`. */
  readonly summary: string;
  /** Lower and upper ends of the 95% interval (Monte Carlo rows with `ci95` only). */
  readonly lo?: number;
  readonly hi?: number;
}

/**
 * Builds the vega-lite spec of a result's outcome distribution.
 *
 * Data rows (`data.values`): `{rank, state, probability, percent, odds, detail, summary, lo?, hi?}`. The y
 * axis sorts states by probability, highest on top (an explicit domain order; ties keep the result's
 * order, which `rank` records);
 * bars are 22 px apart, the chart 480 px wide. The tooltip shows state, percent, odds and the exact
 * fraction (exact results) or the `±` half-width (Monte Carlo). The title names the command and the
 * input; the subtitle names the rule set, method and version.
 *
 * Cost: O(outcomes).
 * @param result an odds result; outcome probabilities in [0, 1]
 * @param options `title` to replace the default title
 * @returns a single-view spec, or a two-layer spec (bars + whiskers) when any row has `ci95`
 * @throws never
 * @example buildOutcomeSpec(exactResult).mark // { type: 'bar', color: '#0072B2' } (Monte Carlo: in .layer[0])
 */
export function buildOutcomeSpec(result: OddsResult, options: OutcomeSpecOptions = {}): TopLevelSpec {
  const hasCi = result.outcomes.some((o) => o.ci95 !== undefined);
  const exact = result.method === 'exact';
  const values: ChartRow[] = result.outcomes.map((o, rank) => ({
    rank,
    state: o.state,
    probability: o.probability,
    percent: formatPercent(o.probability),
    odds: formatOneIn(o.probability),
    detail: o.fraction ?? (o.ci95 ? formatPlusMinus(o.ci95) : ''),
    summary: `${o.state}: ${formatPercent(o.probability)} (${formatOneIn(o.probability)})`,
    ...(o.ci95 ? { lo: o.ci95[0], hi: o.ci95[1] } : {}),
  }));

  const input = describeInputBrief(result.input);
  const title = truncate(options.title ?? (input === '' ? result.command : `${result.command}: ${input}`));
  const subtitle = `rule set ${result.ruleSet} · ${describeMethod(result)} · asl-odds v${result.version}`;

  // Explicit order: probability descending, ties in the result's order (Array.prototype.sort is stable).
  const order = [...values].sort((a, b) => b.probability - a.probability).map((r) => r.state);
  const y = {
    field: 'state',
    type: 'nominal',
    title: null,
    sort: order,
    axis: { labelLimit: 320 },
  } as const;
  const x = {
    field: 'probability',
    type: 'quantitative',
    title: 'Probability',
    axis: { format: '%' },
    scale: { domainMin: 0 },
  } as const;
  const tooltip = [
    { field: 'state', type: 'nominal', title: 'State' } as const,
    { field: 'percent', type: 'nominal', title: 'Probability' } as const,
    { field: 'odds', type: 'nominal', title: 'Odds' } as const,
    { field: 'detail', type: 'nominal', title: exact ? 'Fraction' : '95% CI' } as const,
  ];

  const description = { field: 'summary' } as const;
  const common = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle, anchor: 'start' },
    description: `Outcome distribution of asl-odds ${result.command} (${describeMethod(result)})`,
    width: 480,
    height: { step: 22 },
    data: { values },
  } as const;

  if (!hasCi) {
    return {
      ...common,
      mark: { type: 'bar', color: BAR_COLOR },
      encoding: { y, x, tooltip, description },
    };
  }
  return {
    ...common,
    encoding: { y },
    layer: [
      {
        mark: { type: 'bar', color: BAR_COLOR },
        encoding: { x, tooltip, description },
      },
      {
        // Decorative for screen readers (aria: false): the bar already describes the row.
        mark: { type: 'rule', color: WHISKER_COLOR, strokeWidth: 1.5, aria: false },
        encoding: {
          x: { field: 'lo', type: 'quantitative' },
          x2: { field: 'hi' },
          tooltip,
        },
      },
    ],
  };
}

function truncate(text: string): string {
  return text.length <= TITLE_MAX ? text : `${text.slice(0, TITLE_MAX - 1)}…`;
}
