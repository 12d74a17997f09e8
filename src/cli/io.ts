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

/** What a command needs from the program: where to write, the user's argv, and its exit code. */
export interface CliContext {
  readonly io: CliIO;
  /** The user arguments the program was run with (for partial results). */
  readonly argv: readonly string[];
  /** Exit code a command sets (e.g. 130 after Ctrl-C); 0 by default. */
  exitCode: number;
  /** Runs the CLI again in-process (for `merge`). */
  readonly rerun: (argv: string[]) => Promise<number>;
  /**
   * Called once an odds command sets out to answer exactly (no `--trials`), before it computes: the
   * process entry makes V8 tier up later there (tiering.ts). Unset (tests, `runCli`): nothing.
   */
  readonly beforeExact?: () => void;
}
