import { describe, expect, it } from 'vitest';
import type { OddsResult } from '../../src/result.js';
import { formatOddsTable, ODDS_CSV_COLUMNS } from '../../src/reports/odds-table.js';
import { EXACT_NMC, MONTE_CARLO } from './fixtures.js';

/** Cells of an aligned text row (columns are separated by at least two spaces). */
function cells(line: string): string[] {
  return line.trim().split(/ {2,}/);
}

/** Minimal RFC 4180 parser, to check the CSV round-trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  return rows;
}

describe('formatOddsTable text (NMC on ML 7, exact, oracle: the 36 DR by hand)', () => {
  const text = formatOddsTable(EXACT_NMC);
  const lines = text.split('\n');

  it('opens with the answer: the question, then pass / pinned / broken with their fractions', () => {
    expect(lines[0]).toBe('German 4-6-7 takes a NMC: exact (every dice path)');
    expect(lines.slice(1, 4).map(cells)).toEqual([
      ['passes (not pinned)', '41.7%', '1 in 2.4', '5/12'],
      ['pinned', '16.7%', '1 in 6', '1/6'],
      ['broken', '41.7%', '1 in 2.4', '5/12'],
    ]);
  });

  it('then a header naming command, rule set, method and version, then the input', () => {
    const at = lines.findIndex((l) => l.startsWith('asl-odds '));
    expect(at).toBeGreaterThan(3);
    expect(lines[at]).toBe('asl-odds mc · rule set 2nd-edition · exact · v0.1.0');
    expect(lines[at + 1]).toBe('Input: unit German 4-6-7, check NMC, ML 7'); // null leader and 0 DRM left out
    expect(text.endsWith('\n')).toBe(true);
  });

  it('has one row per outcome with the hand-computed percent, odds and fraction', () => {
    const header = lines.findIndex((l) => l.startsWith('Outcome'));
    expect(cells(lines[header])).toEqual(['Outcome', 'Probability', 'Odds', 'Exact']);
    expect(lines.slice(header + 1, header + 5).map(cells)).toEqual([
      ['good order', '41.7%', '1 in 2.4', '5/12'], // DR 2-6: 15/36; 36/15 = 2.4
      ['broken 4-6-7', '38.9%', '1 in 2.6', '7/18'], // DR 8-11: 14/36; 36/14 = 2.57
      ['pinned', '16.7%', '1 in 6', '1/6'], // DR 7 = ML (A7.8): 6/36
      ['broken, reduced to 2-4-7 "HS"', '2.8%', '1 in 36', '1/36'], // DR 12: 1/36
    ]);
    expect(lines[header + 5]).toBe('');
  });

  it('aligns columns: percents end and odds start at the same column on every row', () => {
    const start = lines.findIndex((l) => l.startsWith('Outcome'));
    const block = lines.slice(start, start + 5);
    const percentEnds = block.slice(1).map((l) => l.indexOf('%') + 1);
    expect(new Set(percentEnds).size).toBe(1);
    expect(block[0].indexOf('Probability') + 'Probability'.length).toBe(percentEnds[0]);
    const oddsStarts = block.map((l, i) => (i === 0 ? l.indexOf('Odds') : l.indexOf('1 in')));
    expect(new Set(oddsStarts).size).toBe(1);
    for (const l of lines) expect(l).toBe(l.trimEnd());
  });

  it('lists events with probability > 0 in EVENT_NAMES order, with exact fractions', () => {
    const header = lines.findIndex((l) => l.startsWith('Event'));
    expect(cells(lines[header])).toEqual(['Event (at least once)', 'Probability', 'Odds', 'Exact']);
    expect(lines.slice(header + 1).filter((l) => l !== '').map(cells)).toEqual([
      ['passes (not pinned)', '41.7%', '1 in 2.4', '5/12'],
      ['pinned', '16.7%', '1 in 6', '1/6'],
      ['broken', '41.7%', '1 in 2.4', '5/12'], // 14/36 + 1/36
      ['Casualty Reduced', '2.8%', '1 in 36', '1/36'],
      ['Heat of Battle DR', '0.1%', '1 in 1,296', '1/1296'], // 0.0772% rounds to 0.1%
      ['goes berserk', '<0.1%', '1 in 46,656', '1/46656'], // 0.0021%
    ]);
    expect(text).not.toContain('hero'); // probability 0
  });

  it('says so when no event happened', () => {
    const none: OddsResult = { ...EXACT_NMC, events: {}, eventFractions: {} };
    expect(formatOddsTable(none)).toContain('\nEvents: none\n');
  });
});

describe('formatOddsTable text (Monte Carlo)', () => {
  const lines = formatOddsTable(MONTE_CARLO).split('\n');

  it('opens with the answer and its 95% intervals, then names trials and seed in the header', () => {
    expect(lines[0]).toBe('German 4-6-7 takes a NMC: Monte Carlo, 1,000,000 trials (95% intervals)');
    expect(cells(lines[3])).toEqual(['broken', '41.6%', '1 in 2.4', '±0.10 pp']); // Wilson from 416,000 of 1e6
    expect(lines).toContain('asl-odds mc · rule set 2nd-edition · Monte Carlo, 1,000,000 trials, seed 42 · v0.1.0');
  });

  it('adds a ± column with the ci95 half-width in percentage points', () => {
    const header = lines.findIndex((l) => l.startsWith('Outcome'));
    expect(cells(lines[header])).toEqual(['Outcome', 'Probability', 'Odds', '95% CI']);
    expect(lines.slice(header + 1, header + 5).map(cells)).toEqual([
      ['good order', '41.7%', '1 in 2.4', '±0.1 pp'], // (0.4181 - 0.4155) / 2 = 0.13 pp
      ['broken 4-6-7', '38.9%', '1 in 2.6', '±0.1 pp'], // 0.12 pp
      ['pinned', '16.7%', '1 in 6', '±0.07 pp'],
      ['broken, reduced to 2-4-7 "HS"', '2.8%', '1 in 36', '±0.03 pp'],
    ]);
  });

  it('has no Exact column for events without fractions', () => {
    const header = lines.findIndex((l) => l.startsWith('Event'));
    expect(cells(lines[header])).toEqual(['Event (at least once)', 'Probability', 'Odds']);
    expect(cells(lines[header + 3])).toEqual(['broken', '41.6%', '1 in 2.4']);
  });
});

describe('formatOddsTable events with Monte Carlo intervals', () => {
  it('shows the ± half-width of each event\'s Wilson interval', () => {
    const withStats = {
      ...MONTE_CARLO,
      eventStats: { break: { count: 416000, probability: 0.416, standardError: 0.00049, ci95: [0.415, 0.417] as const } },
    };
    const text = formatOddsTable(withStats);
    const row = text.split('\n').find((l) => l.startsWith('broken'))!;
    expect(row.trimEnd().endsWith('±0.1 pp')).toBe(true); // (0.417 - 0.415) / 2 = 0.1 percentage points
  });
});

describe('formatOddsTable markdown', () => {
  const md = formatOddsTable(EXACT_NMC, { format: 'markdown' });
  const lines = md.split('\n');

  it('has a title, the run line and two GitHub tables', () => {
    expect(lines[0]).toBe('# mc odds');
    expect(md).toContain('asl-odds mc · rule set 2nd-edition · exact · v0.1.0');
    expect(md).toContain('\n## Outcomes\n\n| Outcome | Probability | Odds | Exact |\n| :--- | ---: | :--- | ---: |\n');
    expect(md).toContain('| good order | 41.7% | 1 in 2.4 | 5/12 |');
    expect(md).toContain('| broken, reduced to 2-4-7 "HS" | 2.8% | 1 in 36 | 1/36 |');
    expect(md).toContain('\n## Events\n\n| Event (at least once) | Probability | Odds | Exact |\n');
    expect(md).toContain('| Heat of Battle DR | 0.1% | 1 in 1,296 | 1/1296 |');
    const tableRows = lines.filter((l) => l.startsWith('|'));
    expect(tableRows).toHaveLength(2 + 6 + 2 + 4 + 2 + 6); // summary (pass, pin, break and the 3 rarer events), outcomes, events
  });

  it('opens with the summary, in the same order as the text', () => {
    expect(lines.slice(0, 7)).toEqual(['# mc odds', '', '## Summary', '', 'German 4-6-7 takes a NMC: exact (every dice path)', '', '| What | Probability | Odds | Exact |']);
    expect(md.indexOf('## Summary')).toBeLessThan(md.indexOf('## Outcomes'));
    expect(md).toContain('| passes (not pinned) | 41.7% | 1 in 2.4 | 5/12 |');
    for (const row of lines.filter((l) => l.startsWith('|'))) expect(row.endsWith(' |')).toBe(true);
  });

  it('escapes pipes and markup in cells', () => {
    const odd: OddsResult = {
      ...EXACT_NMC,
      outcomes: [{ state: 'a|b *c*', probability: 1, fraction: '1/1' }],
    };
    expect(formatOddsTable(odd, { format: 'markdown' })).toContain('| a\\|b \\*c\\* | 100.0% | always | 1/1 |');
  });
});

describe('formatOddsTable csv', () => {
  it('has a header row and quotes fields with commas and quotes (RFC 4180)', () => {
    const csv = formatOddsTable(EXACT_NMC, { format: 'csv' });
    const lines = csv.split('\n');
    expect(lines[0]).toBe(ODDS_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe('kind,name,probability,percent,odds,plus_minus,ci95_low,ci95_high,count,fraction');
    expect(lines[1]).toBe(`outcome,good order,${15 / 36},41.7%,1 in 2.4,,,,,5/12`);
    expect(lines[4]).toBe(`outcome,"broken, reduced to 2-4-7 ""HS""",${1 / 36},2.8%,1 in 36,,,,,1/36`);
    expect(csv).toContain(`event,heatOfBattle,${1 / 1296},0.1%,"1 in 1,296",,,,,1/1296\n`);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(1 + 4 + 6);
    for (const row of rows) expect(row).toHaveLength(ODDS_CSV_COLUMNS.length);
    expect(rows[4][1]).toBe('broken, reduced to 2-4-7 "HS"');
    expect(rows.slice(1, 5).reduce((s, r) => s + Number(r[2]), 0)).toBeCloseTo(1, 12);
  });

  it('carries counts and interval ends for Monte Carlo rows', () => {
    const rows = parseCsv(formatOddsTable(MONTE_CARLO, { format: 'csv' }));
    expect(rows[1]).toEqual(['outcome', 'good order', '0.4168', '41.7%', '1 in 2.4', '±0.1 pp', '0.4155', '0.4181', '416800', '']);
    expect(rows.slice(1, 5).reduce((s, r) => s + Number(r[8]), 0)).toBe(1_000_000);
  });
});

describe('formatOddsTable options', () => {
  it('rejects an unknown format with input.reportFormat', () => {
    expect(() => formatOddsTable(EXACT_NMC, { format: 'html' as never })).toThrow(
      expect.objectContaining({ code: 'input.reportFormat', exitCode: 2 }),
    );
  });
});
