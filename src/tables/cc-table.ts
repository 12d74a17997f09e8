/**
 * `asl-odds table cc`: one Close Combat attack (A11.11) by CC Table odds column (rows) and total CC DRM
 * (columns -4..+4), in three grids: P(eliminated) (Final DR < Kill Number), P(eliminated or Casualty
 * Reduction) (Final DR <= Kill Number), and P(eliminated) in Hand-to-Hand CC (red Kill Numbers, J2.31).
 *
 * Every cell is the one-attack chain of chains/cc-chain.ts (`buildCCAttackChain`, the rule function
 * `resolveCCAttack`) run through the exact engine, never a separate formula.
 */
import { buildCCAttackChain } from '../chains/cc-chain.js';
import { enumerateChain } from '../engine/exact.js';
import { add, toFraction, toNumber, ZERO } from '../engine/probability.js';
import { CC_COLUMNS, CC_PEER_QUOTE, ccKillNumber } from '../rules/close-combat.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { VERSION } from '../version.js';
import { range, type GridTable, type TableCell, type TableKind, type TableSet } from './grid-table.js';
import { RULE_SET_OPTIONS, ruleSetInput } from './table-options.js';
import { signedDRM } from '../rules/drm.js';

/** Columns: total CC DRM. */
export const CC_TABLE_DRMS: readonly number[] = range(-4, 4);

/** Input of {@link buildCCTables}; all optional. */
export interface CCTableInput {
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

const GRIDS = [
  { id: 'eliminate', handToHand: false, withReduction: false, title: 'P(units attacked eliminated): Final DR < Kill Number' },
  { id: 'eliminate-or-reduce', handToHand: false, withReduction: true, title: 'P(eliminated or Casualty Reduction): Final DR <= Kill Number' },
  { id: 'hand-to-hand', handToHand: true, withReduction: false, title: 'P(eliminated), Hand-to-Hand CC (red Kill Numbers, J2.31)' },
] as const;

/**
 * Builds the CC tables. Cost: 3 x 14 x 9 one-DR enumerations (milliseconds).
 * @throws AslOddsError `input.rules`, `input.setting`
 * @example buildCCTables().tables[0].cells[6][4].fraction // '5/18' (3-2, DRM 0: Kill Number 6)
 */
export function buildCCTables(input: CCTableInput = {}): TableSet {
  const ruleSet = getRuleSet(input.rules ?? '2nd-edition', input.settings ?? {});
  const tables: GridTable[] = GRIDS.map((g) => {
    const cells: TableCell[][] = CC_COLUMNS.map((_, col) =>
      CC_TABLE_DRMS.map((drm) => {
        const kill = ccKillNumber(col, g.handToHand);
        let p = ZERO;
        for (const t of enumerateChain(buildCCAttackChain(kill, drm)).terminals) {
          if (t.state === 'eliminate' || (g.withReduction && t.state === 'casualtyReduction')) p = add(p, t.probability);
        }
        return { probability: toNumber(p), fraction: toFraction(p) };
      }),
    );
    return {
      id: g.id,
      title: g.title,
      rowTitle: 'CC Table odds column (Kill Number)',
      columnTitle: 'Total CC DRM',
      rows: CC_COLUMNS.map((c, i) => `${c.label} (${ccKillNumber(i, g.handToHand)})`),
      columns: CC_TABLE_DRMS.map(signedDRM),
      cells,
    };
  });
  return {
    command: 'table',
    kind: 'cc',
    title: 'Close Combat: one attack by odds column and CC DRM',
    ruleSet: ruleSet.id,
    method: 'exact',
    version: VERSION,
    input: { settings: input.settings ?? {} },
    notes: [
      'One CC attack (A11.11): odds = attacking FP : defending FP rounded down to a printed column (7 to 4 is 3-2, 11 to 2 is 4-1, 4 to 15 is 1-4; there is no 1-3 column); Final DR < Kill Number eliminates every unit attacked, == is a Partial Kill (one unit, by Random Selection, Casualty Reduced).',
      `Columns and Kill Numbers (black / red): ${CC_COLUMNS.map((c) => `${c.label} ${c.kill}/${c.redKill}`).join(', ')}; red for Hand-to-Hand CC only (J2.31). Source: the CC Table, ${CC_PEER_QUOTE} (medium-high).`,
      'CC DRM: leadership (not to a leader attacking alone, A11.141), -1 per hero (A15.24), CX +1 / -1 when attacked (A4.51), Skiers +2 / -2 when attacked (E4.5), -2 against broken units (A11.16), Ambush (a setting, default -2, low confidence), other. For both sides and per-unit results use asl-odds cc.',
    ],
    tables,
  };
}

/** `asl-odds table cc`. */
export const ccTableKind: TableKind = {
  name: 'cc',
  summary: 'Close Combat: P(eliminate), P(eliminate or Casualty Reduction), Hand-to-Hand, by CC Table column and CC DRM (A11.11).',
  examples: ['asl-odds table cc', 'asl-odds table cc --format markdown'],
  options: [...RULE_SET_OPTIONS],
  build(o) {
    return buildCCTables(ruleSetInput(o));
  },
};
