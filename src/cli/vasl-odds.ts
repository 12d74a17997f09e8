/**
 * The odds commands on a VASL game's Locations (issue 41): `--vasl <file> --at <hex>` fills `attack`'s
 * target stack, `cc`'s two sides, `mc`'s and `rally`'s unit (`--unit <n>` picks one of the Location's
 * units) from the board; `attack --from <hex>` fills the firer (`--firer`, `--firer-class`). Options the
 * player types win over the board's; the result's input names the game file and the Location
 * (`gameFile`, `location`), and notes on what the save does not say go to stderr.
 */
import { Option } from 'commander';
import { VIEWER_OPTION } from '../options/viewer-option.js';
import type { OddsCalculator, ParsedOptions } from '../calculators/calculator.js';
import { inputError } from '../errors.js';
import { attackOptionsFrom, ccOptionsFrom, unitOptionsFrom, VASL_COMMANDS, type LocationOptions } from '../vasl/location-options.js';
import { findLocation } from '../vasl/read-game.js';
import { optionFromSpec } from './odds-command.js';
import { checkOutputPaths } from './output-paths.js';
import { concealedText, readVaslFile } from './vasl-game.js';

/** True when `calc` takes `--vasl`. */
export function takesVasl(calc: OddsCalculator): boolean {
  return (VASL_COMMANDS as readonly string[]).includes(calc.name);
}

/** The options `--vasl`, `--at` and, by command, `--from` (attack) and `--attacker-side` (cc). */
export function vaslOptions(calc: OddsCalculator): Option[] {
  const out = [
    new Option('--vasl <file>', 'a VASL saved game (.vsav) or log (.vlog): the units come from the Location --at'),
    optionFromSpec(VIEWER_OPTION.spec),
    new Option('--at <hex>', { attack: 'with --vasl: the target Location, e.g. 57-H8', cc: 'with --vasl: the Melee/CC Location, e.g. 57-G9' }[calc.name] ?? 'with --vasl: the Location of the unit, e.g. 57-E8 (--unit <n>: its n-th unit, top first)'),
  ];
  if (calc.name === 'attack') out.push(new Option('--from <hex>', 'with --vasl: the firing Location; fills --firer (a Fire Group: --firer-class its worst class)'));
  if (calc.name === 'cc') out.push(new Option('--attacker-side <nationality>', "with --vasl: the ATTACKER's side in the Location (default: the side of its top unit)"));
  return out;
}

/** The required options a `--vasl --at` fills, by command (commander must not demand them then). */
export const FILLED_BY_BOARD: Readonly<Record<string, readonly string[]>> = { attack: ['target'], cc: ['attacker', 'defender'], mc: ['unit'], rally: ['unit'] };

/** What `--vasl` changed: the options to ask with, the Location for the result, notes for stderr. */
export interface VaslApplied {
  readonly options: ParsedOptions;
  readonly stamp: { readonly gameFile: string; readonly location: string } | undefined;
  readonly notes: readonly string[];
}

/**
 * The options of `calc` with the board's filled in.
 * @throws AslOddsError `input.vasl` (an option used without --vasl, both --target and --at, a bad
 *   --unit), and the `vasl.*` codes of reading the file and the Location
 */
