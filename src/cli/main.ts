/**
 * The asl-odds command line.
 *
 * Pipeline: options (commander) -> typed query input (queries/) -> counters and rule set resolved ->
 * chain model (chains/) -> exact engine (engine/exact.ts) or Monte Carlo -> OddsResult ->
 * table / JSON / report files (reports/).
 *
 * Errors: a user mistake prints one line `asl-odds: error: ...` on stderr and exits 2; a run failure
 * exits 1; no stack trace unless ASL_ODDS_DEBUG=1. Input echoed into a message is escaped (control
 * characters, ANSI escapes: `printableLine`), so an error is always one line.
 */
import { Command, CommanderError } from 'commander';
import { isAslOddsError, printableLine } from '../errors.js';
import { VERSION } from '../version.js';
import { unitsCommand } from './commands/units.js';
import { mergeCommand } from './commands/merge.js';
import { scenarioCommand } from './commands/scenario.js';
import { benchCommand } from './commands/bench.js';
import { routCommand } from './commands/rout.js';
import { planCommand } from './commands/plan.js';
import { tableCommand } from './commands/table.js';
import { attackCalculator } from '../calculators/attack.js';
import { ccCalculator } from '../calculators/cc.js';
import { vehicleCalculator } from '../calculators/vehicle.js';
import { integrityCalculator } from '../calculators/integrity.js';
import { mcCalculator } from '../calculators/mc.js';
import { rallyCalculator } from '../calculators/rally.js';
import { recoveryCalculator } from '../calculators/recovery.js';
import { oddsCommand } from './odds-command.js';
import { webCommand } from './commands/web.js';
import { vaslCommand } from './commands/vasl.js';
import { logCommand } from './commands/log.js';
import { processIO, type CliContext, type CliIO } from './io.js';
import { tierUpLaterForExact } from './tiering.js';
import { isRepeatableParser, nonEmpty } from './parse.js';

/**
 * A commander error message as the one line users get for every mistake: `asl-odds: error: ...`,
 * with a "(Did you mean ...?)" suggestion joined onto the same line. Never throws.
 * @example oneLineError("error: unknown option '--jsn'\n(Did you mean --json?)\n") // "asl-odds: error: unknown option '--jsn' (Did you mean --json?)\n"
 */
export function oneLineError(message: string): string {
  return `asl-odds: ${printableLine(message.trim().replace(/\s*\n\s*/g, ' '))}\n`;
}

/** Builds the program. `exitOverride` and `configureOutput` are set before subcommands (docs/libraries.md "commander"). */
export function createProgram(io: CliIO, cli: CliContext = { io, argv: [], exitCode: 0, rerun: (a) => runCli(a, io) }): Command {
  const program = new Command('asl-odds')
    .description('Exact and Monte Carlo odds for Advanced Squad Leader morale chains (ASL 2nd Edition or G.I. Anvil of Victory).')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s), outputError: (s, write) => write(oneLineError(s)) })
    .showSuggestionAfterError(true);
  // In the order a player reaches for them: single checks, stacks, rout, then scenarios and tools.
  program.addCommand(oddsCommand(mcCalculator, cli));
  program.addCommand(oddsCommand(rallyCalculator, cli));
  program.addCommand(oddsCommand(attackCalculator, cli));
  program.addCommand(routCommand(cli));
  program.addCommand(planCommand(cli));
  program.addCommand(oddsCommand(ccCalculator, cli));
  program.addCommand(oddsCommand(vehicleCalculator, cli));
  program.addCommand(oddsCommand(recoveryCalculator, cli));
  program.addCommand(oddsCommand(integrityCalculator, cli));
  program.addCommand(scenarioCommand(cli));
  program.addCommand(tableCommand(cli));
  program.addCommand(vaslCommand(cli));
  program.addCommand(logCommand(cli));
  program.addCommand(unitsCommand(cli));
  program.addCommand(mergeCommand(cli));
  program.addCommand(benchCommand(cli));
  program.addCommand(webCommand(cli));
  program.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  asl-odds mc --unit german/4-6-7 --check 1MC --leader german/8-1      exact odds of a 1MC',
      '  asl-odds attack --fp 8 --drm 1 --target german/9-1,german/4-6-7       a fire attack on a stack',
      '  asl-odds plan --firer german/4-6-7,german/4-6-7,german/mmg --target russian/4-4-7   fire groups or separately?',
      '  asl-odds rout --unit russian/4-4-7 --path open,open --compare crawl   run or Low Crawl?',
      '  asl-odds cc --attacker german/4-6-7,german/8-1 --defender russian/4-4-7  Close Combat',
      '  asl-odds vehicle --th 8 --tk 4                                        MG vs an AFV (your chart\'s numbers)',
      '  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --report r   a scenario\'s balance',
      '  asl-odds vasl game.vsav                                               the Locations of a VASL saved game',
      '  asl-odds attack --vasl game.vsav --at 57-H8 --fp 8 --drm 2            a fire attack on a stack of the game',
      '  asl-odds log game.vlog                                                the dice of a VASL log against fair dice',
      '  asl-odds table ift --format markdown                                  a printable odds card',
      '  asl-odds web --open                                                   the calculators in your browser',
      '',
      'Every odds command takes --json, --report <dir>, --rules 2nd-edition|gi-anvil and --trials <n> (Monte Carlo).',
      'asl-odds <command> --help explains its options; README.md has the rules coverage and the settings.',
    ].join('\n') + '\n',
  );
  const configure = (c: Command): void => {
    c.exitOverride().configureOutput(program.configureOutput()).showSuggestionAfterError(true);
    refuseRepeatedOptions(c);
    // An option taking a value with no parser of its own (--out, --report, --seed, --checkpoint, ...)
    // refuses an empty one.
    for (const opt of c.options) if ((opt.required || opt.optional) && !opt.variadic && opt.parseArg === undefined) opt.argParser(nonEmpty);
    for (const sub of c.commands) configure(sub);
  };
  for (const c of program.commands) configure(c);
  return program;
}

