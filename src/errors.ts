/**
 * The one error class of asl-odds.
 *
 * Every failure a user can cause carries a stable `code` (tests assert the code, never the message)
 * and the process exit code the CLI uses for it. The CLI prints `message` as one line, with no stack.
 *
 * Codes in use: `input.*` (bad option or field, exit 2), `catalog.*` (unknown or invalid counter,
 * exit 2), `scenario.*` (bad scenario file, exit 2), `merge.*` (incompatible partial results, exit 2),
 * `worker.*` (a worker failed, exit 1), `io.*` (a file could not be read or written, exit 1),
 * `interrupted` (Ctrl-C, exit 130).
 */
export class AslOddsError extends Error {
  /** Stable machine-readable code, e.g. `catalog.unknownUnit`. */
  readonly code: string;
  /** Exit code the CLI returns for this error: 2 for bad input, 1 for run failures, 130 for Ctrl-C. */
  readonly exitCode: number;

  constructor(code: string, message: string, exitCode = 2) {
    super(message);
    this.name = 'AslOddsError';
    this.code = code;
    this.exitCode = exitCode;
  }
}

/**
 * Shorthand for a bad-input error (exit code 2).
 * @param code stable code, e.g. `input.elr`
 * @param message one line: what is wrong, where, and what is allowed
 */
export function inputError(code: string, message: string): AslOddsError {
  return new AslOddsError(code, message, 2);
}

/** True when `e` is an {@link AslOddsError}. Never throws. */
export function isAslOddsError(e: unknown): e is AslOddsError {
  return e instanceof AslOddsError;
}

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `s` as one printable line: control characters (C0, DEL, C1, which include the ANSI escape and
 * newlines) and the Unicode line and paragraph separators escaped JSON-style (`\n`, `\u001b`), so
 * that input echoed into a message can neither break the line nor drive the terminal.
 * Never throws.
 * @example printableLine('unknown unit \'a\nb\u001b[31m\'') // "unknown unit 'a\\nb\\u001b[31m'"
 */
export function printableLine(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
