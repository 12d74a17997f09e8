/**
 * The dice of a game on the page: a player opens two real VASL logs (vasl-templates' hotness-report
 * logs, AGPL, vendored) through the file input; the page reads them in the browser and shows who
 * rolled hot or cold with the same words and exact figures as `asl-odds log`, the rolls that mattered,
 * both charts and every roll; picking a player keeps that player's rolls. A .vsav is refused in one line.
 * Real Chromium at 1280 and 375 px, every request outside the page's origin aborted.
 * Screenshots: test-output/dice-log-<width>.png.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from '../cli/buffer-io.js';
import { guardedContext, hasChromium, OUT, startSite, type Site } from './browser-harness.js';

const DIR = resolve('test/fixtures/vasl-templates/analyze-vlog');
const LOGS = [join(DIR, 'hotness-report-1.vlog'), join(DIR, 'hotness-report-2.vlog')];

let site: Site | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  site = await startSite();
}, 300_000);
afterAll(async () => {
  await site?.close();
});

describe.skipIf(!hasChromium)('the page reads the dice of a VASL log', () => {
  it.each([1280, 375])('at %i px: open two logs, read the words, pick a player', async (width) => {
    const { context, foreign, errors } = await guardedContext(site!, width);
    const page = await context.newPage();
    await page.goto(`${site!.web.url}#/mc`);
    await page.getByText('The dice of a game (VASL log, .vlog)').click();

    // A saved game without a log: one line.
    await page.getByLabel('VASL logs').setInputFiles(resolve('test/fixtures/vasl-templates/analyze-vsav/basic.vsav'));
    await expect.poll(() => page.getByRole('alert').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('alert').innerText()).toMatch(/^basic\.vsav: a saved game without a log/);

    await page.getByLabel('VASL logs').setInputFiles(LOGS);
    const answer = page.getByLabel('The dice of the game');
    await expect.poll(() => answer.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    // The words are the CLI's, figure for figure.
    const io = bufferIO();
    expect(await runCli(['log', ...LOGS], io)).toBe(0);
    const cliChuck = io.out.split('\n').find((l) => l.startsWith('  Chuck, dr: '))!.slice('  Chuck, dr: '.length);
    expect(cliChuck).toBe('hot (low): mean 2.87 over 15 dr (fair dice 3.5); with fair dice 1 game in 11 is this hot or hotter (8.8%, one-sided, exact)');
    const text = await answer.innerText();
    expect(text).toContain(`Chuck, dr: ${cliChuck}`);
    const cliHoB = io.out.split('\n').find((l) => l.startsWith('  Chuck: Original 2 on a MC or Rally DR'))!.trim();
    expect(cliHoB).toBe('Chuck: Original 2 on a MC or Rally DR, Heat of Battle (A15.1): 2 of 10; with fair dice 1 game in 33 has at least 2 (3.0%, exact)');
    expect(text).toContain(cliHoB);
    // Both charts drawn.
    await expect.poll(() => answer.locator('.chart [data-rendered]').count(), { timeout: 60_000 }).toBe(2);

    // One player's rolls.
    await page.getByLabel('Player', { exact: true }).selectOption('Chuck');
    await expect.poll(() => answer.innerText(), { timeout: 10_000 }).toContain(': 55 rolls');
    expect(await answer.innerText()).not.toContain('Alice, DR');
    await mkdir(OUT, { recursive: true });
    await page.locator('details.dice-log').screenshot({ path: join(OUT, `dice-log-panel-${width}.png`) });
    await page.getByText('Every roll (55)').click();
    expect(await page.getByLabel('Every roll').locator('tbody tr').count()).toBe(55);

    await page.screenshot({ path: join(OUT, `dice-log-${width}.png`), fullPage: true });
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
