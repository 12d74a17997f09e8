/**
 * The files a command writes, checked against the files it reads before anything runs
 * ("Output over input"): `scenario s.yaml --out s.yaml` would replace the scenario with its result.
 * A file to write that is one of the inputs (the same file, by a link or another name too), two
 * outputs that are one file, `--out`/`--checkpoint` naming a directory or a device (`/dev/urandom`)
 * and `--report` naming a file are refused with one line naming the option and what is allowed.
 */
import { statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { inputError } from '../errors.js';

/** A file named by an option or argument, e.g. `{ what: 'the scenario file', path: 's.yaml' }`. */
export interface NamedPath {
  /** How a message names it: an option (`--out`) or a role (`the scenario file`). */
  readonly what: string;
  readonly path: string;
}

/** The output options a command has (each optional). */
export interface OutputPaths {
  readonly out?: string;
  readonly report?: string;
  readonly checkpoint?: string;
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined; // missing (or unreadable: writing it then says why)
  }
}

/** Same file: the same inode when both exist (links, `./x`, `../d/x`), else the same absolute path. */
function sameFile(a: string, sa: Stats | undefined, b: string, sb: Stats | undefined): boolean {
  if (sa && sb) return sa.dev === sb.dev && sa.ino === sb.ino;
  return resolve(a) === resolve(b);
}

/**
 * Checks a command's outputs against its inputs and each other.
 * @param outputs `--out`, `--report`, `--checkpoint` as given (undefined: not asked for)
 * @param inputs the files the command reads (a scenario file, merge's partial results)
 * @throws AslOddsError `input.output` (exit 2), one line naming the options or roles and what is allowed
 * Cost: one stat per path. Reads and writes nothing.
 * @example checkOutputPaths({ out: 's.yaml' }, [{ what: 'the scenario file', path: 's.yaml' }])
 *   // throws "--out s.yaml: is the scenario file (an input); give another file for the result"
 */
export function checkOutputPaths(outputs: OutputPaths, inputs: readonly NamedPath[] = []): void {
  const files: (NamedPath & { stat?: Stats })[] = [];
  for (const what of ['--out', '--checkpoint'] as const) {
    const path = what === '--out' ? outputs.out : outputs.checkpoint;
    if (path === undefined) continue;
    const stat = statOf(path);
    if (stat?.isDirectory()) throw inputError('input.output', `${what} ${path}: is a directory; expected a file name`);
    if (stat && !stat.isFile()) throw inputError('input.output', `${what} ${path}: is a device, pipe or socket; expected a file name`);
    files.push({ what, path, stat });
  }
  if (outputs.report !== undefined) {
    const stat = statOf(outputs.report);
    if (stat && !stat.isDirectory()) throw inputError('input.output', `--report ${outputs.report}: is a file; expected a directory (created if missing)`);
  }
  for (const input of inputs) {
    const inStat = statOf(input.path);
    for (const f of files) {
      if (sameFile(f.path, f.stat, input.path, inStat)) throw inputError('input.output', `${f.what} ${f.path}: is ${input.what} (an input); give another file to write`);
    }
    if (outputs.report !== undefined && sameFile(outputs.report, statOf(outputs.report), input.path, inStat)) {
      throw inputError('input.output', `--report ${outputs.report}: is ${input.what} (an input); give another directory`);
    }
  }
  for (const f of files) {
    if (outputs.report !== undefined && resolve(outputs.report) === resolve(f.path)) {
      throw inputError('input.output', `${f.what} and --report name the same path (${f.path}); give a file and a directory`);
    }
  }
  if (files.length === 2 && sameFile(files[0].path, files[0].stat, files[1].path, files[1].stat)) {
    throw inputError('input.output', `--out and --checkpoint name the same file (${files[0].path}); give two files`);
  }
}
