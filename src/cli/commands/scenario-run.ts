/**
 * The run of `asl-odds scenario <file>` (scenario.ts defines the command and its options): loads the
 * scenario, plays it (or sweeps, balances, calibrates it) and writes the result and its report.
 */
import { availableParallelism } from 'node:os';
import { randomSeed } from '../../dice/streams.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { formatScenarioResult, formatSweep, type SweepRow } from '../../reports/scenario-text.js';
import { writeScenarioReport } from '../../report-files/write-scenario-report.js';
import { shellQuote } from '../../report-files/write-report.js';
import { poolChunkRunner } from '../../pool/pool-runner.js';
import { largestVictoryHalfWidth, runScenarioPlan, SCENARIO_CHUNK_SIZE, timeOnePlaythrough } from '../../scenario/run-scenario.js';
import { textFile } from '../../io/text-file.js';
import { runStores } from '../../runs/checkpoint.js';
import { fingerprintOf } from '../../runs/fingerprint.js';
import type { PartialResult } from '../../runs/partial.js';
import { readTally, replayableArgv } from '../method-options.js';
import { loadScenarioFile, resolveScenarioPath } from '../../io/load-scenario.js';
import { checkOutputPaths } from '../output-paths.js';
import { currentValue, sweepVariant } from '../../scenario/sweep.js';
import { closestToEven, curvePoint, evenShare, findBalance, rangeValues, type BalanceResult, type FieldRange } from '../../scenario/balance.js';
import { calibrate, checkRecord, type Calibration, type RecordCheck } from '../../scenario/record.js';
import type { ScenarioResult } from '../../scenario/run-scenario.js';
import type { Scenario } from '../../scenario/types.js';
import type { StopFlag } from '../../engine/chunk-runner.js';
import { inputError } from '../../errors.js';
import { designHeadline, gridClosestToEven, formatBalance, formatCalibration, formatGrid, formatRecord, formatValue, type SweepGrid } from '../../reports/scenario-design-text.js';
import type { ScenarioDesign } from '../../report-files/write-scenario-report.js';
import type { CliContext } from '../io.js';
import { createProgress, formatDuration, progressCadence, withInterrupt } from '../progress.js';
import { DEFAULT_PRECISION_MAX_TRIALS, DEFAULT_SCENARIO_TRIALS, type ScenarioOptions } from './scenario-options.js';
import { checkScenarioOptions } from './scenario-checks.js';

/** Seconds a probe playthrough takes for the run's expected time to be stated before it starts. */
const SLOW_PLAYTHROUGH_S = 0.05;

/**
 * Runs `asl-odds scenario` on `file` with options `o`, writing to `cli`'s streams.
 * @throws AslOddsError on bad input (`input.*`), an unreadable scenario file (`io.*`), a failed worker (`worker.*`)
 */
