import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The browser tests of the page: they share one build of it per run (test/web/build-page.ts, this
 * project's globalSetup), so a run that includes none of them builds nothing. A new browser test file
 * that serves the page (browser-harness.ts `startSite`) is listed here.
 */
const PAGE_TESTS = ['test/web/web-page.test.ts', 'test/web/web-controls.test.ts', 'test/web/web-player.test.ts', 'test/web/fire-builder-page.test.ts', 'test/web/vasl-open.test.ts', 'test/web/dice-log-view.test.ts', 'test/web/cc-page.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...PAGE_TESTS] } },
      { extends: true, test: { name: 'page', include: PAGE_TESTS, globalSetup: ['test/web/build-page.ts'] } },
    ],
  },
});
