import { CommanderError } from 'commander';
import { expect } from 'vitest';
import { createProgram, runCli } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { isAslOddsError } from '../../src/errors.js';
import type { OddsResult } from '../../src/result.js';

/** A CliIO that records what the CLI writes. */
export function bufferIO(): CliIO & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stderrIsTTY: false,
    stdout(t: string) {
      io.out += t;
    },
    stderr(t: string) {
      io.err += t;
    },
  };
  return io;
}

/**
 * Stderr without the progress lines a run longer than 2 s prints when stderr is not a terminal
 * (`exact: ...`, `trials: ...`): a slow machine must not fail a test.
 */
export function withoutProgress(err: string): string {
  return err.replace(/^(exact|trials|playthroughs): .*\n/gm, '');
}

/** Runs the CLI in-process with `--json`, expects exit 0 and no stderr but progress, and parses the result. */
export async function runJson(argv: string[]): Promise<OddsResult> {
  const io = bufferIO();
  expect(await runCli([...argv, '--json'], io)).toBe(0);
  expect(withoutProgress(io.err)).toBe('');
  return JSON.parse(io.out) as OddsResult;
}

/** The stable code of the error the program throws for `argv` (AslOddsError or commander's). */
export async function errorCodeOf(argv: string[]): Promise<string> {
  try {
    await createProgram(bufferIO()).parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (isAslOddsError(e) || e instanceof CommanderError) return e.code;
    throw e;
  }
  throw new Error(`no error for ${argv.join(' ')}`);
}

/**
 * Runs `argv` in-process and expects a refusal as a player meets it: exit 2, one line on stderr matching
 * `message`, nothing on stdout, and the stable error `code`.
 */
export async function expectRefused(argv: string[], code: string, message: RegExp): Promise<void> {
  expect(await errorCodeOf(argv)).toBe(code);
  const io = bufferIO();
  expect(await runCli(argv, io)).toBe(2);
  expect(io.out).toBe('');
  expect(io.err.trim().split('\n')).toHaveLength(1);
  expect(io.err).toMatch(message);
}
