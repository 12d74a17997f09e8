/**
 * `asl-odds table rally`: P(rally) of a broken unit (A10.6-10.64) by broken-side ML against the Rally
 * DRM, in four grids: rallied by a leader or Self-Rally (+1, A10.63), each without and with
 * Desperation Morale (+4, A10.62).
 *
 * Layout: rows broken ML 10 down to 4; columns the Rally DRM besides Self-Rally and DM (leadership +
 * terrain + other), -3 to +4. The leader grids use a leader with no DRM (an 8-0 of the unit's
 * nationality) and put the whole column DRM in "other"; the DRM sums, so one column stands for every
 * way to make it.
 *
 * Every cell is `rallyExact` (queries/morale-query.ts): the real chain (Rally DR, Fate on an Original
 * 12, Heat of Battle after a non-Self-Rally Original 2, which can also rally the unit by berserk,
 * Battle Hardening or a heroic result), enumerated exactly. The figure is the `rally` event.
 */
import { getUnit } from '../counters/catalog.js';
import { rallyExact } from '../queries/morale-query.js';
import type { RuleSetId } from '../rules/rule-set.js';
import { VERSION } from '../version.js';
import { range, type GridTable, type TableCell, type TableKind, type TableSet } from './grid-table.js';
import { RULE_SET_OPTIONS, ruleSetInput } from './table-options.js';
import { isString, optionWithDefault } from '../options/typed-option.js';
import { signedDRM } from '../rules/drm.js';

const UNIT = optionWithDefault(
  { flags: '--unit <id>', description: 'the counter whose broken-side ML each row overrides (its nationality sets the HoB part)', default: 'german/4-6-7' },
  isString,
);

/** Rows: broken-side Morale Levels, top to bottom. */
export const RALLY_TABLE_MLS: readonly number[] = range(4, 10).reverse();
/** Columns: Rally DRM besides Self-Rally and DM, left to right. */
export const RALLY_TABLE_DRMS: readonly number[] = range(-3, 4);

/** The four grids: who rallies, and Desperation Morale. */
export const RALLY_TABLE_GRIDS: readonly { id: string; selfRally: boolean; dm: boolean; title: string }[] = [
  { id: 'leader', selfRally: false, dm: false, title: 'P(rally) with a Good Order leader' },
  { id: 'leader-dm', selfRally: false, dm: true, title: 'P(rally) with a leader, under DM (+4)' },
  { id: 'self-rally', selfRally: true, dm: false, title: 'P(rally) by Self-Rally (+1)' },
  { id: 'self-rally-dm', selfRally: true, dm: true, title: 'P(rally) by Self-Rally (+1), under DM (+4)' },
];

/** Input of {@link buildRallyTables}; all optional. */
export interface RallyTableInput {
  /** The counter whose broken-side ML each row overrides ['german/4-6-7']. */
  readonly unit?: string;
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * Builds the rally tables.
 * Cost: 4 x 7 x 8 exact enumerations of the rally chain (tens of ms).
 * @throws AslOddsError `catalog.unknownUnit`, `input.rules`, `input.setting`
 * @example buildRallyTables().tables[2].cells[3][3].fraction // '5/12' (broken ML 7, Self-Rally +1, DRM 0: Original DR <= 6)
 */
export function buildRallyTables(input: RallyTableInput = {}): TableSet {
  const unit = getUnit(input.unit ?? 'german/4-6-7');
  const leader = getUnit(`${unit.nationality}/8-0`);
  let ruleSet: string = input.rules ?? '2nd-edition';
  const tables: GridTable[] = RALLY_TABLE_GRIDS.map((g) => {
    const cells: TableCell[][] = RALLY_TABLE_MLS.map((brokenML) =>
      RALLY_TABLE_DRMS.map((drm) => {
        const r = rallyExact({
          unit: unit.id,
          overrides: { brokenML },
          broken: true,
          dm: g.dm,
          selfRally: g.selfRally,
          leaders: g.selfRally ? [] : [leader.id],
          drm,
          rules: input.rules,
          settings: input.settings,
        });
        ruleSet = r.ruleSet;
        return { probability: r.events.rally ?? 0, fraction: r.eventFractions?.rally ?? '0' };
      }),
    );
    return {
      id: g.id,
      title: g.title,
      rowTitle: 'Broken-side ML',
      columnTitle: 'Rally DRM: leadership + terrain + other (DR points)',
      rows: RALLY_TABLE_MLS.map((ml) => `broken ML ${ml}`),
      columns: RALLY_TABLE_DRMS.map(signedDRM),
      cells,
    };
  });
  return {
    command: 'table',
    kind: 'rally',
    title: 'Rally odds by broken-side ML and Rally DRM',
    ruleSet,
    method: 'exact',
    version: VERSION,
    input: { unit: unit.id, leader: leader.id, settings: input.settings ?? {} },
    notes: [
      'Rows: the broken unit\'s broken-side ML. Columns: the Rally DRM besides Self-Rally (+1) and DM (+4): leadership + terrain (-1 in building, woods, pillbox, trench) + other. A 9-1 in a building is -2.',
      `Exact: each cell is the whole Rally chain of ${unit.id} with that broken ML: Fate (Casualty Reduction) on an Original 12, and Heat of Battle after a non-Self-Rally Original 2, which can rally it too (berserk, Battle Hardening, hero).`,
      'Self-Rally is never possible with a Good Order leader present and not for a Disrupted unit (A10.63, A19.12).',
    ],
    tables,
  };
}

/** `asl-odds table rally`. */
export const rallyTableKind: TableKind = {
  name: 'rally',
  summary: 'Rally odds by broken-side ML 4-10 against the Rally DRM -3..+4: with a leader or by Self-Rally, without and with DM.',
  examples: ['asl-odds table rally', 'asl-odds table rally --unit russian/4-4-7 --format markdown'],
  options: [
    UNIT.spec,
    ...RULE_SET_OPTIONS,
  ],
  build(o) {
    return buildRallyTables({
      unit: UNIT.read(o),
      ...ruleSetInput(o),
    });
  },
};
