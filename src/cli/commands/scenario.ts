/**
 * `asl-odds scenario <file>`: plays a scenario's morale economy many times (Monte Carlo over the
 * turn model) and reports each side's victory odds, ELR losses, when sides crack, and per-turn
 * strength; `--sweep` compares values of one field side by side. The command and its options; the run
 * is scenario-run.ts, loaded when the command runs.
 */
import { availableParallelism } from 'node:os';
import { Command, Option } from 'commander';
import { inputError } from '../../errors.js';
import { parseShard } from '../../runs/partial.js';
import type { CliContext } from '../io.js';
import { MAX_THREADS, parseThreads, parseTrials } from '../method-options.js';
import { parsePrecision } from '../../options/method-spec.js';
import { collectEach, commanderParser } from '../parse.js';
import { parseViewer, VIEWER_OPTION } from '../../options/viewer-option.js';
// Not toLocaleString: ICU's number formatting costs every command about 15 ms to start the first time.
import { groupThousands } from '../../reports/format-probability.js';
import { DEFAULT_PRECISION_MAX_TRIALS, DEFAULT_REFINE_ROUNDS, DEFAULT_SCENARIO_TRIALS, MAX_REFINE_ROUNDS, type ScenarioOptions } from './scenario-options.js';

/**
 * Parses `--refine [rounds]`: an integer 1 to MAX_REFINE_ROUNDS.
 * @throws AslOddsError `input.refine` naming what is allowed
 */
function parseRefine(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > MAX_REFINE_ROUNDS) throw inputError('input.refine', `--refine: expected a whole number of rounds from 1 to ${MAX_REFINE_ROUNDS}, got '${text}'`);
  return n;
}

/** The options `scenario --from-vasl` takes (commander's attribute names). */
const FROM_VASL_OPTIONS = new Set(['fromVasl', 'out', 'as', 'quiet']);

