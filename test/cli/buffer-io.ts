import type { CliIO } from '../../src/cli/io.js';

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
