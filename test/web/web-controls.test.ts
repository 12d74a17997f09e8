/**
 * The page as a player uses it: every calculator's question edited through its controls (a select
 * chosen, a number typed then Enter or Tab, a box ticked, a counter added to and removed from the
 * target stack, a marker toggled, a route preset and a hex tapped, an answer pinned and compared, an
 * edit undone before its answer came), at 375 px and 1280 px. After each edit: the URL spells the new
 * question, every field reads it back, and the answer shown is the engine's for that question (its
 * exact fractions equal those of `asl-odds <the same question> --json`, run in-process).
 *
 * Issue 38: since 730e154 the page set its state back from the old URL after every edit made through
 * a control; test/web/web-page.test.ts only ever set `location.hash`, so nothing caught it.
 *
 * One build, one server, one browser; one page per width. Where /usr/bin/chromium is missing the tests
 * are not run and a note says so.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryValue, formatFragment, parseFragment } from '../../web/src/fragment.js';
import { UNIT_PICKERS } from '../../web/src/defaults.js';
import { idsText } from '../../web/src/unit-words.js';
import { CHROMIUM, OUT, answered, cliFractions, cliWordsOf, guardedContext, hasChromium, readPage, startSite, type Site } from './browser-harness.js';

if (!hasChromium) console.warn(`test/web/web-controls.test.ts: ${CHROMIUM} is not installed, so the page's controls are not tested in a browser.`);

/** How long one edit may take to be answered (every question below is answered in about a second). */
const EDIT_TIMEOUT_MS = 20_000;

let site: Site | undefined;
beforeAll(async () => {
  if (hasChromium) site = await startSite();
}, 180_000);
afterAll(async () => {
  await site?.close();
});


const cliCache = new Map<string, Record<string, string>>();
async function cliOf(line: string): Promise<Record<string, string>> {
  let f = cliCache.get(line);
  if (!f) cliCache.set(line, (f = await cliFractions(line)));
  return f;
}

/**
 * What a field shows for an entry's value: unit pickers and the target stack in players' words
 * ("Russian 4-4-7" for `russian/4-4-7`), every other field as the value.
 */
function shownValue(name: string, value: string): string {
  return name === 'target' || UNIT_PICKERS[name] !== undefined ? idsText(value).replace(/, /g, ',') : value;
}

/** What the form reads back: each named field's value ('true' for a ticked box), the stack's counters and markers. */
async function readFields(page: Page): Promise<Record<string, string>> {
  return (await page.evaluate(`(() => {
    const out = {};
    for (const el of document.querySelectorAll('form.options [name]')) out[el.name] = el.type === 'checkbox' ? (el.checked ? 'true' : '') : el.value.replace(/, /g, ',');
    const rows = [...document.querySelectorAll('.stack-row')];
    if (rows.length) {
      out.target = rows.map((r) => r.querySelector('input').value).join(',');
      for (const b of document.querySelectorAll('.stack-row button[data-option]')) out[b.dataset.option] ??= '';
      for (const [i, r] of rows.entries()) for (const b of r.querySelectorAll('button[data-option][aria-pressed=true]')) out[b.dataset.option] += (out[b.dataset.option] ? ',' : '') + (i + 1);
    }
    const hexes = [...document.querySelectorAll('.hexes .hex')];
    if (hexes.length) out['(hexes)'] = hexes.map((h) => h.textContent.trim()).join(',');
    return out;
  })()`)) as Record<string, string>;
}

