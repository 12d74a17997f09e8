import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { poolChunkRunner } from '../../src/pool/pool-runner.js';
import { runScenario } from '../../src/scenario/run-scenario.js';
import { applySweep, parseSweep } from '../../src/scenario/sweep.js';
import type { Scenario } from '../../src/scenario/types.js';
import { bufferIO } from '../cli/buffer-io.js';
import { cityFight } from './fixture.js';

const last = <T>(a: readonly T[]) => a[a.length - 1];

describe('scenario simulation', () => {
  it('the same seed gives identical results with 1 and 2 threads', async () => {
    const s = cityFight({ turns: 3 });
    const a = await runScenario(s, { trials: 600, seed: 'det', threads: 1, chunkSize: 100 });
    const b = await runScenario(s, { trials: 600, seed: 'det', threads: 2, chunkSize: 100, runner: poolChunkRunner });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const total = Object.values(a.victory).reduce((t, v) => t + v.count, 0);
    expect(total).toBe(600);
  });

  it('the cascade feeds back: with ELR 0 the Germans suffer more Replacements than with ELR 5 (A19.13), measured', async () => {
    const low = await runScenario(cityFight({ germanELR: 0, turns: 4 }), { trials: 400, seed: 'elr', threads: 1 });
    const high = await runScenario(cityFight({ germanELR: 5, turns: 4 }), { trials: 400, seed: 'elr', threads: 1 });
    const g = (r: typeof low) => last(r.turns).sides.find((s) => s.side === 'german')!.replacements.mean;
    expect(g(low)).toBeGreaterThan(g(high) + 0.5);
  });

  it('a side that cannot lose wins with probability 1', async () => {
    const base = cityFight({ turns: 2 });
    const s: Scenario = {
      ...base,
      sides: [{ ...base.sides[0], victory: { combine: 'all', conditions: [{ kind: 'casualtyBPVInflicted', atLeast: 100000 }] } }, { ...base.sides[1], victory: null }],
    };
    const r = await runScenario(s, { trials: 300, seed: 'win', threads: 1 });
    expect(r.victory.russian.probability).toBe(1);
    expect(r.victory.german.count).toBe(0);
  });

  it('Battlefield Integrity off: no Integrity Checks and no ELR loss (A16)', async () => {
    const r = await runScenario(cityFight({ bi: false, turns: 3 }), { trials: 300, seed: 'bi', threads: 1 });
    for (const t of r.turns) for (const s of t.sides) expect(s.integrityChecksTaken.mean).toBe(0);
    expect(r.elrFell.german.probability).toBe(0);
    const on = await runScenario(cityFight({ bi: true, turns: 3 }), { trials: 300, seed: 'bi', threads: 1 });
    expect(last(on.turns).sides.some((s) => s.integrityChecksTaken.mean > 0)).toBe(true);
  });

  it('per-turn distributions are probabilities; crack turns sum to 1', async () => {
    const r = await runScenario(cityFight({ turns: 3 }), { trials: 200, seed: 'p', threads: 1 });
    for (const t of r.turns) for (const s of t.sides) expect(s.elrDistribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (const side of Object.values(r.crackTurn)) expect(Object.values(side).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('--sweep', () => {
  it('parses numbers and flags, and sets a field by side id', () => {
    expect(parseSweep('sides.german.elr=2,3,4')).toEqual({ path: 'sides.german.elr', values: [2, 3, 4] });
    const s = applySweep(cityFight(), 'sides.russian.battlefieldIntegrity', false);
    expect(s.sides[1].battlefieldIntegrity).toBe(false);
    expect(cityFight().sides[1].battlefieldIntegrity).toBe(true);
    expect(applySweep(cityFight(), 'sides.german.fire.drm', 1).sides[0].fire.drm).toBe(1);
  });
  it('refuses unknown paths and type mismatches (input.sweep)', () => {
    expect(() => applySweep(cityFight(), 'sides.german.nope', 1)).toThrow(expect.objectContaining({ code: 'input.sweep' }));
    expect(() => applySweep(cityFight(), 'sides.german.elr', true)).toThrow(expect.objectContaining({ code: 'input.sweep' }));
    expect(() => parseSweep('sides.german.elr')).toThrow(expect.objectContaining({ code: 'input.sweep' }));
  });
});

describe('asl-odds scenario (CLI)', () => {
  it('runs a bundled example with --json', async () => {
    const io = bufferIO();
    expect(await runCli(['scenario', 'scenarios/stalingrad-factory-1942.yaml', '--trials', '100', '--seed', 'cli', '--threads', '1', '--json'], io)).toBe(0);
    const r = JSON.parse(io.out);
    expect(r.command).toBe('scenario');
    expect(r.trials).toBe(100);
    expect(Object.values(r.victory as Record<string, { count: number }>).reduce((t, v) => t + v.count, 0)).toBe(100);
  });
  it('--sweep opens with one row per value, then names the value the details are for (issue 13)', async () => {
    const io = bufferIO();
    expect(await runCli(['scenario', 'scenarios/stalingrad-factory-1942.yaml', '--trials', '60', '--seed', 'sw', '--threads', '1', '--sweep', 'sides.german.elr=2,4', '--quiet'], io)).toBe(0);
    const lines = io.out.split('\n');
    expect(lines[0]).toMatch(/^Stalingrad factory, 1942: who wins for each value of sides\.german\.elr/);
    expect(lines.slice(0, 5).filter((l) => /^[24] /.test(l))).toHaveLength(2);
    expect(io.out).toContain('Stalingrad factory, 1942, with sides.german.elr = 2: who wins');
    expect(io.out).toContain('Details below: sides.german.elr = 2');
  });
  it('opens with who wins and how sure (issue 13: the answer first)', async () => {
    const io = bufferIO();
    expect(await runCli(['scenario', 'scenarios/stalingrad-factory-1942.yaml', '--trials', '60', '--seed', 'sw', '--threads', '1', '--quiet'], io)).toBe(0);
    const lines = io.out.split('\n');
    expect(lines[0]).toBe('Stalingrad factory, 1942: who wins: Monte Carlo, 60 playthroughs (95% intervals)');
    expect(lines[1]).toMatch(/^ {2}German wins\s+\d+\.\d%\s+1 in [\d.,]+\s+±[\d.]+ pp$/);
    expect(lines.slice(1, 4).some((l) => /^ {2}neither side wins/.test(l))).toBe(true);
  });
  it('a missing file or a bad sweep is one error line, exit 2', async () => {
    const io = bufferIO();
    expect(await runCli(['scenario', 'scenarios/nope.yaml'], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    const bad = bufferIO();
    expect(await runCli(['scenario', 'scenarios/stalingrad-factory-1942.yaml', '--sweep', 'sides.german.zzz=1', '--quiet'], bad)).toBe(2);
    expect(bad.err).toMatch(/sides\.german\.zzz/);
  });
});
