/**
 * index.html in a real browser: Debian's Chromium driven by playwright-core (docs/libraries.md, "Browser
 * checks of HTML reports"). For each report: every chart rendered (SVG marks present), no console
 * errors, no request other than the page's own file: URL (every request is routed; any other URL is
 * aborted and fails the test), and a screenshot under test-output/ (git-ignored). The reports are
 * written to temp directories.
 *
 * Where /usr/bin/chromium is missing the tests are not run and a note says so (.ci/run installs it).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { writeOddsReport } from '../../src/report-files/write-report.js';
import type { OddsResult } from '../../src/result.js';
import { bufferIO } from '../cli/buffer-io.js';
import { EXACT_NMC } from './fixtures.js';
import { writeScenarioReport } from '../../src/report-files/write-scenario-report.js';
import { runScenario } from '../../src/scenario/run-scenario.js';
import { applySweep } from '../../src/scenario/sweep.js';
import { curvePoint, findBalance } from '../../src/scenario/balance.js';
import { calibrate, checkRecord, parseRecord } from '../../src/scenario/record.js';
import { cityFight } from '../scenario/fixture.js';

// The page.evaluate callbacks run in the browser; the project compiles without the DOM lib, so the
// little of the DOM they use is declared here (module scope: nothing leaks into other files).
interface DomElement {
  readonly id: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): { readonly length: number };
}
declare const document: {
  querySelectorAll(selector: string): Iterable<DomElement> & { readonly length: number };
  readonly documentElement: DomElement;
  readonly body: { readonly innerText: string };
};
declare const window: { readonly __xss?: unknown };

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`test/reports/browser.test.ts: ${CHROMIUM} is not installed, so the browser checks of index.html do not run (install: apt-get install -y chromium; .ci/run does it when root).`);
}
/** Launch flags from docs/libraries.md "Browser checks of HTML reports". */
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const OUT = resolve('test-output');

/** What happened while a page was open. */
interface PageVisit {
  readonly consoleErrors: string[];
  readonly foreignRequests: string[];
  readonly dialogs: string[];
  /** Per chart container: rendered flag and number of SVG mark items. */
  readonly charts: { id: string; rendered: boolean; svg: boolean; markItems: number }[];
  readonly chartsRendered: string | null;
  readonly text: string;
  readonly xss: unknown;
  readonly scripts: number;
  readonly images: number;
  /** Page width past the viewport in px (0: no sideways scrolling of the whole page). */
  readonly overflowX: number;
}

let browser: Browser | undefined;

beforeAll(async () => {
  if (hasChromium) browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

/** Opens `dir/index.html`, waits for the charts, records everything, saves `test-output/<shot>.png`. */
async function visit(dir: string, shot: string, width = 1280): Promise<PageVisit> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: true });
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];
  const dialogs: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    foreignRequests.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !foreignRequests.includes(r.url())) foreignRequests.push(r.url());
  });
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  try {
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    await page.waitForSelector('html[data-charts-rendered]', { timeout: 30_000 });
    const state = await page.evaluate(() => {
      const doc = document as unknown as { documentElement: { scrollWidth: number; clientWidth: number } };
      const charts = [...document.querySelectorAll('.chart')].map((el) => ({
        id: el.id,
        rendered: el.getAttribute('data-rendered') === 'true',
        svg: el.querySelector('svg') !== null,
        markItems: el.querySelectorAll('svg g[class*="mark-"] > path, svg g[class*="mark-"] > line, svg g[class*="mark-"] > text, svg g[class*="mark-"] > rect').length,
      }));
      return {
        charts,
        chartsRendered: document.documentElement.getAttribute('data-charts-rendered'),
        text: document.body.innerText,
        xss: window.__xss,
        scripts: document.querySelectorAll('script').length,
        images: document.querySelectorAll('img').length,
        overflowX: doc.documentElement.scrollWidth - doc.documentElement.clientWidth,
      };
    });
    await mkdir(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, `${shot}.png`), fullPage: true });
    return { consoleErrors, foreignRequests, dialogs, ...state };
  } finally {
    await context.close();
  }
}

