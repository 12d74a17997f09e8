/**
 * The page as a player at the table uses it on a phone (375 x 812) and on a desktop (1280 px), in
 * Chromium: an answer while typing, without Enter, with the old answer marked stale until the new one
 * is drawn; each calculator keeps its question while the player visits the others, and tapping the
 * calculator on screen changes nothing; an attack built from a fresh page with "+ add a firer", its
 * ledger read in one column, and "Type the FP and DRM myself"; every calculator reachable at a glance;
 * every control 44 px and no command-line option name outside the "command line" box, the builder, the
 * ledger and the plan compare included. Every wait is for the answer it checks (a DOM condition true
 * only once THAT answer is drawn), never for time.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { splitWords } from '../../web/src/defaults.js';
import { formatFragment, parseFragment } from '../../web/src/fragment.js';
import { bufferIO } from '../cli/buffer-io.js';
import { CHROMIUM, OUT, cliFractions, guardedContext, hasChromium, readPage, startSite, type Site } from './browser-harness.js';

if (!hasChromium) console.warn(`test/web/web-player.test.ts: ${CHROMIUM} is not installed, so the page is not tested in a browser.`);

const TIMEOUT = 30_000;
let site: Site | undefined;
beforeAll(async () => {
  if (hasChromium) site = await startSite();
  await mkdir(OUT, { recursive: true });
}, 180_000);
afterAll(async () => {
  await site?.close();
});

/** True once the answer to `hash` (canonical) is drawn whole: figures or error, and its chart if it has one; nothing stale. */
function drawn(hash: string): string {
  return `(() => {
    const m = document.querySelector('main');
    if (!m || m.dataset.status === 'computing' || m.dataset.stale || m.dataset.hash !== ${JSON.stringify(hash)} || location.hash !== ${JSON.stringify(hash)}) return false;
    const pane = document.querySelector('.pane.current');
    if (!pane || !pane.querySelector('.figure, [role=alert]')) return false;
    const chart = pane.querySelector('.chart');
    return !chart || chart.querySelector('[data-rendered], .error') !== null;
  })()`;
}
const canonical = (fragment: string) => formatFragment(parseFragment(fragment));
async function waitDrawn(page: Page, fragment: string): Promise<void> {
  await page.waitForFunction(drawn(canonical(fragment)), undefined, { timeout: TIMEOUT });
}

/** Records whether the page ever showed the stale mark (data-stale and its note) from now on. */
async function watchStale(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__staleSeen = false;
    const m = document.querySelector('main');
    const see = () => { if (m.dataset.stale === 'true' && document.querySelector('.stale-note')) window.__staleSeen = true; };
    see();
    new MutationObserver(see).observe(m, { attributes: true, childList: true, subtree: true });
  })()`);
}

/** The controls a thumb uses that are smaller than 44 x 44 px (as test/web/web-controls.test.ts checks them). */
async function smallTargets(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('nav a, main button, label.flag, .toolbar label, main select, form input[type=text], details > summary')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.height < 44 - 0.5 || r.width < 44 - 0.5) out.push((el.textContent || el.getAttribute('aria-label') || el.id).trim().slice(0, 30) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
    }
    return out;
  })()`)) as string[];
}

