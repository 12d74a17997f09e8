/**
 * A shared link is other people's input (issue 42, section 5): the page refuses an unknown page, an
 * unknown option and a repeated single-valued option before it shows, asks or copies anything
 * (web/src/link-check.ts), and "Copy as command line" shell-quotes every word (web/src/fragment.ts),
 * checked here by a real POSIX shell reading the words back.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { commandLine, parseFragment, shellWord } from '../../web/src/fragment.js';
import { checkLink } from '../../web/src/link-check.js';
import { resolveState } from '../../web/src/page-state.js';
import { bufferIO } from '../cli/buffer-io.js';

/** Words no shell may run: command separators, substitutions, quotes, comments, globs, newlines. */
const HOSTILE = ['; touch pwned; #', '$(touch pwned)', '`touch pwned`', "it's", '"quoted"', 'a\nb; touch pwned', '*', '~', '${IFS}', '&& touch pwned', '| tee pwned', '> pwned', '', ' ', "'", "\\'", '!!', 'x\'; touch pwned; \'y'];

const dir = mkdtempSync(join(tmpdir(), 'asl-odds-quote-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What /bin/sh reads `line` as: its words, one per NUL-terminated record (run in an empty directory). */
function shellWords(line: string): string[] {
  const out = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${line}`], { cwd: dir, encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('shellWord and commandLine: a POSIX shell reads back exactly the words', () => {
  it('quotes hostile words so that the shell runs nothing and reads each as one word', () => {
    for (const w of HOSTILE) expect(shellWords(shellWord(w)), JSON.stringify(w)).toEqual([w]);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });
  it('leaves the words of an ordinary question bare', () => {
    expect(commandLine({ command: 'mc', entries: [['unit', 'german/4-6-7'], ['drm', '-1'], ['broken', 'true']] }, new Set(['broken']))).toBe('asl-odds mc --unit german/4-6-7 --drm -1 --broken');
    expect(commandLine({ command: 'rout', entries: [['unit', 'german/4-6-7'], ['path', 'open,clear:2,open:adj']] }, new Set())).toBe('asl-odds rout --unit german/4-6-7 --path open,clear:2,open:adj');
  });
  it('quotes the command and option names too (even where the page would refuse them)', () => {
    const line = commandLine({ command: 'mc;touch${IFS}pwned;true', entries: [['x; touch pwned; #', '1'], ['unit', "a'b"]] }, new Set());
    expect(shellWords(line)).toEqual(['asl-odds', 'mc;touch${IFS}pwned;true', '--x; touch pwned; #', '1', '--unit', "a'b"]);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('checkLink refuses what the CLI refuses, before anything is shown, asked or copied', () => {
  it('an unknown option in the link (the probe: a shell command as an option name)', () => {
    const p = checkLink(resolveState('#/mc?unit=german/4-6-7&x%3B%20touch%20pwned%3B%20%23=1'));
    expect(p?.code).toBe('link.option');
    expect(p?.message).toContain("unknown option 'x; touch pwned; #'");
  });
  it('an unknown page', () => {
    expect(checkLink(resolveState('#/mc;touch${IFS}pwned;true?unit=german/4-6-7'))?.code).toBe('link.command');
    expect(checkLink(resolveState('#/table/nope'))?.code).toBe('link.command');
  });
  it('a single-valued option given twice, as the CLI refuses it; a repeatable one is fine', async () => {
    const p = checkLink(resolveState('#/mc?unit=german/4-6-7&unit=german/4-6-8'));
    expect(p).toMatchObject({ code: 'link.repeated', field: 'unit' });
    const io = bufferIO();
    expect(await runCli(['mc', '--unit', 'german/4-6-7', '--unit', 'german/4-6-8'], io)).toBe(2);
    expect(io.err).toContain('given twice');
    expect(checkLink(resolveState('#/mc?unit=german/4-6-7&broken=true&broken=true'))?.code).toBe('link.repeated');
    expect(checkLink(resolveState('#/mc?unit=german/4-6-7&leader=german/8-1&leader=german/9-1'))).toBeNull();
    expect(checkLink(resolveState('#/attack?fp=8&target=german/4-6-7&target=german/4-6-8'))).toBeNull();
  });
  it('accepts every calculator default, table kind and the method keys', () => {
    for (const h of ['#/', '#/mc', '#/rally', '#/attack', '#/rout', '#/cc', '#/vehicle', '#/recovery', '#/integrity', '#/table', '#/table/ift?firer-class=elite', '#/mc?unit=german/4-6-7&trials=1000&seed=x']) {
      expect(checkLink(resolveState(h)), h).toBeNull();
    }
    expect(checkLink(resolveState('#/table/ift?trials=1000'))?.code).toBe('link.option');
  });
  it('parses the probe link as the page does (the key decoded)', () => {
    expect(parseFragment('#/mc?x%3B%20touch%20pwned%3B%20%23=1').entries).toEqual([['x; touch pwned; #', '1']]);
  });
});
