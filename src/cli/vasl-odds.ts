/**
 * The odds commands on a VASL game's Locations: `--vasl <file> --at <hex>` fills `attack`'s target
 * stack, `cc`'s two sides, `mc`'s and `rally`'s unit (`--unit <n>` picks one of the Location's units)
 * from the board; `attack --from <hex>` fills the firers of that Location (its Good Order units and
 * their MGs), the range computed from the map, the directing leader; `plan --from <hex>,<hex>...` the
 * firers of several Locations, each at its own range. Options the player types win over the board's;
 * the result's input names the game file, the Location, the firing Locations with their ranges and what
 * was left out (`gameFile`, `location`, `from`, `range`, `leftOut`); notes on what the save does not say
 * go to stderr.
 */
import { Option } from 'commander';
import { VIEWER_OPTION } from '../options/viewer-option.js';
import type { OddsCalculator, ParsedOptions } from '../calculators/calculator.js';
import { inputError } from '../errors.js';
import { attackOptionsFrom, ccOptionsFrom, planOptionsFrom, unitOptionsFrom, VASL_COMMANDS, type FireAsked, type FiringLocation, type LocationOptions } from '../vasl/location-options.js';
import { hexRange } from '../vasl/range.js';
import { findLocation, type VaslGame } from '../vasl/read-game.js';
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
  if (calc.name === 'attack') out.push(new Option('--from <hex>', 'with --vasl: the firing Location; fills --firer (its Good Order units and their MGs), --range from the map, --leader (the best there)'));
  if (calc.name === 'cc') out.push(new Option('--attacker-side <nationality>', "with --vasl: the ATTACKER's side in the Location (default: the side of its top unit)"));
  return out;
}

/** The required options a `--vasl --at` fills, by command (commander must not demand them then). */
export const FILLED_BY_BOARD: Readonly<Record<string, readonly string[]>> = { attack: ['target'], cc: ['attacker', 'defender'], mc: ['unit'], rally: ['unit'] };

/** What the result's input says of the board: the game, the target Location, the firing ones. */
export interface VaslStamp {
  readonly gameFile: string;
  readonly location: string;
  /** The firing Locations (`attack --from`, `plan --from`). */
  readonly from?: string;
  /** The range from each firing Location, as computed from the map (or as given with --range). */
  readonly range?: string;
  /** What the firing Locations hold that does not fire, each with its reason. */
  readonly leftOut?: readonly string[];
}

/** What `--vasl` changed: the options to ask with, the Location for the result, notes for stderr. */
export interface VaslApplied {
  readonly options: ParsedOptions;
  readonly stamp: VaslStamp | undefined;
  readonly notes: readonly string[];
}

/** The firing Locations of `--from <hex>[,<hex>...]`, each with its range to `at`. @throws AslOddsError `vasl.location` */
function firingLocations(game: VaslGame, from: string | readonly string[], at: string): FiringLocation[] {
  const hexes = (Array.isArray(from) ? from : [from]).flatMap((f: string) => f.split(',')).map((f) => f.trim()).filter((f) => f !== '');
  if (hexes.length === 0) throw inputError('input.vasl', '--from: give the firing Location, e.g. --from 57-H9');
  const locs = hexes.map((h) => findLocation(game, h, '--from'));
  const seen = new Set<string>();
  for (const l of locs) {
    if (seen.has(l.hex)) throw inputError('input.vasl', `--from ${l.hex}: named twice`);
    seen.add(l.hex);
  }
  return locs.map((loc) => ({ loc, range: hexRange(game.boards, loc.hex, at) }));
}

/** What the player typed that the board must not replace. */
function fireAsked(o: ParsedOptions): FireAsked {
  return {
    fpGiven: o.fp !== undefined || o.result !== undefined,
    ...(o.range !== undefined ? { range: Number(o.range) } : {}),
    leaderGiven: o.leader !== undefined,
    terrainGiven: o.terrain !== undefined || o.tem !== undefined,
    advancingFire: o.advancingFire === true,
  };
}

/** The stamp's firing part: Locations, ranges, what was left out (from the notes). */
function fireStamp(froms: readonly FiringLocation[], asked: FireAsked, notes: readonly string[]): Pick<VaslStamp, 'from' | 'range' | 'leftOut'> {
  const leftOut = notes.filter((n) => n.includes(': left out: ')).map((n) => n.replace(/^--from (\S+): left out: /, '$1: '));
  return {
    from: froms.map((f) => f.loc.hex).join(', '),
    range: froms.map((f) => `${asked.range ?? f.range}`).join(', '),
    ...(leftOut.length > 0 ? { leftOut } : {}),
  };
}

/**
 * `plan`'s options with the board's filled in (`--vasl --at --from <hex>[,<hex>...]`).
 * @throws AslOddsError `input.vasl` (an option without --vasl, both --target and --at, no --from), and
 *   the `vasl.*` codes of reading the file and the Locations
 */