/** Everything a player reads (text and hover titles, every details opened) but the "command line" box. */
async function wordsShown(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    for (const d of document.querySelectorAll('main details:not(.more)')) d.open = true;
    const main = document.querySelector('main').cloneNode(true);
    for (const s of main.querySelectorAll('.command-line, datalist')) s.remove();
    return main.textContent + ' ' + [...main.querySelectorAll('[title]')].map((e) => e.getAttribute('title')).join(' ');
  })()`)) as string;
}

describe.skipIf(!hasChromium)('the page as a player uses it', () => {
  for (const width of [375, 1280]) {
    it(`answers while the player types, without Enter, the old answer marked until the new one is drawn, at ${width} px`, async () => {
      const { context, foreign, errors } = await guardedContext(site!, width, width < 600 ? 812 : 800);
      const page = await context.newPage();
      const start = '#/mc?unit=german/4-6-7&check=1MC';
      await page.goto(site!.web.url + start);
      await waitDrawn(page, start);
      const asked = (await page.evaluate('window.aslOdds.answers.length')) as number;
      await watchStale(page);
      const unit = page.locator('#opt-unit');
      await unit.click();
      await unit.press('ControlOrMeta+a');
      await unit.pressSequentially('german/5-4-8', { delay: 40 }); // no Enter, no Tab
      const next = '#/mc?unit=german/5-4-8&check=1MC';
      await waitDrawn(page, next);
      expect(await page.evaluate('window.__staleSeen'), 'the old answer was marked stale').toBe(true);
      expect(await page.evaluate('document.activeElement && document.activeElement.id'), 'still typing in the field').toBe('opt-unit');
      expect(await page.locator('.pane.current h2').textContent()).toMatch(/^German 5-4-8 takes a 1MC/);
      expect(await page.locator('.stale-note').count()).toBe(0);
      // only the whole unit was asked (the text typed on the way, 'german/5-4', names no counter)
      const hashes = ((await page.evaluate('window.aslOdds.answers.map((a) => a.hash)')) as string[]).slice(asked);
      expect(hashes).toEqual([canonical(next)]);
      const shown = await readPage(page);
      expect(shown.fractions).toEqual(await cliFractions('asl-odds mc --unit german/5-4-8 --check 1MC'));
      // a number typed in DRM, no Enter
      await watchStale(page);
      await page.locator('#opt-drm').click();
      await page.locator('#opt-drm').pressSequentially('2');
      const withDrm = '#/mc?unit=german/5-4-8&check=1MC&drm=2';
      await waitDrawn(page, withDrm);
      expect(await page.evaluate('window.__staleSeen')).toBe(true);
      expect((await readPage(page)).fractions).toEqual(await cliFractions('asl-odds mc --unit german/5-4-8 --check 1MC --drm 2'));
      await page.screenshot({ path: join(OUT, `web-typing-${width}.png`) });
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);

    it(`keeps each calculator's question while the player visits the others, at ${width} px`, async () => {
      const { context, errors } = await guardedContext(site!, width, width < 600 ? 812 : 800);
      const page = await context.newPage();
      await page.goto(site!.web.url + '#/mc');
      const example = '#/mc?unit=german/4-6-7&check=1MC&leader=german/8-1';
      await waitDrawn(page, example);
      // every calculator reachable at a glance: each link whole on the first screen
      const links = (await page.evaluate(`[...document.querySelectorAll('header nav a')].map((a) => { const r = a.getBoundingClientRect(); return { name: a.textContent, left: r.left, right: r.right, bottom: r.bottom }; })`)) as { name: string; left: number; right: number; bottom: number }[];
      expect(links.map((l) => l.name)).toEqual(['MC', 'Rally', 'Attack', 'Rout', 'CC', 'MG vs vehicle', 'Recovery', 'Integrity', 'Tables']);
      for (const l of links) {
        expect(l.left, `${l.name} on screen`).toBeGreaterThanOrEqual(0);
        expect(l.right, `${l.name} on screen`).toBeLessThanOrEqual(width);
        expect(l.bottom, `${l.name} on the first screen`).toBeLessThanOrEqual(200);
      }
      // a Russian 4-4-7 with a 9-2, typed in the players' words
      for (const [id, text] of [
        ['unit', 'Russian 4-4-7'],
        ['leader', 'Russian 9-2'],
      ]) {
        await page.locator(`#opt-${id}`).fill(text);
        await page.locator(`#opt-${id}`).press('Enter');
      }
      const russian = '#/mc?unit=russian/4-4-7&check=1MC&leader=russian/9-2';
      await waitDrawn(page, russian);
      expect(await page.locator('#opt-unit').inputValue()).toBe('Russian 4-4-7');
      // tap CC, then MC: the question is there again, in the URL too
      await page.locator('nav a[data-calculator="cc"]').click();
      await waitDrawn(page, '#/cc?attacker=german/4-6-7,german/4-6-7&defender=russian/4-4-7');
      await page.locator('nav a[data-calculator="mc"]').click();
      await waitDrawn(page, russian);
      expect(await page.locator('#opt-unit').inputValue()).toBe('Russian 4-4-7');
      expect(await page.locator('#opt-leader').inputValue()).toBe('Russian 9-2');
      expect(await page.locator('.pane.current h2').textContent()).toMatch(/^Russian 4-4-7 takes a 1MC/);
      // tapping MC again changes nothing, and the next edit is answered
      await page.locator('nav a[data-calculator="mc"]').click();
      await waitDrawn(page, russian);
      await page.locator('#opt-check').selectOption('2MC');
      const edited = '#/mc?unit=russian/4-4-7&check=2MC&leader=russian/9-2';
      await waitDrawn(page, edited);
      expect(await page.locator('.pane.current h2').textContent()).toMatch(/^Russian 4-4-7 takes a 2MC/);
      // the link carries it: reloaded, the page shows the same question
      await page.reload();
      await waitDrawn(page, edited);
      // only "New question" sets the example again
      await page.getByRole('button', { name: 'New question' }).click();
      await waitDrawn(page, example);
      expect(await page.locator('#opt-unit').inputValue()).toBe('German 4-6-7');
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);

    it(`the odds tables too: every kind reachable, 44 px targets, no option name outside the command line, at ${width} px`, async () => {
      const { context, errors } = await guardedContext(site!, width, width < 600 ? 812 : 800);
      const page = await context.newPage();
      await page.goto(site!.web.url + '#/mc');
      await waitDrawn(page, '#/mc?unit=german/4-6-7&check=1MC&leader=german/8-1');
      await page.locator('nav a[data-calculator="table"]').click();
      const kinds = (await page.evaluate(`[...document.querySelectorAll('nav.kinds a')].map((a) => a.getAttribute('href'))`)) as string[];
      expect(kinds.length).toBeGreaterThan(3);
      for (const href of kinds) {
        await page.locator(`nav.kinds a[href="${href}"]`).click();
        await page.waitForFunction(`(() => { const m = document.querySelector('main'); return m && m.dataset.status !== 'computing' && !m.dataset.stale && m.dataset.hash === location.hash && location.hash === ${JSON.stringify(href)} && document.querySelector('.pane.current .table-set, .pane.current [role=alert]') !== null; })()`, undefined, { timeout: TIMEOUT });
        expect(await smallTargets(page), href).toEqual([]);
        expect(await wordsShown(page), href).not.toMatch(/--[a-z]/);
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);

    it(`builds an attack from a fresh page with "+ add a firer": the ledger gives the FP and DRM, read in one column, at ${width} px`, async () => {
      const { context, errors } = await guardedContext(site!, width, width < 600 ? 812 : 800);
      const page = await context.newPage();
      await page.goto(site!.web.url + '#/attack');
      await waitDrawn(page, '#/attack?fp=8&drm=1&target=german/9-1,german/4-6-7,german/4-6-7');
      await page.getByRole('button', { name: '+ add a firer' }).click();
      // the first firer switches the form to the firers' FP and DRM: a Russian 4-4-7 at the German stack
      const one = '#/attack?target=german/9-1,german/4-6-7,german/4-6-7&firer=russian/4-4-7';
      await page.waitForFunction(`${drawn(canonical(one))} && document.querySelector('.ledger-line') !== null`, undefined, { timeout: TIMEOUT });
      expect(await page.locator('#opt-fp').count(), 'FP is a result, not a field').toBe(0);
      expect(await page.locator('#opt-drm').count(), 'DRM is a result, not a field').toBe(0);
      expect(await page.locator('[aria-label="firer 1"]').inputValue()).toBe('Russian 4-4-7');
      await page.getByRole('button', { name: '+ add a firer' }).click();
      const two = '#/attack?target=german/9-1,german/4-6-7,german/4-6-7&firer=russian/4-4-7,russian/4-4-7';
      await page.waitForFunction(`${drawn(canonical(two))} && document.querySelector('.ledger-line') !== null`, undefined, { timeout: TIMEOUT });
      expect(await page.locator('.pane.current [role=alert]').count(), 'no error').toBe(0);
      const ledger = (await page.locator('.ledger-line').innerText()).replace(/^Fire attack:\s*/, '').trim();
      const line = (await page.locator('[data-command-line]').innerText()).trim();
      expect(line).toBe('asl-odds attack --target german/9-1,german/4-6-7,german/4-6-7 --firer russian/4-4-7,russian/4-4-7');
      const io = bufferIO();
      expect(await runCli([...splitWords(line).slice(1), '--json', '--quiet'], io)).toBe(0);
      const cli = JSON.parse(io.out) as { ledger: string; fp: number; drm: number };
      expect(ledger).toBe(cli.ledger);
      expect(await page.locator('[data-ledger-totals]').textContent()).toBe(`${cli.fp} FP, DRM ${cli.drm >= 0 ? '+' : ''}${cli.drm}`);
      // the steps in one column, in order: FP lines, the total, then the DRM
      await page.getByText('FP and DRM, step by step').click();
      const steps = (await page.evaluate(`[...document.querySelectorAll('.ledger-steps li')].map((li) => { const r = li.getBoundingClientRect(); return { text: li.textContent, left: Math.round(r.left), top: r.top }; })`)) as { text: string; left: number; top: number }[];
      expect(steps.length).toBeGreaterThanOrEqual(3);
      expect(new Set(steps.map((s) => s.left)).size, 'one column').toBe(1);
      for (let i = 1; i < steps.length; i++) expect(steps[i].top).toBeGreaterThan(steps[i - 1].top);
      expect(steps[0].text).toMatch(/^Russian 4-4-7|^4-4-7|russian/i);
      expect(steps.findIndex((s) => s.text.startsWith('total'))).toBe(2);
      // every control 44 px and no option name, the builder, the ledger and the plan compare included
      await page.locator('#plan-objective').selectOption('nmc');
      await page.getByRole('button', { name: 'Compare fire plans' }).click();
      await page.waitForSelector('.plan-list li', { timeout: 120_000 });
      expect(await smallTargets(page)).toEqual([]);
      const words = await wordsShown(page);
      expect(words).not.toMatch(/--[a-z]/);
      expect(words).not.toMatch(/\b[a-z]+\/\d+-\d+(?:-\d+)?\b/);
      await page.screenshot({ path: join(OUT, `web-builder-${width}.png`), fullPage: true });
      await page.locator('section.ledger').screenshot({ path: join(OUT, `web-builder-ledger-${width}.png`) });
      await page.locator('form.options').screenshot({ path: join(OUT, `web-builder-form-${width}.png`) });
      // "Type the FP and DRM myself": the ledger's figures in the fields, the firers gone
      await page.getByRole('button', { name: 'Type the FP and DRM myself' }).click();
      const typed = `#/attack?target=german/9-1,german/4-6-7,german/4-6-7&fp=${cli.fp}&drm=${cli.drm}`;
      await waitDrawn(page, typed);
      expect(await page.locator('#opt-fp').inputValue()).toBe(String(cli.fp));
      expect(await page.locator('.stack-row[data-firer]').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
