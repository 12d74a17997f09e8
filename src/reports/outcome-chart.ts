/**
 * The outcome chart of a result: a vega-lite horizontal bar chart of the final-state distribution that
 * a person can read at any result size.
 *
 * Pipeline: OddsResult -> at most {@link MAX_CHART_BARS} rows (the likeliest; the rest summed in one
 * `other` bar) -> inline data rows -> vega-lite spec (this file) -> vega -> SVG (`report-files/render-svg.ts`). The
 * spec is plain JSON (no functions, no external data) and validates against vega-lite's published JSON
 * schema (checked in test/reports). Its size does not grow with the result (a 406-state attack drew a
 * 9,005 px SVG, and a large one overflowed vega's expression parser with its explicit sort list).
 *
 * Layout: one bar per state on the y axis, most likely on top (sorted by `rank`); probability on x as
 * percents; each bar colored by what happened to the unit or stack ({@link OUTCOME_KINDS}, Okabe-Ito
 * colors, with a legend), labelled with its percent. For Monte Carlo results whose rows carry `ci95`, a
 * rule layer draws the 95% interval of each bar (whisker) in black.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { OddsResult } from '../result.js';
import { describeInputLine } from './describe-input.js';
import { describeMethod } from './describe-run.js';
import { formatOneIn, formatPercent, formatPlusMinus, readableFraction } from './format-probability.js';

/** Most bars an outcome chart draws: the likeliest states, then one `other` bar with the rest summed. */
export const MAX_CHART_BARS = 25;

/**
 * What happened, as the bars' colors: the worst thing in the final state (eliminated or captured >
 * broken > pinned > Heat of Battle > passed / no effect; a vehicle's Stun its own), Okabe-Ito colors;
 * `other` for the summed bar.
 */
export const OUTCOME_KINDS = ['passed / no effect', 'pinned', 'broken', 'eliminated or captured', 'Heat of Battle', 'Stunned', 'other'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];
export const OUTCOME_COLORS: { readonly [K in OutcomeKind]: string } = Object.freeze({
  'passed / no effect': '#009E73',
  pinned: '#E69F00',
  broken: '#D55E00',
  'eliminated or captured': '#555555',
  'Heat of Battle': '#0072B2',
  Stunned: '#CC79A7',
  other: '#BBBBBB',
});
/** The 95% interval whiskers. */
export const WHISKER_COLOR = '#000000';
/** Longest title before it is cut with an ellipsis (vega does not wrap titles). */
const TITLE_MAX = 90;

/**
 * The kind of a final state from its readable description (every command's `describe` uses these
 * words: `eliminated`, `captured`, `broken`, `pinned`, `berserk`, `battle hardened`, `hero`, `heroic`;
 * rout: `arrived: broken 4-6-7` is a success, `eliminated by Interdiction` a loss; integrity: `ELR falls`
 * is a loss). Never throws.
 * @example outcomeKind('broken 9-1, pinned 4-6-7') // 'broken'
 */
export function outcomeKind(state: string, command = ''): OutcomeKind {
  const s = state.toLowerCase();
  if (command === 'rout') {
    if (/eliminated by|failure to rout|captured/.test(s.split(';')[0])) return 'eliminated or captured';
    if (s.startsWith('arrived')) return s.includes('casualty reduced') ? 'broken' : 'passed / no effect';
    if (s.startsWith('hob')) return 'Heat of Battle';
    if (s.startsWith('pinned')) return 'pinned';
    return 'broken';
  }
  if (command === 'integrity') return /falls|lost/.test(s) ? 'broken' : 'passed / no effect';
  if (command === 'recovery') return s.startsWith('not') ? 'broken' : 'passed / no effect';
  // vehicle (A9.6, D5.3 Stun): a Stunned AFV is an effect of its own, not "no effect"
  if (command === 'vehicle' && /\bstunned\b/.test(s) && !/\beliminated\b/.test(s)) return 'Stunned';
  if (/\beliminated\b|\bcaptured\b/.test(s)) return 'eliminated or captured';
  if (/\bbroken\b/.test(s)) return 'broken';
  if (/\bpinned\b/.test(s)) return 'pinned';
  if (/berserk|battle hardened|\bhero|surrender/.test(s)) return 'Heat of Battle';
  return 'passed / no effect';
}

/** Options of {@link buildOutcomeSpec}; all optional. */
export interface OutcomeSpecOptions {
  /** Chart title; default `<command>: <input line>` (e.g. `mc: unit german/4-6-7 (ML 7, broken 7), check 1MC`). */
  readonly title?: string;
  /** Most bars (default {@link MAX_CHART_BARS}), at least 2. */
  readonly maxBars?: number;
}

/** One row of the chart's inline data. */
interface ChartRow {
  /** Order of the bar, most likely first, in [0, bars). */
  readonly rank: number;
  readonly state: string;
  readonly kind: OutcomeKind;
  /** Probability in [0, 1]. */
  readonly probability: number;
  /** Table form of the probability, e.g. `72.2%` or `<0.1%`: the bar's label. */
  readonly percent: string;
  /** e.g. `1 in 1.4`. */
  readonly odds: string;
  /** Exact fraction (when short), or Monte Carlo interval `±0.3 pp`, or empty. */
  readonly detail: string;
  /** Accessible description of the bar (SVG `aria-label`), e.g. `good order: 41.7% (1 in 2.4)`. */
  readonly summary: string;
  /** Lower and upper ends of the 95% interval (Monte Carlo rows with `ci95` only). */
  readonly lo?: number;
  readonly hi?: number;
  /** Where the label starts: the end of the bar, or of its whisker. */
  readonly labelAt: number;
}

