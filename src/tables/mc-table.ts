/**
 * `asl-odds table mc`: the odds of a Morale Check (A10.1-10.3, A7.8, A10.31, A19.13) by Morale Level
 * against the Final modifier, for one ELR.
 *
 * Layout: rows ML 10 down to 4; columns the Final modifier = the check's # (NMC = 0, 1MC..4MC) plus
 * every other DRM (leadership, terrain, ...), from -3 to +8 (NMC with -3 up to 4MC with +4). A 2MC with
 * a -1 leader is the +1 column. The MC's effect depends only on that sum (Final DR = Original DR + # +
 * DRM), so one column stands for every way to make it; tests check that. Five grids: P(pass),
 * P(pinned), P(broken), P(Replaced), P(Disrupted).
 *
 * Every cell is the `mc` question (`mcQuery`, queries/morale-query.ts, as `asl-odds mc` asks it) of the
 * chosen unit with its ML overridden, its chain (MC, Wound Severity, Heat of Battle on an Original 2)
 * enumerated exactly by the exact engine (engine/exact.ts); a figure sums the terminals whose events
 * include it.
 */
import { Ev, type EventName } from '../rules/events.js';
import { enumerateChain } from '../engine/exact.js';
import { add, toFraction, toNumber, ZERO } from '../engine/probability.js';
import { mcQuery } from '../queries/morale-query.js';
import { getUnit } from '../counters/catalog.js';
import type { RuleSetId } from '../rules/rule-set.js';
import { VERSION } from '../version.js';
import { intIn } from '../options/option-values.js';
import { range, type GridTable, type TableKind, type TableSet } from './grid-table.js';
import { RULE_SET_OPTIONS, ruleSetInput } from './table-options.js';
import { isNumber, isString, optionWithDefault } from '../options/typed-option.js';
import { signedDRM } from '../rules/drm.js';

const ELR = optionWithDefault({ flags: '--elr <n>', description: "the side's ELR, 0-5 (A19.1)", parse: intIn(0, 5), default: 3 }, isNumber);
const UNIT = optionWithDefault(
  { flags: '--unit <id>', description: 'the counter whose ML each row overrides: its nationality and class set the HoB part', default: 'german/4-6-7' },
  isString,
);

/** Rows: Morale Levels, top to bottom. */
export const MC_TABLE_MLS: readonly number[] = range(4, 10).reverse();
/** Columns: Final modifier (# of the MC + DRM), left to right. */
export const MC_TABLE_MODIFIERS: readonly number[] = range(-3, 8);
/** Strongest check used to make a modifier (4MC), and the DRM range of the issue (-3..+4). */
const MAX_STRENGTH = 4;

