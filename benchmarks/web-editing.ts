/**
 * The web page as a player edits a stack (benchmarks/README.md "The web page: answers while a stack is edited"): the page opened at
 * `#/attack` (its default question answered), then each 3-leader stack below with 4, 5 and 6 units set
 * into the URL fragment every `GAP` ms; printed per stack, ms from the last edit to its answer on screen.
 * Needs Debian's Chromium (`apt-get install -y chromium`), as the web test does.
 *
 *   npx tsx benchmarks/web-editing.ts                  # builds the page (Vite) into a temp dir first
 *   GAP=1000 npx tsx benchmarks/web-editing.ts
 *   CHROME=<a script running taskset -c 0 /usr/bin/chromium "$@"> npx tsx benchmarks/web-editing.ts   # one core
 *
 * Environment: `GAP` ms between edits (default 400), `CHROME` the browser (default /usr/bin/chromium),
 * `SITE` a built page to serve instead of building one (e.g. another commit's, to compare).
 */
import { openBenchSite } from './web-site.js';

/** Four 3-leader stacks drawn by the bench (seed `page18`): six units each, then FP and DRM. */
const STACKS: readonly { readonly units: readonly string[]; readonly fp: number; readonly drm: number }[] = [
  { units: ['russian/10-2', 'russian/8-1', 'russian/9-2', 'russian/4-5-8', 'russian/3-2-8', 'russian/2-4-8'], fp: 24, drm: -2 },
  { units: ['russian/10-3', 'russian/10-2', 'russian/8-1', 'russian/4-5-8', 'russian/2-2-6', 'russian/2-2-6'], fp: 12, drm: -1 },
  { units: ['axis-minor/9-1', 'axis-minor/10-2', 'axis-minor/8-1', 'axis-minor/2-3-6', 'axis-minor/4-4-7', 'axis-minor/4-5-7'], fp: 16, drm: -3 },
  { units: ['german/9-1', 'german/8-1', 'german/7-0', 'german/4-6-7', 'german/4-6-7', 'german/4-6-8'], fp: 16, drm: -1 },
];

const gap = Number(process.env.GAP ?? 400);
const { web, browser, close } = await openBenchSite('asl-odds-web-bench-');
const times: number[] = [];
try {
  for (const { units, fp, drm } of STACKS) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(web.url + '#/attack');
    await page.waitForFunction(`window.aslOdds.answers.length > 0 && document.querySelector('main').dataset.status !== 'computing'`, undefined, { timeout: 120_000 });
    let last = '';
    let t0 = 0;
    for (let k = 4; k <= units.length; k++) {
      last = `/attack?fp=${fp}&drm=${drm}&target=${units.slice(0, k).join(',')}`;
      t0 = (await page.evaluate('performance.now()')) as number;
      await page.evaluate(`location.hash = ${JSON.stringify(last)}`);
      if (k < units.length) await page.waitForTimeout(gap);
    }
    await page.waitForFunction(`window.aslOdds.answers.at(-1).hash.endsWith(${JSON.stringify(last.slice(-30))}) && document.querySelector('main').dataset.status !== 'computing'`, undefined, {
      timeout: 120_000,
    });
    times.push(Math.round(((await page.evaluate('performance.now()')) as number) - t0));
    await context.close();
  }
  console.log(`edits every ${gap} ms, from the last edit to its answer (ms): ${times.join(' ')}`);
} finally {
  await close();
}
