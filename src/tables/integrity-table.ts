/**
 * `asl-odds table integrity`: P(ELR loss) of one Battlefield Integrity Check (A16.2) by Integrity Base
 * losses so far (rows 1-6) against the side's best Good Order leader (columns: none, then leadership
 * modifier 0 to -3), in three grids: no armor or air support, enemy unopposed armor or air (+1), both
 * (+2).
 *
 * Every cell is `integrityQuery` (queries/integrity-query.ts) run through the exact engine: the same
 * chain as `asl-odds integrity`, never a separate formula. The figure is the `elrLoss` event.
 */
import { exactOddsResult } from '../queries/exact-result.js';
import { integrityQuery } from '../queries/integrity-query.js';
import type { RuleSetId } from '../rules/rule-set.js';
import { VERSION } from '../version.js';
import { range, type GridTable, type TableCell, type TableKind, type TableSet } from './grid-table.js';
import { RULE_SET_OPTIONS, ruleSetInput } from './table-options.js';

/** Rows: Integrity Base losses so far, this check's included. */
export const INTEGRITY_TABLE_LOSSES: readonly number[] = range(1, 6);
/** Columns: the best Good Order leader (a representative counter per modifier), or none. */
export const INTEGRITY_TABLE_LEADERS: readonly { label: string; leader: string | null }[] = [
  { label: 'no leader', leader: null },
  { label: '8-0 (0)', leader: 'german/8-0' },
  { label: '9-1 (-1)', leader: 'german/9-1' },
  { label: '9-2 (-2)', leader: 'german/9-2' },
  { label: '10-3 (-3)', leader: 'german/10-3' },
];
/** Grids: enemy support. */
export const INTEGRITY_TABLE_GRIDS: readonly { id: string; enemyArmor: boolean; enemyAir: boolean; title: string }[] = [
  { id: 'no-support', enemyArmor: false, enemyAir: false, title: 'P(ELR loss), no armor or air support' },
  { id: 'enemy-armor', enemyArmor: true, enemyAir: false, title: 'P(ELR loss), enemy unopposed armor or air (+1)' },
  { id: 'enemy-armor-air', enemyArmor: true, enemyAir: true, title: 'P(ELR loss), enemy unopposed armor and air (+2)' },
];

/** Input of {@link buildIntegrityTables}; all optional. */
export interface IntegrityTableInput {
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * Builds the integrity tables.
 * Cost: 3 x 6 x 5 exact enumerations of a one-DR chain (a few ms).
 * @throws AslOddsError `input.rules`, `input.setting`
 * @example buildIntegrityTables().tables[0].cells[0][2].fraction // '1/36' (A16.21 EX: first loss, 9-1)
 */
export function buildIntegrityTables(input: IntegrityTableInput = {}): TableSet {
  let ruleSet: string = input.rules ?? '2nd-edition';
  const tables: GridTable[] = INTEGRITY_TABLE_GRIDS.map((g) => {
    const cells: TableCell[][] = INTEGRITY_TABLE_LOSSES.map((losses) =>
      INTEGRITY_TABLE_LEADERS.map((c) => {
        const q = integrityQuery({
          losses,
          leader: c.leader ?? undefined,
          noLeader: c.leader === null,
          enemyArmor: g.enemyArmor,
          enemyAir: g.enemyAir,
          rules: input.rules,
          settings: input.settings,
        });
        const r = exactOddsResult(q.header.command, q.header.ruleSet, q.header.input, q.model, q.header.eventNames);
        ruleSet = r.ruleSet;
        return { probability: r.events.elrLoss ?? 0, fraction: r.eventFractions?.elrLoss ?? '0' };
      }),
    );
    return {
      id: g.id,
      title: g.title,
      rowTitle: 'Integrity Base losses (this one included)',
      columnTitle: 'Best friendly Good Order leader (modifier)',
      rows: INTEGRITY_TABLE_LOSSES.map((n) => `${n} IB loss${n > 1 ? 'es' : ''}`),
      columns: INTEGRITY_TABLE_LEADERS.map((c) => c.label),
      cells,
    };
  });
  return {
    command: 'table',
    kind: 'integrity',
    title: 'Battlefield Integrity: ELR loss by Integrity Base losses and leader',
    ruleSet,
    method: 'exact',
    version: VERSION,
    input: { settings: input.settings ?? {} },
    notes: [
      'One Integrity Check (A16.2): the ELR falls by one on a Final DR >= 12. DRM: +1 per IB loss so far, + the best Good Order leader\'s modifier, +1 per enemy unopposed armor/air, "no leader" per the setting integrityNoLeaderDRM (default +1, low confidence).',
      'Friendly unopposed armor or air support subtracts 1 each: read the column one to the right (or use asl-odds integrity).',
      'A16.21 EX: the first IB loss with a 9-1 and no support is DRM 0: only an Original 12 (1/36).',
    ],
    tables,
  };
}

/** `asl-odds table integrity`. */
export const integrityTableKind: TableKind = {
  name: 'integrity',
  summary: 'Battlefield Integrity: P(ELR loss) by IB losses 1-6 against the best leader, without and with enemy armor/air (A16.2).',
  examples: ['asl-odds table integrity', 'asl-odds table integrity --format markdown --setting integrityNoLeaderDRM=2'],
  options: [
    ...RULE_SET_OPTIONS,
  ],
  build(o) {
    return buildIntegrityTables(ruleSetInput(o));
  },
};
