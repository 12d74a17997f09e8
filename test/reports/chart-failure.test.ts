/**
 * A chart that cannot be rendered never loses the result (issue 13: a vega stack overflow wrote
 * nothing and printed nothing): the table, markdown, JSON and spec are written, the SVG is left out,
 * and the text report and index.html say which chart and why.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/report-files/render-svg.js', () => ({
  renderSvg: async () => {
    throw new RangeError('Maximum call stack size exceeded');
  },
}));

const { writeOddsReport } = await import('../../src/report-files/write-report.js');
const { EXACT_NMC } = await import('./fixtures.js');

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'asl-odds-chart-failure-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('writeOddsReport when a chart fails to render', () => {
  it('writes the text, markdown, JSON, spec and page, notes the missing chart, and does not throw', async () => {
    const { files } = await writeOddsReport(root, EXACT_NMC);
    expect((await readdir(root)).sort()).toEqual(['index.html', 'mc.json', 'mc.md', 'mc.txt', 'mc.vl.json']);
    expect(files).not.toContain(join(root, 'mc.svg'));
    expect(JSON.parse(await readFile(join(root, 'mc.json'), 'utf8'))).toEqual(EXACT_NMC);
    expect(await readFile(join(root, 'mc.txt'), 'utf8')).toMatch(/\nChart not drawn: mc\.svg\n$/);
    const html = await readFile(join(root, 'index.html'), 'utf8');
    expect(html).toContain('The outcome chart could not be drawn (Maximum call stack size exceeded)');
    expect(html).toContain('passes (not pinned)'); // the summary is still there
  });
});
