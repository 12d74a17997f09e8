/**
 * Vega-Lite charts of a scenario run: victory bars with 95% whiskers, per-turn fan charts of each
 * side's Good Order strength (10th-90th percentile band, median line), mean ELR by turn, and the
 * sweep's sensitivity lines. Colorblind-safe (Okabe-Ito), percentages on axes, turns horizontal.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ScenarioResult } from '../scenario/run-scenario.js';
import type { SweepRow } from './scenario-text.js';

/** Okabe-Ito colors for up to three series (side 1, side 2, neither). */
export const SIDE_COLORS = ['#0072B2', '#D55E00', '#999999'];

/** The same color for the same side in every chart: side 1, side 2, then "neither side" (victory only). */
function sideScale(r: ScenarioResult, neither = false): { domain: string[]; range: string[] } {
  const sides = Object.keys(r.elrFell);
  return neither ? { domain: [...sides, 'neither side'], range: SIDE_COLORS } : { domain: sides, range: SIDE_COLORS.slice(0, 2) };
}

/** The swept value a chart is for (`sides.german.elr = 2`), named in its title. */
export interface SweptValue {
  readonly path: string;
  readonly value: number | boolean;
}

function forValue(v: SweptValue | undefined): string {
  return v ? ` (${v.path} = ${String(v.value)})` : '';
}

/** Victory probabilities with 95% Wilson whiskers and percent labels. Never throws. */
export function buildVictorySpec(r: ScenarioResult, value?: SweptValue): TopLevelSpec {
  const values = Object.entries(r.victory).map(([side, v]) => ({ side: side === 'neither' ? 'neither side' : side, p: v.probability, lo: v.ci95[0], hi: v.ci95[1], label: `${(v.probability * 100).toFixed(1)}%` }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Victory: ${r.title}${forValue(value)}`, subtitle: `${r.trials.toLocaleString('en-US')} playthroughs, seed ${r.seed}; whiskers: 95% interval` },
    width: 420,
    data: { values },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y: { field: 'side', type: 'nominal', title: null, sort: null },
          x: { field: 'p', type: 'quantitative', title: 'Probability of victory (%)', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
          color: { field: 'side', type: 'nominal', scale: sideScale(r, true), legend: null },
          tooltip: [
            { field: 'side', type: 'nominal' },
            { field: 'p', type: 'quantitative', format: '.1%', title: 'probability' },
          ],
        },
      },
      { mark: { type: 'rule', color: 'black' }, encoding: { y: { field: 'side', type: 'nominal', sort: null }, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
      { mark: { type: 'text', align: 'left', dx: 4, aria: false }, encoding: { y: { field: 'side', type: 'nominal', sort: null }, x: { field: 'hi', type: 'quantitative' }, text: { field: 'label' } } },
    ],
  };
}

/**
 * Per-turn fan chart of Good Order squad-equivalents: one panel per side (stacked, same scales), so
 * that the sides' bands never overlap; median line with its value labelled, band from the 10th to the
 * 90th percentile. Never throws.
 */
export function buildStrengthFanSpec(r: ScenarioResult, value?: SweptValue): TopLevelSpec {
  const values = r.turns.flatMap((t) => t.sides.map((s) => ({ turn: t.turn, side: s.side, p10: s.goodOrderSquads.p10, p50: s.goodOrderSquads.p50, p90: s.goodOrderSquads.p90 })));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Good Order strength by turn${forValue(value)}`, subtitle: 'one panel per side · line: median, labelled · band: 10th to 90th percentile of playthroughs' },
    data: { values },
    facet: { row: { field: 'side', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold' } } },
    spec: {
      width: 320,
      height: 120,
      encoding: {
        x: { field: 'turn', type: 'quantitative', title: 'Game Turn (end of turn)', axis: { tickMinStep: 1, format: 'd' } },
        color: { field: 'side', type: 'nominal', scale: sideScale(r), legend: null },
      },
      layer: [
        { mark: { type: 'area', opacity: 0.3 }, encoding: { y: { field: 'p10', type: 'quantitative', title: 'Good Order squads' }, y2: { field: 'p90' } } },
        { mark: { type: 'line', point: true }, encoding: { y: { field: 'p50', type: 'quantitative' }, tooltip: [{ field: 'turn' }, { field: 'side' }, { field: 'p50', title: 'median' }, { field: 'p10' }, { field: 'p90' }] } },
        { mark: { type: 'text', dy: -9, fontSize: 10, aria: false }, encoding: { y: { field: 'p50', type: 'quantitative' }, text: { field: 'p50', type: 'quantitative', format: '.1f' } } },
      ],
    },
  };
}

/** Mean ELR by turn for each side. Never throws. */
export function buildELRSpec(r: ScenarioResult, value?: SweptValue): TopLevelSpec {
  const values = r.turns.flatMap((t) => t.sides.map((s) => ({ turn: t.turn, side: s.side, elr: s.elr.mean })));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `ELR by turn (mean over playthroughs)${forValue(value)}`, subtitle: 'Battlefield Integrity Checks lower it (A16.2)' },
    width: 420,
    height: 180,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'turn', type: 'quantitative', title: 'Game Turn (end of turn)', axis: { tickMinStep: 1, format: 'd' } },
      y: { field: 'elr', type: 'quantitative', title: 'ELR (0-5)', scale: { domain: [0, 5] } },
      color: { field: 'side', type: 'nominal', scale: sideScale(r) },
      tooltip: [{ field: 'turn' }, { field: 'side' }, { field: 'elr', format: '.2f', title: 'mean ELR' }],
    },
  };
}

/** Victory probability of each side against the swept value. Never throws. */
export function buildSweepSpec(path: string, rows: readonly SweepRow[]): TopLevelSpec {
  const values = rows.flatMap((row) =>
    Object.entries(row.result.victory).map(([side, v]) => ({ value: String(row.value), side: side === 'neither' ? 'neither side' : side, p: v.probability, lo: v.ci95[0], hi: v.ci95[1] })),
  );
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Sensitivity: victory against ${path}`, subtitle: 'same seed for every value; whiskers: 95% interval' },
    width: 420,
    height: 220,
    data: { values },
    encoding: {
      x: { field: 'value', type: 'ordinal', title: path, sort: null, axis: { labelAngle: 0 } },
      color: { field: 'side', type: 'nominal', scale: sideScale(rows[0].result, true) },
    },
    layer: [
      { mark: { type: 'line', point: true }, encoding: { y: { field: 'p', type: 'quantitative', title: 'Probability of victory (%)', axis: { format: '.0%' }, scale: { domain: [0, 1] } } } },
      { mark: { type: 'rule' }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      { mark: { type: 'text', dx: 14, align: 'left', fontSize: 10, aria: false }, encoding: { y: { field: 'p', type: 'quantitative' }, text: { field: 'p', type: 'quantitative', format: '.1%' } } },
    ],
  };
}
