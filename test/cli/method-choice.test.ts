/**
 * The method never surprises (issue 11 part 3): exact when it is quick; Monte Carlo at once when the
 * estimate says exact would take more than a few seconds, or as soon as exact runs past its quick
 * budget, said on stderr and in the result (`methodReason`); `--exact` (`exactOnly`) keeps to exact and
 * its budget error; progress lines when stderr is not a terminal.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attackQuery, MAX_ATTACK_CHAIN_STATES, QUICK_ATTACK_CHAIN_STATES, QUICK_ATTACK_STATES } from '../../src/queries/attack-query.js';
import { computeOdds, type OddsOutput } from '../../src/queries/compute-odds.js';
import { createExactProgress, createProgress, progressCadence } from '../../src/cli/progress.js';
import type { OddsResult } from '../../src/result.js';
import { runCli } from '../../src/cli/main.js';
import { bufferIO, errorCodeOf } from './buffer-io.js';

function resultOf(o: OddsOutput): OddsResult {
  if (o.kind !== 'result') throw new Error('expected a result');
  return o.result;
}

describe('exact or Monte Carlo', () => {
  it('four leaders: estimated past the quick budget, Monte Carlo answers at once and says why', async () => {
    const notes: string[] = [];
    let exactWork = 0;
    const q = attackQuery({ targets: ['german/9-1', 'german/8-1', 'german/7-0', 'german/9-2', 'german/4-6-7'], result: 'PTC' });
    const r = resultOf(await computeOdds(q, { seed: 's', fallbackTrials: 300, onNote: (l) => notes.push(l), onExactProgress: (w) => (exactWork = w) }));
    expect(r.method).toBe('monte-carlo');
    expect(r.trials).toBe(300);
    expect(r.seed).toBe('s');
    expect(r.methodReason).toMatch(/^exact would take more than a few seconds \(about 1,000,000 states or more: 4 leaders' histories\); Monte Carlo with 300 trials/);
    expect(notes).toEqual([`attack: ${r.methodReason}`]);
    expect(exactWork).toBe(0); // no exact work was tried
    expect(r.units?.length).toBe(5);
  });

  it('three leaders and a squad under one attack: exact within the quick budget, no note', async () => {
    const notes: string[] = [];
    const q = attackQuery({ targets: ['german/9-1', 'german/8-1', 'german/7-0', 'german/4-6-7'], result: 'PTC' });
    const r = resultOf(await computeOdds(q, { onNote: (l) => notes.push(l) }));
    expect(r.method).toBe('exact');
    expect(r.methodReason).toBeUndefined();
    expect(notes).toEqual([]);
  });

  it('three leaders under two attacks (no summary without the joint distribution): Monte Carlo at once', async () => {
    const q = attackQuery({ targets: ['german/9-1', 'german/8-1', 'german/7-0', 'german/4-6-7'], result: 'PTC', then: ['4:0'] });
    const r = resultOf(await computeOdds(q, { seed: 's', fallbackTrials: 300 }));
    expect(r.method).toBe('monte-carlo');
    expect(r.methodReason).toMatch(/3 leaders' histories/);
  });

  it('exact past the quick budget: Monte Carlo instead, naming the budget', async () => {
    const q = { ...attackQuery({ targets: ['german/9-1', 'german/4-6-7', 'german/4-6-7'], result: '1MC' }), quickStates: 100 };
    const notes: string[] = [];
    const r = resultOf(await computeOdds(q, { seed: 's', fallbackTrials: 200, onNote: (l) => notes.push(l) }));
    expect(r.method).toBe('monte-carlo');
    expect(r.methodReason).toMatch(/\(past 100 states\)/);
    expect(notes).toHaveLength(1);
  });

  it('a sequence of attacks (the whole chain, 10-25 us a state): its own quick budget, then Monte Carlo', async () => {
    expect(attackQuery({ targets: ['german/8-1', 'german/4-6-7'], fp: 8, drm: 0 }).quickStates).toBe(QUICK_ATTACK_STATES);
    const q = attackQuery({ targets: ['german/4-6-7', 'german/4-6-7', 'german/4-6-8'], fp: 8, drm: 0, then: ['8:0'] });
    expect(q.quickStates).toBe(QUICK_ATTACK_CHAIN_STATES);
    // Three squads under 8 FP then 8 FP pass 800,000 states: Monte Carlo once the quick budget is spent.
    const notes: string[] = [];
    let exactWork = 0;
    const r = resultOf(await computeOdds(q, { seed: 's', fallbackTrials: 300, onNote: (l) => notes.push(l), onExactProgress: (w) => (exactWork = w) }));
    expect(r.method).toBe('monte-carlo');
    expect(r.methodReason).toMatch(/\(past 100,000 states\)/);
    expect(notes).toHaveLength(1);
    expect(exactWork).toBeLessThanOrEqual(QUICK_ATTACK_CHAIN_STATES);
    // Two units under two attacks fit it: exact.
    const small = resultOf(await computeOdds(attackQuery({ targets: ['german/8-1', 'german/4-6-7'], fp: 8, drm: 0, then: ['8:0'] }), { onNote: (l) => notes.push(l) }));
    expect(small.method).toBe('exact');
    expect(notes).toHaveLength(1);
  });

  it('quick enough: exact, no note, no methodReason', async () => {
    const notes: string[] = [];
    const r = resultOf(await computeOdds(attackQuery({ targets: ['german/9-1', 'german/4-6-7'], result: '1MC' }), { onNote: (l) => notes.push(l) }));
    expect(r.method).toBe('exact');
    expect(r.methodReason).toBeUndefined();
    expect(notes).toEqual([]);
  });

  it('exactOnly (--exact) keeps to exact and to the budget error', async () => {
    const q = { ...attackQuery({ targets: ['german/9-1', 'german/4-6-7', 'german/4-6-7'], fp: 8, drm: 1 }), quickStates: 200, maxStates: 300 };
    await expect(computeOdds(q, { exactOnly: true })).rejects.toMatchObject({ code: 'input.tooLarge' });
  });
});

describe('asl-odds attack: the Monte Carlo answer instead of exact', () => {
  it('4 leaders: says why on stderr, --seed replays it, --json records method and methodReason', async () => {
    const io = bufferIO();
    const argv = ['attack', '--result', 'PTC', '--target', 'german/9-1,german/8-1,german/7-0,german/9-2,german/4-6-7', '--seed', 's1', '--threads', '1', '--json'];
    expect(await runCli(argv, io)).toBe(0);
    const r = JSON.parse(io.out) as OddsResult;
    expect([r.method, r.seed, r.trials]).toEqual(['monte-carlo', 's1', 100_000]);
    expect(io.err).toContain(`attack: ${r.methodReason}`);
    expect(r.methodReason).toMatch(/--exact insists on exact/);
    const again = bufferIO();
    expect(await runCli(argv, again)).toBe(0);
    expect(again.out).toBe(io.out);
  });
  it('--seed without --trials stays an error where no Monte Carlo can answer (mc), and with --exact', async () => {
    expect(await errorCodeOf(['attack', '--result', 'PTC', '--target', 'german/4-6-7', '--seed', 's', '--exact'])).toBe('input.trials');
  });
});

describe('progress when stderr is not a terminal', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('Monte Carlo: nothing for a short run; a line after 2 s, then every 5 s', () => {
    vi.useFakeTimers();
    const io = bufferIO();
    const p = createProgress(io, false, 'trials');
    p.update!(0, 1000);
    vi.advanceTimersByTime(1900);
    expect(io.err).toBe('');
    p.update!(250, 1000);
    vi.advanceTimersByTime(200);
    expect(io.err).toMatch(/^trials: 250 of 1,000 \(25%\), 2\.\d s, about 6 s left\n$/);
    vi.advanceTimersByTime(5000);
    expect(io.err.split('\n')).toHaveLength(3);
    p.stop();
    vi.advanceTimersByTime(20_000);
    expect(io.err.split('\n')).toHaveLength(3);
  });

  it('runs of one command share a cadence: short runs do not add up to a silence (scenario --balance)', () => {
    vi.useFakeTimers();
    const io = bufferIO();
    const cadence = progressCadence();
    // Run 1 takes 1.5 s: no line of its own.
    const first = createProgress(io, false, 'sides.german.fire.drm=-1', cadence);
    first.update!(0, 2000);
    vi.advanceTimersByTime(1500);
    first.update!(2000, 2000);
    first.stop();
    expect(io.err).toBe('');
    // Run 2 starts at 1.5 s: the command's line is due at 2 s, and names the run going then.
    const second = createProgress(io, false, 'sides.german.fire.drm=0', cadence);
    second.update!(0, 2000);
    vi.advanceTimersByTime(400);
    expect(io.err).toBe('');
    second.update!(500, 2000);
    vi.advanceTimersByTime(100);
    expect(io.err).toMatch(/^sides\.german\.fire\.drm=0: 500 of 2,000 \(25%\), 0\.5 s, about 1\.5 s left\n$/);
    second.stop();
    // The next is due 5 s later, whichever run is going.
    const third = createProgress(io, false, 'sides.german.fire.drm=1', cadence);
    third.update!(0, 2000);
    vi.advanceTimersByTime(4900);
    expect(io.err.split('\n')).toHaveLength(2);
    vi.advanceTimersByTime(100);
    expect(io.err.split('\n')[1]).toMatch(/^sides\.german\.fire\.drm=1: 0 of 2,000 \(0%\), 5\.0 s\n?$/);
    third.stop();
  });

  it('exact: a line once the run has taken 2 s, then every 10 s; none when quiet', () => {
    vi.useFakeTimers();
    const io = bufferIO();
    const p = createExactProgress(io, false);
    p.update!(10_000, 4_000_000);
    expect(io.err).toBe('');
    vi.advanceTimersByTime(2100);
    p.update!(20_000, 4_000_000);
    expect(io.err).toMatch(/^exact: 20,000 states of at most 4,000,000 so far, 2\.1 s/);
    p.update!(30_000, 4_000_000);
    expect(io.err.split('\n')).toHaveLength(2);
    const quiet = bufferIO();
    expect(createExactProgress(quiet, true).update).toBeUndefined();
  });

  it('attack --then --exact: the line states the limit the sequence is held to (800,000 states of the whole chain)', async () => {
    // A clock a second further on at each reading, so the 2 s line comes at once.
    let t = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (t += 1000));
    const io = bufferIO();
    expect(await runCli(['attack', '--target', 'german/8-1,german/4-6-7', '--fp', '8', '--drm', '0', '--then', '8:0', '--exact', '--json'], io)).toBe(0);
    expect(MAX_ATTACK_CHAIN_STATES).toBe(800_000);
    expect(io.err).toMatch(/^exact: [\d,]+ states of at most 800,000 so far, /);
    expect(io.err).not.toContain('4,000,000');
  });

  it('exact on a terminal: no bar for a run under a second, and stopping it then draws nothing', () => {
    vi.useFakeTimers();
    const io = { ...bufferIO(), stderrIsTTY: true };
    const written = vi.spyOn(process.stderr, 'write');
    const p = createExactProgress(io, false);
    p.update!(10_000, 4_000_000);
    vi.advanceTimersByTime(900);
    p.update!(20_000, 4_000_000);
    p.stop();
    expect(written).not.toHaveBeenCalled();
    written.mockRestore();
  });
});
