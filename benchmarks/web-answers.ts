/**
 * The web page as a player feels it on a phone (benchmarks/README.md "The web page on a phone: the
 * answer after an edit, and a shared link's first answer"): headless Chromium at 375 x 812, the page
 * built by Vite and served by `asl-odds web`'s server.
 *
 * - After an edit: ms from the player's last input event (the last keystroke of a value typed without
 *   Enter, or the choice made in a select, or the tap on a marker) to the answer on screen (the page's
 *   own `performance.now()` when it is drawn, `window.aslOdds.answers[].at`), for a single unit (`mc`)
 *   and a 5-unit stack (`attack`), each edit made REPEAT times on one page (the worker warm).
 * - A shared link's first answer: ms from navigation start to the answer on screen, a fresh browser
 *   context per load (nothing cached), REPEAT loads per link.
 *
 *   npx tsx benchmarks/web-answers.ts            # builds the page (Vite) into a temp dir first
 *   REPEAT=9 SITE=<a built page> npx tsx benchmarks/web-answers.ts
 *
 * Environment: `REPEAT` (default 7), `CHROME` the browser (default /usr/bin/chromium), `SITE` a built
 * page to serve instead of building one. Prints one line per case: median, fastest and slowest (ms).
 */
import type { Page } from 'playwright-core';
import { openBenchSite } from './web-site.js';

const repeat = Number(process.env.REPEAT ?? 7);
const { web, browser, close } = await openBenchSite('asl-odds-web-answers-');
const VIEWPORT = { width: 375, height: 812 };

/**
 * Waits until the answer to `hash` is on screen and returns when it was drawn (the page's
 * performance.now()). `hash` as the page spells it (the fragments below need no escaping).
 */
async function drawnAt(page: Page, hash: string, since = 0): Promise<number> {
  // an answer recorded after the edit (index >= since): an earlier answer to the same question does not count
  const mine = `window.aslOdds.answers.slice(${since}).filter((a) => a.hash === ${JSON.stringify(hash)} && a.at > 0)`;
  await page.waitForFunction(
    `(() => { const m = document.querySelector('main'); return m && m.dataset.hash === ${JSON.stringify(hash)} && !m.dataset.stale && m.dataset.status !== 'computing' && ${mine}.length > 0; })()`,
    undefined,
    { timeout: 60_000 },
  );
  return (await page.evaluate(`${mine}.at(-1).at`)) as number;
}

/** Records the time of the player's last input event (keystroke, change, tap). */
async function watchInput(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__lastInput = 0;
    for (const type of ['input', 'change', 'click']) document.addEventListener(type, () => { window.__lastInput = performance.now(); }, true);
  })()`);
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return `median ${Math.round(median)}, fastest ${Math.round(s[0])}, slowest ${Math.round(s[s.length - 1])} (n=${s.length})`;
}

/** One page, `repeat` edits: `act(i)` makes edit i, whose question is `fragmentOf(i)`. */
async function edits(open: string, act: (page: Page, i: number) => Promise<void>, fragmentOf: (i: number) => string): Promise<number[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(web.url + open);
  await drawnAt(page, open);
  await watchInput(page);
  const out: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const since = (await page.evaluate('window.aslOdds.answers.length')) as number;
    await act(page, i);
    const at = await drawnAt(page, fragmentOf(i), since);
    out.push(at - ((await page.evaluate('window.__lastInput')) as number));
  }
  await context.close();
  return out;
}

/** `repeat` fresh loads of `link`: ms from navigation start to its answer on screen. */
async function loads(link: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(web.url + link);
    out.push(await drawnAt(page, link));
    await context.close();
  }
  return out;
}

const MC = '#/mc?unit=german/4-6-7&check=1MC';
const STACK = 'german/9-1,german/4-6-7,german/4-6-7,german/4-6-8,german/2-3-7';
const ATTACK = `#/attack?fp=8&drm=1&target=${STACK}`;
const UNITS = ['german/5-4-8', 'german/4-6-7'];
const FPS = ['12', '8'];
try {
  const typeInto = async (page: Page, selector: string, text: string) => {
    const f = page.locator(selector);
    await f.click();
    await f.press('ControlOrMeta+a');
    await f.pressSequentially(text); // no Enter: answered as typed
  };
  const rows: [string, number[]][] = [];
  rows.push(['single unit (mc): Check chosen', await edits(MC, (p, i) => p.locator('#opt-check').selectOption(i % 2 ? '1MC' : '2MC').then(() => undefined), (i) => `#/mc?unit=german/4-6-7&check=${i % 2 ? '1MC' : '2MC'}`)]);
  rows.push(['single unit (mc): Unit typed, no Enter', await edits(MC, (p, i) => typeInto(p, '#opt-unit', UNITS[i % 2]), (i) => `#/mc?unit=${UNITS[i % 2]}&check=1MC`)]);
  rows.push([
    '5-unit stack (attack): unit 2 marked broken / unmarked',
    await edits(ATTACK, (p) => p.locator('.stack-row[data-position="2"]').getByRole('button', { name: 'broken' }).click(), (i) => (i % 2 ? ATTACK : `${ATTACK}&target-broken=2`)),
  ]);
  rows.push(['5-unit stack (attack): FP typed, no Enter', await edits(ATTACK, (p, i) => typeInto(p, '#opt-fp', FPS[i % 2]), (i) => `#/attack?fp=${FPS[i % 2]}&drm=1&target=${STACK}`)]);
  rows.push(['shared link, first answer: mc', await loads('#/mc?unit=russian/4-4-7&check=2MC&leader=russian/9-2')]);
  rows.push(['shared link, first answer: attack on a 5-unit stack', await loads(ATTACK)]);
  for (const [what, ms] of rows) console.log(`${what}: ${stats(ms)} ms`);
} finally {
  await close();
}
