/**
 * The README's example outputs are what the commands print today (issue 42 section 4: an example
 * printed 57.8% long after the command gave 56.5%). Every fenced block of README.md whose info string
 * is `text check: asl-odds <args>` holds the first lines of what `asl-odds <args>` prints on stdout,
 * run as typed from the project's root (in-process; words split as a shell splits them without
 * variables: on spaces, with '...' or "..." kept whole; scripts/readme-examples.ts). To add one: tag a
 * block with the command and as many lines as you show; `npm run update-readme` fills them in.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { bufferIO } from './cli/buffer-io.js';
import { checkedExamples } from '../scripts/readme-examples.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

const examples = checkedExamples(README);

describe('README examples print what the README shows', () => {
  it('the README has checked examples, and the finder reads their words as a shell would', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(checkedExamples("```text check: asl-odds mc --unit 'a b' --x \"c d\"\nline\n```\n")[0].argv).toEqual(['mc', '--unit', 'a b', '--x', 'c d']);
    expect(checkedExamples('  ```text check: asl-odds units\n  a\n\n  b\n  ```\n')[0].shown).toEqual(['a', '', 'b']);
  });

  it.each(examples.map((e) => [e.command, e] as const))('asl-odds %s', async (_command, e) => {
    const io = bufferIO();
    const code = await runCli([...e.argv, '--quiet'], io);
    expect(code).toBe(0);
    expect(io.out.split('\n').slice(0, e.shown.length).map((l) => l.trimEnd())).toEqual(e.shown.map((l) => l.trimEnd()));
  }, 600_000);
});
