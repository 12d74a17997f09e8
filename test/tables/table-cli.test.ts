/**
 * `asl-odds table <kind>` in-process: kinds come from TABLE_KINDS only, formats, --report files.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { buildIftTables } from '../../src/tables/ift-table.js';
import { buildMcTables } from '../../src/tables/mc-table.js';
import { TABLE_KINDS } from '../../src/tables/table-kinds.js';
import { bufferIO } from '../cli/buffer-io.js';

describe('asl-odds table', () => {
  it('offers exactly the registered kinds, each name once', () => {
    const names = TABLE_KINDS.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['mc', 'hob', 'rally', 'interdiction', 'integrity', 'ift', 'cc', 'vehicle']);
  });

  it.each(['attack'])('table %s is not a registered kind: a usage error (exit 2)', async (kind) => {
    const io = bufferIO();
    expect(await runCli(['table', kind], io)).toBe(2);
    expect(io.err).toContain(`unknown command '${kind}'`);
  });

  it('table ift --firer-class green --no-cower --json prints buildIftTables with those options', async () => {
    const io = bufferIO();
    expect(await runCli(['table', 'ift', '--firer-class', 'green', '--no-cower', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out)).toEqual(JSON.parse(JSON.stringify(buildIftTables({ firerClass: 'green', cower: false }))));
  });

  it('table mc --elr 2 --json prints the tables of asl-odds mc', async () => {
    const io = bufferIO();
    expect(await runCli(['table', 'mc', '--elr', '2', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out)).toEqual(JSON.parse(JSON.stringify(buildMcTables({ elr: 2 }))));
  });

  it.each(['text', 'markdown', 'csv', 'json'])('table hob --format %s', async (format) => {
    const io = bufferIO();
    expect(await runCli(['table', 'hob', '--format', format], io)).toBe(0);
    expect(io.out.length).toBeGreaterThan(100);
  });

  it('bad options are one-line errors with exit 2', async () => {
    for (const argv of [
      ['table', 'mc', '--format', 'xml'],
      ['table', 'mc', '--elr', '9'],
      ['table', 'rally', '--unit', 'german/4-7-7'],
      ['table', 'hob', '--rules', 'asl3'],
      ['table', 'ift', '--firer-class', 'veteran'],
    ]) {
      const io = bufferIO();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(io.err.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
  });

  it('--report writes the tables, a heatmap spec and SVG per grid, and index.html', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-table-'));
    const io = bufferIO();
    expect(await runCli(['table', 'rally', '--report', dir], io)).toBe(0);
    const files = (await readdir(dir)).sort();
    const grids = ['leader', 'leader-dm', 'self-rally', 'self-rally-dm'];
    expect(files).toEqual(
      ['index.html', 'table-rally.csv', 'table-rally.json', 'table-rally.md', 'table-rally.txt', ...grids.flatMap((g) => [`table-rally-${g}.svg`, `table-rally-${g}.vl.json`])].sort(),
    );
    expect(io.err).toContain('report: ');
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    expect(html.includes('asl-odds table rally --report')).toBe(true);
    expect((await readFile(join(dir, 'table-rally-leader.svg'), 'utf8')).startsWith('<svg')).toBe(true);
  });
});