/** Checks the page after an edit: URL, fields, command line and answer are all `fragment`'s. */
async function expectShows(page: Page, fragment: string, what: string, heading?: RegExp, error?: RegExp): Promise<void> {
  const hash = formatFragment(parseFragment(fragment));
  await answered(page, hash, EDIT_TIMEOUT_MS).catch((e: Error) => {
    throw new Error(`${what}: ${e.message}`);
  });
  expect(await page.evaluate('location.hash'), `${what}: the URL`).toBe(hash);
  const fields = await readFields(page);
  const { entries } = parseFragment(hash);
  for (const [name, value] of Object.entries(fields)) {
    if (name === '(hexes)') continue;
    expect(value, `${what}: the field ${name}`).toBe(shownValue(name, entryValue(entries, name)));
  }
  for (const [name] of entries) expect(Object.keys(fields), `${what}: a field shows ${name}`).toContain(name);
  if (fields['(hexes)'] !== undefined) expect(fields['(hexes)'], `${what}: the route's hexes`).toBe(entryValue(entries, 'path').replace(/:[^,]*/g, ''));
  const shown = await readPage(page);
  const line = cliWordsOf(hash);
  expect(shown.line, `${what}: the command line`).toBe(line);
  if (error) {
    expect(shown.error, `${what}: the error`).toMatch(error);
    return;
  }
  expect(shown.error, `${what}: no error`).toBe('');
  expect(Object.keys(shown.fractions).length, `${what}: figures shown`).toBeGreaterThan(0);
  expect(shown.fractions, `${what}: the answer is the CLI's for ${line}`).toEqual(await cliOf(line));
  if (heading) expect(await page.locator('.pane.current h2').textContent(), `${what}: the heading`).toMatch(heading);
}

/** A field by its option name (the control a label names). */
const field = (page: Page, name: string) => page.locator(`#opt-${name}`);
/** Types `text` into the option's field as a player does (select all, type), then presses `key`. */
async function typeIn(page: Page, name: string, text: string, key: 'Enter' | 'Tab'): Promise<void> {
  const f = field(page, name);
  await f.click();
  await f.press('ControlOrMeta+a');
  if (text === '') await f.press('Backspace');
  else await f.pressSequentially(text);
  await f.press(key);
}
const tick = (page: Page, name: string) => field(page, name).click();
const stackRow = (page: Page, n: number) => page.locator(`.stack-row[data-position="${n}"]`);

/** An edit a player makes, and the question the page must then show. */
interface Edit {
  readonly what: string;
  readonly act: (page: Page) => Promise<unknown>;
  readonly then: string;
  readonly heading?: RegExp;
  /** The error the page shows for this question (none when unset). */
  readonly error?: RegExp;
}

