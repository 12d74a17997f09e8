/**
 * The published package, as a user gets it: `npm pack`, then `npm install -g` of the tarball into a
 * temporary prefix. The installed `asl-odds` answers the top-level help's own examples from any
 * directory (worker threads and the bundled scenarios included), and the README's "Use as a library"
 * example runs against the installed package and prints what the README says.
 *
 * Needs the build (`npm test` builds first); installs the dependencies with --prefer-offline (npm's
 * cache, which `npm ci` filled; the registry only for what the cache lacks). About 10-30 s.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

let dir = '';
let bin = '';

function run(cmd: string, args: readonly string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
}

/** The fenced block of the README section `heading` whose first line is `firstLine`. */
function readmeBlock(heading: string, firstLine: string): string {
  const section = README.slice(README.indexOf(heading));
  const m = new RegExp('```js\\n(' + firstLine.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&') + '\\n[\\s\\S]*?)```').exec(section);
  if (!m) throw new Error(`README: no \`\`\`js block starting '${firstLine}' under ${heading}`);
  return m[1];
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-pack-'));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT)) as { filename: string }[];
  const tarball = join(dir, packed[0].filename);
  const prefix = join(dir, 'prefix');
  run('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], dir);
  bin = join(prefix, 'bin', 'asl-odds');
  // A user's project that depends on the installed package (node_modules -> the prefix's).
  mkdirSync(join(dir, 'app'));
  symlinkSync(join(prefix, 'lib', 'node_modules'), join(dir, 'app', 'node_modules'));
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the installed package', () => {
  it('runs the help example on the bundled scenario, on worker threads, from any directory', () => {
    const out = JSON.parse(run(bin, ['scenario', 'scenarios/stalingrad-factory-1942.yaml', '--trials', '512', '--seed', 'pack', '--threads', '2', '--json', '--quiet'], dir));
    expect(out.command).toBe('scenario');
    expect(out.trials).toBe(512);
    const byName = JSON.parse(run(bin, ['scenario', 'stalingrad-factory-1942', '--trials', '512', '--seed', 'pack', '--threads', '1', '--json', '--quiet'], dir));
    expect(byName.victory).toEqual(out.victory); // same seed: same answer on 1 or 2 threads
  });

  it('answers mc exactly and by Monte Carlo on worker threads', () => {
    const exact = JSON.parse(run(bin, ['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--leader', 'german/8-1', '--json'], dir));
    expect(exact.eventFractions.break).toBe('541/1296');
    const mc = JSON.parse(run(bin, ['mc', '--unit', 'german/4-6-7', '--trials', '3e6', '--chunk-size', '1e6', '--threads', '2', '--seed', 'pack', '--json', '--quiet'], dir));
    expect(mc.trials).toBe(3_000_000);
  });

  it("runs the README's library example against the installed package and prints what its comments say", () => {
    const example = readmeBlock('## Use as a library', '// odds.mjs');
    writeFileSync(join(dir, 'app', 'odds.mjs'), example);
    const lines = run('node', ['odds.mjs'], join(dir, 'app')).trim().split('\n');
    const logs = [...example.matchAll(/^console\.log\(.*\);(?: \/\/ (.*))?$/gm)];
    expect(logs.length).toBeGreaterThanOrEqual(5);
    expect(lines.length).toBe(logs.length);
    logs.forEach((m, i) => {
      // the comment is the printed line, or its start followed by ' (an explanation)'
      if (m[1] !== undefined) expect([m[1], m[1].replace(/ \(.*\)$/, '')]).toContain(lines[i]);
    });
    expect(logs.filter((m) => m[1] !== undefined).length).toBe(logs.length);
  });
});