/** Input of {@link buildMcTables}; all optional. */
export interface McTableInput {
  /** The counter whose ML each row overrides ['german/4-6-7']: its nationality and class set the HoB part. */
  readonly unit?: string;
  /** The side's ELR, integer in [0, 5] [3]. */
  readonly elr?: number;
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * The figures charted: P(the event happens at least once in the chain), as `asl-odds mc` reports it.
 * A unit that fails by more than ELR with no lesser unit to be Replaced by is Disrupted instead
 * (A19.12): rows whose ML is below every squad of the unit's nationality (German ML 4-5) show that in
 * the Disrupted grid, which also holds 2nd Edition HoB surrender with no enemy ADJACENT (A15.5).
 */
const FIGURES: readonly { id: string; event: EventName; title: string }[] = [
  { id: 'pass', event: 'pass', title: 'P(pass): passed the MC without being pinned' },
  { id: 'pinned', event: 'pin', title: 'P(pinned): Final DR equal to ML (A7.8)' },
  { id: 'broken', event: 'break', title: 'P(broken): failed MC, Casualty MC or HoB surrender' },
  { id: 'replaced', event: 'replacement', title: 'P(Replaced): failed by more than ELR (A19.13)' },
  { id: 'disrupted', event: 'disruption', title: 'P(Disrupted): ELR failure with no lesser unit (A19.12), HoB surrender (A15.5)' },
];

/**
 * The check and other DRM that make a Final modifier: NMC..4MC plus a DRM.
 * @param modifier integer in [-3, 8]
 * @returns the strongest check not above the modifier, clamped to [NMC, 4MC], and the rest as DRM.
 *   Never throws.
 * @example checkForModifier(-3) // { check: 'NMC', drm: -3 }
 * @example checkForModifier(8) // { check: '4MC', drm: 4 }
 */
export function checkForModifier(modifier: number): { check: string; drm: number } {
  const strength = Math.max(0, Math.min(MAX_STRENGTH, modifier));
  return { check: strength === 0 ? 'NMC' : `${strength}MC`, drm: modifier - strength };
}

/**
 * Builds the MC odds tables.
 * Cost: 7 x 12 exact enumerations of the MC chain (tens of ms).
 * @throws AslOddsError `catalog.unknownUnit`, `input.elr`, `input.rules`, `input.setting`
 * @example buildMcTables().tables[1].cells[3][3].fraction // '1/6' (ML 7, modifier 0: Final DR 7 pins)
 */
export function buildMcTables(input: McTableInput = {}): TableSet {
  const unitId = input.unit ?? 'german/4-6-7';
  const unit = getUnit(unitId);
  const elr = input.elr ?? 3;
  const cells = FIGURES.map(() => MC_TABLE_MLS.map(() => [] as { probability: number; fraction: string }[]));
  let ruleSet = input.rules ?? '2nd-edition';
  MC_TABLE_MLS.forEach((ml, r) => {
    for (const modifier of MC_TABLE_MODIFIERS) {
      const { check, drm } = checkForModifier(modifier);
      const q = mcQuery({ unit: unit.id, overrides: { ml }, check, drm, elr, rules: input.rules, settings: input.settings });
      ruleSet = q.header.ruleSet as RuleSetId;
      const { terminals } = enumerateChain(q.model);
      FIGURES.forEach((f, i) => {
        const p = terminals.reduce((sum, t) => (t.events & Ev[f.event] ? add(sum, t.probability) : sum), ZERO);
        cells[i][r].push({ probability: toNumber(p), fraction: toFraction(p) });
      });
    }
  });
  const tables: GridTable[] = FIGURES.map((f, i) => ({
    id: f.id,
    title: f.title,
    rowTitle: 'ML (Morale Level)',
    columnTitle: 'Final modifier: #MC + DRM (DR points)',
    rows: MC_TABLE_MLS.map((ml) => `ML ${ml}`),
    columns: MC_TABLE_MODIFIERS.map(signedDRM),
    cells: cells[i],
  }));
  return {
    command: 'table',
    kind: 'mc',
    title: `Morale Check odds by ML and Final modifier, ELR ${elr}`,
    ruleSet,
    method: 'exact',
    version: VERSION,
    input: { unit: unit.id, nationality: unit.nationality, class: unit.unitClass, elr, settings: input.settings ?? {} },
    notes: [
      'Rows: the unit\'s ML (a Good Order unit; the counter\'s ML overridden). Columns: Final modifier = the MC\'s # (NMC 0, 1MC..4MC) + every other DRM (leadership, terrain, ...): a 2MC with a -1 leader is +1.',
      `Exact: each cell is the full MC chain (Casualty MC on an Original 12, ELR, Heat of Battle on an Original 2) of ${unit.id} with that ML, enumerated over every DR.`,
      'Events count "at least once": HoB after an Original 2 can break a unit that passed, so pass + pinned + broken may exceed 100% by the HoB surrender share.',
      `A unit failing by more than ELR with no lesser unit to be Replaced by is Disrupted instead (A19.12): rows whose ML is below every ${unit.nationality} squad show it in the Disrupted grid.`,
    ],
    tables,
  };
}

/** `asl-odds table mc`. */
export const mcTableKind: TableKind = {
  name: 'mc',
  summary: 'Morale Check odds: P(pass), P(pinned), P(broken), P(Replaced), P(Disrupted) by ML 4-10 against the Final modifier (#MC + DRM) -3..+8, for one ELR.',
  examples: ['asl-odds table mc', 'asl-odds table mc --elr 2 --format markdown', 'asl-odds table mc --unit russian/4-4-7 --report reports/mc-table'],
  options: [
    ELR.spec,
    UNIT.spec,
    ...RULE_SET_OPTIONS,
  ],
  build(o) {
    return buildMcTables({
      unit: UNIT.read(o),
      elr: ELR.read(o),
      ...ruleSetInput(o),
    });
  },
};