export async function runScenarioCommand(file: string, o: ScenarioOptions, cli: CliContext): Promise<void> {
  // One cadence of progress lines for the whole command, every run of it (a sweep's or a range's
  // values) included: the first line 2 s from here, whichever run is going then.
  const cadence = progressCadence();
  checkOutputPaths(o, [{ what: 'the scenario file', path: resolveScenarioPath(file) }]);
  const base = await loadScenarioFile(file);
  // Every option and value checked before anything is printed or run (scenario-checks.ts).
  const { sweeps, record, balanceRange, calibrateRange } = checkScenarioOptions(base, o);
  const sideIds: [string, string] = [base.sides[0].id, base.sides[1].id];
  if (o.resume && !o.checkpoint) throw inputError('input.resume', '--resume needs --checkpoint <file>');
  if ((o.shard || o.tallyFrom) && calibrateRange) throw inputError('input.shard', '--shard cannot be combined with --calibrate: the calibrated run depends on every chunk of the calibration runs; calibrate on one machine, then shard the calibrated scenario');
  // A merged tally (asl-odds merge): every run's counts in run order, the shards' seed and their
  // combined fingerprint, checked once every run has taken its part.
  const merged = o.tallyFrom === undefined ? undefined : await readTally(o.tallyFrom);
  let mergedAt = 0;
  const seed = merged?.seed ?? o.seed ?? randomSeed();
  if (!o.seed && !merged && !o.quiet) cli.io.stderr(`seed: ${seed} (replay with --seed ${seed})\n`);
  const storeOf = o.checkpoint === undefined ? undefined : runStores(textFile(o.checkpoint), !o.resume);
  const partials: PartialResult[] = [];
  const fingerprints: string[] = [];
  let runIndex = 0;
  const threads = o.threads ?? availableParallelism();
  const trials = o.trials ?? (o.precision === undefined ? DEFAULT_SCENARIO_TRIALS : DEFAULT_PRECISION_MAX_TRIALS);
  if (!o.quiet && !merged) {
    // The expected time of a long run, from one timed playthrough (a stream of its own).
    // (--balance and --calibrate run several values more: the estimate is per value then.)
    // Only for slow playthroughs: a fast one is timed before the JIT has compiled it, up to 15
    // times slower than in the run (a 2 s run was announced as 35 s); those runs' progress
    // lines give the time left from the run's own rate instead.
    const runs = sweeps.reduce((n, sw) => n * sw.values.length, 1);
    const each = timeOnePlaythrough(base, seed);
    const total = (each * trials * runs) / Math.max(1, Math.min(threads, Math.ceil(trials / SCENARIO_CHUNK_SIZE)));
    if (each >= SLOW_PLAYTHROUGH_S && total >= 10) {
      const upTo = o.precision === undefined ? '' : 'up to ';
      const per = o.balance || o.calibrate ? ' per value' : '';
      cli.io.stderr(`expected time: ${upTo}about ${formatDuration(total)}${per} (${formatDuration(each)} per playthrough, ${trials * runs} playthroughs, ${threads} thread${threads === 1 ? '' : 's'}); Ctrl-C stops and keeps what is done\n`);
    }
  }
  const precision = o.precision === undefined ? undefined : o.precision / 100;
  let interrupted = false;
  let stopped = false;
  /**
   * Ctrl-C cut a run short or skipped one: a balance, calibration or grid is then not made from what is
   * left (it would read as the answer over values that were not all run); the runs that finished are
   * reported, marked interrupted.
   */
  const cut = (): boolean => interrupted || stopped;
  // Every run uses the same seed: the same chunk streams for every value (common random numbers).
  // `more`: a refined run's playthroughs (a fixed count: the same stream as the first run, continued).
  const play = async (scenario: Scenario, label: string, input: Record<string, unknown>, stop: StopFlag, more?: number): Promise<ScenarioResult | null> => {
    if (stop.interrupted) {
      stopped = true;
      return null;
    }
    const progress = createProgress(cli.io, !!o.quiet || !!merged, label, cadence);
    const i = runIndex++;
    try {
      const out = await runScenarioPlan(
        scenario,
        { trials: more ?? trials, precision: more === undefined ? precision : undefined, seed, threads, runner: poolChunkRunner, stop, onProgress: progress.update },
        {
          checkpoint: storeOf?.(i),
          resume: o.resume,
          shard: o.shard,
          argv: replayableArgv(cli.argv),
          // This run's part of a merged tally: the next counts, as many as its tally holds.
          tallyOf: merged && ((size: number) => ({ seed, counts: merged.counts.slice(mergedAt, (mergedAt += size)) })),
        },
        { file, ...input },
      );
      if (out.kind === 'partial') {
        partials.push(out.partial);
        return null;
      }
      fingerprints.push(out.fingerprint);
      interrupted ||= !!out.result.interrupted;
      return out.result;
    } finally {
      progress.stop();
    }
  };
  /** Runs `scenario` at each value of a range (validated like a file), for balance or calibration. */
  const across = async (scenario: Scenario, r: FieldRange, option: string, stop: StopFlag) => {
    const current = currentNumber(scenario, r.path, option);
    const { values, integer } = rangeValues(r, current, option);
    const variants = values.map((v) => ({ value: v, scenario: sweepVariant(scenario, r.path, v, option) }));
    const runs: { value: number; result: ScenarioResult }[] = [];
    for (const v of variants) {
      const result = await play(v.scenario, `${r.path}=${formatValue(v.value)}`, { [option.slice(2)]: `${r.path}=${v.value}` }, stop);
      if (result) runs.push({ value: v.value, result });
    }
    return { integer, runs, variants };
  };
  const rounds = o.refine ?? 0;
  /**
   * `--refine`: rounds of twice the playthroughs on the runs the noise cannot tell from the one closest
   * to even, until one is told apart from the rest, their intervals are within --precision, or the
   * rounds are done. A round replaces its runs only when all of them finished (Ctrl-C keeps the last
   * whole round). Each refined run is the same seed's run of more playthroughs: the first ones are the
   * run's own, continued.
   * @returns the rounds run in full
   */
  const refine = async (runs: ScenarioResult[], rerun: (k: number, r: number, more: number) => Promise<ScenarioResult | null>): Promise<number> => {
    let done = 0;
    for (let r = 1; r <= rounds; r++) {
      const cand = closestToEven(runs.map((x) => evenShare(x.victory, sideIds[0], sideIds[1], x.trials)));
      if (cand.length <= 1) break;
      if (precision !== undefined && cand.every((k) => largestVictoryHalfWidth(runs[k].victory) <= precision)) break;
      const next: ScenarioResult[] = [];
      for (const k of cand) {
        const x = await rerun(k, r, 2 * runs[k].trials);
        if (!x || x.interrupted) return done;
        next.push(x);
      }
      cand.forEach((k, i) => (runs[k] = next[i]));
      done = r;
    }
    return done;
  };
  const rows: SweepRow[] = [];
  let grid: SweepGrid | null = null;
  let balance: BalanceResult | null = null;
  let calibration: Calibration | null = null;
  let recordCheck: RecordCheck | null = null;
  let main: ScenarioResult | null = null;
  await withInterrupt(async (stop) => {
    const scenario = base;
    if (calibrateRange && record) {
      const c = await across(base, calibrateRange, '--calibrate', stop);
      if (c.runs.length < 2 || cut()) return;
      calibration = calibrate(calibrateRange.path, c.integer, record, c.runs.map((x) => ({ value: x.value, victory: x.result.victory, trials: x.result.trials })));
    }
    if (sweeps.length === 0) {
      // The scenario as written, also with --calibrate: the record is tested against the model before
      // any fitting (a fitted field leaves the record nothing to test; docs/scenarios.md).
      main = await play(scenario, 'playthroughs', {}, stop);
    } else if (sweeps.length === 1) {
      const sw = sweeps[0];
      for (const v of sw.values) {
        const result = await play(sweepVariant(base, sw.path, v), `${sw.path}=${v}`, { sweep: `${sw.path}=${v}` }, stop);
        if (result) rows.push({ value: v, result });
      }
      main = rows[0]?.result ?? null;
    } else {
      const [a, b] = sweeps;
      const cells: ScenarioResult[][] = [];
      for (const va of a.values) {
        const row: ScenarioResult[] = [];
        for (const vb of b.values) {
          const s2 = sweepVariant(sweepVariant(base, a.path, va), b.path, vb);
          const result = await play(s2, `${a.path}=${va} ${b.path}=${vb}`, { sweep: [`${a.path}=${va}`, `${b.path}=${vb}`] }, stop);
          if (result) row.push(result);
        }
        if (row.length === b.values.length) cells.push(row);
      }
      if (cells.length === a.values.length && !cut()) {
        const flat = cells.flat();
        const n = b.values.length;
        const refined = await refine(flat, (k, r, more) => {
          const [va, vb] = [a.values[Math.floor(k / n)], b.values[k % n]];
          return play(sweepVariant(sweepVariant(base, a.path, va), b.path, vb), `refine ${r}: ${a.path}=${va} ${b.path}=${vb}`, { sweep: [`${a.path}=${va}`, `${b.path}=${vb}`], refine: r }, stop, more);
        });
        const rows2 = a.values.map((_, i) => flat.slice(i * n, (i + 1) * n));
        grid = { paths: [a.path, b.path], values: [a.values, b.values], cells: rows2, side: sideIds[0], ...(rounds > 0 ? { refined: { rounds: refined, asked: rounds } } : {}) };
        cells.splice(0, cells.length, ...rows2);
      }
      main = cells[0]?.[0] ?? null;
    }
    if (main && record) recordCheck = checkRecord(record, (main as ScenarioResult).victory);
    if (balanceRange) {
      const c = await across(scenario, balanceRange, '--balance', stop);
      if (c.runs.length >= 2 && !cut()) {
        const results = c.runs.map((x) => x.result);
        const refined = await refine(results, (k, r, more) => {
          const v = c.variants[k];
          return play(v.scenario, `refine ${r}: ${balanceRange.path}=${formatValue(v.value)}`, { balance: `${balanceRange.path}=${v.value}`, refine: r }, stop, more);
        });
        const found = findBalance(balanceRange.path, sideIds[0], sideIds[1], c.integer, c.runs.map((x, k) => curvePoint(x.value, results[k].victory, sideIds[0], sideIds[1], results[k].trials)));
        balance = rounds > 0 ? { ...found, refined: { rounds: refined, asked: rounds } } : found;
      }
    }
  });
  if (o.shard) {
    await writeShard(partials, o, cli, runIndex, stopped);
    return;
  }
  if (merged) {
    const combined = await fingerprintOf({ runs: fingerprints });
    if (mergedAt !== merged.counts.length || merged.fingerprint !== combined) {
      throw inputError('merge.input', "merge: the shards' recorded command line does not produce their tallies (another scenario, sweep, balance, trials or version); the files are edited, refused");
    }
  }
  if (!main) {
    cli.io.stderr('interrupted before the first run finished: nothing to report\n');
    cli.exitCode = 130;
    return;
  }
  const result: ScenarioResult = main;
  const sweep = sweeps.length === 1 ? { path: sweeps[0].path, rows } : undefined;
  const design: ScenarioDesign = { grid, balance, calibration, record: recordCheck };
  const doc = {
    ...result,
    ...(sweep ? { sweep: { path: sweep.path, rows: rows.map((r) => ({ value: r.value, victory: r.result.victory, elrFell: r.result.elrFell, interrupted: !!r.result.interrupted })) } } : {}),
    ...(grid ? { grid: gridJSON(grid) } : {}),
    ...(balance ? { balance } : {}),
    ...(recordCheck ? { record: recordCheck } : {}),
    ...(calibration ? { calibration } : {}),
    // Ctrl-C during any run of the command (a sweep's, a balance's value): the file says so, as every
    // interrupted Monte Carlo result does, and holds only what finished.
    ...(interrupted || stopped ? { interrupted: true } : {}),
  };
  const json = JSON.stringify(doc, null, 2) + '\n';
  // The answer first: a sweep's table of every value, then the details of the first value,
  // named; printed before any file is written, so that a failing report never hides it.
  const g = grid as SweepGrid | null;
  const value = sweep ? { path: sweep.path, value: rows[0].value } : g ? { path: `${g.paths[0]} = ${String(g.values[0][0])}, ${g.paths[1]}`, value: g.values[1][0] } : undefined;
  const text = [sweep ? formatSweep(sweep.path, rows) : '', g ? formatGrid(g) : '', formatScenarioResult(result, value), designText(design, sideIds)].filter(Boolean).join('\n');
  cli.io.stdout(o.json ? json : designFirst(design, sideIds, record) + text);
  if (o.out) await writeFileAtomic(o.out, json);
  if (o.report) {
    const command = `asl-odds ${cli.argv.map(shellQuote).join(' ')}`;
    const { files } = await writeScenarioReport(o.report, result, command, sweep, design);
    if (!o.quiet && !o.json) cli.io.stderr(`report: ${files.length} files in ${o.report}\n`);
  }
  if (interrupted || stopped) cli.exitCode = 130;
}