/** Each calculator: the link it opens at, and edits made one after another through its controls. */
const SESSIONS: readonly { readonly open: string; readonly edits: readonly Edit[] }[] = [
  {
    open: '#/mc?unit=german/4-6-7&check=1MC&leader=german/8-1',
    edits: [
      { what: 'mc: 2MC chosen', act: (p) => field(p, 'check').selectOption('2MC'), then: '#/mc?unit=german/4-6-7&check=2MC&leader=german/8-1', heading: /German 4-6-7 takes a 2MC/ },
      { what: 'mc: broken ticked', act: (p) => tick(p, 'broken'), then: '#/mc?unit=german/4-6-7&check=2MC&leader=german/8-1&broken=true' },
      { what: 'mc: DRM typed, Enter', act: (p) => typeIn(p, 'drm', '1', 'Enter'), then: '#/mc?unit=german/4-6-7&check=2MC&leader=german/8-1&broken=true&drm=1' },
      { what: 'mc: ELR typed, Tab', act: (p) => typeIn(p, 'elr', '2', 'Tab'), then: '#/mc?unit=german/4-6-7&check=2MC&leader=german/8-1&broken=true&drm=1&elr=2' },
      { what: 'mc: broken unticked', act: (p) => tick(p, 'broken'), then: '#/mc?unit=german/4-6-7&check=2MC&leader=german/8-1&drm=1&elr=2' },
      { what: 'mc: leader cleared', act: (p) => typeIn(p, 'leader', '', 'Enter'), then: '#/mc?unit=german/4-6-7&check=2MC&drm=1&elr=2' },
      { what: 'mc: another unit typed', act: (p) => typeIn(p, 'unit', 'russian/4-4-7', 'Tab'), then: '#/mc?unit=russian/4-4-7&check=2MC&drm=1&elr=2', heading: /Russian 4-4-7 takes a 2MC/ },
    ],
  },
  {
    open: '#/rally',
    edits: [
      { what: 'rally: woods chosen', act: (p) => field(p, 'terrain').selectOption('woods'), then: '#/rally?unit=german/4-6-7&leader=german/8-1&terrain=woods' },
      { what: 'rally: DM ticked', act: (p) => tick(p, 'dm'), then: '#/rally?unit=german/4-6-7&leader=german/8-1&terrain=woods&dm=true' },
      { what: 'rally: leader cleared', act: (p) => typeIn(p, 'leader', '', 'Tab'), then: '#/rally?unit=german/4-6-7&terrain=woods&dm=true', error: /"Leader" .* or "Self-Rally"/ },
      { what: 'rally: Self-Rally ticked', act: (p) => tick(p, 'self-rally'), then: '#/rally?unit=german/4-6-7&terrain=woods&dm=true&self-rally=true' },
    ],
  },
  {
    open: '#/attack',
    edits: [
      { what: 'attack: a counter added', act: (p) => p.getByRole('button', { name: '+ add a counter' }).click(), then: '#/attack?fp=8&drm=1&target=german/9-1,german/4-6-7,german/4-6-7,german/4-6-7' },
      { what: 'attack: counter 2 marked broken', act: (p) => stackRow(p, 2).getByRole('button', { name: 'broken' }).click(), then: '#/attack?fp=8&drm=1&target=german/9-1,german/4-6-7,german/4-6-7,german/4-6-7&target-broken=2' },
      { what: 'attack: counter 1 removed', act: (p) => p.getByRole('button', { name: 'remove target 1' }).click(), then: '#/attack?fp=8&drm=1&target=german/4-6-7,german/4-6-7,german/4-6-7&target-broken=1' },
      { what: 'attack: counter 3 retyped', act: (p) => stackRow(p, 3).locator('input').fill('german/4-6-8').then(() => stackRow(p, 3).locator('input').press('Enter')), then: '#/attack?fp=8&drm=1&target=german/4-6-7,german/4-6-7,german/4-6-8&target-broken=1' },
      { what: 'attack: FP typed, Tab', act: (p) => typeIn(p, 'fp', '12', 'Tab'), then: '#/attack?fp=12&drm=1&target=german/4-6-7,german/4-6-7,german/4-6-8&target-broken=1' },
      { what: 'attack: counter 1 unmarked', act: (p) => stackRow(p, 1).getByRole('button', { name: 'broken' }).click(), then: '#/attack?fp=12&drm=1&target=german/4-6-7,german/4-6-7,german/4-6-8' },
    ],
  },
  {
    open: '#/rout?unit=german/4-6-7&path=open,open',
    edits: [
      { what: 'rout: Low Crawl', act: (p) => p.getByRole('button', { name: 'Low Crawl' }).click(), then: '#/rout?unit=german/4-6-7&path=crawl' },
      { what: 'rout: two Open Ground hexes', act: (p) => p.getByRole('button', { name: 'two Open Ground hexes' }).click(), then: '#/rout?unit=german/4-6-7&path=open,open' },
      { what: 'rout: hex 1 tapped', act: (p) => p.locator('.hexes .hex').first().click(), then: '#/rout?unit=german/4-6-7&path=clear,open' },
      { what: 'rout: a hex added', act: (p) => p.getByRole('button', { name: '+ hex' }).click(), then: '#/rout?unit=german/4-6-7&path=clear,open,open' },
      { what: 'rout: end ADJACENT ticked', act: (p) => tick(p, 'end-adjacent'), then: '#/rout?unit=german/4-6-7&path=clear,open,open&end-adjacent=true' },
      { what: 'rout: a hex removed', act: (p) => p.getByRole('button', { name: '− hex' }).click(), then: '#/rout?unit=german/4-6-7&path=clear,open&end-adjacent=true' },
    ],
  },
  {
    open: '#/cc',
    edits: [
      { what: 'cc: Ambush chosen', act: (p) => field(p, 'ambush').selectOption('attacker'), then: '#/cc?attacker=german/4-6-7,german/4-6-7&defender=russian/4-4-7&ambush=attacker' },
      { what: 'cc: ATTACKER CX ticked', act: (p) => tick(p, 'attacker-cx'), then: '#/cc?attacker=german/4-6-7,german/4-6-7&defender=russian/4-4-7&ambush=attacker&attacker-cx=true' },
      { what: 'cc: Hand-to-Hand ticked', act: (p) => tick(p, 'hand-to-hand'), then: '#/cc?attacker=german/4-6-7,german/4-6-7&defender=russian/4-4-7&ambush=attacker&attacker-cx=true&hand-to-hand=true' },
      { what: 'cc: defenders typed', act: (p) => typeIn(p, 'defender', 'russian/4-4-7,russian/4-4-7', 'Enter'), then: '#/cc?attacker=german/4-6-7,german/4-6-7&defender=russian/4-4-7,russian/4-4-7&ambush=attacker&attacker-cx=true&hand-to-hand=true' },
    ],
  },
  {
    open: '#/vehicle',
    edits: [
      { what: 'vehicle: MMG chosen', act: (p) => field(p, 'mg').selectOption('mmg'), then: '#/vehicle?mg=mmg&range=3&armor=1' },
      { what: 'vehicle: range typed', act: (p) => typeIn(p, 'range', '2', 'Enter'), then: '#/vehicle?mg=mmg&range=2&armor=1' },
      { what: 'vehicle: armor typed', act: (p) => typeIn(p, 'armor', '0', 'Tab'), then: '#/vehicle?mg=mmg&range=2&armor=0' },
    ],
  },
  {
    open: '#/recovery',
    edits: [
      { what: 'recovery: CX ticked', act: (p) => tick(p, 'cx'), then: '#/recovery?cx=true' },
      { what: 'recovery: night ticked', act: (p) => tick(p, 'night'), then: '#/recovery?cx=true&night=true' },
      { what: 'recovery: drm typed', act: (p) => typeIn(p, 'drm', '-1', 'Enter'), then: '#/recovery?cx=true&night=true&drm=-1' },
    ],
  },
  {
    open: '#/integrity',
    edits: [
      { what: 'integrity: losses typed', act: (p) => typeIn(p, 'losses', '3', 'Tab'), then: '#/integrity?losses=3&leader=russian/9-1' },
      { what: 'integrity: enemy armor ticked', act: (p) => tick(p, 'enemy-armor'), then: '#/integrity?losses=3&leader=russian/9-1&enemy-armor=true' },
      { what: 'integrity: leader cleared', act: (p) => typeIn(p, 'leader', '', 'Tab'), then: '#/integrity?losses=3&enemy-armor=true' },
      { what: 'integrity: no leader ticked', act: (p) => tick(p, 'no-leader'), then: '#/integrity?losses=3&enemy-armor=true&no-leader=true' },
    ],
  },
];

