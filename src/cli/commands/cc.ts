/**
 * `asl-odds cc`: odds of one Close Combat in a Location (A11): each side's attack on the CC Table,
 * simultaneous or after an Ambush, Casualty Reduction and SMC wounds, results per unit, melee continues.
 */
import { Command, Option } from 'commander';
import { inputError } from '../../errors.js';
import { ccQuery } from '../../queries/cc-query.js';
import { addOutputOptions, type CommonOptions } from '../common-options.js';
import type { CliContext } from '../io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from '../method-options.js';
import { collect, intIn } from '../parse.js';

interface CCOptions extends Pick<CommonOptions, 'rules' | 'setting'>, MethodFlags {
  attacker: string[];
  defender: string[];
  attackerPinned?: string[];
  defenderPinned?: string[];
  attackerWounded?: string[];
  defenderWounded?: string[];
  attackerBroken?: string[];
  defenderBroken?: string[];
  attackerDisrupted?: string[];
  defenderDisrupted?: string[];
  attackerCx?: boolean;
  defenderCx?: boolean;
  attackerConcealed?: boolean;
  defenderConcealed?: boolean;
  attackerDrm?: number;
  defenderDrm?: number;
  ambush?: 'attacker' | 'defender';
  handToHand?: boolean;
}

/** The 1-based positions an option lists. */
function positionsOf(option: string, values: readonly string[] | undefined): number[] {
  return (values ?? []).map((v) => {
    if (!/^[0-9]+$/.test(v)) throw inputError('input.position', `${option}: expected unit positions such as 1,2; got '${v}'`);
    return Number(v);
  });
}

/** Builds the `cc` subcommand. */
export function ccCommand(cli: CliContext): Command {
  const cmd = new Command('cc')
    .description(
      "Odds of a Close Combat (A11): each side's units attack all enemy units in the Location on the CC Table (odds rounded down, Final DR < Kill Number eliminates, == Casualty Reduction by Random Selection), simultaneously or Ambushing side first; results per unit and whether the melee continues.",
    )
    .requiredOption('--attacker <ids>', "the ATTACKER's units in the Location (comma-separated or repeated), e.g. german/4-6-7,german/8-1", collect)
    .requiredOption('--defender <ids>', "the DEFENDER's units, e.g. russian/4-4-7", collect)
    .option('--attacker-pinned <i,...>', 'positions of pinned ATTACKER units (FP halved, A7.8)', collect)
    .option('--defender-pinned <i,...>', 'positions of pinned DEFENDER units', collect)
    .option('--attacker-wounded <i,...>', 'positions of wounded ATTACKER SMC (leadership one worse, A17.2)', collect)
    .option('--defender-wounded <i,...>', 'positions of wounded DEFENDER SMC', collect)
    .option('--attacker-broken <i,...>', 'positions of broken ATTACKER units: they do not attack, their FP still defends', collect)
    .option('--defender-broken <i,...>', 'positions of broken DEFENDER units', collect)
    .option('--attacker-disrupted <i,...>', 'positions of Disrupted ATTACKER units: broken, and eliminated if still in Melee at the end of the CCPh (A19.12)', collect)
    .option('--defender-disrupted <i,...>', 'positions of Disrupted DEFENDER units', collect)
    .option('--attacker-cx', 'the ATTACKER is CX: +1 to its attack, -1 to attacks on it (A4.51)')
    .option('--defender-cx', 'the DEFENDER is CX')
    .option('--attacker-concealed', 'the ATTACKER is concealed (A11.19; settings ccConcealedAttackerDRM/ccConcealedDefenderDRM)')
    .option('--defender-concealed', 'the DEFENDER is concealed')
    .option('--attacker-drm <n>', "other DRM of the ATTACKER's attack, -6..6", intIn(-6, 6))
    .option('--defender-drm <n>', "other DRM of the DEFENDER's attack, -6..6", intIn(-6, 6))
    .addOption(new Option('--ambush <side>', 'the side that Ambushed the other attacks first (A11.4; setting ccAmbushDRM)').choices(['attacker', 'defender']))
    .option('--hand-to-hand', 'Hand-to-Hand CC: red Kill Numbers (J2.31; setting ccHandToHandKillShift)');
  addOutputOptions(cmd);
  addMethodOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  asl-odds cc --attacker german/4-6-7,german/4-6-7 --defender russian/4-4-7\n  asl-odds cc --attacker german/4-6-7,german/8-1 --defender russian/4-4-7 --ambush attacker --json\n  asl-odds cc --attacker russian/6-2-8 --defender german/4-6-7,german/9-1 --hand-to-hand\n',
  );
  return cmd.action(async (o: CCOptions) => {
    const query = ccQuery({
      attacker: {
        units: o.attacker,
        pinned: positionsOf('--attacker-pinned', o.attackerPinned),
        wounded: positionsOf('--attacker-wounded', o.attackerWounded),
        broken: positionsOf('--attacker-broken', o.attackerBroken),
        disrupted: positionsOf('--attacker-disrupted', o.attackerDisrupted),
        cx: o.attackerCx,
        concealed: o.attackerConcealed,
        drm: o.attackerDrm,
      },
      defender: {
        units: o.defender,
        pinned: positionsOf('--defender-pinned', o.defenderPinned),
        wounded: positionsOf('--defender-wounded', o.defenderWounded),
        broken: positionsOf('--defender-broken', o.defenderBroken),
        disrupted: positionsOf('--defender-disrupted', o.defenderDisrupted),
        cx: o.defenderCx,
        concealed: o.defenderConcealed,
        drm: o.defenderDrm,
      },
      ambush: o.ambush,
      handToHand: o.handToHand,
      rules: o.rules,
      settings: o.setting,
    });
    cli.exitCode = await runOddsQuery(query, o, cli.io, cli.argv);
  });
}
