/**
 * `asl-odds plan` with 6 firers (issue 40: "fire plans of up to 6 firers compare within a few seconds
 * on 2 cores"): wall and CPU seconds of comparePlans per case, in one process, on the built output
 * (the build compiles benchmarks/ too).
 *
 *   npm run build && node dist/benchmarks/fire-plans.js
 *
 * Environment: `TRIALS` per Monte Carlo plan (default the command's, 20,000), `CANDIDATES` (default 6).
 */
import { comparePlans, type PlanInput } from '../src/queries/fire-plans.js';

const stack = ['russian/9-1', 'russian/4-4-7', 'russian/4-4-7'];
const CASES: readonly { readonly name: string; readonly input: PlanInput }[] = [
  {
    name: '3 x 4-6-7, 4-4-7, MMG, LMG at 5 hexes into woods; any-broken',
    input: { target: { targets: stack }, group: { firers: ['german/4-6-7', 'german/4-6-7', 'german/4-6-7', 'german/4-4-7', 'german/mmg', 'german/lmg'], range: 5, terrain: 'woods' }, objective: 'any-broken' },
  },
  {
    name: '6 different firers (4-6-7, 5-4-8, 4-4-7, 2-4-8, MMG, LMG); any-broken',
    input: { target: { targets: stack }, group: { firers: ['german/4-6-7', 'german/5-4-8', 'german/4-4-7', 'german/2-4-8', 'german/mmg', 'german/lmg'], range: 4, terrain: 'woods' }, objective: 'any-broken' },
  },
  {
    name: 'the same with a directing 8-1; leader-lost',
    input: { target: { targets: stack }, group: { firers: ['german/4-6-7', 'german/5-4-8', 'german/4-4-7', 'german/2-4-8', 'german/mmg', 'german/lmg'], range: 4, terrain: 'woods', leader: 'german/8-1' }, objective: 'leader-lost' },
  },
  {
    name: 'the same, whole stack broken or eliminated',
    input: { target: { targets: stack }, group: { firers: ['german/4-6-7', 'german/5-4-8', 'german/4-4-7', 'german/2-4-8', 'german/mmg', 'german/lmg'], range: 4, terrain: 'woods' }, objective: 'whole-stack' },
  },
  {
    name: '6 different firers; nmc (the exact screen only)',
    input: { target: { targets: stack }, group: { firers: ['german/4-6-7', 'german/5-4-8', 'german/4-4-7', 'german/2-4-8', 'german/mmg', 'german/lmg'], range: 4, terrain: 'woods' }, objective: 'nmc' },
  },
];

const trials = process.env.TRIALS ? Number(process.env.TRIALS) : undefined;
const candidates = process.env.CANDIDATES ? Number(process.env.CANDIDATES) : undefined;
for (const c of CASES) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await comparePlans({ ...c.input, ...(trials ? { trials } : {}), ...(candidates ? { candidates } : {}) });
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const evaluated = r.objective === 'nmc' ? 0 : r.plans.filter((p) => p.method !== undefined).length;
  console.log(`${c.name}: ${r.plansConsidered} plans, ${evaluated} with stack figures; wall ${wall.toFixed(2)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s; best: ${r.plans[0].groups.map((g) => g.join('+')).join(' | ')}`);
}