/**
 * Writes a shard's partial result: every run's tally of this shard's chunks, in run order, as one
 * partial result (counts side by side; the fingerprint of all the runs'), which `asl-odds merge`
 * replays. An interrupted shard writes nothing (its runs would hold different chunks): resume it.
 * @throws AslOddsError `io.write`
 */
async function writeShard(partials: readonly PartialResult[], o: ScenarioOptions, cli: CliContext, runs: number, stopped: boolean): Promise<void> {
  const first = partials[0];
  const complete = !stopped && first !== undefined && partials.length === runs && partials.every((p) => p.chunks.join() === shardChunksOf(first).join() && p.chunks.join() === first.chunks.join());
  if (!complete) {
    cli.io.stderr(`interrupted: shard ${o.shard!.index}/${o.shard!.count} not complete, nothing written${o.checkpoint ? ' (run it again with --resume)' : ''}\n`);
    cli.exitCode = 130;
    return;
  }
  const partial: PartialResult = {
    ...first,
    fingerprint: await fingerprintOf({ runs: partials.map((p) => p.fingerprint) }),
    counts: partials.flatMap((p) => p.counts),
  };
  const json = JSON.stringify(partial) + '\n';
  if (o.out) await writeFileAtomic(o.out, json);
  else cli.io.stdout(json);
  if (!o.quiet) cli.io.stderr(`shard ${first.shard.index}/${first.shard.count}: ${first.chunks.length} chunks of ${runs} run${runs === 1 ? '' : 's'}${o.out ? ` written to ${o.out}` : ''}\n`);
}

