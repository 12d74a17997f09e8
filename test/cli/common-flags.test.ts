/**
 * The common flags where they make sense, typed as a player types them: `plan`, `table`, `vasl` and
 * `merge` take `--quiet`; `plan` says on stderr what it is doing (the exact screen's ranking first, an
 * estimate of the stack figures' time before they start, then each plan done), and nothing with
 * `--quiet`; no issue numbers in the help a user reads.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from './buffer-io.js';

const VSAV = new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url).pathname;
// three firers at two units: plans of three attacks run Monte Carlo (the estimate's pilot runs)
const PLAN = ['plan', '--firer', 'german/4-6-7,german/4-6-7,german/mmg', '--range', '4', '--terrain', 'wooden-building', '--target', 'russian/4-4-7,russian/4-4-7', '--trials', '2000'];

describe('plan: progress on stderr, --quiet', () => {
  it('prints the exact screen first, then the estimate, then each plan done; the answer on stdout as without it', async () => {
    const io = bufferIO();
    expect(await runCli(PLAN, io)).toBe(0);
    const lines = io.err.trim().split('\n');
    expect(lines[0]).toBe('screen (exact, NMC or better), best of 8 plans:');
    // the screen's best plan: one group of all three, 13 FP on the 12 column, NMC or better 7/12
    expect(lines[1]).toBe('   1. 58.3%  [4-6-7 + 4-6-7 + MMG] 13 FP on the 12 col +2');
    const estimate = lines.findIndex((l) => /^stack figures of 4 plans: about \d+ (s|min \d+ s) more \(estimated from the first Monte Carlo plan's time\)$/.test(l));
    const firstDone = lines.findIndex((l) => /^plan 1\/4 done, \d+\.\d s$/.test(l));
    expect(estimate).toBeGreaterThan(1);
    expect(firstDone).toBeGreaterThan(estimate);
    expect(lines[lines.length - 1]).toMatch(/^plan 4\/4 done, /);
    expect(io.out).toMatch(/^Fire plans ranked by P\(at least one unit broken\): 8 plans considered/);
    const quiet = bufferIO();
    expect(await runCli([...PLAN, '--quiet'], quiet)).toBe(0);
    expect(quiet.err).toBe('');
    // the same answer (the time taken aside)
    expect(quiet.out.replace(/in [\d.]+ s/, '')).toBe(io.out.replace(/in [\d.]+ s/, ''));
  }, 60_000);

  it('plan --help cites its rules and no issue number', async () => {
    const io = bufferIO();
    await runCli(['plan', '--help'], io);
    const help = io.out + io.err;
    expect(help).toContain('(A7.5, A7.53)');
    expect(help).not.toMatch(/issue \d/);
    expect(help).toMatch(/--quiet/);
  });
});

describe('table, vasl and merge take --quiet', () => {
  it('table mc --quiet prints the table as without it', async () => {
    const a = bufferIO();
    const b = bufferIO();
    expect(await runCli(['table', 'mc'], a)).toBe(0);
    expect(await runCli(['table', 'mc', '--quiet'], b)).toBe(0);
    expect(b.out).toBe(a.out);
    expect(b.err).toBe('');
  });
  it('vasl <save> --quiet reads the save', async () => {
    const io = bufferIO();
    expect(await runCli(['vasl', VSAV, '--quiet'], io)).toBe(0);
    expect(io.out).toMatch(/^Hazmo-52-After-Finn-4\.vsav: VASL 6\.7\.3 saved game/);
    expect(io.err).toBe('');
  });
  it('merge --quiet is taken (a missing file is then the one error)', async () => {
    const io = bufferIO();
    expect(await runCli(['merge', '/nonexistent/part-0.json', '--quiet'], io)).toBe(2);
    expect(io.err).toMatch(/merge: cannot read \/nonexistent\/part-0\.json/);
    expect(io.err).not.toMatch(/unknown option/);
  });
});
