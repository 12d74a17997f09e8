/**
 * Every source the code cites is a document of the repository (issue 39 item 5): a citation of the rules
 * notes (`docs/rules-notes.md §8`, also `§4 and §9`) names a numbered section that exists, a citation of
 * the library notes (`docs/libraries.md "piscina"`) names a `##` section that exists, a citation of the
 * README or another document by section (`README "Settings"`, `docs/rules-coverage.md "Modelling
 * choices"`) names a heading of it, and nothing cites the notes that used to live outside the
 * repository (`RULES-NOTES`, `LIBRARIES.md`).
 *
 * Reads the text of every source file under src/, web/ (but not its build output), workers/,
 * benchmarks/, test/ and docs/, and README.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const SCANNED = ['src', 'web', 'workers', 'benchmarks', 'test', 'docs'];
/** This file's own examples of bad citations are not citations. */
const SELF = new URL(import.meta.url).pathname;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-web', 'reports']);
const TEXT = /\.(ts|tsx|js|mjs|css|html|md|json|yaml)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) out.push(...filesUnder(path));
    } else if (TEXT.test(name)) out.push(path);
  }
  return out;
}

const FILES = [...SCANNED.flatMap((d) => filesUnder(join(ROOT, d))), join(ROOT, 'README.md')].filter((f) => f !== SELF);

/** `## 12. Title` -> 12. */
function ruleSections(): Set<number> {
  const text = readFileSync(join(ROOT, 'docs/rules-notes.md'), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));
}

/** `## piscina` -> 'piscina'. */
function librarySections(): Set<string> {
  const text = readFileSync(join(ROOT, 'docs/libraries.md'), 'utf8');
  return new Set([...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim()));
}

