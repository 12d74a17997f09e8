/**
 * Dumps `asl-odds attack ... --exact --json` for a fixed list of random inputs (and the rulebook
 * stacks; stacks of 1-5 units with at most 2 leaders, sequences of 2-3 attacks on 1-2 units, so that
 * exact answers within its budget), one JSON line per input, so that a change of the attack's engines can be checked to leave
 * every exact figure the same, fraction for fraction.
 *
 *   tsx scripts/dump-attack-exact.ts /tmp/before.jsonl [count]     # count default 200
 *   tsx scripts/dump-attack-exact.ts --compare /tmp/before.jsonl /tmp/after.jsonl
 *
 * The inputs come from a fixed seed (mulberry32), so two runs dump the same commands. Fields that vary
 * from run to run (timings, version) are left out. About one input in four adds `--outcomes` (the
 * joint distribution) and one in five is a sequence (`--then`). The comparison prints each command
 * whose output differs and exits 1 when any does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runCli } from '../src/cli/main.js';
import type { CliIO } from '../src/cli/io.js';
import { mulberry32 } from '../test/support/mulberry32.js';

const LEADERS = ['german/9-1', 'german/8-1', 'german/8-0', 'german/6+1', 'german/10-2', 'german/7-0'];
const OTHERS = ['german/4-6-7', 'german/4-4-7', 'german/6-5-8', 'german/4-6-8', 'german/2-4-7', 'german/hero', 'german/4-3-6', 'german/5-4-8'];
const FP = ['1', '2', '4', '6', '8', '12', '16', '20', '24', '30'];
const RESULTS = ['NMC', '1MC', '2MC', '3MC', 'PTC', 'K/1', 'K/2', '1KIA', '2KIA'];
const MARKERS = ['--target-broken', '--target-pinned', '--target-fanatic', '--target-berserk', '--target-wounded'];

/** The rulebook stacks (A10.2 EX, A10.21 EX, docs/rules-notes.md §3) and the issues' examples. */
const FIXED: string[][] = [
  ['--result', '1KIA', '--target', 'german/9-1,german/6-5-8,german/4-6-7'],
  ['--result', 'PTC', '--target', 'german/9-1,german/4-6-8'],
  ['--result', '1MC', '--target', 'german/8-0,german/4-6-7,german/4-6-8', '--target-broken', '1'],
  ['--result', 'NMC', '--target', 'german/9-1,german/hero'],
  ['--result', 'NMC', '--target', 'german/4-6-7,german/9-1', '--target-berserk', '2'],
  ['--result', 'NMC', '--target', 'german/6+1,german/4-3-6', '--target-fanatic', '1'],
  ['--result', 'NMC', '--target', 'german/8-1,german/4-6-7', '--elr', '0'],
  ['--fp', '8', '--drm', '1', '--target', 'german/9-1,german/4-6-7,german/4-6-7'],
  ['--fp', '12', '--target', 'german/8-1,german/4-6-7,german/4-6-7,german/4-6-7,german/2-4-7'],
  ['--fp', '8', '--target', 'german/9-1,german/4-6-7', '--then', '8:0'],
];

/** A random `attack` command line (without `--exact --json`). */
function randomArgs(rnd: () => number): string[] {
  const pick = <T,>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];
  const sequence = rnd() < 0.2;
  const n = 1 + Math.floor(rnd() * (sequence ? 2 : 5));
  const leaders = Math.min(n, Math.floor(rnd() * (sequence ? 2 : 3)));
  const units: string[] = [];
  for (let i = 0; i < n; i++) units.push(i < leaders ? pick(LEADERS) : pick(OTHERS));
  const args = rnd() < 0.3 ? ['--result', pick(RESULTS)] : ['--fp', pick(FP), '--drm', String(Math.floor(rnd() * 7) - 3)];
  args.push('--target', units.join(','));
  for (const m of MARKERS) if (rnd() < 0.12) args.push(m, String(1 + Math.floor(rnd() * n)));
  if (rnd() < 0.25) args.push('--elr', String(Math.floor(rnd() * 6)));
  if (sequence) for (let k = 0, m = 1 + Math.floor(rnd() * 2); k < m; k++) args.push('--then', `${pick(FP.slice(0, 6))}:${Math.floor(rnd() * 5) - 2}`);
  if (!sequence && rnd() < 0.25) args.push('--outcomes');
  return args;
}

/** The result without the fields that vary from run to run. */
function stable(json: string): unknown {
  return JSON.parse(json, (k, v: unknown) => (['elapsedMs', 'seconds', 'timing', 'version', 'generatedAt', 'work', 'states'].includes(k) ? undefined : v));
}

async function dump(file: string, count: number): Promise<void> {
  const rnd = mulberry32(39);
  const lines: string[] = [];
  const inputs = [...FIXED, ...Array.from({ length: count }, () => randomArgs(rnd))];
  for (const args of inputs) {
    const argv = ['attack', ...args, '--exact', '--json'];
    let out = '';
    let err = '';
    const io: CliIO = { stderrIsTTY: false, stdout: (t) => void (out += t), stderr: (t) => void (err += t) };
    const code = await runCli(argv, io);
    lines.push(JSON.stringify({ argv: argv.join(' '), code, result: code === 0 ? stable(out) : err.split('\n').filter((l) => !/^(exact|trials): /.test(l))[0] }));
  }
  writeFileSync(file, lines.join('\n') + '\n');
  process.stdout.write(`${lines.length} inputs written to ${file}\n`);
}

function compare(a: string, b: string): number {
  const read = (f: string) => readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { argv: string; code: number; result: unknown });
  const x = read(a);
  const y = read(b);
  let differ = 0;
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (JSON.stringify(x[i]) !== JSON.stringify(y[i])) {
      differ++;
      process.stdout.write(`differs: ${x[i]?.argv ?? y[i]?.argv}\n`);
    }
  }
  process.stdout.write(`${x.length} vs ${y.length} inputs, ${differ} differ\n`);
  return differ === 0 && x.length === y.length ? 0 : 1;
}

const argv = process.argv.slice(2);
if (argv[0] === '--compare') process.exitCode = compare(argv[1], argv[2]);
else await dump(argv[0] ?? '/tmp/attack-exact.jsonl', Number(argv[1] ?? 200));