/**
 * A fresh report directory of its own (a temp dir: other test runs in the same tree cannot race it),
 * removed after the tests.
 */
const made: string[] = [];
async function reportDir(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `asl-odds-browser-${name}-`));
  made.push(dir);
  return dir;
}

function expectClean(v: PageVisit, charts: number): void {
  expect(v.consoleErrors).toEqual([]);
  expect(v.foreignRequests).toEqual([]);
  expect(v.dialogs).toEqual([]);
  expect(v.chartsRendered).toBe(String(charts));
  expect(v.charts).toHaveLength(charts);
  for (const c of v.charts) {
    expect(c, c.id).toMatchObject({ rendered: true, svg: true });
    expect(c.markItems, c.id).toBeGreaterThan(0);
  }
}

describe('index.html in headless Chromium', () => {
  it.runIf(hasChromium)('the harness catches what it guards against (control page: a network request, a console error)', async () => {
    const dir = await reportDir('control');
    await mkdir(dir, { recursive: true });
    const control = `<!DOCTYPE html><html><body>
<div class="chart" id="c" data-rendered="true"><svg><g class="mark-rect"><path d="M0,0h1v1z"></path></g></svg></div>
<img src="http://127.0.0.1:9/pixel.png" alt="">
<script>console.error('control error'); fetch('https://example.invalid/x').catch(function () {});
document.documentElement.setAttribute('data-charts-rendered', '1');</script></body></html>`;
    await writeFile(join(dir, 'index.html'), control);
    const v = await visit(dir, 'control');
    expect(v.foreignRequests).toEqual(expect.arrayContaining(['http://127.0.0.1:9/pixel.png', 'https://example.invalid/x']));
    expect(v.consoleErrors.some((e) => e.includes('control error'))).toBe(true);
  });

  it.runIf(hasChromium)('exact mc report: the outcome chart renders, no errors, no network', async () => {
    const dir = await reportDir('mc-exact');
    const argv = ['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--leader', 'german/8-1', '--report', dir];
    expect(await runCli(argv, bufferIO())).toBe(0);
    const v = await visit(dir, 'report-mc-exact');
    expectClean(v, 1);
    expect(v.text).toContain('asl-odds mc --unit german/4-6-7 --check 1MC --leader german/8-1');
    expect(v.text).toContain('2nd-edition');
    expect(v.text).toContain('0.1.0');
  });

  it.runIf(hasChromium)('Monte Carlo mc report: bars with whiskers and the convergence chart render', async () => {
    const dir = await reportDir('mc-monte-carlo');
    const argv = ['mc', '--unit', 'russian/4-4-7', '--check', '2MC', '--trials', '2e6', '--chunk-size', '100000', '--threads', '1', '--seed', 'browser', '--compare-exact', '--quiet', '--report', dir];
    expect(await runCli(argv, bufferIO())).toBe(0);
    const v = await visit(dir, 'report-mc-monte-carlo');
    expectClean(v, 2);
    expect(v.text).toContain('browser'); // the seed
    expect(v.text).toContain('2,000,000');
    expect(v.text).toContain('Agreement with exact'); // issue 13: z-scores and chi-squared not only in --json
    expect(v.text).toMatch(/Monte Carlo agrees with exact: largest \|z\|/);
  });

  it.runIf(hasChromium)('table mc report: one heatmap per table renders', async () => {
    const dir = await reportDir('table-mc');
    expect(await runCli(['table', 'mc', '--elr', '2', '--report', dir], bufferIO())).toBe(0);
    const v = await visit(dir, 'report-table-mc');
    expectClean(v, 5);
    expect(v.text).toContain('ELR 2');
  });

  it.runIf(hasChromium)('table hob report: the two heatmaps render', async () => {
    const dir = await reportDir('table-hob');
    expect(await runCli(['table', 'hob', '--report', dir], bufferIO())).toBe(0);
    expectClean(await visit(dir, 'report-table-hob'), 2);
  });

  it.runIf(hasChromium)('cc report: the outcome chart and the per-unit section render', async () => {
    const dir = await reportDir('cc');
    expect(await runCli(['cc', '--attacker', 'german/4-6-7,german/8-1', '--defender', 'russian/4-4-7', '--ambush', 'attacker', '--report', dir], bufferIO())).toBe(0);
    const v = await visit(dir, 'report-cc');
    expectClean(v, 1);
    expect(v.text).toContain('DEFENDER Russian 4-4-7');
  });

  it.runIf(hasChromium)('table vehicle report: the three heatmaps render', async () => {
    const dir = await reportDir('table-vehicle');
    expect(await runCli(['table', 'vehicle', '--report', dir], bufferIO())).toBe(0);
    expectClean(await visit(dir, 'report-table-vehicle'), 3);
  });

  it.runIf(hasChromium)('input text is escaped: a <script> title shows as text and runs nothing', async () => {
    const dir = await reportDir('xss');
    const title = '<script>window.__xss = 1; alert(1)</script>';
    const state = '<img src=x onerror="window.__xss = 2; alert(2)">';
    const hostile: OddsResult = {
      ...EXACT_NMC,
      input: { ...EXACT_NMC.input, scenario: title, unit: '</script><script>window.__xss = 3</script>' },
      outcomes: [{ ...EXACT_NMC.outcomes[0], state }, ...EXACT_NMC.outcomes.slice(1)],
    };
    await writeOddsReport(dir, hostile, { argv: ['mc', '--scenario', title] });
    const v = await visit(dir, 'report-xss');
    expectClean(v, 1);
    expect(v.xss).toBeUndefined();
    expect(v.text).toContain(title);
    expect(v.text).toContain(state);
    expect(v.images).toBe(0);
    expect(v.scripts).toBe(5); // chart specs, vega, vega-lite, vega-embed, the glue: nothing injected
  });
  it.runIf(hasChromium)('scenario report with a sweep: victory, fan chart, ELR and sweep charts render; a hostile title stays text', async () => {
    const dir = await reportDir('scenario');
    const title = '<script>window.__xss = 4; alert(4)</script> factory';
    const scenario = { ...cityFight({ turns: 2 }), title };
    const rows = [];
    for (const elr of [2, 4]) {
      const s = applySweep(scenario, 'sides.german.elr', elr);
      rows.push({ value: elr, result: await runScenario(s, { trials: 60, seed: 'browser', threads: 1 }) });
    }
    await writeScenarioReport(dir, rows[0].result, 'asl-odds scenario test.yaml --sweep sides.german.elr=2,4', { path: 'sides.german.elr', rows });
    for (const [width, shot] of [[1280, 'report-scenario'], [375, 'report-scenario-375']] as const) {
      const v = await visit(dir, shot, width);
      expectClean(v, 4);
      expect(v.xss).toBeUndefined();
      expect(v.text).toContain(title);
      // Issue 13: the answer first; every figure of a sweep names its value.
      expect(v.text.indexOf('who wins')).toBeLessThan(v.text.indexOf('Command'));
      expect(v.text).toContain('Each value of sides.german.elr');
      expect(v.text).toContain('Per turn (sides.german.elr = 2)');
      expect(v.text).toContain('These figures are for sides.german.elr = 2');
      expect(v.overflowX).toBeLessThanOrEqual(0);
    }
  });
  it.runIf(hasChromium)('scenario design report: balance curve, grid heatmap and the record\'s calibration render, desktop and 375 px', async () => {
    const dir = await reportDir('design');
    const base = cityFight({ turns: 1 });
    const runs = [];
    for (const drm of [-1, 0, 1, 2]) runs.push({ value: drm, result: await runScenario(applySweep(base, 'sides.german.fire.drm', drm), { trials: 200, seed: 'design', threads: 1 }) });
    const balance = findBalance('sides.german.fire.drm', 'german', 'russian', true, runs.map((r) => curvePoint(r.value, r.result.victory, 'german', 'russian', r.result.trials)));
    const record = parseRecord('german=12,russian=18', ['german', 'russian']);
    const calibration = calibrate('sides.german.fire.drm', true, record, runs.map((r) => ({ value: r.value, victory: r.result.victory, trials: r.result.trials })));
    const grid = { paths: ['sides.german.fire.drm', 'sides.russian.elr'] as [string, string], values: [[-1, 0], [2, 3]] as [number[], number[]], cells: [[runs[0].result, runs[0].result], [runs[1].result, runs[1].result]], side: 'german' };
    const design = { balance, calibration, record: checkRecord(record, runs[1].result.victory), grid };
    await writeScenarioReport(dir, runs[1].result, 'asl-odds scenario test.yaml --balance sides.german.fire.drm=-1..2', undefined, design);
    const v = await visit(dir, 'report-scenario-design');
    expectClean(v, 6);
    expect(v.text).toContain('Balance of sides.german.fire.drm');
    const phone = await visit(dir, 'report-scenario-design-375', 375);
    expectClean(phone, 6);
  });

  // Issue 13: the reports of the cases it measured, at desktop width and on a 375 px phone.
  it.runIf(hasChromium)('attack report (issue 13 case, exact): summary first, 25 colored bars, squads chart, each unit and the stack', async () => {
    const dir = await reportDir('attack');
    const argv = ['attack', '--fp', '8', '--drm', '1', '--target', 'german/9-1,german/4-6-7,german/4-6-7', '--outcomes', '--report', dir];
    const io = bufferIO();
    expect(await runCli(argv, io)).toBe(0);
    for (const [width, shot] of [[1280, 'report-attack'], [375, 'report-attack-375']] as const) {
      const v = await visit(dir, shot, width);
      expectClean(v, 2);
      expect(v.text.indexOf('Summary')).toBeLessThan(v.text.indexOf('Outcomes'));
      expect(v.text).toContain('at least 2 squads broken');
      expect(v.text).toContain('Each unit and the stack');
      expect(v.text).not.toContain('RULES-NOTES');
      expect(v.overflowX).toBeLessThanOrEqual(0);
    }
    expect(io.out.split('\n')[0]).toMatch(/^8 FP \(8 column\) DRM \+1 on German 9-1, German 4-6-7, German 4-6-7: exact/);
  });

  it.runIf(hasChromium)('attack report, Monte Carlo 5e5 trials (issue 13: the stack overflow that wrote nothing)', async () => {
    const dir = await reportDir('attack-mc');
    const argv = ['attack', '--fp', '8', '--drm', '1', '--target', 'german/9-1,german/4-6-7,german/4-6-7', '--trials', '5e5', '--seed', 'browser', '--threads', '1', '--quiet', '--json', '--outcomes', '--report', dir];
    const io = bufferIO();
    expect(await runCli(argv, io)).toBe(0);
    expect(JSON.parse(io.out).trials).toBe(500_000); // stdout has the result
    const v = await visit(dir, 'report-attack-monte-carlo');
    expectClean(v, 3); // outcomes, squads, convergence
    expect(v.text).toMatch(/other \([\d,]+ more final states\)/);
  }, 120_000);

  it.runIf(hasChromium)('rout report: arrives intact / reduced / eliminated first, with what arriving means', async () => {
    const dir = await reportDir('rout');
    expect(await runCli(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--leader', 'german/8-1', '--report', dir], bufferIO())).toBe(0);
    for (const [width, shot] of [[1280, 'report-rout'], [375, 'report-rout-375']] as const) {
      const v = await visit(dir, shot, width);
      expectClean(v, 1);
      expect(v.text.indexOf('arrives intact')).toBeLessThan(v.text.indexOf('Outcomes'));
      expect(v.text).toContain('a pin in that last hex still counts as arriving');
      expect(v.overflowX).toBeLessThanOrEqual(0);
    }
  });

  it.runIf(hasChromium)('mc report at 375 px: no sideways scrolling of the page', async () => {
    const dir = await reportDir('mc-375');
    expect(await runCli(['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--leader', 'german/8-1', '--report', dir], bufferIO())).toBe(0);
    const v = await visit(dir, 'report-mc-exact-375', 375);
    expectClean(v, 1);
    expect(v.overflowX).toBeLessThanOrEqual(0);
  });
});