/**
 * What is cut off: the page scrolling sideways, or a chart, table or figure running past the right edge
 * of the screen (unless inside a box that scrolls sideways within the screen). Each as `tag.class right`.
 */
async function overflowing(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const out = [];
    const d = document.documentElement;
    if (d.scrollWidth > d.clientWidth) out.push('page scrolls sideways by ' + (d.scrollWidth - d.clientWidth));
    const inScroller = (el) => { for (let p = el.parentElement; p; p = p.parentElement) { const s = getComputedStyle(p); if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && p.getBoundingClientRect().right <= innerWidth + 0.5) return p.scrollWidth > p.clientWidth; } return false; };
    for (const el of document.querySelectorAll('main svg, main table, main .figure, main .chart, main .compare-table, main form, main .command-line code')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > innerWidth + 0.5 && !inScroller(el)) out.push(el.tagName.toLowerCase() + '.' + el.className + ' right ' + Math.round(r.right));
      if (el.tagName === 'TABLE' && el.scrollWidth > el.clientWidth + 1 && !inScroller(el)) out.push('table.' + el.className + ' scrollWidth ' + el.scrollWidth + ' > ' + el.clientWidth);
    }
    return out;
  })()`)) as string[];
}

/** The controls a thumb uses that are smaller than 44 x 44 px (links of the navigation, buttons, boxes' labels, fields). */
async function smallTargets(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('nav a, main button, label.flag, .toolbar label, form select, form input[type=text], details > summary')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown (inside closed details)
      if (r.height < 44 - 0.5 || r.width < 44 - 0.5) out.push((el.textContent || el.getAttribute('aria-label') || el.id).trim().slice(0, 30) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
    }
    return out;
  })()`)) as string[];
}

/**
 * The answer on screen is the question the URL asks, drawn whole: its figures (or its error) and, when
 * it has a chart, the chart rendered. (A wait on `!document.querySelector('.chart') || ...` alone passed
 * before the answer was drawn.)
 */
const ANSWER_DRAWN = `(() => {
  const m = document.querySelector('main');
  if (!m || m.dataset.status === 'computing' || m.dataset.stale || m.dataset.hash !== location.hash) return false;
  const pane = document.querySelector('.pane.current');
  if (!pane || !pane.querySelector('.figure, [role=alert], .table-set')) return false;
  const chart = pane.querySelector('.chart');
  return !chart || chart.querySelector('[data-rendered], .error') !== null;
})()`;

