/**
 * Issue 41 on the page: a player opens a VASL saved game (the real Hazmo save, kehannan/ruleschat,
 * MIT), picks a Location, and a calculator is filled from it; the answer equals the CLI's for the same
 * question. Driven in a real browser (Debian's Chromium with playwright-core) at 1280 and 375 px, with
 * every request outside the page's origin aborted (the save is read on the device, never uploaded).
 * Screenshots: test-output/vasl-open-<width>.png.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from '../cli/buffer-io.js';
import { board, vaslFile } from '../support/vassal-writer.js';
import { guardedContext, hasChromium, OUT, startSite, type Site } from './browser-harness.js';

const SAVE = resolve('test/fixtures/vasl/Hazmo-52-After-Finn-4.vsav');

let site: Site | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  site = await startSite();
}, 300_000);
afterAll(async () => {
  await site?.close();
});

describe.skipIf(!hasChromium)('the page opens a VASL game', () => {
  it.each([1280, 375])('at %i px: open the save, pick 57-H8, fire on the stack: the CLI\'s answer', async (width) => {
    const { context, foreign, errors } = await guardedContext(site!, width);
    const page = await context.newPage();
    // The player is on the attack calculator with an 8 FP +2 attack typed in.
    await page.goto(`${site!.web.url}#/attack?fp=8&drm=2`);
    await page.getByText('Open a VASL game (.vsav, .vlog)').click();
    await page.getByLabel('VASL saved game').setInputFiles(SAVE);
    await expect.poll(() => page.getByLabel('Location', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByText('hex names match VASSAL\'s records for 38 of 38 moved pieces', { exact: false }).isVisible()).toBe(true);

    // Fair play: seen as neither side, the Russian concealed 57-G2 is three "?" counters, nothing else.
    expect(await page.getByLabel('Whose eyes').innerText()).toMatch(/^Seen as neither side: no concealed or hidden \(HIP\) unit is identified/);
    await page.getByLabel('Location', { exact: true }).selectOption('57-G2');
    const g2 = await page.getByLabel('Units in the Location').innerText();
    expect(g2).toContain('a concealed stack: 3 "?" counters (Russian): what it holds cannot be known (A12)');
    expect(g2).not.toContain('4-4-7');
    await page.getByRole('button', { name: 'Fire on this stack' }).click();
    expect(await page.locator('details.vasl [role=alert]').innerText()).toBe(
      '57-G2: a concealed stack: 3 "?" counters (Russian); what it holds cannot be known (A12). Fire on it as Area Fire (A7.23): type the units you assume as the target.',
    );
    // Named the Russian, the player sees his own two 4-4-7, marked concealed; the Finnish 69-J1 stays "?".
    await page.getByLabel('Your side').fill('Russian');
    await page.getByLabel('Your side').press('Enter');
    await expect.poll(() => page.getByLabel('Whose eyes').innerText(), { timeout: 30_000 }).toMatch(/^Seen as Russian/);
    expect(await page.getByLabel('Units in the Location').innerText()).toContain('Russian 4-4-7 (4-4-7 1sq): concealed');
    await page.getByLabel('Location', { exact: true }).selectOption('69-J1');
    expect(await page.getByLabel('Units in the Location').innerText()).toContain('a concealed stack: 4 "?" counters (Finnish)');
    await mkdir(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, `vasl-open-fair-play-${width}.png`), fullPage: true });
    await page.getByLabel('Location', { exact: true }).selectOption('57-H8');
    expect(await page.getByLabel('Units in the Location').innerText()).toContain('Russian 4-4-7 (4-4-7 1sq): foxhole');
    await page.getByRole('button', { name: 'Fire on this stack' }).click();
    const hash = '#/attack?target=russian/8-0&target=russian/4-4-7&fp=8&drm=2';
    await page.waitForFunction(`(() => { const m = document.querySelector('main'); return m && m.dataset.status === 'ready' && m.dataset.hash === ${JSON.stringify(hash)}; })()`, undefined, { timeout: 60_000 });
    const shown = await page.locator('section.answers').innerText();
    // The CLI asked the same question.
    const io = bufferIO();
    expect(await runCli(['attack', '--vasl', SAVE, '--at', '57-H8', '--fp', '8', '--drm', '2', '--json'], io)).toBe(0);
    const cli = JSON.parse(io.out);
    expect(cli.stackEventFractions.anyBroken).toBe('2969/10368');
    expect(shown).toContain('28.6%');
    expect(await page.getByText('note: 57-H8: units in a Foxhole (B27)', { exact: false }).isVisible()).toBe(true);

    // A Location that cannot fill the question: one line saying why (Close Combat needs two sides).
    await page.getByLabel('Location', { exact: true }).selectOption('57-G3');
    await page.getByRole('button', { name: 'Close Combat here' }).click();
    expect(await page.getByRole('alert').innerText()).toMatch(/57-G3: Close Combat needs units of two sides in the Location/);

    await mkdir(OUT, { recursive: true });
    await page.getByLabel('Location', { exact: true }).selectOption('57-H8');
    expect(await page.getByRole('alert').count()).toBe(0); // another Location: the old error goes
    await page.screenshot({ path: join(OUT, `vasl-open-${width}.png`), fullPage: true });

    // The Melee of 57-G9: both sides from the board, the Commissar with them, and what A25.22 leaves out said.
    await page.getByLabel('Location', { exact: true }).selectOption('57-G9');
    await page.getByRole('button', { name: 'Close Combat here' }).click();
    await page.waitForFunction(`(() => { const m = document.querySelector('main'); return m && m.dataset.status === 'ready' && (m.dataset.hash || '').startsWith('#/cc?'); })()`, undefined, { timeout: 60_000 });
    expect(decodeURIComponent(new URL(page.url()).hash)).toContain('russian/commissar-10-0');
    expect(await page.getByText('Commissar (A25.22)', { exact: false }).first().isVisible()).toBe(true);
    await page.screenshot({ path: join(OUT, `vasl-open-cc-${width}.png`), fullPage: true });
    // A hostile save (a stack of 100,001 pieces): one line in the players' words, the page still answers.
    const members = Array.from({ length: 100_001 }, (_, i) => String(i)).join(';');
    const hostile = vaslFile([board('57'), `+/s/stack/Main Map;500;500;${members}`]);
    await page.getByLabel('VASL saved game').setInputFiles({ name: 'hostile.vsav', mimeType: 'application/zip', buffer: Buffer.from(hostile) });
    await expect.poll(() => page.locator('details.vasl [role=alert]').innerText(), { timeout: 30_000 }).toBe(
      'hostile.vsav: a stack of more than 10000 pieces, more than any VASL save holds; refused',
    );
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it.each([1280, 375])("at %i px: pick the firing Location 57-H9, then the target 57-H8, fire: the CLI's attack --from answer (16 FP on the 16 column, DRM +2)", async (width) => {
    const { context, foreign, errors } = await guardedContext(site!, width);
    const page = await context.newPage();
    // An attack with its own FP typed in: the firers of the Location replace it.
    await page.goto(`${site!.web.url}#/attack?fp=8&drm=2`);
    await page.getByText('Open a VASL game (.vsav, .vlog)').click();
    await page.getByLabel('VASL saved game').setInputFiles(SAVE);
    await expect.poll(() => page.getByLabel('Firing Location').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByLabel('Firing Location').selectOption('57-H9');
    await page.getByLabel('Location', { exact: true }).selectOption('57-H8');
    expect(await page.getByLabel('Range between the Locations').innerText()).toBe('From 57-H9 to 57-H8: range 1 (computed from the map)');
    await page.getByRole('button', { name: 'Fire from 57-H9 on this stack' }).click();
    const hash = '#/attack?target=russian/8-0&target=russian/4-4-7&firer=finnish/6-4-8:pbf&firer=russian/lmg:pbf&range=1&terrain=foxhole';
    await page.waitForFunction(`(() => { const m = document.querySelector('main'); return m && m.dataset.status === 'ready' && decodeURIComponent(m.dataset.hash || '') === ${JSON.stringify(hash)}; })()`, undefined, { timeout: 60_000 });
    const shown = await page.locator('section.answers').innerText();
    const io = bufferIO();
    expect(await runCli(['attack', '--vasl', SAVE, '--at', '57-H8', '--from', '57-H9', '--json'], io)).toBe(0);
    const cli = JSON.parse(io.out);
    expect([cli.fp, cli.column, cli.drm]).toEqual([16, 16, 2]);
    expect(shown).toContain('16 FP');
    expect(shown).toContain(`${(cli.stackEvents.anyBroken * 100).toFixed(1)}%`);
    expect(await page.getByText('note: Firing Location 57-H9: left out: 50* MTR', { exact: false }).isVisible()).toBe(true);
    // The panel speaks the page's words: no command-line option and no counter id in its notes or units (the
    // identifiers stay in the URL and the command line).
    const panel = await page.locator('details.vasl').innerText();
    expect(panel).not.toMatch(/--[a-z]/);
    expect(panel).not.toMatch(/\b(russian|finnish)\/\d/);
    await mkdir(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, `vasl-fire-from-${width}.png`), fullPage: true });
    await page.locator('details.vasl').screenshot({ path: join(OUT, `vasl-fire-from-panel-${width}.png`) });
    // A Melee Location does not fire (A7.21): one line on the page.
    await page.getByLabel('Firing Location').selectOption('57-G9');
    await page.getByRole('button', { name: 'Fire from 57-G9 on this stack' }).click();
    expect(await page.getByRole('alert').innerText()).toMatch(/^Firing Location 57-G9: .*units in Melee do not fire out of it \(A7\.21\)/);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
