/**
 * `asl-odds vasl <file>`: the occupied Locations of a VASL saved game, their units as the catalog names
 * them with the markers that change odds, and every piece not mapped with the reason.
 */
import { Command } from 'commander';
import { VIEWER_OPTION } from '../../options/viewer-option.js';
import { findLocation } from '../../vasl/read-game.js';
import type { CliContext } from '../io.js';
import { optionFromSpec } from '../odds-command.js';
import { formatVaslGame, readVaslFile, vaslGameJson } from '../vasl-game.js';

/** Builds the `vasl` subcommand. */
export function vaslCommand(cli: CliContext): Command {
  return new Command('vasl')
    .description(
      "Read a VASL saved game (.vsav) or log (.vlog, its final position) as one side sees it (--as): each occupied Location (board and hex, e.g. 57-H8), its side, its units in stack order as asl-odds names them, with the markers that change odds (broken, pinned, DM, concealed, berserk, Fanatic, CX, Melee, Foxhole), and the pieces it cannot map with the reason. The odds commands take a Location with --vasl <file> --at <hex>.",
    )
    .argument('<file>', 'the VASL saved game (.vsav) or log (.vlog)')
    .addOption(optionFromSpec(VIEWER_OPTION.spec))
    .option('--at <hex>', 'only this Location, e.g. 57-H8')
    .option('--json', 'print one JSON object')
    .option('--quiet', 'nothing on stderr (the listing has no notes)')
    .addHelpText('after', '\nExamples:\n  asl-odds vasl game.vsav --as finnish\n  asl-odds vasl game.vsav --at 57-G9 --json\n  asl-odds attack --vasl game.vsav --at 57-H8 --fp 8 --drm 2\n')
    .action(async (file: string, o: { at?: string; json?: boolean; as?: string }) => {
      let game = await readVaslFile(file, 'file', o.as);
      if (o.at !== undefined) {
        game = { ...game, locations: [findLocation(game, o.at)] };
      }
      cli.io.stdout(o.json ? JSON.stringify(vaslGameJson(game), null, 2) + '\n' : formatVaslGame(game));
    });
}
