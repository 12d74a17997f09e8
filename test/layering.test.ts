/**
 * The layout is a map of the design (README "Layout"): imports run downward only, and nothing below
 * the Node side (cli/, pool/, reports/, io/, bench/, node.ts) imports a Node-only module, so the engine, the
 * rules, the queries and the library's entry point (index.ts) run in a browser (and in Web Workers)
 * unchanged.
 *
 * Reads every import of src/ (static, `export ... from` and dynamic `import('...')`) as text.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

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
  ['queries'],
  ['tables', 'scenario', 'calculators'],
  ['io', 'index.ts'],
  ['reports', 'pool'],
  ['bench', 'node.ts'],
  ['cli'],
];

/** Folders (and top-level files) that run in Node only: the rest must run in a browser. */
const NODE_SIDE = new Set(['io', 'pool', 'reports', 'bench', 'cli', 'node.ts']);

/** Packages that need Node (built-in modules, worker threads, a terminal). */
const NODE_PACKAGES = new Set(['piscina', 'commander', 'cli-progress']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
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
        if (target.startsWith('..')) continue; // outside src/ (bench's benchmarks/naive-baseline.ts)
        const to = partOf(target);
        if (to === from) continue;
        if (floorOf(to) >= floorOf(from)) upward.push(`src/${f.rel} imports ${spec} (floor ${floorOf(to)} from floor ${floorOf(from)})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('nothing below cli/, pool/, reports/, io/ and bench/ imports a Node-only module', () => {
    const nodeOnly: string[] = [];
    for (const f of files) {
      if (NODE_SIDE.has(partOf(f.rel))) continue;
      for (const spec of importsOf(f.abs)) {
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (spec.startsWith('node:') || NODE_PACKAGES.has(pkg)) nodeOnly.push(`src/${f.rel} imports ${spec}`);
      }
      // Node globals (a browser has none of these)
      const text = readFileSync(f.abs, 'utf8');
      for (const g of ['process.', 'Buffer.', 'require(', '__dirname', 'setImmediate(']) {
        if (text.includes(g) && !(f.rel === 'engine/yield-to-event-loop.ts' && g === 'setImmediate(')) nodeOnly.push(`src/${f.rel} uses ${g}`);
      }
    }
    expect(nodeOnly).toEqual([]);
  });

  it('the scan sees imports (guards the regular expression)', () => {
    const monteCarlo = files.find((f) => f.rel === 'engine/monte-carlo.ts')!;
    expect(importsOf(monteCarlo.abs)).toContain('./chunk-runner.js');
    const main = files.find((f) => f.rel === 'cli/main.ts')!;
    expect(importsOf(main.abs).some((s) => s === 'commander' || s.startsWith('node:') || s.startsWith('./'))).toBe(true);
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