/** The chunks a shard holds when complete. */
function shardChunksOf(p: PartialResult): number[] {
  const out: number[] = [];
  for (let k = p.shard.index; k < p.chunkCount; k += p.shard.count) out.push(k);
  return out;
}

/** The numeric field at `path` (for a range's integer test). */
function currentNumber(s: Scenario, path: string, option: string): number {
  const value = currentValue(s, path, option);
  if (typeof value !== 'number') throw inputError('input.range', `${option} ${path}: not a number field of the scenario`);
  return value;
}

/** The design answers' text after the summary (the grid's table comes before it: the answer first). */
function designText(d: ScenarioDesign, sides: readonly [string, string]): string {
  return [d.calibration && d.record ? formatCalibration(d.calibration, sides, d.record.wins) : '', d.record ? formatRecord(d.record, d.calibration ? 'the scenario as written (before any fitting)' : 'the model') : '', d.balance ? formatBalance(d.balance) : '']
    .filter(Boolean)
    .join('\n');
}

/** The answer first: the designer's answers in a line or a few each, before everything else. */
function designFirst(d: ScenarioDesign, sides: readonly [string, string], record: { readonly wins: readonly [number, number] } | null): string {
  const lines = designHeadline(d, sides, record ?? undefined);
  return lines.length ? lines.join('\n') + '\n\n' : '';
}

