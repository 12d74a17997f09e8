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
import { closestToEven, curvePoint, evenShare, findBalance, parseRange, rangeValues } from '../../src/scenario/balance.js';
import { binomialPValue, calibrate, checkRecord, parseRecord } from '../../src/scenario/record.js';
import { runScenario } from '../../src/scenario/run-scenario.js';
import { loadScenarioFile } from '../../src/io/load-scenario.js';
import { scenarioFileData, sweepVariant } from '../../src/scenario/sweep.js';
import { estimate } from '../../src/queries/odds-result.js';
import { wilsonInterval } from '../../src/stats/wilson-interval.js';
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
    const c = calibrate('sides.a.fire.drm', true, parseRecord('a=80,b=20', ['a', 'b']), points.map((p) => ({ value: p.value, victory: { a: p.side, b: p.other, neither: estimate(0, 1000) }, trials: 1000 })));
    expect(c.steps.map((s) => [s.from, s.to])).toEqual([[0, 2], [3, 3]]);
    // The record's 80% (95%: 71.1% to 86.7%) overlaps every value's interval: 0 to 3 is one stretch.
    expect(c.consistent).toEqual([{ from: 0, to: 3 }]);
  });

  it('calibration reports the values consistent with the record as stretches, and the steps the model takes, never a point between them', () => {
    // The staircase of the issue: 67.6% from 0.5 to 0.688, 56.3% at 0.75 and 0.813, 31.3% above,
    // 256 playthroughs a value, every one decided; the record 31 - 19 (62%, 95%: 48.2% to 74.1%).
    const shares = [173, 173, 173, 173, 144, 144, 80, 80, 80];
    const points = shares.map((w, i) => ({ value: 0.5 + i * 0.0625, victory: { a: estimate(w, 256), b: estimate(256 - w, 256), neither: estimate(0, 256) }, trials: 256 }));
    const c = calibrate('sides.b.fire.activity', false, parseRecord('a=31,b=19', ['a', 'b']), points);
    expect(c.record.share).toBe(0.62);
    expect(c.record.ci95[0]).toBeCloseTo(0.4815, 3); // Wilson: 31 of 50
    expect(c.record.ci95[1]).toBeCloseTo(0.7415, 3);
    expect(c.steps.map((s) => [s.from, s.to, s.modelShare])).toEqual([[0.5, 0.6875, 173 / 256], [0.75, 0.8125, 144 / 256], [0.875, 1, 80 / 256]]);
    expect(c.consistent).toEqual([{ from: 0.5, to: 0.8125 }]);
    expect(c.closest).toEqual([]);
    // A record only 56.3% reproduces: the middle step alone, a stretch of two values run.
    const mid = calibrate('x', false, parseRecord('a=560,b=440', ['a', 'b']), points);
    expect(mid.consistent).toEqual([{ from: 0.75, to: 0.8125 }]);
    // A record between two steps, far from both: no value is consistent; the closest are the two
    // steps either side of it.
    const none = calibrate('x', false, parseRecord('a=2000,b=2400', ['a', 'b']), points);
    expect(none.consistent).toEqual([]);
    expect(none.closest.map((s) => [s.from, s.to])).toEqual([[0.75, 0.8125], [0.875, 1]]);
    // Beyond every step: the nearest one.
    const beyond = calibrate('x', false, parseRecord('a=950,b=50', ['a', 'b']), points);
    expect(beyond.closest.map((s) => [s.from, s.to])).toEqual([[0.5, 0.6875]]);
  });

  it('closest to even: every run whose interval overlaps the closest one\'s, with its interval', () => {
    const sh = (w: number, n: number) => evenShare({ a: estimate(w, n), b: estimate(n - w, n), neither: estimate(0, n) }, 'a', 'b', n);
    // The README's grid: 47.3%, 39.1%, 40.6%, 42.2% of 256: the noise (about +-6 points) cannot tell any from 47.3%.
    const grid = [121, 100, 104, 108].map((w) => sh(w, 256));
    expect(closestToEven(grid)).toEqual([0, 1, 2, 3]);
    expect(grid[0].ci95[0]).toBeCloseTo(0.4124, 3); // Wilson, 121 of 256
    // With 4,096 playthroughs each, 47.3% is told apart from the rest.
    expect(closestToEven([1936, 1600, 1664, 1728].map((w) => sh(w, 4096)))).toEqual([0]);
    // One interval includes 50%, one lies just within the closest's.
    expect(closestToEven([sh(500, 1000), sh(300, 1000), sh(530, 1000), sh(580, 1000)])).toEqual([0, 2]);
    // A wide interval that includes 50% is named though it misses the closest one's.
    expect(closestToEven([sh(450, 1000), sh(300, 1000), sh(4, 10)])).toEqual([0, 2]);
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
    for (const v of [-2, -1, 0, 1, 2, 3]) points.push({ value: v, victory: (await run(sweepVariant(s, 'sides.a.fire.drm', v), 2000, 'cal')).victory, trials: 2000 });
    const c = calibrate('sides.a.fire.drm', true, rec, points);
    // The value that generated the record is among the consistent ones; the far values are not.
    expect(c.points.find((p) => p.value === 1)!.consistent).toBe(true);
    expect(c.points.find((p) => p.value === -2)!.consistent).toBe(false);
    expect(c.consistent.length).toBe(1);
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
    expect(first).toMatch(/^Even lies between sides\.a\.fire\.drm = (-1|0) \(a [0-9.]+%, b [0-9.]+%\) and (0|1) \(a [0-9.]+%, b [0-9.]+%\)$/);
    expect(second).toMatch(/^(Balanced within 60\/40 \(a wins 40\.0% to 60\.0% of decided games\) at sides\.a\.fire\.drm = |No legal value of sides\.a\.fire\.drm balances within 60\/40)/);
    expect(io.out).not.toMatch(/^Even at/m);
    // No interpolated point between the values run, in the text.
    expect(io.out).not.toMatch(/interpolated|would fall at/);
    const j = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '600', '--seed', 'c', '--threads', '1', '--balance', 'sides.a.fire.drm=-1..1', '--json'], j)).toBe(0);
    const r = JSON.parse(j.out);
    expect(r.balance.points.map((p: { value: number }) => p.value)).toEqual([-1, 0, 1]);
    // closestToEven: the values whose interval overlaps the closest one's, each with its interval, as the text names them.
    const close = r.balance.closestToEven as { value: number; share: number; ci95: [number, number]; trials: number }[];
    expect(close.length).toBeGreaterThanOrEqual(1);
    expect(close.every((c) => c.trials === 600)).toBe(true);
    for (const c of close) expect(io.out).toContain(`${c.value}: ${(100 * c.share).toFixed(1)}% (95%: ${(100 * c.ci95[0]).toFixed(1)}% to ${(100 * c.ci95[1]).toFixed(1)}%, 600 playthroughs)`);
  });

  it('--record with --calibrate reports the values consistent with the record and the model\'s steps, and tests the record against the scenario as written', async () => {
    const file = await fixtureFile();
    const io = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '400', '--seed', 'c', '--threads', '1', '--record', 'a=30,b=70', '--calibrate', 'sides.a.fire.drm=-1..2', '--json'], io)).toBe(0);
    const r = JSON.parse(io.out);
    const c = r.calibration;
    // The consistent values are exactly those whose interval overlaps the record's (30 of 100: 21.9% to 39.6%).
    expect(c.record.ci95[0]).toBeCloseTo(0.2189, 3);
    const overlap = c.points.filter((p: { ci95: [number, number] }) => p.ci95[0] <= c.record.ci95[1] && c.record.ci95[0] <= p.ci95[1]).map((p: { value: number }) => p.value);
    const listed = c.consistent.flatMap((v: number | { from: number; to: number }) => (typeof v === 'number' ? [v] : [-1, 0, 1, 2].filter((x) => x >= v.from && x <= v.to)));
    expect(listed).toEqual(overlap);
    expect(c).not.toHaveProperty('best');
    // The record's p-value is of the scenario as written (the main run, drm 0 in the file), not of a fitted one.
    expect(r.input).toEqual({ file });
    expect(r.record.modelShare).toBeCloseTo(r.victory.a.probability / (r.victory.a.probability + r.victory.b.probability), 12);
    const t = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '400', '--seed', 'c', '--threads', '1', '--record', 'a=30,b=70', '--calibrate', 'sides.a.fire.drm=-1..2', '--quiet'], t)).toBe(0);
    const lines = t.out.split('\n');
    expect(lines[0]).toMatch(/^(Consistent with the record a 30 - b 70 \(a 30\.0% of decided games, 95%: 21\.9% to 39\.6%\): sides\.a\.fire\.drm = |sides\.a\.fire\.drm cannot reproduce the record)/);
    expect(lines[1]).toMatch(/^The model's steps \(a's share of decided games\): -1(: | to )/);
    expect(lines[2]).toMatch(/^Record a 30 - b 70 against the scenario as written \(before any fitting\): p /);
    expect(t.out).toMatch(/fits the abstraction, not the map/);
    expect(t.out).not.toMatch(/Calibrated|best value|interpolated/);
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
    // Every cell the noise cannot tell from the closest one is named, each with its interval.
    type Close = { 'sides.a.fire.drm': number; turns: number; share: number; ci95: [number, number]; trials: number };
    const close: Close[] = r.grid.closestToEven;
    const best = close.reduce((m, c) => (Math.abs(c.share - 0.5) < Math.abs(m.share - 0.5) ? c : m));
    for (const cell of r.grid.cells.flat() as { 'sides.a.fire.drm': number; turns: number; victory: Record<string, { count: number }> }[]) {
      const w = cell.victory.a.count;
      const n = w + cell.victory.b.count;
      const [lo, hi] = wilsonInterval(w, n);
      const named = close.some((c) => c['sides.a.fire.drm'] === cell['sides.a.fire.drm'] && c.turns === cell.turns);
      expect(named).toBe(lo <= best.ci95[1] && best.ci95[0] <= hi);
    }
    const head = close.length === 1 ? [lines[0]] : lines.slice(1, 1 + close.length);
    expect(head).toHaveLength(close.length);
    close.forEach((c, k) => expect(head[k]).toContain(`sides.a.fire.drm = ${c['sides.a.fire.drm']}, turns = ${c.turns}: ${(100 * c.share).toFixed(1)}% (95%: ${(100 * c.ci95[0]).toFixed(1)}% to ${(100 * c.ci95[1]).toFixed(1)}%, 100 playthroughs)`));
    const table = t.out.indexOf('P(a wins) by');
    const tl = t.out.slice(table).split('\n');
    expect(tl[0]).toMatch(/^P\(a wins\) by sides\.a\.fire\.drm \(rows\) and turns \(columns\)/);
    expect(tl[2]).toMatch(/^0 +[0-9.]+% ±[0-9.]+ pp +[0-9.]+% ±[0-9.]+ pp$/);
    expect(t.out.indexOf('P(a wins) by')).toBeLessThan(t.out.indexOf('Details below'));
    const bad = bufferIO();
    expect(await runCli(['scenario', file, '--calibrate', 'sides.a.fire.drm=0..1', '--quiet'], bad)).toBe(2);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/--calibrate needs --record/);
  });

  it('--refine runs more playthroughs on just the cells closest to even; a refined cell equals a larger run of that cell', async () => {
    const file = await fixtureFile();
    const grid = ['--sweep', 'sides.a.fire.drm=0,1', '--sweep', 'turns=1,2'];
    const io = bufferIO();
    expect(await runCli(['scenario', file, '--trials', '100', '--seed', 'g', '--threads', '1', ...grid, '--refine', '1', '--json'], io)).toBe(0);
    const g = JSON.parse(io.out).grid;
    expect(g.refined).toEqual({ rounds: 1, asked: 1 });
    type Cell = { 'sides.a.fire.drm': number; turns: number; trials: number; victory: unknown };
    const cells: Cell[] = g.cells.flat();
    const refined = cells.filter((c) => c.trials === 200);
    expect(refined.length).toBeGreaterThanOrEqual(2); // the fixture's cells lie within the noise of each other at 100
    expect(cells.every((c) => c.trials === 100 || c.trials === 200)).toBe(true);
    // Each refined cell, run by itself with twice the playthroughs and the same seed: the same counts.
    for (const c of refined) {
      const one = bufferIO();
      expect(await runCli(['scenario', file, '--trials', '200', '--seed', 'g', '--threads', '1', '--sweep', `sides.a.fire.drm=${c['sides.a.fire.drm']}`, '--sweep', `turns=${c.turns}`, '--json'], one)).toBe(0);
      expect(JSON.parse(one.out).grid.cells[0][0].victory).toEqual(c.victory);
    }
    const bad = bufferIO();
    expect(await runCli(['scenario', file, '--refine', '2', '--quiet'], bad)).toBe(2);
    expect(bad.err).toMatch(/--refine needs a grid \(two --sweep fields\) or --balance/);
    expect(await runCli(['scenario', file, ...grid, '--refine', '11', '--quiet'], bad)).toBe(2);
  });

  it('--balance --refine: the values refined equal a larger run of them; the rest are untouched', async () => {
    const file = await fixtureFile();
    const balance = ['scenario', file, '--seed', 'r', '--threads', '1', '--balance', 'sides.a.fire.drm=-1..1', '--json'];
    const io = bufferIO();
    expect(await runCli([...balance, '--trials', '100', '--refine', '1'], io)).toBe(0);
    const b = JSON.parse(io.out).balance;
    type Point = { value: number; trials: number; side: unknown; other: unknown };
    const refined = (b.points as Point[]).filter((p) => p.trials === 200);
    expect(b.refined.asked).toBe(1);
    if (b.refined.rounds === 0) expect(b.closestToEven).toHaveLength(1); // told apart at 100: nothing to refine
    else expect(refined.length).toBeGreaterThanOrEqual(2);
    const twice = bufferIO();
    expect(await runCli([...balance, '--trials', '200'], twice)).toBe(0);
    const plain = bufferIO();
    expect(await runCli([...balance, '--trials', '100'], plain)).toBe(0);
    for (const p of b.points as Point[]) {
      const same = ((p.trials === 200 ? JSON.parse(twice.out) : JSON.parse(plain.out)).balance.points as Point[]).find((x) => x.value === p.value)!;
      expect([p.side, p.other]).toEqual([same.side, same.other]);
    }
  });
});
