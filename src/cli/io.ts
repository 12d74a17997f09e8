/**
 * Where the CLI writes: process streams by default, buffers in tests.
 */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** stderr is an interactive terminal (progress bars). */
  readonly stderrIsTTY: boolean;
}

/** The process's own streams. */
export const processIO: CliIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  stderrIsTTY: !!process.stderr.isTTY,
};
