/**
 * Charts of the designer's answers (`scenario --balance`, a two-field `--sweep`, `--record`,
 * `--calibrate`), as Vega-Lite specs with inline data (validated against the schema in test/reports).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { BalanceResult } from '../scenario/balance.js';
import type { Calibration, RecordCheck } from '../scenario/record.js';
import { buildHeatmapSpec } from './heatmap-chart.js';
import { formatPlusMinus } from './format-probability.js';
import type { SweepGrid } from './scenario-design-text.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/**
 * The balance curve: P(first side wins) against the field, its 95% band, the 50% line and the
 * two values run either side of even marked.
 * @throws never
 */
export function buildBalanceSpec(b: BalanceResult): TopLevelSpec {
  const values = b.points.map((p) => ({ value: p.value, p: p.side.probability, lo: p.side.ci95[0], hi: p.side.ci95[1], other: p.other.probability }));
  // Even lies between the two values run either side of it (never an interpolated point).
  const crossing = b.crossing && b.below && b.above ? [{ lo: b.below.value, hi: b.above.value }] : [];
  return {
    $schema: SCHEMA,
    title: {
      text: [`Balance: ${b.side}'s victory odds`, `against ${b.path}`],
      subtitle: b.crossing
        ? [crossing.length && crossing[0].lo !== crossing[0].hi ? `even between ${round(crossing[0].lo)} and ${round(crossing[0].hi)}` : 'even at a value run', 'same seed for every value; band: 95% interval']
        : ['never even in the range:', `${b.favoured} favoured throughout`],
    },
    width: 230,
    height: 240,
    layer: [
      ...(crossing.length
        ? [
            { data: { values: crossing }, mark: { type: 'rect' as const, opacity: 0.15, color: '#e45756' }, encoding: { x: { field: 'lo', type: 'quantitative' as const }, x2: { field: 'hi' } } },
          ]
        : []),
      { data: { values: [{ y: 0.5 }] }, mark: { type: 'rule', color: '#888888' }, encoding: { y: { field: 'y', type: 'quantitative' } } },
      {
        data: { values },
        mark: { type: 'area', opacity: 0.25, color: '#4c78a8' },
        encoding: { x: { field: 'value', type: 'quantitative', title: b.path }, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } },
      },
      {
        data: { values },
        mark: { type: 'line', point: true, color: '#4c78a8' },
        encoding: {
          x: { field: 'value', type: 'quantitative', title: b.path, scale: { zero: false } },
          y: { field: 'p', type: 'quantitative', title: `P(${b.side} wins)`, axis: { format: '.0%' }, scale: { domain: [0, 1] } },
          tooltip: [
            { field: 'value', type: 'quantitative', title: b.path },
            { field: 'p', type: 'quantitative', title: `P(${b.side} wins)`, format: '.1%' },
            { field: 'other', type: 'quantitative', title: `P(${b.other} wins)`, format: '.1%' },
          ],
        },
      },
    ],
  };
}

/**
 * The grid of a two-field sweep as a heatmap of the first side's victory odds (heatmap-chart.ts).
 * @throws never
 */
export function buildGridSpec(g: SweepGrid, version: string, ruleSet: string): TopLevelSpec {
  const cells = g.cells.map((row) => row.map((r) => ({ probability: r.victory[g.side].probability, fraction: formatPlusMinus(r.victory[g.side].ci95) })));
  return buildHeatmapSpec(
    { kind: 'scenario', ruleSet, version },
    {
      id: 'grid',
      title: `P(${g.side} wins)`,
      rowTitle: g.paths[0],
      columnTitle: g.paths[1],
      rows: g.values[0].map(String),
      columns: g.values[1].map(String),
      cells,
    },
    { subtitle: ['asl-odds scenario · two-field sweep', `Monte Carlo, same seed for every cell · ${ruleSet} · v${version}`], detailTitle: '95% CI' },
  );
}

/**
 * The record's likelihood: with a calibration, the model's P(first wins | decided) against the field
 * with the record's share and the values it does not reject; without, the binomial distribution of
 * the first side's wins under the model with the record marked.
 * @throws never
 */