/** Builds the `scenario` subcommand. */
export function scenarioCommand(cli: CliContext): Command {
  return new Command('scenario')
    .description(
      "Play a scenario's morale economy many times (fire, morale checks, Heat of Battle, rout, rally, Casualty Tally, Battlefield Integrity and ELR) and report each side's victory odds, ELR losses, when it cracks, and its strength turn by turn.",
    )
    .argument('[file]', 'scenario file (YAML or JSON; see scenarios/ and scenarios/scenario.schema.json)')
    .option('--from-vasl <setup.vsav>', "write a scenario file's order of battle from a VASL saved game (each side's stacks by Location) for a designer to complete; with --out, into that file")
    .addOption(new Option('--as <side>', 'with --from-vasl: ' + VIEWER_OPTION.spec.description).argParser(commanderParser(parseViewer)))
    .option('--trials <n>', `playthroughs (default ${DEFAULT_SCENARIO_TRIALS}; with --precision the most to run, default ${groupThousands(DEFAULT_PRECISION_MAX_TRIALS)})`, parseTrials)
    .option('--precision <pp>', 'run until every victory probability is known within +-pp percentage points (95%), in whole chunks of 256 (the same playthroughs for a seed)', commanderParser(parsePrecision))
    .option('--seed <string>', 'seed (default: random, printed and stored)')
    .option('--threads <n>', `worker threads, 1 to ${MAX_THREADS} (default: available cores, ${availableParallelism()} here)`, parseThreads)
    .option('--sweep <path=values>', 'run once per value of a numeric or flag field, e.g. sides.german.elr=2,3,4 or sides.russian.battlefieldIntegrity=true,false; twice for a grid (heatmap of the first side\'s victory odds)', collectEach)
    .option('--balance <path=lo..hi>', 'find the value of a numeric field at which the sides win equally often (50% when every game has a winner), e.g. sides.german.fire.drm=-2..2; same seed for every value')
    .option('--refine [rounds]', `with a grid (two --sweep) or --balance: rounds (default ${DEFAULT_REFINE_ROUNDS}, at most ${MAX_REFINE_ROUNDS}) of twice the playthroughs on just the cells or values the noise cannot tell from the one closest to even, until they separate or --precision is reached`, parseRefine)
    .option('--record <side=wins,side=wins>', 'a record of played games (ROAR, playtests), e.g. german=31,russian=19: how likely it is under the model (binomial p-value)')
    .option('--calibrate <path=lo..hi>', 'with --record: the values of a field (e.g. sides.russian.fire.activity=0.5..1) whose odds are consistent with the record, and the steps the odds take across the range (the record itself is tested against the scenario as written)')
    .option('--report <dir>', 'write scenario.txt, scenario.json, charts (Vega-Lite + SVG) and index.html into <dir>')
    .option('--out <file>', 'also write the JSON result to <file> (atomically)')
    .option('--json', 'print one JSON object instead of the summary')
    .option('--quiet', 'no progress bar or notes on stderr')
    .option('--checkpoint <file>', 'record the finished chunks of every run (each value of a sweep, grid or balance) in <file> as they go (atomic writes)')
    .option('--resume', 'with --checkpoint: continue the runs recorded there (the result equals one uninterrupted run)')
    .option('--shard <i/n>', 'play only shard i of n of every run and write a partial result for `asl-odds merge` (the merged result equals one machine\'s)', parseShard)
    .addOption(new Option('--tally-from <file>', 'internal: merged tally from asl-odds merge').hideHelp())
    .addHelpText(
      'after',
      '\nExamples:\n  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --trials 5000 --seed s1\n  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --precision 1 --seed s1\n  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --balance sides.german.fire.drm=-1..2 --seed s1\n  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --record german=31,russian=19 --calibrate sides.russian.fire.activity=0.5..1\n  asl-odds scenario scenarios/tobruk-break-in-1941.yaml --sweep turns=4,5 --sweep sides.italian.elr=2,3 --trials 256 --seed s1 --refine 2\n  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --sweep sides.german.elr=2,3,4 --report reports/stalingrad\n  for i in 0 1 2 3; do asl-odds scenario scenarios/stalingrad-factory-1942.yaml --sweep sides.german.elr=2,3,4 --seed s1 --shard $i/4 --out part-$i.json; done; asl-odds merge part-*.json\n  asl-odds scenario --from-vasl setup.vsav --out my-scenario.yaml\n',
    )
    // The run (the scenario engine, its reports, YAML and zod) is loaded when asked for: the other
    // commands start without it (about 0.1 s).
    .action(async (file: string | undefined, given: Omit<ScenarioOptions, 'refine'> & { fromVasl?: string; as?: string; refine?: number | true }) => {
      const o: ScenarioOptions & { fromVasl?: string; as?: string } = { ...given, refine: given.refine === true ? DEFAULT_REFINE_ROUNDS : given.refine };
      if (o.fromVasl !== undefined) {
        if (file !== undefined) throw inputError('input.fromVasl', `scenario: give a scenario file or --from-vasl <setup.vsav>, not both`);
        // Writing a scenario from a save plays nothing: the options of a run do not apply.
        const unused = Object.keys(o).filter((k) => !FROM_VASL_OPTIONS.has(k) && (o as Record<string, unknown>)[k] !== undefined);
        if (unused.length > 0) {
          const names = unused.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
          throw inputError('input.fromVasl', `scenario --from-vasl: ${names.join(', ')} ${names.length > 1 ? 'do' : 'does'} not apply (writing a scenario from a save plays nothing); it takes --out, --as and --quiet`);
        }
        return (await import('./scenario-from-vasl.js')).runScenarioFromVasl(o.fromVasl, o.out, cli, o.as);
      }
      if (o.as !== undefined) throw inputError('input.fromVasl', 'scenario: --as needs --from-vasl <setup.vsav> (it says whose eyes read the save)');
      if (file === undefined) throw inputError('input.file', "scenario: missing the scenario file (or --from-vasl <setup.vsav>), e.g. asl-odds scenario scenarios/stalingrad-factory-1942.yaml");
      return (await import('./scenario-run.js')).runScenarioCommand(file, o, cli);
    });
}
