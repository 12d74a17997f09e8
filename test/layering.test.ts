/**
 * The layout is a map of the design (docs/development.md "Layout"): imports run downward only, and nothing below
 * the Node side (cli/, pool/, report-files/, io/, bench/, node.ts) imports a Node-only module, so the
 * engine, the rules, the queries, the reports' text and chart specs (reports/) and the library's entry
 * point (index.ts) run in a browser (and in Web Workers) unchanged.
 *
 * Around src/: the page (web/src/) imports only src/'s browser parts; the Node workers (workers/) import
 * only src/ below the commands; the benchmarks (benchmarks/) may import src/ and dist/, and nothing but
 * the tests imports them; src/ imports nothing outside itself.
 *
 * Reads every import (static, `export ... from` and dynamic `import('...')`) as text.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../', import.meta.url).pathname;
const SRC = join(ROOT, 'src');

/**
 * Floors, ground first: a file may import files on its own floor's folder (siblings) or on lower
 * floors, never a higher floor or another folder of its own floor.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['errors.ts', 'version.ts'],
  ['dice', 'stats', 'runs'],
  ['counters', 'engine'],
  ['rules', 'vasl'],
  ['chains', 'options', 'result.ts'],
  ['attack'],
  ['queries'],
  ['tables', 'scenario', 'calculators'],
  ['io', 'index.ts'],
  ['reports', 'pool'],
  ['report-files', 'bench', 'node.ts'],
  ['cli'],
];

/**
 * Folders (and top-level files) that run in Node only: the rest must run in a browser. reports/ (text,
 * figures, Vega-Lite specs: what the page shows too) is browser-side; report-files/ writes the report
 * files (HTML, SVG, CSV) and is Node-side.
 */
const NODE_SIDE = new Set(['io', 'pool', 'report-files', 'bench', 'cli', 'node.ts']);

