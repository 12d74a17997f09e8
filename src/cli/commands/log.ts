/**
 * `asl-odds log <game.vlog>...`: the dice of one or more VASL logs against fair dice. Who rolled hot
 * or cold and how unusual it is (exact), the rolls that mattered by the rules, the tables, every roll;
 * `--player` takes one player's rolls across the logs; `--format`, `--json`, `--report`.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Command } from 'commander';
import { inputError, printableLine } from '../../errors.js';
import { writeDiceLogReport } from '../../report-files/write-dice-log-report.js';
import { analyzeDiceLogs } from '../../reports/dice-log.js';
import { DiceLogFormat, formatDiceLog } from '../../reports/dice-log-text.js';
import { LOG_LIMITS, readGameLog, type GameLog } from '../../vasl/game-log.js';
import { SAVE_LIMITS } from '../../vasl/save-archive.js';
import type { CliContext } from '../io.js';
import { checkOutputPaths } from '../output-paths.js';

/** At most this many logs in one run (a long campaign or a tournament). */
export const MAX_LOGS = 500;

const FORMATS = Object.values(DiceLogFormat);

/** Builds the `log` subcommand. */
export function logCommand(cli: CliContext): Command {
  return new Command('log')
    .description(
      "The dice of VASL logs (.vlog) against fair dice: who rolled hot (low) or cold (high) and how unusual it is (the exact chance that fair dice roll a mean as far from 7 or 3.5, one-sided), the rolls that mattered by the rules (Original 2s: Heat of Battle; Original 12s: Casualty MC, Fate; sniper dr), each kind of roll, the faces' chi-squared test, and every roll in order with its turn and phase.",
    )
    .argument('<logs...>', 'VASL log files (.vlog); several for a tournament or a campaign')
    .option('--player <name>', "only this player's rolls, across all the logs (the name as VASL shows it)")
    .option('--format <fmt>', `output format: ${FORMATS.join(', ')} (csv: every roll, one a row)`, 'text')
    .option('--json', 'print one JSON object (same as --format json)')
    .option('--quiet', 'no notes on stderr (the report files written)')
    .option('--report <dir>', 'also write the text, markdown, CSV and JSON, the charts (Vega-Lite spec and SVG) and index.html into <dir>')
    .addHelpText('after', '\nExamples:\n  asl-odds log game.vlog\n  asl-odds log round1.vlog round2.vlog round3.vlog --player Alice\n  asl-odds log game.vlog --format csv > rolls.csv\n  asl-odds log game.vlog --report dice\n')
    .action(async (files: string[], o: { player?: string; format: string; json?: boolean; report?: string; quiet?: boolean }) => {
      const format = o.json ? 'json' : parseFormat(o.format);
      if (files.length > MAX_LOGS) throw inputError('input.log', `log: ${files.length} logs; at most ${MAX_LOGS} in one run`);
      checkOutputPaths({ report: o.report }, files.map((path) => ({ what: 'a log file', path })));
      const logs: GameLog[] = [];
      let rolls = 0;
      for (const f of files) {
        const log = await readLogFile(f);
        rolls += log.rolls.length;
        if (rolls > LOG_LIMITS.runRolls) throw inputError('input.log', `log: more than ${LOG_LIMITS.runRolls} rolls in these logs together; give fewer logs`);
        logs.push(log);
      }
      if (o.player !== undefined) {
        const players = [...new Set(logs.flatMap((l) => l.rolls.map((r) => r.player)))];
        if (!players.includes(o.player)) {
          const list = players.length ? players.map((p) => `'${p}'`).join(', ') : 'none (no rolls)';
          throw inputError('input.player', `--player ${o.player}: no rolls of that player in these logs; the players are ${list}`);
        }
      }
      const analysis = analyzeDiceLogs(logs, o.player);
      if (o.report) {
        const { files: written } = await writeDiceLogReport(o.report, analysis, cli.argv);
        if (format !== 'json' && !o.quiet) cli.io.stderr(`report: ${written.map(printableLine).join(', ')}\n`);
      }
      cli.io.stdout(formatDiceLog(analysis, format));
    });
}

function parseFormat(s: string): DiceLogFormat {
  const t = s.trim().toLowerCase();
  if ((FORMATS as string[]).includes(t)) return t as DiceLogFormat;
  throw inputError('input.format', `--format: unknown format '${s}'; allowed: ${FORMATS.join(', ')}`);
}

/**
 * Reads a log file, its size checked before it is read.
 * @throws AslOddsError `vasl.read` (missing, a directory, unreadable), `vasl.tooLarge`, and readGameLog's codes; all exit 2
 */
async function readLogFile(path: string): Promise<GameLog> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw inputError('vasl.read', `${path}: not a file`);
    size = s.size;
  } catch (e) {
    if ((e as { code?: string }).code === 'vasl.read') throw e;
    throw inputError('vasl.read', `${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (size > SAVE_LIMITS.fileBytes) throw inputError('vasl.tooLarge', `${path}: ${size} bytes; a VASL log is at most ${SAVE_LIMITS.fileBytes} bytes (16 MiB)`);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw inputError('vasl.read', `${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return readGameLog(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), basename(path));
}
