/**
 * The heatmap of one odds-table grid (`asl-odds table <kind> --report`): a vega-lite rect + text layer.
 *
 * Layout: the grid's columns on x (dice-modifier axes horizontal, labels upright, axis on top as in a
 * printed table), its rows on y, in the table's order; each cell colored by probability on a fixed
 * [0, 100%] viridis scale (perceptually uniform and readable under every common color vision
 * deficiency), and labelled with its percent in white on the dark half, black on the light half.
 * The spec is plain JSON with inline data and validates against vega-lite's schema (test/reports).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { GridTable, TableSet } from '../tables/grid-table.js';
import { formatPercent } from './format-probability.js';

/** Probability above which the cell label is black (viridis turns light there). */
const LIGHT_FROM = 0.55;

/**
 * Builds the heatmap spec of one grid.
 * Cost: O(cells).
 * @param set the table set (subtitle: kind, rule set, version)
 * @param table one of `set.tables` (or any grid of probabilities with a detail text per cell)
 * @param o.subtitle replaces the table subtitle; o.detailTitle the tooltip title of `fraction` ('Exact')
 * @returns a layered spec (rect + text) with inline data rows `{row, column, probability, percent, fraction}`
 * @throws never
 * @example buildHeatmapSpec(set, set.tables[0]).layer[0].mark // { type: 'rect', ... }
 */
export function buildHeatmapSpec(
  set: Pick<TableSet, 'kind' | 'ruleSet' | 'version'>,
  table: Pick<GridTable, 'id' | 'title' | 'rowTitle' | 'columnTitle' | 'rows' | 'columns'> & { readonly cells: readonly (readonly ({ readonly probability: number; readonly fraction: string } | null)[])[] },
  o: { readonly subtitle?: string | string[]; readonly detailTitle?: string } = {},
): TopLevelSpec {
  const values: { row: string; column: string; probability: number; percent: string; fraction: string }[] = [];
  table.rows.forEach((row, r) => {
    table.columns.forEach((column, c) => {
      const cell = table.cells[r][c];
      if (cell !== null) values.push({ row, column, probability: cell.probability, percent: formatPercent(cell.probability), fraction: cell.fraction });
    });
  });
  const longestColumn = Math.max(...table.columns.map((c) => c.length));
  const step = Math.max(44, Math.min(120, longestColumn * 7 + 12));
  const x = {
    field: 'column',
    type: 'ordinal',
    sort: [...table.columns],
    title: table.columnTitle,
    axis: { orient: 'top', labelAngle: 0, domain: false, ticks: false, labelPadding: 4 },
  } as const;
  const y = {
    field: 'row',
    type: 'ordinal',
    sort: [...table.rows],
    title: table.rowTitle,
    axis: { domain: false, ticks: false, labelLimit: 320 },
  } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: table.title,
      subtitle: o.subtitle ?? `asl-odds table ${set.kind} · rule set ${set.ruleSet} · exact · asl-odds v${set.version}`,
      anchor: 'start',
    },
    description: `Heatmap: ${table.title}; rows ${table.rowTitle}, columns ${table.columnTitle}`,
    width: { step },
    height: { step: 24 },
    data: { values },
    encoding: { x, y },
    layer: [
      {
        mark: { type: 'rect', stroke: '#ffffff', strokeWidth: 1 },
        encoding: {
          color: {
            field: 'probability',
            type: 'quantitative',
            title: 'Probability',
            scale: { scheme: 'viridis', domain: [0, 1] },
            legend: { format: '%', gradientLength: 160 },
          },
          tooltip: [
            { field: 'row', type: 'nominal', title: table.rowTitle },
            { field: 'column', type: 'nominal', title: table.columnTitle },
            { field: 'percent', type: 'nominal', title: 'Probability' },
            { field: 'fraction', type: 'nominal', title: o.detailTitle ?? 'Exact' },
          ],
          description: { field: 'percent' },
        },
      },
      {
        mark: { type: 'text', fontSize: 11, aria: false },
        encoding: {
          text: { field: 'percent', type: 'nominal' },
          color: { condition: { test: `datum.probability >= ${LIGHT_FROM}`, value: '#000000' }, value: '#ffffff' },
        },
      },
    ],
    config: { view: { stroke: null }, axis: { grid: false } },
  };
}
