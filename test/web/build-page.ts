/**
 * The page built once per test run (vitest globalSetup of the `page` project, vitest.config.ts), for
 * every browser test file of it: `vite build` of web/ (what `npm run build:web` runs) into a temp
 * directory, handed to the files as `inject('pageDir')` (browser-harness.ts `startSite` serves it) and
 * removed when the run ends. A file run alone (`npx vitest run test/web/web-controls.test.ts`) runs this
 * too, so it still finds the page built from the tree as it is. Without Chromium the browser tests skip,
 * and nothing is built.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built page's directory; '' when no page was built (no Chromium to test it with). */
    pageDir: string;
  }
}

/** The browser the page is tested in (browser-harness.ts `CHROMIUM`; a globalSetup cannot import the harness, which imports vitest's test API). */
const CHROMIUM = '/usr/bin/chromium';

export default async function buildPage(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    project.provide('pageDir', '');
    return async () => undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'asl-odds-web-'));
  await build({ configFile: resolve('web/vite.config.ts'), logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  project.provide('pageDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
