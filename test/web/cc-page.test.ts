/**
 * The page's Close Combat form as a player fills it, at 375 px and 1280 px: the new fields (Skiers, E4.5;
 * broken units attacked at -2, A11.16; concealment halving the attacking FP, A11.19) set through their
 * controls, then the answer checked against `asl-odds cc ... --json` (its exact fractions) and each figure's
 * source and confidence shown as the answer's notes, a low-confidence one as a warning first.
 * Screenshots in test-output/cc-page-<width>.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsInWords } from '../../src/reports/glossary.js';
import { runCli } from '../../src/cli/main.js';
import { formatFragment, parseFragment } from '../../web/src/fragment.js';
import { splitWords } from '../../web/src/defaults.js';
import { bufferIO } from '../cli/buffer-io.js';
import { CHROMIUM, OUT, answered, cliFractions, cliWordsOf, guardedContext, hasChromium, openAnswered, readPage, startSite, type Site } from './browser-harness.js';

if (!hasChromium) console.warn(`test/web/cc-page.test.ts: ${CHROMIUM} is not installed, so the CC form is not tested in a browser.`);

let site: Site | undefined;
beforeAll(async () => {
  if (hasChromium) site = await startSite();
}, 180_000);
afterAll(async () => {
  await site?.close();
});


/** The CLI's JSON input for a line (its sources and low-confidence figures). */
async function cliInput(line: string): Promise<{ sources: string[]; lowConfidence: string[] }> {
  const io = bufferIO();
  expect(await runCli([...splitWords(line).slice(1), '--json', '--quiet'], io)).toBe(0);
  return JSON.parse(io.out).input;
}

const field = (page: Page, name: string) => page.locator(`#opt-${name}`);

async function moreOptions(page: Page): Promise<void> {
  const more = page.locator('form.options details.more');
  if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
}

describe.skipIf(!hasChromium)('the CC form through its controls', () => {
  it.each([375, 1280])('at %i px: Skiers ticked, a broken and concealed DEFENDER, Ambush; the answer is the CLI\'s, with its sources', async (width) => {
    const { context, foreign, errors } = await guardedContext(site!, width);
    const page = await context.newPage();
    await openAnswered(site!, page, '#/cc?attacker=finnish/6-4-8,finnish/hero&defender=russian/4-4-7,russian/4-4-7');
    const base = '#/cc?attacker=finnish/6-4-8,finnish/hero&defender=russian/4-4-7,russian/4-4-7';

    await moreOptions(page);
    await field(page, 'attacker-skis').click();
    await answered(page, `${base}&attacker-skis=true`);
    await moreOptions(page);
    const broken = field(page, 'defender-broken');
    await broken.click();
    await broken.pressSequentially('2');
    await broken.press('Enter');
    await answered(page, `${base}&attacker-skis=true&defender-broken=2`);
    await moreOptions(page);
    await field(page, 'defender-concealed').click();
    await answered(page, `${base}&attacker-skis=true&defender-broken=2&defender-concealed=true`);
    await field(page, 'ambush').selectOption('attacker');
    const last = `${base}&attacker-skis=true&defender-broken=2&defender-concealed=true&ambush=attacker`;
    await answered(page, last);

    const hash = formatFragment(parseFragment(last));
    expect(await page.evaluate('location.hash')).toBe(hash);
    expect(await field(page, 'attacker-skis').isChecked()).toBe(true);
    const line = cliWordsOf(hash);
    const shown = await readPage(page);
    expect(shown.line).toBe(line);
    expect(shown.error).toBe('');
    expect(Object.keys(shown.fractions).length).toBeGreaterThan(0);
    expect(shown.fractions).toEqual(await cliFractions(line));

    // 7 FP halved against the concealed DEFENDER: 3.5 vs 8, 1-4 (Kill Number 3); hero -1, Skiers +2, Ambush -2;
    // the -2 against the broken 4-4-7 reads its fate only (A11.622 example).
    const input = await cliInput(line);
    expect(input.sources[0]).toContain('3.5 FP vs 8 FP: 1-4, black Kill Number 3 [A11.11 CCT, medium-high]');
    expect(input.sources[0]).toContain('attacking Skiers +2 [E4.5, medium-high]');
    const notes = await page.locator('.pane.current .summary .note').allTextContents();
    for (const s of input.sources) expect(notes).toContain(idsInWords(s));
    const warnings = await page.locator('.pane.current .summary .warning').allTextContents();
    expect(warnings).toEqual(input.lowConfidence.map(idsInWords));
    expect(warnings[0]).toMatch(/Ambush -2 \[A11\.4, low\] rests on a low-confidence value/);

    // On a phone the notes come with "All ... figures"; the warning is shown first either way.
    const all = page.locator('.pane.current .summary button.all-figures');
    if ((await all.count()) > 0 && (await all.isVisible())) await all.click();
    await expect.poll(() => page.locator('.pane.current .summary .note').first().isVisible()).toBe(true);
    await mkdir(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, `cc-page-${width}.png`), fullPage: true });
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
