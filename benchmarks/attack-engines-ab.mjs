/**
 * Before/after measurement of the attack engines in one run: the `asl-odds bench` stages of the attack
 * sampler (trials/s on 1 thread and on 2) and of the exact summary of the 5- and 6-unit stacks,
 * measured on two builds of the package, alternated round by round so that the load of a shared machine
 * hits both alike. Prints the best of each and the ratio after/before.
 *
 *   node benchmarks/attack-engines-ab.mjs <before-package-dir> <after-package-dir> [rounds] [trials]
 *
 * Each directory holds a built package (its `dist/` from `npm run build`, its package.json and
 * node_modules). Defaults: 3 rounds, 200,000 trials per sampler run.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const [before, after, roundsArg, trialsArg] = process.argv.slice(2);
if (!before || !after) {
  process.stderr.write('usage: node benchmarks/attack-engines-ab.mjs <before-dir> <after-dir> [rounds] [trials]\n');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 3);
const trials = Number(trialsArg ?? 200_000);

/** One measurement in a fresh process (so that neither build warms the other's code). */
const child = `
const dir = process.argv[1];
const trials = Number(process.argv[2]);
const s = await import(dir + '/dist/src/bench/attack-sampler-bench.js');
const e = await import(dir + '/dist/src/bench/attack-summary-bench.js');
const sampler = await s.measureAttackSampler({ trials, threads: 2, reps: 2, seed: 'ab', rawDice: () => 1 });
const summaries = e.measureAttackSummaries({ quick: false, reps: 2, onStage: () => {} }).filter((x) => x.name === '5 units, 2 leaders' || x.name === '6 units, 2 leaders');
process.stdout.write(JSON.stringify({ one: sampler.oneThreadTrialsPerSec, two: sampler.allThreadsTrialsPerSec, identical: sampler.resultsIdentical, summaries: Object.fromEntries(summaries.map((x) => [x.name, x.ms])) }));
process.exit(0);
`;

function measure(dir) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', child, resolve(dir), String(trials)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${dir}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const best = { before: null, after: null };
const keep = (old, m) => {
  if (old === null) return m;
  const s = { ...old.summaries };
  for (const [k, v] of Object.entries(m.summaries)) s[k] = Math.min(s[k] ?? Infinity, v);
  return { one: Math.max(old.one, m.one), two: Math.max(old.two, m.two), identical: old.identical && m.identical, summaries: s };
};
for (let i = 0; i < rounds; i++) {
  for (const [name, dir] of i % 2 === 0 ? [['before', before], ['after', after]] : [['after', after], ['before', before]]) {
    const m = measure(dir);
    process.stdout.write(`round ${i + 1} ${name}: ${JSON.stringify(m)}\n`);
    best[name] = keep(best[name], m);
  }
}
const b = best.before;
const a = best.after;
const rows = [
  ['attack sampler, 1 thread (trials/s)', b.one, a.one, a.one / b.one],
  ['attack sampler, 2 threads (trials/s)', b.two, a.two, a.two / b.two],
  ...Object.keys(b.summaries).map((k) => [`exact summary, ${k} (ms)`, b.summaries[k], a.summaries[k], b.summaries[k] / a.summaries[k]]),
];
process.stdout.write('\n| stage | before | after | speed ratio (after/before) |\n| --- | ---: | ---: | ---: |\n');
for (const [name, x, y, ratio] of rows) process.stdout.write(`| ${name} | ${Math.round(x)} | ${Math.round(y)} | ${ratio.toFixed(2)} |\n`);
process.stdout.write(`1- and 2-thread results identical: before ${b.identical}, after ${a.identical}\n`);
