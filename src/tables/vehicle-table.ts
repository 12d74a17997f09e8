/**
 * `asl-odds table vehicle`: an AFV Kill attack by a MG (A9.61) by Modified To Hit number (rows 2..12) and
 * Final Kill Number (columns 2..10), in three grids: P(AFV eliminated), P(eliminated and burning),
 * P(Stunned). The numbers come from your chart (C3 To Hit, C7 To Kill), so the table needs none of the
 * built-in low-confidence values.
 *
 * Every cell is `vehicleQuery` (queries/vehicle-query.ts) run through the exact engine: the same chain as
 * `asl-odds vehicle --th <row> --tk <column>`, never a separate formula.
 */
import { exactOddsResult } from '../queries/exact-result.js';
import { vehicleQuery } from '../queries/vehicle-query.js';
import type { RuleSetId } from '../rules/rule-set.js';
import { VERSION } from '../version.js';
import { range, type GridTable, type TableCell, type TableKind, type TableSet } from './grid-table.js';
import { RULE_SET_OPTIONS, ruleSetInput } from './table-options.js';
import { intOption } from '../options/typed-option.js';

const BREAKDOWN = intOption('--breakdown <n>', "the MG's B#, 2-13 (matters only with vehicleMalfunctionShot=misses)", 2, 13);

/** Rows: Modified To Hit number. */
export const VEHICLE_TABLE_TH: readonly number[] = range(2, 12);
/** Columns: Final Kill Number. */
export const VEHICLE_TABLE_TK: readonly number[] = range(2, 10);

const GRIDS = [
  { id: 'killed', event: 'killed', title: 'P(AFV eliminated): hit, then To Kill DR < Kill Number' },
  { id: 'burning', event: 'burning', title: 'P(AFV eliminated and burning) (setting vehicleBurning)' },
  { id: 'stunned', event: 'stunned', title: 'P(AFV Stunned): hit, then To Kill DR == Kill Number' },
] as const;

/** Input of {@link buildVehicleTables}; all optional. */
export interface VehicleTableInput {
  /** The MG's B#, integer in [2, 13] [11]; matters only with vehicleMalfunctionShot=misses. */
  readonly breakdown?: number;
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * Builds the vehicle tables. Cost: 3 x 11 x 9 enumerations of a two-DR chain (milliseconds).
 * @throws AslOddsError `input.breakdown`, `input.rules`, `input.setting`
 * @example buildVehicleTables().tables[0].cells[5][2].fraction // '7/144' (TH# 7, Kill Number 4)
 */
export function buildVehicleTables(input: VehicleTableInput = {}): TableSet {
  let ruleSet: string = input.rules ?? '2nd-edition';
  const tables: GridTable[] = GRIDS.map((g) => {
    const cells: TableCell[][] = VEHICLE_TABLE_TH.map((th) =>
      VEHICLE_TABLE_TK.map((tk) => {
        const q = vehicleQuery({ th, tk, breakdown: input.breakdown, rules: input.rules, settings: input.settings });
        const r = exactOddsResult(q.header.command, q.header.ruleSet, q.header.input, q.model, q.header.eventNames);
        ruleSet = r.ruleSet;
        return { probability: r.events[g.event] ?? 0, fraction: r.eventFractions?.[g.event] ?? '0' };
      }),
    );
    return {
      id: g.id,
      title: g.title,
      rowTitle: 'Modified To Hit number',
      columnTitle: 'Final Kill Number (basic To Kill number - Armor Factor)',
      rows: VEHICLE_TABLE_TH.map(String),
      columns: VEHICLE_TABLE_TK.map(String),
      cells,
    };
  });
  return {
    command: 'table',
    kind: 'vehicle',
    title: 'MG vs AFV: an AFV Kill attack by To Hit number and Kill Number',
    ruleSet,
    method: 'exact',
    version: VERSION,
    input: { breakdown: input.breakdown ?? 11, settings: input.settings ?? {} },
    notes: [
      'AFV Kill attack (A9.61): a To Hit DR, hit on Final DR <= the To Hit number (black, Vehicle Target Type, A9.6), then a To Kill DR: < Kill Number eliminates the AFV (burning below half of it), == Stuns it (even if BU).',
      'Read the numbers off your chart (C3 To Hit Table, C7 AP To Kill Table less the Armor Factor, or the IFT Vehicle line for an unarmored facing); DRM move the row or column: a +1 To Hit DRM is the row one lower.',
      'MG Breakdown on the To Hit DR (A9.7) changes these odds only with --setting vehicleMalfunctionShot=misses.',
    ],
    tables,
  };
}

/** `asl-odds table vehicle`. */
export const vehicleTableKind: TableKind = {
  name: 'vehicle',
  summary: 'MG vs AFV (A9.61): P(eliminated), P(burning), P(Stunned) by To Hit number and Final Kill Number.',
  examples: ['asl-odds table vehicle', 'asl-odds table vehicle --format markdown --setting vehicleBurning=at-most-half'],
  options: [...RULE_SET_OPTIONS, BREAKDOWN.spec],
  build(o) {
    return buildVehicleTables({ ...ruleSetInput(o), breakdown: BREAKDOWN.read(o) });
  },
};
