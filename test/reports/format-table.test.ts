import { describe, expect, it } from 'vitest';
import { formatTableSet, parseTableFormat, TABLE_CSV_COLUMNS } from '../../src/reports/format-table.js';
import type { TableSet } from '../../src/tables/grid-table.js';

/** A hand-made set: two cells known, one missing, a label with CSV and markdown specials. */
const SET: TableSet = {
  command: 'table',
  kind: 'demo',
  title: 'Demo table',
  ruleSet: '2nd-edition',
  method: 'exact',
  version: '0.1.0',
  input: { elr: 3, settings: {} },
  notes: ['Read it | carefully.'],
  tables: [
    {
      id: 'pass',
      title: 'P(pass)',
      rowTitle: 'ML',
      columnTitle: 'DRM',
      rows: ['ML 7', 'ML "8", elite'],
      columns: ['-1', '+1'],
      cells: [
        [{ probability: 21 / 36, fraction: '7/12' }, { probability: 1 / 46656, fraction: '1/46656' }],
        [null, { probability: 1, fraction: '1' }],
      ],
    },
  ],
};

describe('formatTableSet', () => {
  it('text: header, notes, then the grid with percents and - for a missing cell', () => {
    const text = formatTableSet(SET, 'text');
    expect(text.split('\n').slice(0, 4)).toEqual(['asl-odds table demo · rule set 2nd-edition · exact · v0.1.0', 'Demo table', 'Input: ELR 3', '- Read it | carefully.']);
    expect(text).toContain('ML 7           58.3%   <0.1%');
    expect(text).toContain('ML "8", elite      -  100.0%');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('markdown: a GitHub table with | escaped', () => {
    const md = formatTableSet(SET, 'markdown');
    expect(md).toContain('| ML | -1 | +1 |');
    expect(md).toContain('| :--- | ---: | ---: |');
    expect(md).toContain('Read it \\| carefully.');
  });

  it('csv: one row per existing cell, RFC 4180 quoting, exact fractions', () => {
    const lines = formatTableSet(SET, 'csv').trimEnd().split('\n');
    expect(lines[0]).toBe(TABLE_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 3);
    expect(lines[1]).toBe(`pass,ML,ML 7,DRM,-1,${21 / 36},58.3%,7/12`);
    expect(lines[3]).toBe('pass,ML,"ML ""8"", elite",DRM,+1,1,100.0%,1');
  });

  it('json: the set itself', () => {
    expect(JSON.parse(formatTableSet(SET, 'json'))).toEqual(JSON.parse(JSON.stringify(SET)));
  });

  it('an unknown format is input.format (exit 2)', () => {
    expect(parseTableFormat('Markdown')).toBe('markdown');
    expect(() => parseTableFormat('xml')).toThrow(expect.objectContaining({ code: 'input.format', exitCode: 2 }));
  });
});
