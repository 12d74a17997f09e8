/**
 * The README's checked examples: every fenced block of README.md whose info string is
 * `text check: asl-odds <args>` holds the first lines of what `asl-odds <args> --quiet` prints on
 * stdout. test/readme-examples.test.ts runs each and compares; `npm run update-readme` (this file run
 * as a script) rewrites each block's lines from what the command prints now, keeping as many lines as
 * the block shows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A checked example: the command's words, the lines shown, and where the block's lines are in the text. */
export interface CheckedExample {
  readonly command: string;
  readonly argv: string[];
  readonly shown: string[];
  readonly indent: string;
  /** Offsets of the block's body (its shown lines) in the text: [start, end). */
  readonly body: readonly [number, number];
}

/** The checked examples of `text`; words split as a shell splits them without variables. Never throws. */
export function checkedExamples(text: string): CheckedExample[] {
  const out: CheckedExample[] = [];
  // A block may be indented (inside a list item): its lines lose that indentation.
  for (const m of text.matchAll(/^( *)```text check: asl-odds (.+)\n([\s\S]*?)^\1```$/gm)) {
    const argv = [...m[2].matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((w) => w[1] ?? w[2] ?? w[3]);
    const shown = m[3].replace(/\n$/, '').split('\n').map((l) => (l.startsWith(m[1]) ? l.slice(m[1].length) : l));
    const start = m.index! + m[0].indexOf('\n') + 1;
    out.push({ command: m[2], argv, shown, indent: m[1], body: [start, start + m[3].length] });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { runCli } = await import('../src/cli/main.js');
  const { bufferIO } = await import('../test/cli/buffer-io.js');
  const path = new URL('../README.md', import.meta.url);
  let text = readFileSync(path, 'utf8');
  // last first, so that earlier offsets stay valid
  for (const e of checkedExamples(text).reverse()) {
    const io = bufferIO();
    const code = await runCli([...e.argv, '--quiet'], io);
    if (code !== 0) throw new Error(`asl-odds ${e.command}: exit ${code}: ${io.err}`);
    const lines = io.out.split('\n').slice(0, e.shown.length).map((l) => (l === '' ? '' : e.indent + l.trimEnd()));
    text = text.slice(0, e.body[0]) + lines.join('\n') + '\n' + text.slice(e.body[1]);
    console.log(`asl-odds ${e.command}: ${lines.length} lines`);
  }
  writeFileSync(path, text);
}