/**
 * Builds the vega-lite spec of a result's outcome distribution.
 *
 * Data rows (`data.values`, at most `maxBars`): `{rank, state, kind, probability, percent, odds, detail,
 * summary, lo?, hi?, labelAt}`; with more states than bars, the last row is `other (N more final states)` with
 * their summed probability (kind `other`, no interval). The y axis sorts by `rank` (most likely on top);
 * bars are 22 px apart, the chart 420 px wide; each bar carries its percent as a label. The tooltip
 * shows state, percent, odds and the exact fraction (exact results) or the `±` half-width (Monte Carlo).
 *
 * Cost: O(outcomes).
 * @param result an odds result; outcome probabilities in [0, 1]
 * @param options `title`, `maxBars`
 * @returns a layered spec: bars, their labels, and (Monte Carlo) whiskers
 * @throws never
 * @example buildOutcomeSpec(exactResult).data.values.length // <= 25
 */
export function buildOutcomeSpec(result: OddsResult, options: OutcomeSpecOptions = {}): TopLevelSpec {
  const maxBars = Math.max(2, options.maxBars ?? MAX_CHART_BARS);
  const exact = result.method === 'exact';
  const sorted = [...result.outcomes].sort((a, b) => b.probability - a.probability);
  const shown = sorted.length > maxBars ? sorted.slice(0, maxBars - 1) : sorted;
  const values: ChartRow[] = shown.map((o, rank) => ({
    rank,
    state: o.state,
    kind: outcomeKind(o.state, result.command),
    probability: o.probability,
    percent: formatPercent(o.probability),
    odds: formatOneIn(o.probability),
    detail: o.fraction !== undefined ? readableFraction(o.fraction) : o.ci95 ? formatPlusMinus(o.ci95) : '',
    summary: `${o.state}: ${formatPercent(o.probability)} (${formatOneIn(o.probability)})`,
    ...(o.ci95 ? { lo: o.ci95[0], hi: o.ci95[1] } : {}),
    labelAt: o.ci95 ? Math.max(o.probability, o.ci95[1]) : o.probability,
  }));
  if (shown.length < sorted.length) {
    const rest = sorted.length - shown.length;
    const p = sorted.slice(shown.length).reduce((sum, o) => sum + o.probability, 0);
    const state = `other (${rest.toLocaleString('en-US')} more final states)`;
    values.push({ rank: values.length, state, kind: 'other', probability: p, percent: formatPercent(p), odds: formatOneIn(p), detail: '', summary: `${state}: ${formatPercent(p)}`, labelAt: p });
  }
  const hasCi = values.some((v) => v.lo !== undefined);

  const input = describeInputLine(result);
  const title = truncate(options.title ?? (input === '' ? `asl-odds ${result.command}` : `${result.command}: ${input}`));
  const subtitle = `${sorted.length > shown.length ? `the ${shown.length} likeliest of ${sorted.length.toLocaleString('en-US')} final states, the rest as "other"` : 'every final state'} · ${describeMethod(result)} · rule set ${result.ruleSet} · v${result.version}`;

  const kindsPresent = OUTCOME_KINDS.filter((k) => values.some((v) => v.kind === k));
  const y = { field: 'state', type: 'nominal', title: null, sort: { field: 'rank', op: 'min', order: 'ascending' }, axis: { labelLimit: 300 } } as const;
  const x = { field: 'probability', type: 'quantitative', title: 'Probability', axis: { format: '%' }, scale: { domainMin: 0 } } as const;
  const tooltip = [
    { field: 'state', type: 'nominal', title: 'State' } as const,
    { field: 'percent', type: 'nominal', title: 'Probability' } as const,
    { field: 'odds', type: 'nominal', title: 'Odds' } as const,
    { field: 'detail', type: 'nominal', title: exact ? 'Fraction' : '95% CI' } as const,
  ];
  const color = {
    field: 'kind',
    type: 'nominal',
    title: 'What happened',
    scale: { domain: kindsPresent, range: kindsPresent.map((k) => OUTCOME_COLORS[k]) },
    legend: { orient: 'bottom', direction: 'horizontal', columns: 3 },
  } as const;

  const layer: NonNullable<Extract<TopLevelSpec, { layer: unknown }>['layer']> = [
    { mark: { type: 'bar' }, encoding: { x, color, tooltip, description: { field: 'summary' } } },
    {
      mark: { type: 'text', align: 'left', baseline: 'middle', dx: 4, fontSize: 11, aria: false },
      encoding: { x: { field: 'labelAt', type: 'quantitative' }, text: { field: 'percent', type: 'nominal' } },
    },
  ];
  if (hasCi) {
    // Decorative for screen readers (aria: false): the bar already describes the row.
    layer.splice(1, 0, { mark: { type: 'rule', color: WHISKER_COLOR, strokeWidth: 1.5, aria: false }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' }, tooltip } });
  }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle, anchor: 'start' },
    description: `Outcome distribution of asl-odds ${result.command} (${describeMethod(result)})`,
    width: 420,
    height: { step: 22 },
    data: { values },
    encoding: { y },
    layer,
  };
}

function truncate(text: string): string {
  return text.length <= TITLE_MAX ? text : `${text.slice(0, TITLE_MAX - 1)}…`;
}
