/**
 * The side-by-side table of `asl-odds rout --compare`: one column per route, one row per outcome
 * category (rout-chain.ts ROUT_CATEGORIES), then the events that tell routes apart, then the leader's
 * elimination when a leader routes with the unit.
 *
 * Pipeline: RoutComparison -> rows (name, probability per route, exact fraction per route) ->
 * text (aligned) | markdown (GitHub table) | csv (long form: one line per row and route).
 * Rows whose probability is 0 on every route are left out (text and markdown); the CSV keeps them.
 */
import { ROUT_CATEGORIES } from '../chains/rout-chain.js';
import type { EventName } from '../rules/events.js';
import { inputError } from '../errors.js';
import type { RoutComparison } from '../queries/rout-query.js';
import { describeInputLine } from './describe-input.js';
import { formatPercent } from './format-probability.js';
import { eventWords } from './glossary.js';

/** Events shown under the categories, in this order. */
export const COMPARED_EVENTS: readonly EventName[] = ['pin', 'casualtyReduction', 'heatOfBattle', 'hero', 'disruption', 'surrender', 'failureToRout'];

interface Row {
  readonly kind: 'outcome' | 'event' | 'leader';
  readonly name: string;
  readonly p: readonly number[];
  readonly fraction: readonly string[];
}

function rowsOf(c: RoutComparison): Row[] {
  const rs = c.routes.map((r) => r.result);
  const rows: Row[] = ROUT_CATEGORIES.map((name) => ({
    kind: 'outcome' as const,
    name,
    p: rs.map((r) => r.categories[name]),
    fraction: rs.map((r) => r.categoryFractions[name]),
  }));
  for (const name of COMPARED_EVENTS) {
    rows.push({ kind: 'event', name, p: rs.map((r) => r.events[name] ?? 0), fraction: rs.map((r) => r.eventFractions?.[name] ?? '') });
  }
  if (rs[0].leaderEliminated !== undefined) {
    rows.push({ kind: 'leader', name: 'leader eliminated', p: rs.map((r) => r.leaderEliminated ?? 0), fraction: rs.map((r) => r.leaderEliminatedFraction ?? '') });
  }
  return rows;
}

/**
 * Formats a route comparison.
 * - `text`: a header line, the shared input, then the aligned table (routes as columns, percentages);
 * - `markdown`: the same as a GitHub table under a `#` title;
 * - `csv`: `kind,name,route,probability,percent,fraction`, one line per row and route.
 * Cost: O(rows x routes).
 * @param c the comparison (rout-query.ts `routCompare`)
 * @param format `text` (default), `markdown` or `csv`
 * @returns the table, ending with a newline
 * @throws AslOddsError `input.format` for another format
 * @example formatRouteComparison(routCompare({ unit: 'german/4-6-7', path: 'open,open' }, ['crawl'])).split('\n')[3]
 *   // 'arrived intact                  22.0%  100.0%' (padded)
 */
export function formatRouteComparison(c: RoutComparison, format = 'text'): string {
  const rows = rowsOf(c);
  const routes = c.routes.map((r) => r.route);
  const header = `asl-odds rout --compare · rule set ${c.ruleSet} · ${c.method} · v${c.version}`;
  const input = `Input: ${describeInputLine(c)}`;
  if (format === 'csv') {
    const lines = ['kind,name,route,probability,percent,fraction'];
    for (const row of rows) routes.forEach((route, i) => lines.push([row.kind, row.name, route, String(row.p[i]), formatPercent(row.p[i]), row.fraction[i]].map(csvField).join(',')));
    return `${lines.join('\n')}\n`;
  }
  const shown = rows.filter((r) => r.p.some((p) => p > 0));
  const head = ['Outcome', ...routes];
  // players' words here; the CSV keeps the identifiers
  const body = shown.map((r) => [r.kind === 'event' ? `event: ${eventWords(r.name)}` : r.name, ...r.p.map(formatPercent)]);
  if (format === 'markdown') {
    const esc = (t: string) => t.replace(/[\\|*_`[\]<>#]/g, (ch) => `\\${ch}`);
    const line = (cells: string[]) => `| ${cells.map(esc).join(' | ')} |`;
    const rule = `| :--- | ${routes.map(() => '---:').join(' | ')} |`;
    return `${['# rout odds: routes compared', '', esc(header), '', esc(input), '', line(head), rule, ...body.map(line)].join('\n')}\n`;
  }
  if (format !== 'text') throw inputError('input.format', `--format: unknown format '${format}'; allowed: text, markdown, csv`);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  return `${[header, input, '', line(head), ...body.map(line)].join('\n')}\n`;
}

function csvField(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
