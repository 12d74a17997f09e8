/**
 * The dice of a game as text, markdown, CSV and JSON (`asl-odds log`, its report files, the page).
 * Words first: who rolled hot or cold and how unusual it is, the rolls that mattered by the rules;
 * then the tables (by kind of roll, the distribution of the totals, the faces test); then every roll.
 */
import { printableLine } from '../errors.js';
import type { LoggedRoll } from '../vasl/game-log.js';
import { total, type DiceGroup, type DiceLogAnalysis, type MatteredRow } from './dice-log.js';
import { formatOneIn, formatPercent } from './format-probability.js';

/** Output formats of `asl-odds log`. */
export const DiceLogFormat = { text: 'text', markdown: 'markdown', csv: 'csv', json: 'json' } as const;
export type DiceLogFormat = (typeof DiceLogFormat)[keyof typeof DiceLogFormat];

/** Columns of the CSV (one row a roll). */
export const DICE_LOG_CSV_COLUMNS = ['file', 'index', 'player', 'kind', 'type', 'dice', 'total', 'side', 'turn', 'phase'] as const;

/** `1 game in 12 is`, `all but 1 game in 36 are`, from formatOneIn. */
function gamesIn(p: number): string {
  const t = formatOneIn(p);
  if (t === 'always') return 'every game is';
  return t.startsWith('all but') ? `${t.replace('1 in', '1 game in')} are` : `${t.replace('1 in', '1 game in')} is`;
}

const METHOD_WORDS = { exact: 'exact', convolution: 'computed in floating point', normal: 'normal approximation' } as const;

/** The name as printed: control characters escaped (names are checked, this is a second guard). */
const name = (s: string | null): string => (s === null ? 'All players' : printableLine(s));

/**
 * One sentence on a group's mean: `hot (low): mean 6.58 over 12 DR (fair dice 7); fair dice roll this
 * low or lower in 1 in 2.9 games (35.0%, one-sided, exact)`. Never throws.
 */
export function describeMean(g: DiceGroup): string {
  const what = `mean ${g.mean.toFixed(2)} over ${g.count} ${g.type} (fair dice ${g.fairMean})`;
  if (g.tail.direction === 'even') return `exactly fair dice's mean: ${what}`;
  const low = g.tail.direction === 'low';
  const chance = `${formatPercent(g.tail.probability)}, one-sided, ${METHOD_WORDS[g.tail.method]}`;
  return `${low ? 'hot (low)' : 'cold (high)'}: ${what}; with fair dice ${gamesIn(g.tail.probability)} ${low ? 'this hot or hotter' : 'this cold or colder'} (${chance})`;
}

/** The headline: who rolled hot or cold, one line a player and type, all players last. */
function headline(a: DiceLogAnalysis): string[] {
  return a.groups.filter((g) => g.kind === null).map((g) => `  ${name(g.player)}, ${g.type}: ${describeMean(g)}`);
}

/**
 * One roll that mattered in words: `Chuck: Original 2 on a MC or Rally DR, Heat of Battle (A15.1): 2 of
 * 10; with fair dice 1 game in 33 has at least 2 (3.0%, exact)`. Never throws.
 */
export function describeMattered(m: MatteredRow): string {
  const fair = m.count === 0 ? '' : `; with fair dice ${gamesIn(m.atLeast.probability).replace(/ (is|are)$/, '')} ${gamesIn(m.atLeast.probability).endsWith('are') ? 'have' : 'has'} at least ${m.count} (${formatPercent(m.atLeast.probability)}, exact)`;
  return `${name(m.player)}: ${m.what}, ${m.rule}: ${m.count} of ${m.of}${fair}${m.confidence === 'medium' ? ' [medium confidence]' : ''}`;
}

const matteredLine = (m: MatteredRow) => `  ${describeMattered(m)}`;