/** `## Exact attacks: the budgets` -> 'Exact attacks: the budgets', in benchmarks/README.md. */
function benchmarkSections(): string[] {
  const text = readFileSync(join(ROOT, 'benchmarks/README.md'), 'utf8');
  return [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
}

/** The headings of a Markdown document (any level), without their `#` and backticks. */
function headings(path: string): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.replace(/`/g, '').trim());
}

/**
 * Every `name:line: citation` of a README or docs/ section by its title (`README "Settings"`,
 * `README.md "JSON output"`, `docs/rules-coverage.md "Modelling choices"`) whose heading does not
 * exist; the title may be the start of the heading, as for benchmarks/README.md.
 */
function unresolvedSectionsIn(name: string, text: string): string[] {
  const bad: string[] = [];
  const where = (index: number) => `${name}:${text.slice(0, index).split('\n').length}`;
  const cache = new Map<string, string[] | null>();
  const headingsOf = (path: string) => {
    if (!cache.has(path)) {
      try {
        cache.set(path, headings(path));
      } catch {
        cache.set(path, null);
      }
    }
    return cache.get(path)!;
  };
  for (const m of text.matchAll(/(?<![\w/.])(README(?:\.md)?|docs\/[\w-]+\.md),?\s*(?:\*\s*)?\(?"([^"]+)"/g)) {
    const path = m[1] === 'README' ? 'README.md' : m[1]!;
    if (path === 'docs/libraries.md' || m[2]!.startsWith('<')) continue; // checked above; a `"<section>"` placeholder
    const title = m[2]!.replace(/\s*\n\s*(\*\s*)?/g, ' ').trim();
    const known = headingsOf(path);
    if (known === null) bad.push(`${where(m.index)}: ${path} (no such document)`);
    else if (!known.some((h) => h.startsWith(title))) bad.push(`${where(m.index)}: ${path} "${title}"`);
  }
  return bad;
}

/** Every `name:line: citation` in `text` whose target does not exist. A citation may wrap a comment line. */
function unresolvedIn(name: string, text: string, rules: Set<number>, libraries: Set<string>, benchmarks: readonly string[] = benchmarkSections()): string[] {
  const bad: string[] = [];
  const where = (index: number) => `${name}:${text.slice(0, index).split('\n').length}`;
  for (const m of text.matchAll(/docs\/rules-notes\.md(\s*§(\d+)((?:(?:,| and|-)\s*§\d+)*))?/g)) {
    if (m[2] === undefined) continue; // the document as a whole
    const numbers = [m[2], ...[...(m[3] ?? '').matchAll(/§(\d+)/g)].map((n) => n[1]!)].map(Number);
    for (const n of numbers) if (!rules.has(n)) bad.push(`${where(m.index)}: docs/rules-notes.md §${n}`);
  }
  for (const m of text.matchAll(/docs\/libraries\.md(?:,?\s*"([^"]+)")?/g)) {
    if (m[1] === undefined || m[1].startsWith('<')) continue; // `"<section title>"`: how to cite, not a citation
    const title = m[1].replace(/\s*\n\s*(\*\s*)?/g, ' ').trim();
    if (!libraries.has(title)) bad.push(`${where(m.index)}: docs/libraries.md "${title}"`);
  }
  // A benchmarks section is cited by its title or the start of it (`"Attack sampler"`).
  for (const m of text.matchAll(/benchmarks\/README\.md,?\s*(?:\*\s*)?\(?"([^"]+)"/g)) {
    const title = m[1]!.replace(/\s*\n\s*(\*\s*)?/g, ' ').trim();
    if (!benchmarks.some((b) => b.startsWith(title))) bad.push(`${where(m.index)}: benchmarks/README.md "${title}"`);
  }
  return bad;
}

function unresolved(): string[] {
  const rules = ruleSections();
  const libraries = librarySections();
  return FILES.flatMap((file) => {
    const name = relative(ROOT, file);
    const text = readFileSync(file, 'utf8');
    return [...unresolvedIn(name, text, rules, libraries), ...unresolvedSectionsIn(name, text)];
  });
}

describe('citations of the project documents', () => {
  it('the rules notes keep their numbered sections 1-12 and the library notes their sections', () => {
    expect([...ruleSections()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(librarySections()).toContain('piscina');
    expect(librarySections()).toContain('seedrandom');
  });

  it('scans the files it should (src/, web/, workers/, benchmarks/, README.md)', () => {
    const names = FILES.map((f) => relative(ROOT, f));
    expect(names).toContain('src/rules/vehicle-fire.ts');
    expect(names).toContain('README.md');
    expect(names.some((n) => n.startsWith('web/src/'))).toBe(true);
    expect(names.some((n) => n.startsWith('workers/'))).toBe(true);
    expect(names.some((n) => n.startsWith('benchmarks/'))).toBe(true);
  });

  it('every docs/rules-notes.md §N, docs/libraries.md "<section>" and benchmarks/README.md "<section>" names a section that exists', () => {
    expect(unresolved()).toEqual([]);
  });

  it('a citation of a missing section is caught, one of an existing one is not', () => {
    const text = [
      '// docs/rules-notes.md §8 and §99',
      '/* docs/libraries.md "piscina", docs/libraries.md "no such',
      ' * library" */',
      '// benchmarks/README.md "Exact attacks: the budgets", benchmarks/README.md "Session 16"',
    ].join('\n');
    expect(unresolvedIn('x.ts', text, ruleSections(), librarySections())).toEqual([
      'x.ts:1: docs/rules-notes.md §99',
      'x.ts:2: docs/libraries.md "no such library"',
      'x.ts:4: benchmarks/README.md "Session 16"',
    ]);
  });

  it('a citation of a README or docs/ section that does not exist is caught, one that exists is not', () => {
    const text = [
      '// README "Settings", README.md "JSON output", docs/rules-coverage.md "Modelling choices"',
      '// README "Layout", docs/engines.md "Session 16", docs/no-such.md "Anything"',
    ].join('\n');
    expect(unresolvedSectionsIn('x.ts', text)).toEqual([
      'x.ts:2: README.md "Layout"',
      'x.ts:2: docs/engines.md "Session 16"',
      'x.ts:2: docs/no-such.md (no such document)',
    ]);
  });

  it('nothing cites the notes that lived outside the repository (RULES-NOTES, LIBRARIES.md)', () => {
    const stale = FILES.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/RULES-NOTES|LIBRARIES\.md/.test(line) ? [`${relative(ROOT, file)}:${i + 1}`] : [])),
    );
    expect(stale).toEqual([]);
  });
});