/** Packages that need Node (built-in modules, worker threads, a terminal). */
const NODE_PACKAGES = new Set(['piscina', 'commander', 'cli-progress']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx|js|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The file a relative specifier names, relative to the repository root (`.js` read as `.ts`). */
function targetOf(file: string, spec: string): string {
  return relative(ROOT, join(file, '..', spec)).replace(/\.js$/, '.ts');
}

/** The package a bare specifier names (`@scope/name` or `name`). */
function packageOf(spec: string): string {
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
}

/** The Node-only imports and Node globals of a file that must run in a browser. */
function nodeOnlyUses(file: string, name: string): string[] {
  const out: string[] = [];
  for (const spec of importsOf(file)) {
    if (spec.startsWith('node:') || NODE_PACKAGES.has(packageOf(spec))) out.push(`${name} imports ${spec}`);
  }
  // Node globals (a browser has none of these)
  const text = readFileSync(file, 'utf8');
  for (const g of ['process.', 'Buffer.', 'require(', '__dirname', 'setImmediate(']) {
    if (text.includes(g) && !(name === 'src/engine/yield-to-event-loop.ts' && g === 'setImmediate(')) out.push(`${name} uses ${g}`);
  }
  return out;
}

/** The module specifiers `file` imports (type-only imports included: they say where a name lives). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)) {
    out.push(m[1] ?? m[2] ?? m[3]);
  }
  return out;
}

/** The top-level part of src a path is in: its folder, or the file itself. */
function partOf(pathInSrc: string): string {
  return pathInSrc.split('/')[0];
}

function floorOf(part: string): number {
  const f = FLOORS.findIndex((parts) => parts.includes(part));
  if (f < 0) throw new Error(`src/${part} is on no floor: add it to FLOORS in test/layering.test.ts`);
  return f;
}

const files = sourceFiles(SRC).map((abs) => ({ abs, rel: relative(SRC, abs) }));

/** Files of a folder of the repository, with their path from the root. */
function filesIn(dir: string): { abs: string; name: string }[] {
  return sourceFiles(join(ROOT, dir)).map((abs) => ({ abs, name: relative(ROOT, abs) }));
}

/** The relative imports of `dir`'s files that `allowed` refuses, as "file imports spec". */
function refusedImports(dir: string, allowed: (target: string) => boolean): string[] {
  const refused: string[] = [];
  for (const f of filesIn(dir)) {
    for (const spec of importsOf(f.abs)) {
      if (spec.startsWith('.') && !allowed(targetOf(f.abs, spec))) refused.push(`${f.name} imports ${spec}`);
    }
  }
  return refused;
}

/** A path (from the root) inside src/, by its part there; undefined outside src/. */
function srcPartOf(target: string): string | undefined {
  return target.startsWith('src/') ? partOf(target.slice('src/'.length)) : undefined;
}

describe('layering', () => {
  it('every part of src/ is on a floor', () => {
    for (const f of files) expect(() => floorOf(partOf(f.rel))).not.toThrow();
  });

  it('imports run downward only (or stay within their own folder)', () => {
    const upward: string[] = [];
    for (const f of files) {
      const from = partOf(f.rel);
      for (const spec of importsOf(f.abs)) {
        if (!spec.startsWith('.')) continue;
        const target = relative(SRC, join(f.abs, '..', spec)).replace(/\.js$/, '.ts');
        if (target.startsWith('..')) continue; // outside src/: the next test refuses it
        const to = partOf(target);
        if (to === from) continue;
        if (floorOf(to) >= floorOf(from)) upward.push(`src/${f.rel} imports ${spec} (floor ${floorOf(to)} from floor ${floorOf(from)})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('src/ imports nothing outside itself (no web/, workers/ or benchmarks/)', () => {
    expect(refusedImports('src', (t) => srcPartOf(t) !== undefined)).toEqual([]);
  });

  it('nothing below cli/, pool/, report-files/, io/ and bench/ imports a Node-only module', () => {
    const nodeOnly = files.filter((f) => !NODE_SIDE.has(partOf(f.rel))).flatMap((f) => nodeOnlyUses(f.abs, `src/${f.rel}`));
    expect(nodeOnly).toEqual([]);
  });

  it('the page (web/src/) imports only web/src/ and the browser parts of src/, and no Node-only module', () => {
    const refused = refusedImports('web/src', (t) => t.startsWith('web/src/') || (srcPartOf(t) !== undefined && !NODE_SIDE.has(srcPartOf(t)!)));
    const nodeOnly = filesIn('web/src').flatMap((f) => nodeOnlyUses(f.abs, f.name));
    expect([...refused, ...nodeOnly]).toEqual([]);
  });

  it('the Node workers (workers/) import only src/ below the commands (no cli/, bench/, web/)', () => {
    const commands = new Set(['cli', 'bench']);
    expect(refusedImports('workers', (t) => srcPartOf(t) !== undefined && !commands.has(srcPartOf(t)!))).toEqual([]);
  });

  it('benchmarks/ imports only src/, dist/ and itself; nothing but the tests imports benchmarks/', () => {
    const refused = refusedImports('benchmarks', (t) => /^(src|dist|benchmarks)\//.test(t));
    for (const dir of ['src', 'web', 'workers', 'scripts', 'bin']) refused.push(...refusedImports(dir, (t) => !t.startsWith('benchmarks/')));
    expect(refused).toEqual([]);
  });

  it('the scan sees imports (guards the regular expression)', () => {
    const monteCarlo = files.find((f) => f.rel === 'engine/monte-carlo.ts')!;
    expect(importsOf(monteCarlo.abs)).toContain('./chunk-runner.js');
    const main = files.find((f) => f.rel === 'cli/main.ts')!;
    expect(importsOf(main.abs).some((s) => s === 'commander' || s.startsWith('node:') || s.startsWith('./'))).toBe(true);
    // a multi-line import and a dynamic import on its own line (web/src/plan-compare.tsx)
    expect(importsOf(join(ROOT, 'web/src/plan-compare.tsx'))).toContain('../../src/reports/plan-text.js');
    expect(filesIn('web/src').map((f) => f.name)).toContain('web/src/result-view.tsx');
    expect(filesIn('workers').length).toBeGreaterThan(0);
    expect(filesIn('benchmarks').length).toBeGreaterThan(0);
  });

  it('the library entry point bundles for a browser (no Node built-in) and the bundle answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asl-odds-bundle-'));
    try {
      const outfile = join(dir, 'asl-odds.browser.mjs');
      // platform 'browser': an import of a Node built-in fails the build
      const r = await build({ entryPoints: [join(SRC, 'index.ts')], bundle: true, platform: 'browser', format: 'esm', outfile, logLevel: 'silent' });
      expect(r.errors).toEqual([]);
      const lib = (await import(pathToFileURL(outfile).href)) as typeof import('../src/index.js');
      const mc = await lib.mcOdds({ unit: 'german/4-6-7', check: '1MC', leaders: ['german/8-1'] });
      expect(mc.eventFractions?.break).toBe('541/1296');
      const est = await lib.mcOdds({ unit: 'german/4-6-7' }, { trials: 20_000, seed: 'bundle' });
      expect(est.trials).toBe(20_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
