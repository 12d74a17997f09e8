/**
 * `asl-odds vehicle`: odds of MG fire against a vehicle (A9.6, A9.61): a To Hit DR on the Vehicle Target
 * Type, then the AP To Kill Table (armored facing) or the IFT Vehicle line (unarmored facing).
 */
import { Command, InvalidArgumentError } from 'commander';
import { vehicleQuery } from '../../queries/vehicle-query.js';
import { addOutputOptions, type CommonOptions } from '../common-options.js';
import type { CliContext } from '../io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from '../method-options.js';
import { intIn } from '../parse.js';

interface VehicleOptions extends Pick<CommonOptions, 'rules' | 'setting'>, MethodFlags {
  mg?: string;
  unarmored?: boolean;
  afvKill?: boolean;
  range?: number;
  normalRange?: number;
  armor?: number;
  fp?: number;
  th?: number;
  tk?: number;
  thDrm?: number;
  tkDrm?: number;
  breakdown?: number;
  fireGroup?: boolean;
  halved?: boolean;
}

/** Parses `--fp`: a number of FP in (0, 100]; fractions allowed. */
function firepower(v: string): number {
  const n = Number(v.trim());
  if (!/^[0-9]+(\.[0-9]+)?$/.test(v.trim()) || !(n > 0) || n > 100) throw new InvalidArgumentError('expected a number of FP in (0, 100], e.g. 4.');
  return n;
}

/** Builds the `vehicle` subcommand. */
export function vehicleCommand(cli: CliContext): Command {
  const cmd = new Command('vehicle')
    .description(
      'Odds that MG fire kills, burns or Stuns a vehicle: To Hit (Vehicle Target Type, black number), then the AP To Kill Table against an armored facing, or the IFT Vehicle line against an unarmored one (A9.6, A9.61). Table values are low-confidence defaults: give --th and --tk from your chart.',
    )
    .option('--mg <type>', 'the MG: lmg, mmg, hmg, 50cal (basic To Kill number, Normal Range and B#)', 'hmg')
    .option('--unarmored', 'the Target Facing is unarmored: IFT Vehicle line, no To Hit DR (A9.6)')
    .option('--afv-kill', 'with --unarmored: a predesignated AFV Kill attack, To Hit first (A9.61)')
    .option('--range <hexes>', 'range in hexes, 0-24 (To Hit number; must be within Normal Range)', intIn(0, 24))
    .option('--normal-range <hexes>', "the MG's Normal Range, 1-30 (default: the MG type's)", intIn(1, 30))
    .option('--armor <af>', 'Armor Factor of the armored Target Facing, 0-30 (Final Kill Number = basic To Kill number - AF)', intIn(0, 30))
    .option('--fp <n>', "the MG's FP, for the IFT Vehicle line (--unarmored)", firepower)
    .option('--th <n>', 'the Modified To Hit number from your chart, 0-13 (hit on Final DR <= it)', intIn(0, 13))
    .option('--tk <n>', 'the Final Kill Number from your chart, -2..15 (kill on Final DR < it, Stun on ==)', intIn(-2, 15))
    .option('--th-drm <n>', 'To Hit DRM, -6..10', intIn(-6, 10))
    .option('--tk-drm <n>', 'DRM of the To Kill DR (or the IFT DR on the Vehicle line), -6..10', intIn(-6, 10))
    .option('--breakdown <n>', "the MG's B#, 2-13 (13: never); an Original DR >= B# malfunctions it (A9.7)", intIn(2, 13))
    .option('--fire-group', 'the MG fires in a Fire Group (an AFV Kill attack may not: error, A9.61)')
    .option('--halved', 'a halved-FP penalty applies (an AFV Kill attack may not: error, A9.61)');
  addOutputOptions(cmd);
  addMethodOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  asl-odds vehicle --mg hmg --range 3 --armor 1\n  asl-odds vehicle --th 8 --tk 4 --th-drm 1 --json\n  asl-odds vehicle --unarmored --fp 4 --mg mmg\n  asl-odds vehicle --unarmored --afv-kill --fp 4 --mg mmg --range 2\n',
  );
  return cmd.action(async (o: VehicleOptions) => {
    const query = vehicleQuery({
      mg: o.mg,
      facing: o.unarmored ? 'unarmored' : 'armored',
      afvKill: o.afvKill,
      range: o.range,
      normalRange: o.normalRange,
      armor: o.armor,
      fp: o.fp,
      th: o.th,
      tk: o.tk,
      thDRM: o.thDrm,
      tkDRM: o.tkDrm,
      breakdown: o.breakdown,
      fireGroup: o.fireGroup,
      halved: o.halved,
      rules: o.rules,
      settings: o.setting,
    });
    cli.exitCode = await runOddsQuery(query, o, cli.io, cli.argv);
  });
}