function header(a: DiceLogAnalysis): string {
  const files = a.files.map((f) => `${f.file}${f.moduleVersion ? ` (VASL ${f.moduleVersion})` : ''}`).join(', ');
  const dr = a.rolls.filter((r) => r.type === 'DR').length;
  const games = a.files.length === 1 ? '1 log' : `${a.files.length} logs`;
  const who = a.player !== null ? `, ${name(a.player)}'s rolls only` : '';
  return `${games}: ${files}${who}; ${a.rolls.length} rolls (${dr} DR, ${a.rolls.length - dr} dr)${a.players.length ? `; players ${a.players.map(name).join(', ')}` : ''}`;
}

function unreadableLines(a: DiceLogAnalysis): string[] {
  return a.files.filter((f) => f.unreadable > 0).map((f) => `note: ${f.file}: ${f.unreadable} chat line(s) began as a roll report but did not check (dice 1 to 6, a short kind, a player's name); not counted`);
}

/** `3,5 (8)` */
const diceText = (r: LoggedRoll) => (r.type === 'DR' ? `${r.dice.join(',')} (${total(r)})` : String(r.dice[0]));

const turnText = (r: LoggedRoll) => (r.turn === null ? '-' : `${r.side ?? ''} ${r.turn}`.trim());

/** Columns padded to their widest cell; the first `left` columns left-aligned. */
function columns(rows: readonly (readonly string[])[], left: number): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => [...r[c]].length)));
  return rows.map((r) => '  ' + r.map((cell, c) => (c < left ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd());
}

function kindRows(a: DiceLogAnalysis): string[][] {
  return a.groups
    .filter((g) => g.kind !== null)
    .map((g) => [name(g.player), g.kind!, g.type, String(g.count), g.mean.toFixed(2), String(g.fairMean), g.tail.direction === 'even' ? 'fair' : `${g.tail.direction} ${formatPercent(g.tail.probability)}`]);
}
const KIND_HEADER = ['player', 'kind', 'type', 'rolls', 'mean', 'fair', 'one-sided chance'];

function distributionRows(a: DiceLogAnalysis, type: 'DR' | 'dr'): string[][] {
  const groups = a.groups.filter((g) => g.kind === null && g.type === type);
  if (groups.length === 0) return [];
  const values = groups[0].distribution.map((d) => String(d.value));
  return [
    [type === 'DR' ? 'DR total' : 'dr', ...values],
    ...groups.flatMap((g) => [
      [`${name(g.player)} (${g.count})`, ...g.distribution.map((d) => String(d.count))],
      ['  fair dice', ...g.distribution.map((d) => (d.fair * g.count).toFixed(1))],
    ]),
  ];
}

function facesLines(a: DiceLogAnalysis): string[] {
  return a.groups
    .filter((g) => g.kind === null)
    .map((g) => {
      const t = g.facesTest;
      const faces = `faces 1-6: ${g.faces.join(' ')}`;
      return t.ran
        ? `  ${name(g.player)}, ${g.type}: ${faces}; chi-squared ${t.statistic.toFixed(2)}, 5 df, p = ${t.pValue.toFixed(3)}${t.pValue < 0.05 ? ' (unlike fair dice at the 5% level)' : ' (consistent with fair dice)'}`
        : `  ${name(g.player)}, ${g.type}: ${faces}; no chi-squared test: ${t.reason}`;
    });
}

function rollRows(a: DiceLogAnalysis): string[][] {
  return [['#', 'file', 'turn', 'phase', 'player', 'kind', 'dice'], ...a.rolls.map((r) => [String(r.index), r.file, turnText(r), r.phase ?? '-', name(r.player), `${r.kind} ${r.type}`, diceText(r)])];
}

/** The analysis as the text `asl-odds log` prints. Never throws. */
export function formatDiceLogText(a: DiceLogAnalysis): string {
  const out: string[] = [header(a), ...unreadableLines(a)];
  if (a.rolls.length === 0) {
    out.push('', 'No dice rolls in this log (VASL writes a roll of its dice buttons as a chat line: none was found).');
    return out.join('\n') + '\n';
  }
  out.push('', 'Who rolled hot or cold (in ASL low dice are good for the roller); how often fair dice do as much:', ...headline(a));
  out.push('', 'The rolls that mattered (Original DR or dr, before any DRM; a log does not tell a Self-Rally from a Rally):', ...a.mattered.map(matteredLine));
  out.push('', 'By kind of roll (one-sided chance that fair dice give a mean this far from 7 or 3.5):', ...columns([KIND_HEADER, ...kindRows(a)], 3));
  for (const type of ['DR', 'dr'] as const) {
    const rows = distributionRows(a, type);
    if (rows.length > 0) out.push('', `${type} totals: how many of each, against fair dice's expected count:`, ...columns(rows, 1));
  }
  out.push('', 'Are the faces fair? Chi-squared test of the faces 1-6 (run from 30 dice: an expected 5 of each face):', ...facesLines(a));
  out.push('', 'Every roll, in order (turn and phase as the Turn Track showed; - before its first change):', ...columns(rollRows(a), 7));
  return out.join('\n') + '\n';
}

const mdCell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'));
function mdTable(rows: readonly (readonly string[])[]): string[] {
  const [head, ...body] = rows;
  return [`| ${head.map(mdCell).join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...body.map((r) => `| ${r.map(mdCell).join(' | ')} |`)];
}

/** The analysis as markdown (the same sections as the text). Never throws. */
export function formatDiceLogMarkdown(a: DiceLogAnalysis): string {
  const out: string[] = ['# The dice of the game', '', mdCell(header(a)), ...unreadableLines(a).map((l) => `\n${mdCell(l)}`)];
  if (a.rolls.length === 0) return [...out, '', 'No dice rolls in this log.'].join('\n') + '\n';
  out.push('', '## Who rolled hot or cold', '', ...headline(a).map((l) => `- ${mdCell(l.trim())}`));
  out.push('', '## The rolls that mattered', '', ...a.mattered.map((m) => `- ${mdCell(matteredLine(m).trim())}`));
  out.push('', '## By kind of roll', '', ...mdTable([KIND_HEADER, ...kindRows(a)]));
  for (const type of ['DR', 'dr'] as const) {
    const rows = distributionRows(a, type);
    if (rows.length > 0) out.push('', `## ${type} totals against fair dice`, '', ...mdTable(rows.map((r) => r.map((c) => c.trim()))));
  }
  out.push('', '## Are the faces fair?', '', ...facesLines(a).map((l) => `- ${mdCell(l.trim())}`));
  out.push('', '## Every roll', '', ...mdTable(rollRows(a)));
  return out.join('\n') + '\n';
}

const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Every roll as CSV, one row a roll ({@link DICE_LOG_CSV_COLUMNS}). Never throws. */
export function formatDiceLogCsv(a: DiceLogAnalysis): string {
  const rows = a.rolls.map((r) =>
    [r.file, String(r.index), r.player, r.kind, r.type, r.dice.join(' '), String(total(r)), r.side ?? '', r.turn === null ? '' : String(r.turn), r.phase ?? ''].map(csvCell).join(','),
  );
  return [DICE_LOG_CSV_COLUMNS.join(','), ...rows].join('\n') + '\n';
}

/** The analysis as the `--json` document. Never throws. */
export function diceLogJson(a: DiceLogAnalysis): Record<string, unknown> {
  return {
    files: a.files,
    player: a.player,
    players: a.players,
    notes: [
      "tail: P(fair dice give a mean at least this far from 7 (DR) or 3.5 (dr), in the direction it went): one-sided; exact: numerator/denominator with denominator 6^dice",
      'facesTest: Pearson chi-squared of the faces 1-6 against 1/6 each, run from 30 dice',
      'mattered: on the Original DR; atLeast = P(at least count in of rolls) for fair dice, exact',
    ],
    groups: a.groups,
    mattered: a.mattered,
    rolls: a.rolls,
  };
}

/** The analysis in `format`. Never throws. */
export function formatDiceLog(a: DiceLogAnalysis, format: DiceLogFormat): string {
  switch (format) {
    case 'text':
      return formatDiceLogText(a);
    case 'markdown':
      return formatDiceLogMarkdown(a);
    case 'csv':
      return formatDiceLogCsv(a);
    case 'json':
      return JSON.stringify(diceLogJson(a), null, 2) + '\n';
  }
}
