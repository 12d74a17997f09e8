/**
 * The designer's options (issue 16): --balance finds the value at which a scenario built to be even
 * there is even; --record does not reject a record the model itself generated and rejects one from
 * another setting; --calibrate recovers the setting that generated a record; two --sweep fields make a
 * grid; every value goes through the scenario file's validation.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { curvePoint, findBalance, parseRange, rangeValues } from '../../src/scenario/balance.js';
import { binomialPValue, calibrate, checkRecord, parseRecord } from '../../src/scenario/record.js';
import { runScenario } from '../../src/scenario/run-scenario.js';
import { loadScenarioFile } from '../../src/io/load-scenario.js';
import { scenarioFileData, sweepVariant } from '../../src/scenario/sweep.js';
import { estimate } from '../../src/queries/odds-result.js';
import { bufferIO } from '../cli/buffer-io.js';
import { evenByConstruction } from './design-fixture.js';

const run = (s: ReturnType<typeof evenByConstruction>, trials: number, seed: string) => runScenario(s, { trials, seed, threads: 1 });

async function fixtureFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'asl-design-'));
  const file = join(dir, 'even.json');
  await writeFile(file, JSON.stringify(scenarioFileData(evenByConstruction())));
  return file;
}

describe('--balance', () => {
  it('finds the even value of a scenario built to be even at sides.a.fire.drm = 0', async () => {
    const s = evenByConstruction();
    const points = [];
    for (const v of [-2, -1, 0, 1, 2]) {
      const r = await run(sweepVariant(s, 'sides.a.fire.drm', v, '--balance'), 3000, 'bal');
      points.push(curvePoint(v, r.victory, 'a', 'b', r.trials));
    }
    const b = findBalance('sides.a.fire.drm', 'a', 'b', true, points);
    expect(b.crossing).not.toBeNull();
    expect(b.crossing!.ci95[0]).toBeLessThanOrEqual(0);
    expect(b.crossing!.ci95[1]).toBeGreaterThanOrEqual(0);
    expect(b.crossing!.ci95[1] - b.crossing!.ci95[0]).toBeLessThan(1.2);
    expect([b.below!.value, b.above!.value]).toEqual(b.crossing!.value < 0 ? [-1, 0] : [0, 1]);
    // A better fire DRM for a (lower) favours a: the curve falls.
    expect(points[0].difference).toBeGreaterThan(points[4].difference);
  });

  it('reports no crossing, and the side favoured, when the range never reaches even', () => {
    const pt = (v: number, a: number, b: number) => curvePoint(v, { a: estimate(a, 100), b: estimate(b, 100), neither: estimate(100 - a - b, 100) }, 'a', 'b', 100);
    const b = findBalance('x', 'a', 'b', true, [pt(1, 80, 20), pt(2, 70, 30), pt(3, 60, 40)]);
    expect(b.crossing).toBeNull();
    expect(b.favoured).toBe('a');
    expect(b.above?.value ?? b.below?.value).toBe(3);
  });

  it('a flat lever is reported as a stretch (balance and calibration), and no value within 60/40 is said', () => {
    // Same odds at 0, 1 and 2 (a DRM that changes nothing there), then a drop: flat from 0 to 2.
    const pt = (v: number, a: number, b: number) => curvePoint(v, { a: estimate(Math.round(a * 1000), 1000), b: estimate(Math.round(b * 1000), 1000), neither: estimate(Math.round((1 - a - b) * 1000), 1000) }, 'a', 'b', 1000);
    const points = [pt(0, 0.8, 0.2), pt(1, 0.8, 0.2), pt(2, 0.8, 0.2), pt(3, 0.75, 0.25)];
    const b = findBalance('sides.a.fire.drm', 'a', 'b', true, points);
    expect(b.crossing).toBeNull();
    expect(b.flat).toEqual([{ from: 0, to: 2 }]);
    expect(b.withinTolerance).toEqual([]);
    const c = calibrate('sides.a.fire.drm', true, parseRecord('a=80,b=20', ['a', 'b']), points.map((p) => ({ value: p.value, victory: { a: p.side, b: p.other, neither: estimate(0, 1000) } })));
    expect(c.bestStretch).toEqual([0, 2]);
  });

  it('interpolates the crossing linearly and brackets it by the legal values', () => {
    const pt = (v: number, a: number) => curvePoint(v, { a: estimate(a, 10000), b: estimate(10000 - a, 10000), neither: estimate(0, 10000) }, 'a', 'b', 10000);
    const b = findBalance('x', 'a', 'b', true, [pt(0, 7000), pt(1, 6000), pt(2, 4000), pt(3, 3000)]);
    expect(b.crossing!.value).toBeCloseTo(1.5, 10);
    expect([b.below!.value, b.above!.value]).toEqual([1, 2]);
    // Band: d +- 1.96 sqrt((1 - d^2) / n) with d = +-0.2 at 1 and 2: about +-0.0192; slope 0.4 per unit.
    expect(b.crossing!.ci95[0]).toBeCloseTo(1.5 - 0.0192 / 0.4, 1);
  });

  it('parses ranges and lists integer values; refuses what a file could not hold', async () => {
    expect(parseRange('sides.german.fire.drm=-2..2', '--balance')).toEqual({ path: 'sides.german.fire.drm', lo: -2, hi: 2 });
    expect(() => parseRange('sides.german.elr=3..1', '--balance')).toThrow(/lo < hi/);
    expect(() => parseRange('sides.german.elr', '--balance')).toThrow(/<path>=<lo>\.\.<hi>/);
    expect(rangeValues({ path: 'x', lo: 1, hi: 4 }, 3, '--balance')).toEqual({ values: [1, 2, 3, 4], integer: true });
    expect(rangeValues({ path: 'x', lo: 0.5, hi: 1 }, 1, '--balance').values).toHaveLength(9);
    const base = await loadScenarioFile('scenarios/stalingrad-factory-1942.yaml');
    expect(sweepVariant(base, 'sides.german.elr', 3)).toEqual(base); // the round trip through the file form is exact
    const tobruk = await loadScenarioFile('scenarios/tobruk-desert-1941.yaml'); // with rule settings
    expect(sweepVariant(tobruk, 'turns', tobruk.turns)).toEqual(tobruk);
    const hurtgen = await loadScenarioFile('scenarios/hurtgen-1944.yaml');
    expect(sweepVariant(hurtgen, 'turns', hurtgen.turns)).toEqual(hurtgen);
    expect(() => sweepVariant(base, 'sides.german.elr', 7, '--balance')).toThrow(/--balance sides\.german\.elr=7: .*elr.*\[0, 5\]/);
    expect(() => sweepVariant(base, 'sides.german.reinforcements.0.turn', 9, '--balance')).toThrow(/turn/);
  });
});

describe('--record and --calibrate', () => {
  it('a record the model generated is not rejected; one from another setting is', async () => {
    const s = evenByConstruction();
    const model = await run(s, 4000, 'model');
    // 600 playthroughs of the model itself, another seed: its decided games are the record.
    const same = await run(s, 600, 'record');
    const rec = parseRecord(`a=${same.victory.a.count},b=${same.victory.b.count}`, ['a', 'b']);
    expect(checkRecord(rec, model.victory).rejected).toBe(false);
    // The record of a different setting (a's fire DRM +2): rejected by the model at 0.
    const other = await run(sweepVariant(s, 'sides.a.fire.drm', 2), 600, 'record');
    const far = parseRecord(`b=${other.victory.b.count},a=${other.victory.a.count}`, ['a', 'b']);
    const check = checkRecord(far, model.victory);
    expect(check.rejected).toBe(true);
    expect(check.pValue).toBeLessThan(0.001);
  });

  it('calibration recovers the fire DRM that generated a record', async () => {
    const s = evenByConstruction();
    const truth = await run(sweepVariant(s, 'sides.a.fire.drm', 1), 800, 'truth');
    const rec = parseRecord(`a=${truth.victory.a.count},b=${truth.victory.b.count}`, ['a', 'b']);
    const points = [];
    for (const v of [-2, -1, 0, 1, 2, 3]) points.push({ value: v, victory: (await run(sweepVariant(s, 'sides.a.fire.drm', v), 2000, 'cal')).victory });
    const c = calibrate('sides.a.fire.drm', true, rec, points);
    expect(Math.abs(c.best - 1)).toBeLessThanOrEqual(1);
    expect(c.ci95![0]).toBeLessThanOrEqual(1);
    expect(c.ci95![1]).toBeGreaterThanOrEqual(1);
    expect(c.ci95![0]).toBeGreaterThan(-2); // the far values are rejected
  });

  it('exact binomial p-values', () => {
    expect(binomialPValue(5, 10, 0.5)).toBeCloseTo(1, 6);
    // P(X <= 1) + P(X >= 9) for Binomial(10, 1/2) = 22/1024
    expect(binomialPValue(1, 10, 0.5)).toBeCloseTo(22 / 1024, 6);
    expect(binomialPValue(0, 10, 0)).toBe(1);
    // Far tails are computed, not cut off: 2 x 2^-100.
    expect(binomialPValue(0, 100, 0.5) / (2 * 2 ** -100)).toBeCloseTo(1, 6);
    expect(() => parseRecord('a=3', ['a', 'b'])).toThrow(/both sides/);
    expect(() => parseRecord('a=3,c=4', ['a', 'b'])).toThrow(/'c' is not a side/);
  });
});

describe('asl-odds scenario --balance / --record / --calibrate / two --sweep (CLI)', () => {
  it('--balance prints the crossing first and puts the curve in the JSON', async () => {
    const file = await fixtureFile();
    const io = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '600', '--seed', 'c', '--threads', '1', '--balance', 'sides.a.fire.drm=-1..1', '--quiet'], io)).toBe(0);
    // A whole-number lever (issue 42 section 4): the legal values either side of even lead, with their
    // odds; the fractional crossing only as "between"; then the values within 60/40 (or that none is).
    const [first, second] = io.out.split('\n');
    expect(first).toMatch(/^Closest to even: sides\.a\.fire\.drm = (-1|0) \(a [0-9.]+%, b [0-9.]+%\) or (0|1) \(a [0-9.]+%, b [0-9.]+%\); even lies between (-1|0) and (0|1)$/);
    expect(second).toMatch(/^(Balanced within 60\/40 \(a wins 40\.0% to 60\.0% of decided games\) at sides\.a\.fire\.drm = |No legal value of sides\.a\.fire\.drm balances within 60\/40)/);
    expect(io.out).not.toMatch(/^Even at/m);
    expect(io.out).toMatch(/not a legal value/);
    const j = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '600', '--seed', 'c', '--threads', '1', '--balance', 'sides.a.fire.drm=-1..1', '--json'], j)).toBe(0);
    const r = JSON.parse(j.out);
    expect(r.balance.points.map((p: { value: number }) => p.value)).toEqual([-1, 0, 1]);
  });

  it('--record with --calibrate reports the calibrated value and says what calibration fits', async () => {
    const file = await fixtureFile();
    const io = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '400', '--seed', 'c', '--threads', '1', '--record', 'a=30,b=70', '--calibrate', 'sides.a.fire.drm=-1..2', '--quiet'], io)).toBe(0);
    // Says that the scenario shown is calibrated, and to what record.
    expect(io.out.split('\n')[0]).toMatch(/^Calibrated to the record a 30 - b 70: sides\.a\.fire\.drm = .*the figures below are of the calibrated scenario$/);
    expect(io.out).toMatch(/fits the abstraction, not the map/);
    expect(io.out).toMatch(/two-sided binomial p-value/);
  });

  it('two --sweep fields make a grid; --calibrate without --record is one error line', async () => {
    const file = await fixtureFile();
    const io = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '100', '--seed', 'g', '--threads', '1', '--sweep', 'sides.a.fire.drm=0,1', '--sweep', 'turns=1,2', '--json'], io)).toBe(0);
    const r = JSON.parse(io.out);
    expect(r.grid.paths).toEqual(['sides.a.fire.drm', 'turns']);
    expect(r.grid.cells).toHaveLength(2);
    expect(r.grid.cells[1]).toHaveLength(2);
    // The text: the cell closest to even named first, then the grid's table with an interval per cell,
    // before the details of one cell.
    const t = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '100', '--seed', 'g', '--threads', '1', '--sweep', 'sides.a.fire.drm=0,1', '--sweep', 'turns=1,2', '--quiet'], t)).toBe(0);
    const lines = t.out.split('\n');
    const shares = r.grid.cells.flat().map((c: { sides: unknown; victory: Record<string, { probability: number }> }) => Math.abs(c.victory.a.probability / (c.victory.a.probability + c.victory.b.probability) - 0.5));
    const best = shares.indexOf(Math.min(...shares));
    const [bi, bj] = [Math.floor(best / 2), best % 2];
    expect(lines[0]).toBe(
      `Closest to even: sides.a.fire.drm = ${[0, 1][bi]}, turns = ${[1, 2][bj]} (a ${(100 * r.grid.cells[bi][bj].victory.a.probability).toFixed(1)}% ±${lines[0].match(/±([0-9.]+)/)![1]} pp)`,
    );
    expect(lines[2]).toMatch(/^P\(a wins\) by sides\.a\.fire\.drm \(rows\) and turns \(columns\)/);
    expect(lines[4]).toMatch(/^0 +[0-9.]+% ±[0-9.]+ pp +[0-9.]+% ±[0-9.]+ pp$/);
    expect(t.out.indexOf('P(a wins) by')).toBeLessThan(t.out.indexOf('Details below'));
    const bad = bufferIO();
    expect(await runCli(['scenario', file, '--calibrate', 'sides.a.fire.drm=0..1', '--quiet'], bad)).toBe(2);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/--calibrate needs --record/);
  });
});
