/**
 * What the browser tests of the web page share: the page built once per run (build-page.ts) and served by the
 * same server as `asl-odds web` (src/cli/web-server.ts), Debian's Chromium driven by playwright-core
 * (docs/libraries.md "Browser checks of HTML reports"), a context that refuses every request outside the page's origin, and the readers of
 * what the page shows (its answer's fractions, its command line) and of what the CLI says for the same
 * question.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { calculatorNamed } from '../../src/calculators/calculators.js';
import { runCli } from '../../src/cli/main.js';
import { longName, takesValue } from '../../src/options/option-spec.js';
import { startWebServer, type WebServer } from '../../src/cli/web-server.js';
import { formatFragment, parseFragment } from '../../web/src/fragment.js';
import { splitWords } from '../../web/src/defaults.js';
import { bufferIO } from '../cli/buffer-io.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** Launch flags from docs/libraries.md "Browser checks of HTML reports". */
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const OUT = resolve('test-output');

/** A built page, its server and a browser. */
export interface Site {
  readonly browser: Browser;
  readonly web: WebServer;
  close(): Promise<void>;
}

/**
 * Serves the page built once for this run (test/web/build-page.ts, the `page` project's globalSetup) on
 * 127.0.0.1 (any free port) and launches Chromium.
 * @throws when no page was built for this file: it is not in vitest.config.ts's `PAGE_TESTS`
 */
export async function startSite(): Promise<Site> {
  const siteDir = inject('pageDir');
  if (!siteDir) throw new Error('no page built for this test file: list it in vitest.config.ts PAGE_TESTS (the project whose globalSetup builds the page)');
  const web = await startWebServer({ root: siteDir, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  return {
    browser,
    web,
    async close() {
      await browser.close();
      await web.close();
    },
  };
}

/** A browser context that aborts and records every request outside the page's origin, and records console errors. */
export async function guardedContext(site: Site, width: number, height = 900): Promise<{ context: BrowserContext; foreign: string[]; errors: string[] }> {
  const context = await site.browser.newContext({ viewport: { width, height }, serviceWorkers: 'allow' });
  const foreign: string[] = [];
  const errors: string[] = [];
  const origin = new URL(site.web.url).origin;
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin + '/') || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  context.on('page', (p) => {
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    p.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  });
  return { context, foreign, errors };
}

/**
 * Waits until the page shows the answer to `fragment` (its canonical spelling).
 * @throws when it does not within `timeout` ms, saying what the page showed then (its URL, status and
 *   hash, its last answers, whether a service worker controls it and it is online)
 */
export async function answered(page: Page, fragment: string, timeout = 60_000): Promise<void> {
  const hash = formatFragment(parseFragment(fragment));
  try {
    await page.waitForFunction(`(() => { const m = document.querySelector('main'); return m && m.dataset.status !== 'computing' && m.dataset.hash === ${JSON.stringify(hash)}; })()`, undefined, { timeout });
  } catch (e) {
    const seen = await page
      .evaluate(
        `(() => { const m = document.querySelector('main'); return { url: location.href, status: m?.dataset.status, hash: m?.dataset.hash, answers: (window.aslOdds?.answers ?? []).slice(-3).map((a) => a.hash), controlled: !!navigator.serviceWorker?.controller, online: navigator.onLine }; })()`,
      )
      .catch((x: unknown) => `(not readable: ${String(x)})`);
    throw new Error(`no answer to ${fragment} within ${timeout} ms; the page showed ${JSON.stringify(seen)}`, { cause: e });
  }
}

/** Opens the page at `fragment` and waits for its first answer (the default question, for a bare `#/attack`). */
export async function openAnswered(site: Site, page: Page, fragment: string): Promise<void> {
  await page.goto(site.web.url + fragment);
  await page.waitForFunction(`window.aslOdds.answers.length > 0 && document.querySelector('main').dataset.status !== 'computing'`, undefined, { timeout: 60_000 });
}

/** What the page shows: the command line it offers, and every exact fraction in its details, by key. */
export async function readPage(page: Page): Promise<{ line: string; fractions: Record<string, string>; status: string; error: string }> {
  return (await page.evaluate(`(() => {
    const fractions = {};
    for (const tr of document.querySelectorAll('.pane.current tr[data-key]')) {
      const cell = tr.querySelector('td.fraction');
      fractions[tr.dataset.key] = cell ? cell.textContent.trim() : '';
    }
    const err = document.querySelector('.pane.current [role=alert]');
    return {
      line: document.querySelector('[data-command-line]').textContent.trim(),
      fractions,
      status: document.querySelector('main').dataset.status,
      error: err ? err.textContent : '',
    };
  })()`)) as { line: string; fractions: Record<string, string>; status: string; error: string };
}

/** The same figures from the CLI's JSON for `line` (`asl-odds mc --unit ...`, shell words), keyed as the page keys them. */
export async function cliFractions(line: string): Promise<Record<string, string>> {
  const words = splitWords(line);
  expect(words[0]).toBe('asl-odds');
  const io = bufferIO();
  // --quiet: a busy machine's progress note on stderr (a 3-leader stack past 2 s) is not an error.
  const code = await runCli([...words.slice(1), '--json', '--quiet'], io);
  expect(io.err).toBe('');
  expect(code).toBe(0);
  const r = JSON.parse(io.out) as {
    outcomes: { state: string; fraction?: string }[];
    eventFractions?: Record<string, string>;
    stackEventFractions?: Record<string, string>;
    categoryFractions?: Record<string, string>;
  };
  const out: Record<string, string> = {};
  for (const o of r.outcomes) out[`outcome:${o.state}`] = o.fraction ?? '';
  for (const [k, v] of Object.entries(r.eventFractions ?? {})) out[`event:${k}`] = v;
  for (const [k, v] of Object.entries(r.stackEventFractions ?? {})) if (!k.startsWith('expected')) out[`stack:${k}`] = v;
  for (const [k, v] of Object.entries(r.categoryFractions ?? {})) out[`category:${k}`] = v;
  return out;
}

/** The CLI's words for a fragment, built from the calculator's own option specs (flags without a value). */
export function cliWordsOf(fragment: string): string {
  const { command, entries } = parseFragment(fragment);
  const calc = calculatorNamed(command)!;
  const words = ['asl-odds', command];
  for (const [k, v] of entries) {
    const spec = calc.options.find((s) => longName(s) === k)!;
    if (takesValue(spec)) words.push(`--${k}`, v);
    else if (v === 'true') words.push(`--${k}`);
  }
  return words.join(' ');
}