/**
 * The grid as JSON: each cell's odds and playthroughs; `closestToEven`, every cell the noise cannot
 * tell from the closest one, with its share and interval; with two or more, `refineNext`, the options
 * of a later run (a later job on many machines) that refines them: the rows and columns holding them
 * at twice their playthroughs.
 */
function gridJSON(g: SweepGrid) {
  const close = gridClosestToEven(g);
  const at = (c: { i: number; j: number }) => ({ [g.paths[0]]: g.values[0][c.i], [g.paths[1]]: g.values[1][c.j] });
  const pick = (k: 0 | 1, idx: number[]) => [...new Set(idx)].sort((x, y) => x - y).map((n) => String(g.values[k][n])).join(',');
  return {
    paths: g.paths,
    values: g.values,
    side: g.side,
    cells: g.cells.map((row, i) => row.map((r, j) => ({ ...at({ i, j }), trials: r.trials, victory: r.victory }))),
    closestToEven: close.map((c) => ({ ...at(c), share: c.share, ci95: c.ci95, trials: c.trials })),
    ...(g.refined ? { refined: g.refined } : {}),
    ...(close.length > 1
      ? { refineNext: { sweep: [`${g.paths[0]}=${pick(0, close.map((c) => c.i))}`, `${g.paths[1]}=${pick(1, close.map((c) => c.j))}`], trials: 2 * Math.max(...close.map((c) => c.trials)) } }
      : {}),
  };
}
