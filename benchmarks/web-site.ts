/**
 * What the browser benchmarks of the web page share (web-answers.ts, web-editing.ts): the page built by
 * Vite into a temp directory (or `SITE`, a page already built, e.g. another commit's), served by
 * `asl-odds web`'s server, and Debian's Chromium driven by playwright-core with the flags
 * docs/development.md's browser tests use. `CHROME` names another browser.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { startWebServer, type WebServer } from '../src/cli/web-server.js';

/** A served page and a browser; `close()` stops both and removes the temp build. */
export interface BenchSite {
  readonly web: WebServer;
  readonly browser: Browser;
  close(): Promise<void>;
}

/**
 * Builds (unless `SITE` is set) and serves the page, and launches the browser.
 * @param prefix the temp directory's name prefix (`asl-odds-web-answers-`)
 * @throws when Vite's build, the server or the browser fails (a benchmark stops there)
 */
export async function openBenchSite(prefix: string): Promise<BenchSite> {
  let site = process.env.SITE;
  const built = site === undefined ? await mkdtemp(join(tmpdir(), prefix)) : undefined;
  if (built !== undefined) {
    await build({ configFile: resolve('web/vite.config.ts'), logLevel: 'warn', build: { outDir: built, emptyOutDir: true } });
    site = built;
  }
  const web = await startWebServer({ root: site, port: 0 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    web,
    browser,
    async close() {
      await browser.close();
      await web.close();
      if (built !== undefined) await rm(built, { recursive: true, force: true });
    },
  };
}
