/**
 * The report of `asl-odds log ... --report <dir>`: the dice of the games in every format, the two
 * charts (vega-lite spec and SVG) and the offline page `index.html`.
 *
 * Pipeline: DiceLogAnalysis -> text, markdown, csv, json; chart specs -> SVG; HTML page; all built in
 * memory first, then each file written atomically (`atomic-write-all.ts`), as write-table-report.ts does.
 */
import type { TopLevelSpec } from 'vega-lite';
import { atomicWriteAll } from '../io/atomic-write-all.js';
import type { DiceLogAnalysis } from '../reports/dice-log.js';
import { buildDiceDistributionSpec, buildRunningMeanSpec } from '../reports/dice-log-charts.js';
import { describeMean, formatDiceLog } from '../reports/dice-log-text.js';
import { VERSION } from '../version.js';
import { buildHtmlReport, type HtmlBlock, type HtmlSection } from './html-report.js';
import { renderSvg } from './render-svg.js';
import { REPORT_INDEX, shellQuote } from './write-report.js';

/** Base name of the report's files. */
export const DICE_LOG_REPORT_BASE = 'dice-log';

/**
 * Writes the report into `dir` (created if missing): `dice-log.txt`, `.md`, `.csv` (every roll),
 * `.json`; `dice-log-distribution` and `dice-log-running-mean` as `.vl.json` and `.svg` (when any DR
 * was rolled); `index.html`.
 * @param argv the command line (user arguments), shown in index.html
 * @returns the written paths
 * @throws AslOddsError `io.write` (exit 1) when a file cannot be written
 */
export async function writeDiceLogReport(dir: string, a: DiceLogAnalysis, argv: readonly string[]): Promise<{ files: string[] }> {
  const base = DICE_LOG_REPORT_BASE;
  const writes: [string, string][] = [
    [`${base}.txt`, formatDiceLog(a, 'text')],
    [`${base}.md`, formatDiceLog(a, 'markdown')],
    [`${base}.csv`, formatDiceLog(a, 'csv')],
    [`${base}.json`, formatDiceLog(a, 'json')],
  ];
  const words: HtmlBlock[] = a.groups.filter((g) => g.kind === null).map((g) => ({ kind: 'paragraph', text: `${g.player ?? 'All players'}, ${g.type}: ${describeMean(g)}` }));
  const lead: HtmlSection = { heading: 'Who rolled hot or cold', blocks: words.length ? words : [{ kind: 'paragraph', text: 'No dice rolls in the log.' }] };
  const sections: HtmlSection[] = [];
  const charts: [string, string, TopLevelSpec | null][] = [
    [`${base}-distribution`, "Each player's DR totals against fair dice", buildDiceDistributionSpec(a)],
    [`${base}-running-mean`, "Each player's running mean DR with the band 95% of fair games stay in", buildRunningMeanSpec(a)],
  ];
  for (const [name, title, spec] of charts) {
    if (spec === null) continue;
    const svg = await renderSvg(spec);
    writes.push([`${name}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`], [`${name}.svg`, svg.endsWith('\n') ? svg : `${svg}\n`]);
    sections.push({ heading: title, blocks: [{ kind: 'chart', chart: { title, spec, svgFile: `${name}.svg` } }] });
  }
  if (a.mattered.length > 0) {
    sections.push({
      heading: 'The rolls that mattered',
      blocks: [
        {
          kind: 'table',
          table: {
            caption: 'On the Original DR or dr; the chance that fair dice give at least as many, exact',
            columns: [
              { header: 'Player', align: 'left' },
              { header: 'Roll', align: 'left' },
              { header: 'Rule', align: 'left' },
              { header: 'How many', align: 'right' },
              { header: 'Fair dice: at least as many', align: 'right' },
            ],
            rows: a.mattered.map((m) => [m.player, m.what, `${m.rule}${m.confidence === 'medium' ? ' (medium confidence)' : ''}`, `${m.count} of ${m.of}`, m.count === 0 ? '-' : `${(m.atLeast.probability * 100).toFixed(1)}%`]),
          },
        },
      ],
    });
  }
  const html = await buildHtmlReport({
    title: 'The dice of the game',
    meta: [
      ['Command', `asl-odds ${argv.map(shellQuote).join(' ')}`],
      ['Logs', a.files.map((f) => f.file).join(', ')],
      ['Method', 'exact (the distribution of the sum of the dice, by convolution); chi-squared for the faces'],
      ['Version', `asl-odds ${VERSION}`],
    ],
    lead,
    sections,
  });
  writes.push([REPORT_INDEX, html]);
  return atomicWriteAll(dir, writes);
}
