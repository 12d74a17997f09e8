/**
 * Scenario runs a user can trust (issue 12): every swept value passes the scenario file's own rule
 * for its field; a heavy scenario (50 stacks of 30 squads a side) stops on Ctrl-C without finishing
 * the chunk in hand (in this thread and on the pool), and a long run states its expected time first.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { formatDuration } from '../../src/cli/progress.js';
import { loadScenarioFile } from '../../src/io/load-scenario.js';
import { poolChunkRunner } from '../../src/pool/pool-runner.js';
import { runScenario } from '../../src/scenario/run-scenario.js';
import { parseScenario } from '../../src/scenario/scenario-file.js';
import { sweepVariant } from '../../src/scenario/sweep.js';
import { bufferIO } from '../cli/buffer-io.js';
import { errorCode } from '../rules/helpers.js';

const side = (id: string, squad: string) =>
  `  - id: ${id}\n    nationality: ${id}\n    elr: 3\n    battlefieldIntegrity: true\n    stacks:\n` +
  Array.from({ length: 50 }, (_, i) => `      - { name: s${i}, terrain: open, units: [ "${id}/${squad} x30" ] }\n`).join('') +
  `    victory: { any: [ { casualtyBPVInflicted: 50 } ] }\n`;
const HEAVY = `title: heavy\nturns: 6\nmovesFirst: german\nsides:\n${side('german', '4-6-7')}${side('russian', '4-4-7')}`;

describe('--sweep values pass the file schema (same rule as the file)', () => {
  it.each([
    ['turns', 0],
    ['turns', 2.5],
    ['turns', 1e300],
    ['turns', 2], // the German reinforcements arrive on turn 3
    ['sides.russian.elr', 99],
    ['sides.german.fire.activity', 5],
    ['sides.german.fire.drm', 1e300],
    ['sides.length', 0],
    ['sides.german.stacks.0.units.0.count', 100000],
  ])('%s=%d is refused (input.sweep)', async (path, value) => {
    const s = await loadScenarioFile('scenarios/stalingrad-factory-1942.yaml');
    expect(errorCode(() => sweepVariant(s, path, value))).toBe('input.sweep');
  });
  it('a value the file allows is swept', async () => {
    const s = await loadScenarioFile('scenarios/stalingrad-factory-1942.yaml');
    expect(sweepVariant(s, 'sides.german.stacks.0.units.0.count', 30).sides[0].stacks[0].units[0].count).toBe(30);
    expect(sweepVariant(s, 'turns', 5).turns).toBe(5);
  });
});

describe('Ctrl-C on a heavy scenario', () => {
  const heavy = parseScenario(HEAVY, 'heavy.yaml');

  it('in this thread: the chunk in hand (256 playthroughs) is dropped, the run stops', async () => {
    const stop = { interrupted: false };
    setTimeout(() => (stop.interrupted = true), 200);
    const r = await runScenario(heavy, { trials: 512, seed: 'h', threads: 1, stop });
    expect(r.interrupted).toBe(true);
    expect(r.trials).toBe(0);
  });

  it('on the pool: chunks in flight are abandoned', async () => {
    const stop = { interrupted: false };
    setTimeout(() => (stop.interrupted = true), 500);
    const r = await runScenario(heavy, { trials: 1024, seed: 'h', threads: 2, runner: poolChunkRunner, stop });
    expect(r.interrupted).toBe(true);
    expect(r.trials).toBe(0);
  });

  it('the CLI states the expected time before a long run, and Ctrl-C exits 130', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'asl-odds-heavy-')), 'heavy.yaml');
    writeFileSync(file, HEAVY);
    const io = bufferIO();
    const run = runCli(['scenario', file, '--trials', '2000', '--seed', 'h', '--threads', '1'], io);
    setTimeout(() => process.emit('SIGINT'), 1500);
    expect(await run).toBe(130);
    expect(io.err).toMatch(/^expected time: about [\d.]+ (s|min|h) \([\d.]+ (s|min) per playthrough, 2000 playthroughs, 1 thread\)/m);
  });

  it('formatDuration', () => {
    expect([formatDuration(0.42), formatDuration(26), formatDuration(210), formatDuration(7600)]).toEqual(['0.42 s', '26 s', '3.5 min', '2.1 h']);
  });
});