/**
 * Makes `cmd` refuse a single-valued option given twice (commander would keep the last silently) and
 * two forms of one setting (`--leader X --no-leader`), with one line naming both. Never throws itself;
 * the parse that meets the repetition throws a CommanderError (exit 2).
 */
function refuseRepeatedOptions(cmd: Command): void {
  const given = new Map<string, string>();
  for (const opt of cmd.options) {
    if (opt.variadic) continue;
    const flag = opt.long ?? opt.flags;
    cmd.on(`option:${opt.name()}`, () => {
      const prev = given.get(opt.attributeName());
      given.set(opt.attributeName(), flag);
      if (prev === undefined || (prev === flag && isRepeatableParser(opt.parseArg))) return;
      const message = prev === flag ? `option '${flag}' given twice; give it once` : `options '${prev}' and '${flag}' exclude each other; give one`;
      cmd.error(`error: ${message}`, { code: 'asl-odds.repeatedOption', exitCode: 2 });
    });
  }
}

/**
 * Runs the CLI on `argv` (user arguments only, without `node` and the script) and returns the exit code.
 * @param beforeExact see CliContext.beforeExact (the process entry's; unset in tests)
 * Never throws: every error becomes a message on `io.stderr` and a non-zero code.
 */
export async function runCli(argv: readonly string[], io: CliIO = processIO, beforeExact?: () => void): Promise<number> {
  const cli: CliContext = { io, argv, exitCode: 0, rerun: (a) => runCli(a, io, beforeExact), beforeExact };
  const program = createProgram(io, cli);
  if (argv.length === 0) {
    // No command is a usage error (it once exited 0): the help on stderr, exit 2.
    io.stderr(program.helpInformation());
    io.stderr('asl-odds: error: no command given; try asl-odds mc --help\n');
    return 2;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return cli.exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version are "errors" with exit code 0; everything else is a usage error (exit 2).
      if (e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0;
      if (e.code === 'commander.help') return 0;
      return 2;
    }
    if (isAslOddsError(e)) {
      io.stderr(`asl-odds: error: ${printableLine(e.message)}\n`);
      return e.exitCode;
    }
    const err = e as Error;
    io.stderr(`asl-odds: internal error: ${printableLine(err?.message ?? String(e))}\n`);
    if (process.env.ASL_ODDS_DEBUG) io.stderr(`${err?.stack}\n`);
    return 1;
  }
}

/** Process entry: `bin/asl-odds.js` calls this with `process.argv`. */
export async function main(argv: readonly string[]): Promise<void> {
  // A reader that goes away (`asl-odds table mc | head`) is not an error: stop quietly, as Unix tools do.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  process.exitCode = await runCli(argv.slice(2), processIO, tierUpLaterForExact);
}