export function buildRecordSpec(r: RecordCheck, c: Calibration | null): TopLevelSpec {
  if (c) {
    const values = c.points.map((p) => ({ value: p.value, share: p.modelShare, lo: p.ci95[0], hi: p.ci95[1], consistent: p.consistent ? 'yes' : 'no' }));
    return {
      $schema: SCHEMA,
      title: {
        text: [`Calibration of ${c.path}`, `to the record ${r.sides[0]} ${r.wins[0]} - ${r.sides[1]} ${r.wins[1]}`],
        subtitle: ['green band: the record\'s share, 95% interval', 'points: the model at each value run, 95% bars', 'fits the abstraction, not the map'],
      },
      width: 230,
      height: 240,
      layer: [
        { data: { values: [{ lo: c.record.ci95[0], hi: c.record.ci95[1], y: c.record.share }] }, mark: { type: 'rect' as const, opacity: 0.15, color: '#54a24b' }, encoding: { y: { field: 'lo', type: 'quantitative' as const }, y2: { field: 'hi' } } },
        { data: { values: [{ y: c.record.share }] }, mark: { type: 'rule', color: '#54a24b', strokeDash: [4, 3] }, encoding: { y: { field: 'y', type: 'quantitative' } } },
        { data: { values }, mark: { type: 'rule' }, encoding: { x: { field: 'value', type: 'quantitative' }, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
        {
          data: { values },
          mark: { type: 'point', filled: true },
          encoding: {
            x: { field: 'value', type: 'quantitative', title: c.path, scale: { zero: false } },
            y: { field: 'share', type: 'quantitative', title: `model P(${r.sides[0]} wins | decided)`, axis: { format: '.0%' }, scale: { domain: [0, 1] } },
            color: { field: 'consistent', type: 'nominal', title: 'consistent with the record', scale: { domain: ['yes', 'no'], range: ['#54a24b', '#e45756'] } },
            tooltip: [
              { field: 'value', type: 'quantitative', title: c.path },
              { field: 'share', type: 'quantitative', title: 'model share', format: '.1%' },
              { field: 'lo', type: 'quantitative', title: '95% from', format: '.1%' },
              { field: 'hi', type: 'quantitative', title: '95% to', format: '.1%' },
              { field: 'consistent', type: 'nominal', title: 'consistent with the record' },
            ],
          },
        },
      ],
    };
  }
  const n = r.games;
  const q = r.modelShare;
  const values: { wins: number; probability: number; record: boolean }[] = [];
  let logC = 0; // log C(n, k), built up
  for (let k = 0; k <= n; k++) {
    if (k > 0) logC += Math.log((n - k + 1) / k);
    const lp = logC + (q > 0 ? k * Math.log(q) : k === 0 ? 0 : -Infinity) + (q < 1 ? (n - k) * Math.log(1 - q) : k === n ? 0 : -Infinity);
    values.push({ wins: k, probability: Math.exp(lp), record: k === r.wins[0] });
  }
  return {
    $schema: SCHEMA,
    title: {
      text: [`The record ${r.sides[0]} ${r.wins[0]} - ${r.sides[1]} ${r.wins[1]}`, 'under the model'],
      subtitle: [`${r.sides[0]} wins in ${n} decided games`, `if the model is right (${(100 * q).toFixed(1)}% each)`, `red: the record; p-value ${r.pValue < 1e-4 ? '< 0.0001' : r.pValue.toPrecision(2)}`],
    },
    width: 230,
    height: 220,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'wins', type: 'quantitative', title: `${r.sides[0]} wins`, scale: { domain: [0, n], nice: false } },
      y: { field: 'probability', type: 'quantitative', title: 'Probability under the model', axis: { format: '.1%' } },
      color: { field: 'record', type: 'nominal', scale: { domain: [false, true], range: ['#4c78a8', '#e45756'] }, legend: null },
      tooltip: [
        { field: 'wins', type: 'quantitative', title: `${r.sides[0]} wins` },
        { field: 'probability', type: 'quantitative', title: 'Probability', format: '.3%' },
      ],
    },
  };
}

function round(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toFixed(3)));
}
