/** web/src/field-error.ts: the field an error message is about, on the CLI's own messages. */
import { describe, expect, it } from 'vitest';
import { fieldOfError } from '../../web/src/field-error.js';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from '../cli/buffer-io.js';

/** The CLI's one-line error for `argv` (without the `asl-odds: error: ` prefix). */
async function cliError(argv: string[]): Promise<string> {
  const io = bufferIO();
  expect(await runCli(argv, io)).toBe(2);
  return io.err.trim().replace(/^asl-odds: error: /, '');
}

describe('fieldOfError', () => {
  it('finds the field of the CLI errors a link with a typo gives', async () => {
    const cases: [string[], [string, string][], string | undefined][] = [
      [['mc', '--unit', 'german/4-6-9'], [['unit', 'german/4-6-9']], 'unit'],
      [['mc', '--unit', 'german/4-6-7', '--elr', '9'], [['unit', 'german/4-6-7'], ['elr', '9']], 'elr'],
      [['attack', '--fp', '8', '--target', 'german/4-6-7,german/4-6-9'], [['fp', '8'], ['target', 'german/4-6-7,german/4-6-9']], 'target'],
      [['mc', '--unit', 'german/4-6-7', '--leader', 'german/4-6-7'], [['unit', 'german/4-6-7'], ['leader', 'german/4-6-7']], 'leader'],
      [['rout', '--unit', 'german/4-6-7', '--path', 'foo'], [['unit', 'german/4-6-7'], ['path', 'foo']], 'path'],
    ];
    for (const [argv, entries, field] of cases) expect(fieldOfError(await cliError(argv), entries, []), argv.join(' ')).toBe(field);
  });
  it('names a missing option the form has, and nothing when no field is named', () => {
    expect(fieldOfError("required option '--unit <id>' not specified", [], ['unit', 'check'])).toBe('unit');
    expect(fieldOfError('something else went wrong', [['unit', 'german/4-6-7']], ['unit'])).toBeUndefined();
    // an option the form does not have is not a field
    expect(fieldOfError("option '--bogus' given", [['unit', 'x']], ['unit'])).toBeUndefined();
  });
});
