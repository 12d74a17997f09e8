import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatOddsTable } from '../../src/reports/odds-table.js';
import { buildOutcomeSpec } from '../../src/reports/outcome-chart.js';
import { writeOddsReport } from '../../src/reports/write-report.js';
import { EXACT_NMC, MONTE_CARLO } from './fixtures.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'asl-odds-report-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('writeOddsReport', () => {
  it('writes the five files named after the command, and nothing else', async () => {
    const dir = join(root, 'reports', 'example');
    const { files } = await writeOddsReport(dir, EXACT_NMC);
    expect(files).toEqual(['mc.txt', 'mc.md', 'mc.json', 'mc.vl.json', 'mc.svg'].map((f) => join(dir, f)));
    expect((await readdir(dir)).sort()).toEqual(['mc.json', 'mc.md', 'mc.svg', 'mc.txt', 'mc.vl.json']);

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
    ]);
    expect(await readdir(root)).toHaveLength(5);
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
});
