/**
 * `asl-odds table interdiction`: the odds of getting a broken unit home across Open Ground (A10.53):
 * by broken-side ML (rows 10 down to 4) against the Open Ground hexes crossed before cover (columns
 * 1-3; the route is `open,...,open,clear`), in three grids: arrived intact, arrived at all (intact or
 * Reduced to a HS), eliminated by Interdiction.
 *
 * Every cell is `routQuery` (queries/rout-query.ts) enumerated exactly: the rout chain (one Interdiction NMC per Open
 * Ground hex, Casualty Reduction on failure, pins that stop the rout, Heat of Battle on an Original
 * 2), enumerated exactly. The figures are its outcome categories.
 */
import { routCategoryOf } from '../chains/rout-chain.js';
import { enumerateChain } from '../engine/exact.js';
import { add, toFraction, toNumber, ZERO, type Prob6 } from '../engine/probability.js';
import { routQuery } from '../queries/rout-query.js';
import type { RuleSetId } from '../rules/rule-set.js';
import { VERSION } from '../version.js';
import { range, type GridTable, type TableCell, type TableKind, type TableSet } from './grid-table.js';
import { RULE_SET_OPTIONS, ruleSetInput } from './table-options.js';
import { intOption, isString, optionWithDefault } from '../options/typed-option.js';

const UNIT = optionWithDefault({ flags: '--unit <id>', description: 'the counter whose broken-side ML each row overrides', default: 'german/4-6-7' }, isString);
const DRM = intOption('--drm <n>', 'other DRM on every Interdiction NMC, -6..6', -6, 6);

/** Rows: broken-side Morale Levels, top to bottom. */
export const INTERDICTION_TABLE_MLS: readonly number[] = range(4, 10).reverse();
/** Columns: Open Ground hexes crossed before the cover hex. */
export const INTERDICTION_TABLE_HEXES: readonly number[] = [1, 2, 3];

/** The grids and the rout categories each one adds up. */
export const INTERDICTION_TABLE_GRIDS: readonly { id: string; title: string; categories: readonly string[] }[] = [
  { id: 'arrived-intact', title: 'P(arrives intact)', categories: ['arrived intact'] },
  { id: 'arrived', title: 'P(arrives, intact or Reduced to a HS)', categories: ['arrived intact', 'arrived reduced'] },
  { id: 'eliminated', title: 'P(eliminated by Interdiction)', categories: ['eliminated by Interdiction'] },
];

/** Input of {@link buildInterdictionTables}; all optional. */
export interface InterdictionTableInput {
  /** The counter whose broken-side ML each row overrides ['german/4-6-7']. */
  readonly unit?: string;
  /** Other DRM on every Interdiction NMC, -6..6 [0]. */
  readonly drm?: number;
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * Builds the interdiction tables.
 * Cost: 7 x 3 exact enumerations of short rout chains (tens of ms).
 * @throws AslOddsError `catalog.unknownUnit`, `input.drm`, `input.rules`, `input.setting`
 * @example buildInterdictionTables().tables[0].cells[3][0].fraction // broken ML 7, one Open Ground hex
 */
export function buildInterdictionTables(input: InterdictionTableInput = {}): TableSet {
  const unit = input.unit ?? 'german/4-6-7';
  let ruleSet: string = input.rules ?? '2nd-edition';
  // Each cell's exact distribution over rout categories, summed from the chain's terminals.
  const results = INTERDICTION_TABLE_MLS.map((brokenML) =>
    INTERDICTION_TABLE_HEXES.map((n) => {
      const q = routQuery({ unit, overrides: { brokenML }, path: [...Array(n).fill('open'), 'clear'].join(','), drm: input.drm, rules: input.rules, settings: input.settings });
      ruleSet = q.header.ruleSet;
      const byCategory = new Map<string, Prob6>();
      for (const t of enumerateChain(q.model).terminals) {
        const c = routCategoryOf(t.state, t.events);
        byCategory.set(c, add(byCategory.get(c) ?? ZERO, t.probability));
      }
      return byCategory;
    }),
  );
  const tables: GridTable[] = INTERDICTION_TABLE_GRIDS.map((g) => ({
    id: g.id,
    title: g.title,
    rowTitle: 'Broken-side ML',
    columnTitle: 'Open Ground hexes crossed before the cover hex (2 hexes = route open,open,clear; arrives = reaches the cover hex)',
    rows: INTERDICTION_TABLE_MLS.map((ml) => `broken ML ${ml}`),
    columns: INTERDICTION_TABLE_HEXES.map((n) => `${n} hex${n > 1 ? 'es' : ''}`),
    cells: results.map((row) =>
      row.map((byCategory): TableCell => {
        const p = g.categories.reduce((t, c) => add(t, byCategory.get(c) ?? ZERO), ZERO);
        return { probability: toNumber(p), fraction: toFraction(p) };
      }),
    ),
  }));
  return {
    command: 'table',
    kind: 'interdiction',
    title: 'Interdiction: getting a broken unit home across Open Ground',
    ruleSet,
    method: 'exact',
    version: VERSION,
    input: { unit, drm: input.drm ?? 0, settings: input.settings ?? {} },
    notes: [
      'Rows: the routing unit\'s broken-side ML. Columns: Open Ground hexes in the LOS and Normal Range of an enemy able to fire there, entered before the cover hex that ends the rout (route open,...,open,clear).',
      'Each Open Ground hex costs one Interdiction NMC (A10.53): failure Casualty Reduces the unit (a HS routs on), Final DR == ML pins it and stops the rout; an Original 2 brings Heat of Battle.',
      'A pin stops the rout but a failed NMC only Reduces the unit, which routs on as a HS: so over one hex a poor unit can arrive (reduced) more often than a better one, whose Final DR lands on its ML more often.',
      'Low Crawl (one hex, never Interdicted, A10.52) arrives with certainty; a leader routing with the unit adds his DRM (use asl-odds rout --leader).',
    ],
    tables,
  };
}

/** `asl-odds table interdiction`. */
export const interdictionTableKind: TableKind = {
  name: 'interdiction',
  summary: 'Rout Interdiction: P(arrive intact / arrive / eliminated) by broken ML 4-10 over 1-3 Open Ground hexes (A10.53).',
  examples: ['asl-odds table interdiction', 'asl-odds table interdiction --unit russian/4-4-7 --drm -1 --format markdown'],
  options: [
    UNIT.spec,
    DRM.spec,
    ...RULE_SET_OPTIONS,
  ],
  build(o) {
    return buildInterdictionTables({
      unit: UNIT.read(o),
      drm: DRM.read(o),
      ...ruleSetInput(o),
    });
  },
};
