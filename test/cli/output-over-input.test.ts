/**
 * Output over input (issue 42, section 5): a file a command would write that is one of its inputs, or
 * the wrong kind of path, is refused before anything runs, with one line naming the option; and a
 * checkpoint that is not one (`null`, a directory) is one line too (section 2).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from './buffer-io.js';

let dir = '';
const STALINGRAD = 'scenarios/stalingrad-factory-1942.yaml';

/** Runs the CLI as typed: exit 2, one line on stderr, nothing on stdout. Returns stderr. */
async function refused(argv: string[]): Promise<string> {
  const io = bufferIO();
  expect(await runCli(argv, io)).toBe(2);
  expect(io.err.split('\n').filter(Boolean)).toHaveLength(1);
  expect(io.out).toBe('');
  return io.err;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-out-in-'));
  copyFileSync(STALINGRAD, join(dir, 's.yaml'));
  symlinkSync(join(dir, 's.yaml'), join(dir, 'link.json'));
  mkdirSync(join(dir, 'folder'));
  writeFileSync(join(dir, 'null.ckpt'), 'null\n');
  writeFileSync(join(dir, 'part.json'), '{}\n');
  symlinkSync('/dev/urandom', join(dir, 'random.json'));
});

describe('a file to write that is an input is refused, and the input is left as it was', () => {
  it.each([
    ['scenario s.yaml --out s.yaml', () => ['scenario', join(dir, 's.yaml'), '--out', join(dir, 's.yaml')], /--out .*s.yaml: is the scenario file \(an input\); give another file to write/],
    ['the same file by another spelling', () => ['scenario', join(dir, 's.yaml'), '--out', `${dir}/folder/../s.yaml`], /is the scenario file/],
    ['a link to the scenario', () => ['scenario', join(dir, 's.yaml'), '--out', join(dir, 'link.json')], /--out .*link.json: is the scenario file/],
    ['a bundled scenario by name, written over by its path', () => ['scenario', 'stalingrad-factory-1942', '--out', STALINGRAD], /is the scenario file/],
    ['--report naming the scenario', () => ['scenario', join(dir, 's.yaml'), '--report', join(dir, 's.yaml')], /--report .*s.yaml: is a file; expected a directory/],
    ['merge p.json --out p.json', () => ['merge', join(dir, 'part.json'), '--out', join(dir, 'part.json')], /--out .*part.json: is a partial result to merge \(an input\)/],
  ])('%s', async (_name, argv, message) => {
    const before = readFileSync(join(dir, 's.yaml'), 'utf8');
    expect(await refused(argv())).toMatch(message);
    expect(readFileSync(join(dir, 's.yaml'), 'utf8')).toBe(before);
    expect(readFileSync(join(dir, 'part.json'), 'utf8')).toBe('{}\n');
  });
});

describe('the wrong kind of path', () => {
  it.each([
    ['mc --out <a directory>', () => ['mc', '--unit', 'german/4-6-7', '--out', join(dir, 'folder')], /^asl-odds: error: --out .*folder: is a directory; expected a file name\n$/],
    ['table mc --out <a directory>', () => ['table', 'mc', '--out', join(dir, 'folder')], /--out .*folder: is a directory/],
    ['mc --report <a file>', () => ['mc', '--unit', 'german/4-6-7', '--report', join(dir, 's.yaml')], /--report .*s.yaml: is a file; expected a directory \(created if missing\)/],
    ['rout --compare --report <a file>', () => ['rout', '--unit', 'russian/4-4-7', '--path', 'open', '--compare', 'crawl', '--report', join(dir, 's.yaml')], /--report .*: is a file/],
    ['--checkpoint /dev/urandom --resume', () => ['mc', '--unit', 'german/4-6-7', '--trials', '1000', '--seed', 's', '--checkpoint', '/dev/urandom', '--resume'], /^asl-odds: error: --checkpoint \/dev\/urandom: is a device, pipe or socket; expected a file name\n$/],
    ['merge a link to /dev/urandom', () => ['merge', join(dir, 'random.json')], /^asl-odds: error: merge: cannot read .*random.json: not a regular file/],
    ['--out and --report one path', () => ['table', 'mc', '--out', join(dir, 'r'), '--report', join(dir, 'r')], /--out and --report name the same path/],
    ['--out and --checkpoint one file', () => ['mc', '--unit', 'german/4-6-7', '--trials', '1000', '--seed', 's', '--checkpoint', join(dir, 'x.ckpt'), '--out', join(dir, 'x.ckpt')], /--out and --checkpoint name the same file/],
  ])('%s', async (_name, argv, message) => {
    expect(await refused(argv())).toMatch(message);
  });
});

describe('mc --resume with a checkpoint that is not one: one line, no seed line before it', () => {
  it('a checkpoint holding null', async () => {
    expect(await refused(['mc', '--unit', 'german/4-6-7', '--trials', '1000', '--checkpoint', join(dir, 'null.ckpt'), '--resume'])).toMatch(
      /^asl-odds: error: --checkpoint .*null.ckpt: not an asl-odds checkpoint\n$/,
    );
    expect(readFileSync(join(dir, 'null.ckpt'), 'utf8')).toBe('null\n');
  });
  it('a directory as the checkpoint', async () => {
    expect(await refused(['mc', '--unit', 'german/4-6-7', '--trials', '1000', '--seed', 's', '--checkpoint', join(dir, 'folder'), '--resume'])).toMatch(
      /^asl-odds: error: --checkpoint .*folder: is a directory; expected a file name\n$/,
    );
    expect(statSync(join(dir, 'folder')).isDirectory()).toBe(true);
  });
});