/** Opens `fragment` on a loaded page as a player does: the navigation for a calculator (its kept question), else the link. */
async function open(page: Page, fragment: string): Promise<void> {
  const name = fragment.slice(2);
  if (/^[a-z]+$/.test(name)) await page.locator(`nav a[data-calculator="${name}"]`).click();
  else await page.evaluate(`location.hash = ${JSON.stringify(fragment)}`);
  await page.waitForFunction(`location.hash.startsWith(${JSON.stringify(`#/${name.split('?')[0]}`)}) && ${ANSWER_DRAWN}`, undefined, { timeout: EDIT_TIMEOUT_MS });
}

/** "New question": the calculator's example again; waits for its answer. */
async function newQuestion(page: Page): Promise<void> {
  const before = (await page.evaluate('location.hash')) as string;
  await page.getByRole('button', { name: 'New question' }).click();
  await page.waitForFunction(ANSWER_DRAWN, undefined, { timeout: EDIT_TIMEOUT_MS });
  await page.evaluate(`window.scrollTo(0, 0)`); // the button is below the form: back to the top, as a player would
  expect(await page.evaluate('location.hash'), 'New question: the example').not.toBe('');
  void before;
}

describe.skipIf(!hasChromium)('the page, edited through its controls as a player does', () => {
  for (const width of [375, 1280]) {
    let page: Page;
    let closeContext: () => Promise<void>;
    let foreign: string[];
    let errors: string[];
    beforeAll(async () => {
      const g = await guardedContext(site!, width, width < 600 ? 812 : 800);
      ({ foreign, errors } = g);
      closeContext = () => g.context.close();
      page = await g.context.newPage();
      await page.goto(site!.web.url + '#/mc');
      await page.waitForFunction(`window.aslOdds.answers.length > 0 && document.querySelector('main').dataset.status !== 'computing'`, undefined, { timeout: 60_000 });
    }, 90_000);
    afterAll(async () => {
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
      await closeContext?.();
    });

    it(`every calculator's controls ask their question, at ${width} px`, async () => {
      for (const session of SESSIONS) {
        await open(page, session.open);
        for (const edit of session.edits) {
          await edit.act(page);
          await expectShows(page, edit.then, `${edit.what} (${width} px)`, edit.heading, edit.error);
        }
      }
    }, 180_000);

    it(`an edit undone before its answer came shows the question as it was, at ${width} px`, async () => {
      // three leaders: a sixth counter makes one of the slowest questions (about a second, warm)
      const start = '#/attack?fp=20&drm=2&target=russian/8-0,russian/9-2,russian/10-2,russian/4-4-7,russian/4-2-6';
      await open(page, start);
      await expectShows(page, start, `attack opened (${width} px)`);
      const before = await readPage(page);
      // The sixth counter's question is removed before it is answered.
      await page.getByRole('button', { name: '+ add a counter' }).click();
      await page.waitForTimeout(150);
      expect(await page.locator('main').getAttribute('data-status')).toBe('computing');
      await page.getByRole('button', { name: 'remove target 6' }).click();
      await expectShows(page, start, `attack: counter 6 removed before its answer (${width} px)`);
      await page.waitForTimeout(2500); // the 6-counter answer would have arrived by now
      await expectShows(page, start, `attack: 1.5 s later (${width} px)`);
      expect((await readPage(page)).fractions).toEqual(before.fractions);
    }, 60_000);

    it(`a link with a bad value opens with the value in its field and the error beside it, corrected in place, at ${width} px`, async () => {
      const bad = '#/mc?unit=german/4-6-9&check=1MC';
      await page.evaluate(`location.hash = ${JSON.stringify(bad)}`);
      await answered(page, bad, EDIT_TIMEOUT_MS);
      expect(await page.locator('main').getAttribute('data-status')).toBe('error');
      expect(await field(page, 'unit').inputValue()).toBe('german/4-6-9');
      expect(await field(page, 'unit').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#opt-unit-error').textContent()).toMatch(/unknown unit 'German 4-6-9'; closest: German 4-6-8/);
      await typeIn(page, 'unit', 'german/4-6-7', 'Enter');
      await expectShows(page, '#/mc?unit=german/4-6-7&check=1MC', `mc: the unit corrected in place (${width} px)`);
      expect(await page.locator('.field-error').count()).toBe(0);

      const badStack = '#/attack?fp=8&target=german/4-6-7,german/4-6-9';
      await page.evaluate(`location.hash = ${JSON.stringify(badStack)}`);
      await answered(page, badStack, EDIT_TIMEOUT_MS);
      expect(await stackRow(page, 2).locator('input').inputValue()).toBe('german/4-6-9');
      expect(await page.locator('#opt-target-error').textContent()).toContain("unknown unit 'German 4-6-9'");
      await stackRow(page, 2).locator('input').fill('german/4-6-8');
      await stackRow(page, 2).locator('input').press('Tab');
      await expectShows(page, '#/attack?fp=8&target=german/4-6-7,german/4-6-8', `attack: counter 2 corrected in place (${width} px)`);
      expect(await page.locator('.field-error').count()).toBe(0);
    }, 60_000);

    it(`a link that carries a shell command, names an unknown page or repeats an option is refused: nothing shown, asked or copied, at ${width} px`, async () => {
      for (const [link, code] of [
        ['#/mc?unit=german/4-6-7&x%3B%20touch%20pwned%3B%20%23=1', /unknown option 'x; touch pwned; #'/],
        ['#/mc;touch${IFS}pwned;true?unit=german/4-6-7', /unknown page/],
        ['#/mc?unit=german/4-6-7&unit=german/4-6-8', /gives option '--unit' twice; give it once/],
      ] as const) {
        const asked = (await page.evaluate('window.aslOdds.answers.length')) as number;
        await page.evaluate(`location.hash = ${JSON.stringify(link)}`);
        await page.waitForFunction(`document.querySelector('.link-refused') !== null && document.querySelector('main').dataset.status === 'error'`, undefined, { timeout: EDIT_TIMEOUT_MS });
        expect(await page.locator('.link-refused').textContent(), link).toMatch(code);
        expect(await page.locator('[data-command-line]').count(), `${link}: no command line`).toBe(0);
        expect(await page.getByRole('button', { name: /Copy/ }).count(), `${link}: no copy button`).toBe(0);
        expect(await page.locator('form.options').count(), `${link}: no form`).toBe(0);
        expect(await page.locator('.result').count(), `${link}: no answer`).toBe(0);
        expect(await page.evaluate('window.aslOdds.answers.length'), `${link}: not asked`).toBe(asked);
      }
    }, 60_000);

    it(`every calculator fits ${width} px, its thumb targets are 44 px, its words are the rulebook's (screenshots in test-output/)`, async () => {
      await mkdir(OUT, { recursive: true });
      for (const name of ['mc', 'rally', 'attack', 'rout', 'cc', 'vehicle', 'recovery', 'integrity']) {
        await open(page, `#/${name}`);
        await newQuestion(page); // the example (the sessions above left their own questions)
        expect(await overflowing(page), `${name} at ${width} px: cut off`).toEqual([]);
        expect(await smallTargets(page), `${name} at ${width} px: targets under 44 px`).toEqual([]);
        if (width < 600) {
          // the question's answer and its first inputs on the first screen (812 px tall)
          const first = (await page.evaluate(`(() => {
            const fig = document.querySelector('.pane.current .figure');
            const input = document.querySelector('form.options input:not([type=hidden]), form.options select');
            return { figure: fig ? fig.getBoundingClientRect().bottom : -1, input: input ? input.getBoundingClientRect().bottom : -1, scrollY };
          })()`)) as { figure: number; input: number; scrollY: number };
          expect(first.scrollY).toBe(0);
          expect(first.figure, `${name}: a summary figure on the first screen`).toBeGreaterThan(0);
          expect(first.figure, `${name}: the summary figure's bottom`).toBeLessThanOrEqual(812);
          expect(first.input, `${name}: an input on the first screen`).toBeGreaterThan(0);
          expect(first.input, `${name}: the input's bottom`).toBeLessThanOrEqual(812);
        }
        // no code identifiers or CLI option names where a player reads (the details opened), field help
        // and hover titles included; only the "command line" box speaks the CLI's words
        const text = (await page.evaluate(`(() => {
          for (const d of document.querySelectorAll('main details')) d.open = true;
          const main = document.querySelector('main').cloneNode(true);
          for (const s of main.querySelectorAll('.command-line, datalist, .pane-title')) s.remove();
          const titles = [...main.querySelectorAll('[title]')].map((e) => e.getAttribute('title')).join(' ');
          return main.textContent + ' ' + titles;
        })()`)) as string;
        expect(text, name).not.toMatch(/\b(casualtyReduction|heatOfBattle|attackFP|defenseFP|toHitSource|killNumber|leadershipDRM|[a-z]+\/\d+-\d+(?:-\d+)?)\b/);
        expect(text, `${name}: a CLI option name`).not.toMatch(/--[a-z]/);
        await page.screenshot({ path: join(OUT, `web-${name}-${width}.png`), fullPage: width >= 600 });
        await page.evaluate(`(() => { for (const d of document.querySelectorAll('main details')) d.open = false; })()`);
      }
      // labels in the rulebook's words
      await open(page, '#/mc');
      for (const [id, text] of [['drm', 'DRM'], ['elr', 'ELR'], ['check', 'Check (MC, TC)']]) expect(await page.locator(`label[for="opt-${id}"]`).textContent()).toBe(text);
      await open(page, '#/attack');
      expect(await page.locator('label[for="opt-fp"]').textContent()).toBe('Firepower (FP)');
      await open(page, '#/vehicle');
      expect(await page.locator('label[for="opt-th"]').textContent()).toBe('To Hit number');
      expect(await page.locator('.pane.current .warning').textContent()).toMatch(/^Placeholder numbers, not from a verified source: HMG Normal Range, HMG B#, HMG basic To Kill number;/);
      await open(page, '#/cc');
      expect(await page.locator('label[for="opt-attacker-cx"]').textContent()).toBe('Attacker CX');
      expect(await page.locator('.pane.current h2').textContent()).toBe('Close Combat (A11): ATTACKER 2-1, Kill Number 7; DEFENDER 1-2, Kill Number 4');
    }, 120_000);

    it(`pins an answer and compares it with the next edit, at ${width} px`, async () => {
      const start = '#/mc?unit=german/4-6-7&check=1MC&leader=german/8-1';
      await open(page, start);
      await expectShows(page, start, `mc opened (${width} px)`);
      const pinned = await readPage(page);
      await page.getByRole('button', { name: 'Pin to compare' }).click();
      await field(page, 'check').selectOption('2MC');
      const next = '#/mc?unit=german/4-6-7&check=2MC&leader=german/8-1';
      await expectShows(page, next, `mc: pinned, then 2MC chosen (${width} px)`);
      // one table, row by row: the pinned answer's fractions on its side, the current one's on the other
      const compared = (await page.evaluate(`(() => {
        const pinned = {}, now = {};
        for (const tr of document.querySelectorAll('table.compare tr[data-key]')) {
          if (tr.dataset.key.startsWith('summary:')) continue;
          if (tr.dataset.pinnedFraction) pinned[tr.dataset.key] = tr.dataset.pinnedFraction;
          if (tr.dataset.nowFraction) now[tr.dataset.key] = tr.dataset.nowFraction;
        }
        return { pinned, now, tables: document.querySelectorAll('table.compare').length, panes: document.querySelectorAll('.pane.pinned').length };
      })()`)) as { pinned: Record<string, string>; now: Record<string, string>; tables: number; panes: number };
      expect(compared.tables).toBe(1);
      expect(compared.panes).toBe(0);
      expect(compared.pinned).toEqual(Object.fromEntries(Object.entries(pinned.fractions).filter(([, v]) => v !== '–')));
      const nowShown = await readPage(page);
      expect(compared.now).toEqual(Object.fromEntries(Object.entries(nowShown.fractions).filter(([, v]) => v !== '–')));
      // the summary rows: "passes" 41.7% pinned (README: a 4-6-7's 1MC with an 8-1 passes 5/12), its difference in pp
      const passes = page.locator('table.compare tr[data-key="event:pass"]');
      expect(await passes.locator('td.pinned').textContent()).toBe('41.7%');
      expect(await passes.locator('td.difference').textContent()).toMatch(/^[−+±]\d+\.\d pp$/);
      expect(await overflowing(page)).toEqual([]);
      await mkdir(OUT, { recursive: true });
      await page.screenshot({ path: join(OUT, `web-compare-edit-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Unpin' }).click();
    }, 60_000);
  }
});
