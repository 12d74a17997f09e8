import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatOddsTable } from '../../src/reports/odds-table.js';
import { buildOutcomeSpec } from '../../src/reports/outcome-chart.js';
import { writeOddsReport } from '../../src/report-files/write-report.js';
import { EXACT_NMC, MONTE_CARLO } from './fixtures.js';
import { vegaLiteValidator } from './schema.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'asl-odds-report-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('writeOddsReport', () => {
  it('writes the five files named after the command and index.html, and nothing else', async () => {
    const dir = join(root, 'reports', 'example');
    const { files } = await writeOddsReport(dir, EXACT_NMC);
    expect(files).toEqual(['mc.txt', 'mc.md', 'mc.json', 'mc.vl.json', 'mc.svg', 'index.html'].map((f) => join(dir, f)));
    expect((await readdir(dir)).sort()).toEqual(['index.html', 'mc.json', 'mc.md', 'mc.svg', 'mc.txt', 'mc.vl.json']);

    expect(await readFile(join(dir, 'mc.txt'), 'utf8')).toBe(formatOddsTable(EXACT_NMC));
    expect(await readFile(join(dir, 'mc.md'), 'utf8')).toBe(formatOddsTable(EXACT_NMC, { format: 'markdown' }));
    expect(JSON.parse(await readFile(join(dir, 'mc.json'), 'utf8'))).toEqual(EXACT_NMC);
    expect(await readFile(join(dir, 'mc.json'), 'utf8')).toContain('\n  "command": "mc",\n');
    expect(JSON.parse(await readFile(join(dir, 'mc.vl.json'), 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(buildOutcomeSpec(EXACT_NMC))),
    );
    const svg = await readFile(join(dir, 'mc.svg'), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('good order: 41.7% (1 in 2.4)');
  });

  it('uses the given name and overwrites an earlier report', async () => {
    await writeOddsReport(root, EXACT_NMC, { name: 'nmc-ml7' });
    const { files } = await writeOddsReport(root, MONTE_CARLO, { name: 'nmc-ml7' });
    expect(files.map((f) => f.slice(root.length + 1))).toEqual([
      'nmc-ml7.txt',
      'nmc-ml7.md',
      'nmc-ml7.json',
      'nmc-ml7.vl.json',
      'nmc-ml7.svg',
      'index.html',
    ]);
    expect(await readdir(root)).toHaveLength(6);
    expect(JSON.parse(await readFile(files[2], 'utf8'))).toEqual(MONTE_CARLO);
  });

  it.each(['', '..', 'a/b', 'a\\b'])('rejects the report name %j with input.reportName', async (name) => {
    await expect(writeOddsReport(root, EXACT_NMC, { name })).rejects.toMatchObject({
      code: 'input.reportName',
      exitCode: 2,
    });
    expect(await readdir(root)).toEqual([]);
  });

  it('fails with io.write when the directory cannot be created', async () => {
    const { files } = await writeOddsReport(root, EXACT_NMC);
    await expect(writeOddsReport(files[0], EXACT_NMC)).rejects.toMatchObject({ code: 'io.write', exitCode: 1 });
  });

  it('index.html: command line, method, seed, trials, rule set, version, the tables and the chart spec', async () => {
    await writeOddsReport(root, MONTE_CARLO, { argv: ['mc', '--unit', 'german/4-6-7', '--trials', '1e6', '--seed', '42'] });
    const html = await readFile(join(root, 'index.html'), 'utf8');
    for (const text of ['asl-odds mc --unit german/4-6-7 --trials 1e6 --seed 42', 'Monte Carlo, 1,000,000 trials, seed 42', '2nd-edition', 'asl-odds 0.1.0', '<caption>Final states</caption>', '±0.1 pp']) {
      expect(html.includes(text), text).toBe(true); // (not toContain: a failure would print 800 kB)
    }
    // A Monte Carlo result without chunk snapshots: no convergence chart, and the page says why.
    expect(html.includes('No convergence chart')).toBe(true);
    expect((await readdir(root)).some((f) => f.includes('convergence'))).toBe(false);
  });

  it('index: false leaves index.html out (for reports sharing a directory)', async () => {
    const { files } = await writeOddsReport(root, EXACT_NMC, { index: false });
    expect(files).toHaveLength(5);
    expect(await readdir(root)).not.toContain('index.html');
  });

  it('a Monte Carlo run with chunk snapshots adds the convergence spec (schema-valid) and SVG', async () => {
    const chunks = Array.from({ length: 10 }, (_, chunk) => ({
      chunk,
      trials: 100_000,
      outcomeCounts: { 'good order': 41_680, 'broken 4-6-7': 38_860, pinned: 16_680, 'broken, reduced to 2-4-7 "HS"': 2_780 },
    }));
    const { files } = await writeOddsReport(root, MONTE_CARLO, { chunks });
    expect(files.map((f) => f.slice(root.length + 1)).slice(5)).toEqual(['mc.convergence.vl.json', 'mc.convergence.svg', 'index.html']);
    const validate = vegaLiteValidator();
    for (const f of files.filter((x) => x.endsWith('.vl.json'))) {
      expect(validate(JSON.parse(await readFile(f, 'utf8'))), f).toBe(true);
    }
    expect((await readFile(join(root, 'mc.convergence.svg'), 'utf8')).startsWith('<svg')).toBe(true);
    expect((await readFile(join(root, 'index.html'), 'utf8')).includes('No convergence chart')).toBe(false);
  }, 60_000);
});