export async function applyVaslPlan(o: ParsedOptions): Promise<VaslApplied> {
  const file = o.vasl as string | undefined;
  if (file === undefined) {
    for (const name of ['at', 'from', 'as'] as const) if (o[name] !== undefined) throw inputError('input.vasl', `--${name} needs --vasl <file> (a VASL saved game)`);
    if (o.target === undefined) throw inputError('input.target', "--target: required (the units in the target Location), or --vasl <file> --at <hex>");
    return { options: o, stamp: undefined, notes: [] };
  }
  const at = o.at as string | undefined;
  if (at === undefined) throw inputError('input.vasl', '--vasl: give the target Location with --at <hex>, e.g. --at 57-H8 (asl-odds vasl <file> lists them)');
  if (o.target !== undefined) throw inputError('input.vasl', '--target and --at: give the target stack one way (--vasl --at takes it from the game)');
  if (o.from === undefined) throw inputError('input.vasl', '--vasl: give the firing Locations with --from <hex>[,<hex>...], e.g. --from 57-H9,57-H10');
  if ((o.firer as unknown[] | undefined)?.length) throw inputError('input.vasl', '--firer and --from: give the firers one way (--from takes them from the game)');
  // A command never writes over the save it reads (by real path: links and other names too).
  checkOutputPaths({ out: o.out as string | undefined, checkpoint: o.checkpoint as string | undefined, report: o.report as string | undefined }, [{ what: 'the VASL saved game', path: file }]);
  const game = await readVaslFile(file, '--vasl', VIEWER_OPTION.read(o));
  const loc = findLocation(game, at);
  // Fair play (A12): units under "?" counters the player cannot see are never filled in from the save.
  if (loc.concealed !== undefined) throw inputError('vasl.concealed', `--at ${loc.hex}: ${concealedText(loc.concealed)}; what it holds cannot be known (A12): name the units you assume with --target instead of --at`);
  const froms = firingLocations(game, o.from as string | string[], loc.hex);
  const asked = fireAsked(o);
  const planned = planOptionsFrom(loc, froms, asked);
  const filled = { values: planned.values, notes: [...planned.notes] };
  // A Fire Group of several Locations needs them contiguous (A7.5): say which are not.
  const apart = froms.filter((f) => froms.every((g) => g === f || hexRange(game.boards, f.loc.hex, g.loc.hex) > 1));
  if (froms.length > 1 && apart.length > 0) {
    filled.notes.push(`--from: ${apart.map((f) => f.loc.hex).join(', ')} ${apart.length > 1 ? 'are' : 'is'} ADJACENT to no other firing Location: a plan's Fire Group joining ${apart.length > 1 ? 'their' : 'its'} units with another Location's is not one the rules allow (A7.5: a Fire Group's Locations are contiguous); its figures are shown all the same`);
  }
  return merge(o, filled, game, { gameFile: game.file, location: loc.hex, ...fireStamp(froms, asked, filled.notes) });
}

/** The options with the board's values where the player gave none, and the notes. */
function merge(o: ParsedOptions, filled: LocationOptions, game: VaslGame, stamp: VaslStamp): VaslApplied {
  const options: Record<string, unknown> = { ...o };
  for (const [k, v] of Object.entries(filled.values)) if (options[k] === undefined) options[k] = v;
  const notes = [...filled.notes];
  if (game.breadcrumbs.matched < game.breadcrumbs.checked) notes.push(`${game.file}: ${game.breadcrumbs.checked - game.breadcrumbs.matched} of ${game.breadcrumbs.checked} recorded Locations differ from the computed hexes: check the Location on the VASL screen`);
  return { options, stamp, notes };
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
  let position: number | undefined;
  if (calc.name === 'mc' || calc.name === 'rally') {
    const u = o.unit as string | undefined;
    if (u !== undefined && !/^[1-9]\d?$/.test(u.trim())) throw inputError('input.vasl', `--unit with --vasl: the unit's position in the Location, 1, 2, ... (top of the stack first); got '${u}'`);
    position = u === undefined ? undefined : Number(u);
  }
  if (calc.name === 'attack' && o.from !== undefined && (o.firer as unknown[] | undefined)?.length) throw inputError('input.vasl', '--firer and --from: give the firers one way (--from takes them from the game)');
  // A command never writes over the save it reads (by real path: links and other names too).
  checkOutputPaths({ out: o.out as string | undefined, checkpoint: o.checkpoint as string | undefined, report: o.report as string | undefined }, [{ what: 'the VASL saved game', path: file }]);
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
  let stamp: VaslStamp = { gameFile: game.file, location: loc.hex };
  if (calc.name === 'attack') {
    const froms = o.from === undefined ? [] : firingLocations(game, o.from as string, loc.hex);
    if (froms.length > 1) throw inputError('input.vasl', '--from: attack fires from one Location (a Fire Group of several Locations: plan --from <hex>,<hex>)');
    const asked = fireAsked(o);
    filled = attackOptionsFrom(loc, froms[0], asked);
    if (froms.length > 0) stamp = { ...stamp, ...fireStamp(froms, asked, filled.notes) };
  } else if (calc.name === 'cc') filled = ccOptionsFrom(loc, o.attackerSide as string | undefined, { attacker: o.attacker !== undefined, defender: o.defender !== undefined });
  else filled = unitOptionsFrom(calc.name as 'mc' | 'rally', loc, position);
  const base = { ...o };
  if (calc.name === 'mc' || calc.name === 'rally') delete base.unit;
  return merge(base, filled, game, stamp);
}
