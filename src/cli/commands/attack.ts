/**
 * `asl-odds attack`: odds of a fire attack (or a sequence of attacks) on the stack in one Location:
 * IFT with Cowering, KIA/K/# by Random Selection, the checks in rule order with leadership, leader-loss
 * cascades, Heat of Battle, berserk leaders (A7, A7.9, A.9, A10.2-10.22, A15, A19).
 */
import { Command, InvalidArgumentError } from 'commander';
import type { UnitClass } from '../../counters/types.js';
import { inputError } from '../../errors.js';
import { attackQuery, type AttackKind, type TargetInput } from '../../queries/attack-query.js';
import { addOutputOptions, addSituationOptions, collect, situationFrom, type CommonOptions } from '../common-options.js';
import type { CliContext } from '../io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from '../method-options.js';
import { intIn, unitClass } from '../parse.js';

interface AttackOptions extends Omit<CommonOptions, 'unit' | 'leader'>, MethodFlags {
  fp?: number;
  target: string[];
  targetBroken?: string[];
  targetPinned?: string[];
  targetFanatic?: string[];
  targetBerserk?: string[];
  targetWounded?: string[];
  targetDisrupted?: string[];
  leader?: string;
  firer?: string;
  firerClass?: UnitClass;
  firerNationality?: string;
  firerFanatic?: boolean;
  firerBerserk?: boolean;
  fireLane?: boolean;
  snapShot?: boolean;
  then?: string[];
  result?: string;
  outcomes?: boolean;
}

/** Parses `--fp`: a number of FP in (0, 200]; fractions allowed (halved FP keeps them). */
function firepower(v: string): number {
  const n = Number(v.trim());
  if (!/^[0-9]+(\.[0-9]+)?$/.test(v.trim()) || !(n > 0) || n > 200) throw new InvalidArgumentError('expected a number of FP in (0, 200], e.g. 8 or 2.5.');
  return n;
}

/** The 1-based positions an option names, checked against the number of targets. */
function positions(option: string, values: readonly string[] | undefined, count: number): Set<number> {
  const out = new Set<number>();
  for (const v of values ?? []) {
    const n = Number(v);
    if (!/^[0-9]+$/.test(v) || n < 1 || n > count) {
      throw inputError('input.targetPosition', `${option}: expected positions 1..${count} of --target, got '${v}'`);
    }
    out.add(n);
  }
  return out;
}

/** Builds the `attack` subcommand. */
export function attackCommand(cli: CliContext): Command {
  const cmd = new Command('attack')
    .description(
      'Odds of a fire attack on a stack: IFT result (Cowering on doubles), KIA/K/# by Random Selection, each unit\'s MC/PTC in rule order with leadership, LLMC/LLTC, Heat of Battle, berserk leaders, ELR; a sequence of attacks with --then (A7, A7.9, A.9, A10.2, A15, A19).',
    )
    .requiredOption('--target <ids>', 'the units in the target Location, in stack order (comma-separated or repeated), e.g. german/9-1,german/4-6-7', collect)
    .option('--fp <n>', 'total FP of the (first) attack, e.g. 8 or 2.5 (required unless --result)', firepower)
    .option('--drm <n>', 'IFT DRM of the first attack: terrain, hindrance, anything else, -10..10', intIn(-10, 10))
    .option('--leader <id>', 'a leader directing the first attack: adds his DRM, no Cowering (A7.9)')
    .option('--firer <id>', 'the firing unit, for Cowering: class and nationality (a hero: firing alone), e.g. british/4-5-8')
    .option('--firer-class <class>', 'the firer\'s class: elite, 1st-line, 2nd-line, green, conscript (a FG: its worst)', unitClass)
    .option('--firer-nationality <nat>', 'the firer\'s nationality (British Elite/1st Line and non-Conscript Finns never cower)')
    .option('--firer-fanatic', 'the firer is Fanatic: never cowers (A10.8)')
    .option('--firer-berserk', 'the firer is berserk: never cowers (A15.42)')
    .option('--fire-lane', 'the first attack is a Fire Lane Residual FP attack: --fp is the MG\'s FP, one column left, never cowers, no leader DRM (A9.22)')
    .option('--snap-shot', 'the first attack is a Snap Shot: Area Fire, FP halved (A8.15)')
    .option('--then <fp:drm[:kind]>', 'a later attack on the same stack (repeatable): e.g. 4:+1, 6:0:fire-lane, 8:-1:snap-shot', collect)
    .option('--result <r>', 'a fixed IFT result for the first attack instead of a DR: NMC, 1MC..4MC, PTC, K/1..K/4, 1KIA..7KIA')
    .option('--target-broken <i,...>', 'positions (from 1) of --target units that are broken', collect)
    .option('--target-pinned <i,...>', 'positions of pinned units', collect)
    .option('--target-fanatic <i,...>', 'positions of Fanatic units (ML +1, A10.8)', collect)
    .option('--target-berserk <i,...>', 'positions of berserk units (ML 10, A15.42)', collect)
    .option('--target-wounded <i,...>', 'positions of wounded SMC (ML -1, A17.2)', collect)
    .option('--target-disrupted <i,...>', 'positions of broken and Disrupted units (A19.12)', collect)
    .option('--encircled', 'the target Location is Encircled: ML -1 (A7.7)')
    .option('--outcomes', 'exact: also list the stack\'s final states with their odds (the joint distribution); a single attack is otherwise summarized per unit and for the stack only, far faster');
  addSituationOptions(cmd);
  addOutputOptions(cmd);
  addMethodOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n' +
      '  asl-odds attack --fp 8 --drm 1 --target german/9-1,german/4-6-7,german/4-6-7\n' +
      '  asl-odds attack --result 1KIA --target german/9-1,german/6-5-8,german/4-6-7 --json\n' +
      '  asl-odds attack --fp 12 --firer russian/4-4-7 --target german/4-6-7 --then 5:0:fire-lane\n',
  );
  return cmd.action(async (o: AttackOptions) => {
    const n = o.target.length;
    const broken = positions('--target-broken', o.targetBroken, n);
    const pinned = positions('--target-pinned', o.targetPinned, n);
    const fanatic = positions('--target-fanatic', o.targetFanatic, n);
    const berserk = positions('--target-berserk', o.targetBerserk, n);
    const wounded = positions('--target-wounded', o.targetWounded, n);
    const disrupted = positions('--target-disrupted', o.targetDisrupted, n);
    if (o.fireLane && o.snapShot) throw inputError('input.kind', '--fire-lane, --snap-shot: give at most one kind for the first attack');
    const kind: AttackKind = o.fireLane ? 'fire-lane' : o.snapShot ? 'snap-shot' : 'normal';
    const targets: TargetInput[] = o.target.map((unit, i) => ({
      unit,
      broken: broken.has(i + 1),
      pinned: pinned.has(i + 1),
      fanatic: fanatic.has(i + 1),
      berserk: berserk.has(i + 1),
      wounded: wounded.has(i + 1),
      disrupted: disrupted.has(i + 1),
    }));
    const query = attackQuery({
      targets,
      fp: o.fp,
      drm: o.drm,
      kind,
      leader: o.leader,
      firer: o.firer,
      firerClass: o.firerClass,
      firerNationality: o.firerNationality,
      firerFanatic: o.firerFanatic,
      firerBerserk: o.firerBerserk,
      then: o.then,
      result: o.result,
      encircled: o.encircled,
      outcomes: o.outcomes,
      ...situationFrom({ ...o, unit: '', leader: undefined }),
    });
    cli.exitCode = await runOddsQuery(query, o, cli.io, cli.argv);
  });
}
