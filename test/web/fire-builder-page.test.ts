/**
 * The page's attack form with the fire attack builder (issue 40), driven as a player drives it in
 * Chromium: firers added and their circumstances toggled, the AFPh ticked, the terrain selected, Area
 * Fire and the leader typed; the page's ledger equals the CLI's for the command line the page offers,
 * and the URL carries the situation in the CLI's words. Screenshots at 1280 and 375 px (no sideways
 * scrolling on a phone) in test-output/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { splitWords } from '../../web/src/defaults.js';
import { bufferIO } from '../cli/buffer-io.js';
import { hasChromium, OUT, startSite, type Site } from './browser-harness.js';

let site: Site | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  site = await startSite();
  await mkdir(OUT, { recursive: true });
}, 300_000);
afterAll(async () => {
  await site?.close();
});

/** Waits until the page is not computing and shows a ledger line. */
async function ledgerShown(page: Page): Promise<string> {
  // The answer to the question the URL now asks (not an earlier one still on screen).
  await page.waitForFunction(`(() => { const m = document.querySelector('main'); return m && m.dataset.status !== 'computing' && m.dataset.hash === location.hash && document.querySelector('.ledger-line'); })()`, undefined, { timeout: 120_000 });
  return (await page.locator('.ledger-line').first().innerText()).replace(/^Fire attack:\s*/, '').trim();
}

async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const input = page.locator(selector);
  await input.fill(text);
  await input.press('Tab');
}

describe.skipIf(!hasChromium)('the attack form builds the fire attack', () => {
  for (const width of [1280, 375]) {
    it(`at ${width} px: firers, circumstances, terrain and leader as a player enters them; the ledger is the CLI's`, async () => {
      const context = await site!.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(site!.web.url + '#/attack?target=russian/4-4-7');
      await page.getByRole('button', { name: '+ add a firer' }).click();
      await typeInto(page, '[aria-label="firer 1"]', 'german/5-4-8');
      await page.locator('[data-firer="1"]').getByRole('button', { name: 'PBF', exact: true }).click();
      await page.locator('[data-firer="1"]').getByRole('button', { name: 'Assault Fire' }).click();
      await page.getByRole('button', { name: '+ add a firer' }).click();
      await page.locator('[data-firer="2"]').getByRole('button', { name: 'PBF', exact: true }).click();
      await page.locator('[data-firer="2"]').getByRole('button', { name: 'Assault Fire' }).click();
      await page.locator('#opt-advancing-fire').check();
      await page.locator('#opt-terrain').selectOption('wooden-building');
      await typeInto(page, '#opt-leader', 'german/9-1');
      await typeInto(page, '#opt-area-fire', '1');
      const ledger = await ledgerShown(page);
      expect(ledger).toBe(
        '2 x 5-4-8: 5 x2 PBF = 10, /2 AFPh = 5, /2 Area Fire = 2.5, +1 Assault Fire -> 4 (FRU); total 8 -> 8 column; DRM +2 TEM (wooden building) -1 leader 9-1 = +1; no Cowering (leader directs, A7.9)',
      );
      const hash = decodeURIComponent(await page.evaluate('location.hash'));
      expect(hash).toContain('firer=german/5-4-8:pbf:assault,german/5-4-8:pbf:assault');
      // The command line the page offers gives the same ledger from the CLI.
      const line = (await page.locator('[data-command-line]').innerText()).trim();
      const io = bufferIO();
      expect(await runCli([...splitWords(line).slice(1), '--json', '--quiet'], io)).toBe(0);
      expect((JSON.parse(io.out) as { ledger: string }).ledger).toBe(ledger);
      // Compare fire plans (exact NMC-or-better figure): the page's best plan is the CLI's.
      await page.locator('#plan-objective').selectOption('nmc');
      await page.getByRole('button', { name: 'Compare fire plans' }).click();
      await page.waitForSelector('.plan-list li', { timeout: 120_000 });
      const best = await page.locator('.plan-list li').first().innerText();
      const planIO = bufferIO();
      expect(await runCli(['plan', ...splitWords(line).slice(2).filter((w, i, a) => w !== '--fp' && a[i - 1] !== '--fp'), '--objective', 'nmc', '--json'], planIO)).toBe(0);
      const cli = JSON.parse(planIO.out) as { plans: { nmcOrBetter: number; groups: string[][] }[] };
      expect(best.startsWith(`${(100 * cli.plans[0].nmcOrBetter).toFixed(1)}%`)).toBe(true);
      expect(await page.locator('.plan-list li').count()).toBe(cli.plans.length);
      if (width === 375) {
        const overflow = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: join(OUT, `web-fire-builder-${width}.png`), fullPage: true });
      await context.close();
    }, 240_000);
  }
});
