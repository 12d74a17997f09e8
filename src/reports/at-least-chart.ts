/**
 * "At least k" charts: where a count is the answer (squads broken by an attack, Good Order squads a
 * side keeps), the chance of at least k for each k, as labelled bars, one color per series.
 *
 * Pipeline: rows `{series, k, p, lo?, hi?}` -> vega-lite spec (bars on a k axis, grouped by series with
 * an offset, percent labels, 95% whiskers for Monte Carlo) -> SVG / index.html. Pure: no Node imports.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { OddsResult } from '../result.js';
import { describeMethod } from './describe-run.js';
import { formatPercent } from './format-probability.js';

/** One bar: P(at least k) of one series. */
export interface AtLeastRow {
  /** e.g. `broken`, `eliminated`, or a side. */
  readonly series: string;
  /** The count k (squad-equivalents may be halves: 0.5, 1, 1.5). */
  readonly k: number;
  /** P(at least k), in [0, 1]. */
  readonly p: number;
  /** 95% interval (Monte Carlo). */
  readonly ci95?: readonly [number, number];
}

/** Okabe-Ito colors for the series, in order. */
const SERIES_COLORS = ['#D55E00', '#555555', '#0072B2', '#009E73', '#E69F00'];

/**
 * Builds an "at least k" bar chart.
 * @param title chart title, e.g. `Squads broken: the chance of at least k`
 * @param subtitle e.g. the method
 * @param xTitle the k axis title, e.g. `at least k squad-equivalents (a HS or crew counts 1/2)`
 * @param rows the bars; series in first-seen order
 * @returns a layered spec (bars, labels, whiskers when any row has ci95). Never throws.
 * @example buildAtLeastSpec('t', 's', 'k', [{ series: 'broken', k: 1, p: 0.38 }]).data.values[0].label // '38.3%'
 */
export function buildAtLeastSpec(title: string, subtitle: string, xTitle: string, rows: readonly AtLeastRow[]): TopLevelSpec {
  const series = [...new Set(rows.map((r) => r.series))];
  const values = rows.map((r) => ({
    series: r.series,
    k: String(r.k),
    order: r.k,
    p: r.p,
    label: formatPercent(r.p),
    ...(r.ci95 ? { lo: r.ci95[0], hi: r.ci95[1] } : {}),
  }));
  const hasCi = values.some((v) => v.lo !== undefined);
  const x = { field: 'k', type: 'ordinal', title: xTitle, sort: { field: 'order', op: 'min', order: 'ascending' }, axis: { labelAngle: 0 } } as const;
  const y = { field: 'p', type: 'quantitative' as const, title: 'Probability of at least k', axis: { format: '.0%' }, scale: { domain: [0, 1] } };
  const color = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: series, range: SERIES_COLORS.slice(0, Math.max(1, series.length)) },
    legend: series.length > 1 ? { orient: 'top' } : null,
  } as const;
  const xOffset = { field: 'series', type: 'nominal', scale: { domain: series } } as const;
  const layer: NonNullable<Extract<TopLevelSpec, { layer: unknown }>['layer']> = [
    { mark: { type: 'bar' }, encoding: { y, color, xOffset, tooltip: [{ field: 'series', title: 'What' }, { field: 'k', title: 'at least' }, { field: 'label', title: 'Probability' }] } },
    { mark: { type: 'text', dy: -6, fontSize: 10, aria: false }, encoding: { y, xOffset, text: { field: 'label', type: 'nominal' } } },
  ];
  if (hasCi) layer.push({ mark: { type: 'rule', color: '#000000', aria: false }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, xOffset } });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle, anchor: 'start' },
    width: { step: Math.max(28, 22 * series.length) },
    height: 220,
    data: { values },
    encoding: { x },
    layer,
  };
}

/**
 * The "squads broken / eliminated: at least k" chart of an `attack` result, or null when it has no
 * squad rows (a stack of SMC only). Never throws.
 */
export function buildSquadsAtLeastSpec(result: OddsResult): TopLevelSpec | null {
  const rows: AtLeastRow[] = [];
  for (const [list, series] of [[result.squadsBroken, 'broken'], [result.squadsEliminated, 'eliminated']] as const) {
    for (const r of list ?? []) rows.push({ series, k: r.squads, p: r.atLeast, ...(r.atLeastStats ? { ci95: r.atLeastStats.ci95 } : {}) });
  }
  if (rows.length === 0) return null;
  return buildAtLeastSpec(
    'Squads broken or eliminated: the chance of at least k',
    `${describeMethod(result)} · a HS or crew counts 1/2 · broken: units not broken before the attack`,
    'at least k squad-equivalents',
    rows,
  );
}