export async function applyVasl(calc: OddsCalculator, o: ParsedOptions): Promise<VaslApplied> {
  const file = o.vasl as string | undefined;
  const at = o.at as string | undefined;
  if (file === undefined) {
    for (const name of ['at', 'from', 'attackerSide', 'as'] as const) {
      if (o[name] !== undefined) throw inputError('input.vasl', `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} needs --vasl <file> (a VASL saved game)`);
    }
    return { options: o, stamp: undefined, notes: [] };
  }
  if (at === undefined) throw inputError('input.vasl', '--vasl: give the Location with --at <hex>, e.g. --at 57-H8 (asl-odds vasl <file> lists them)');
  // A command never writes over the save it reads (by real path: links and other names too).
  checkOutputPaths({ out: o.out as string | undefined, checkpoint: o.checkpoint as string | undefined, report: o.report as string | undefined }, [{ what: 'the VASL saved game', path: file }]);
  let position: number | undefined;
  if (calc.name === 'mc' || calc.name === 'rally') {
    const u = o.unit as string | undefined;
    if (u !== undefined && !/^[1-9]\d?$/.test(u.trim())) throw inputError('input.vasl', `--unit with --vasl: the unit's position in the Location, 1, 2, ... (top of the stack first); got '${u}'`);
    position = u === undefined ? undefined : Number(u);
  }
  const game = await readVaslFile(file, '--vasl', VIEWER_OPTION.read(o));
  const loc = findLocation(game, at);
  // Fair play (A12): units under "?" counters the player cannot see are never filled in from the save.
  if (calc.name === 'attack' && loc.concealed !== undefined) {
    if (o.target === undefined) {
      throw inputError(
        'vasl.concealed',
        `--at ${loc.hex}: ${concealedText(loc.concealed)}; what it holds cannot be known (A12). Fire on it as Area Fire (A7.23): name the units you assume with --target, e.g. --target ${loc.concealed.sides[0] ?? 'russian'}/4-4-7`,
      );
    }
    // With --fp the player gives the total FP: the halving is his to make (the attack does not halve a given total).
    const options: Record<string, unknown> = o.fp === undefined ? { ...o, areaFire: o.areaFire ?? 1 } : { ...o };
    const notes = [
      `${loc.hex}: ${concealedText(loc.concealed)}: the target is the units you assumed (--target), fired on as Area Fire (A7.23: FP halved${o.fp === undefined ? '' : '; --fp is taken as the total you give, so give it halved'})`,
    ];
    return { options, stamp: { gameFile: game.file, location: loc.hex }, notes };
  }
  if (calc.name === 'attack' && o.target !== undefined) throw inputError('input.vasl', '--target and --at: give the target stack one way (--vasl --at takes it from the game)');
  if (loc.concealed !== undefined && calc.name === 'cc') {
    if (o.attacker === undefined || o.defender === undefined) {
      throw inputError('vasl.concealed', `--at ${loc.hex}: ${concealedText(loc.concealed)}; what it holds cannot be known (A12): name both sides' units with --attacker and --defender`);
    }
    return { options: o, stamp: { gameFile: game.file, location: loc.hex }, notes: [`${loc.hex}: ${concealedText(loc.concealed)}: the sides are the units you named`] };
  }
  if (loc.concealed !== undefined && loc.units.length === 0) {
    throw inputError('vasl.concealed', `--at ${loc.hex}: ${concealedText(loc.concealed)}; what it holds cannot be known (A12): name the unit with --unit instead of --vasl`);
  }
  let filled: LocationOptions;
  if (calc.name === 'attack') filled = attackOptionsFrom(loc, o.from === undefined ? undefined : findLocation(game, o.from as string, '--from'));
  else if (calc.name === 'cc') filled = ccOptionsFrom(loc, o.attackerSide as string | undefined, { attacker: o.attacker !== undefined, defender: o.defender !== undefined });
  else filled = unitOptionsFrom(calc.name as 'mc' | 'rally', loc, position);
  const options: Record<string, unknown> = { ...o };
  if (calc.name === 'mc' || calc.name === 'rally') delete options.unit;
  for (const [k, v] of Object.entries(filled.values)) if (options[k] === undefined) options[k] = v;
  const notes = [...filled.notes];
  if (game.breadcrumbs.matched < game.breadcrumbs.checked) notes.push(`${game.file}: ${game.breadcrumbs.checked - game.breadcrumbs.matched} of ${game.breadcrumbs.checked} recorded Locations differ from the computed hexes: check the Location on the VASL screen`);
  return { options, stamp: { gameFile: game.file, location: loc.hex }, notes };
}
