/**
 * `asl-odds table ift`: the odds of each Infantry Fire Table result (A7; docs/rules-notes.md §8) by FP column
 * (rows 1 .. 36+) against the total IFT DRM (columns -3 .. +4), with Cowering (A7.9), and the odds that
 * one such attack breaks (or worse) a Good Order ML 7 or ML 8 squad.
 *
 * Seven grids:
 * - five IFT-result grids, P(any #KIA), P(K/#), P(#MC or NMC), P(PTC), P(no effect): the 36 Original
 *   IFT DRs enumerated through `iftResultOf` on the column `coweredColumn` gives (Original doubles shift
 *   the column left by `coweringShift`; off the 1 column: setting `coweringOnOneFP`). They partition
 *   the 36 DRs, so the five cells of a position sum to exactly 1 (tested);
 * - two break grids, P(a lone Good Order 4-6-7 (ML 7) / 4-6-8 (ML 8) ends broken or eliminated): each
 *   cell is `attackExact` (queries/attack-query.ts, the chain of `asl-odds attack`) of that attack on
 *   that squad alone, enumerated exactly; the figure sums the final states whose squad (target 1) is
 *   broken, eliminated or captured, so a squad broken and then rallied by Heat of Battle does not
 *   count, nor does a squad only Casualty Reduced to a Good Order HS.
 */
import { ALL_DR, isDoubles, originalDR } from '../dice/dice.js';
import { add, toFraction, toNumber, ZERO, type Prob6 } from '../engine/probability.js';
import { unitClass } from '../options/option-values.js';
import { CLASS_ORDER, type UnitClass } from '../counters/types.js';
import { attackQuery, type AttackInput } from '../queries/attack-query.js';
import { enumerateWithin } from '../queries/compute-odds.js';
import { coweredColumn, coweringShift, DEFAULT_FIRER } from '../rules/cowering.js';
import { IFT_COLUMNS, iftResultOf, type IFTColumn, type IFTResultKind } from '../rules/infantry-fire-table.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { VERSION } from '../version.js';
import { range, type GridTable, type TableCell, type TableKind, type TableSet } from './grid-table.js';
import { RULE_SET_OPTIONS, ruleSetInput } from './table-options.js';
import { flagOption, oneOf, optionWithDefault } from '../options/typed-option.js';
import { signedDRM } from '../rules/drm.js';

/** Rows: the FP columns of the IFT, top to bottom (36 stands for 36+). */
export const IFT_TABLE_COLUMNS: readonly IFTColumn[] = IFT_COLUMNS;
/** Columns: the total IFT DRM (terrain, hindrance, a directing leader, ...), left to right. */
export const IFT_TABLE_DRMS: readonly number[] = range(-3, 4);

/** The five IFT-result grids, in order of severity, and the result kind each one counts. */
export const IFT_TABLE_RESULT_GRIDS: readonly { id: string; kind: IFTResultKind; title: string }[] = [
  { id: 'kia', kind: 'KIA', title: 'P(#KIA): any KIA result (1KIA..7KIA)' },
  { id: 'k', kind: 'K', title: 'P(K/#): a K/1..K/4 result' },
  { id: 'mc', kind: 'MC', title: 'P(MC): an NMC or 1MC..4MC result' },
  { id: 'ptc', kind: 'PTC', title: 'P(PTC): a Pin Task Check' },
  { id: 'none', kind: 'none', title: 'P(no effect)' },
];

/** The two break grids: the squad attacked alone. */
export const IFT_TABLE_BREAK_GRIDS: readonly { id: string; unit: string; title: string }[] = [
  { id: 'break-ml7', unit: 'german/4-6-7', title: 'P(a Good Order ML 7 squad (4-6-7) ends broken or eliminated)' },
  { id: 'break-ml8', unit: 'german/4-6-8', title: 'P(a Good Order ML 8 squad (4-6-8) ends broken or eliminated)' },
];

/** Input of {@link buildIftTables}; all optional. */
export interface IftTableInput {
  /** The firer's class, for Cowering (Green/Conscript: two columns) ['1st-line']. */
  readonly firerClass?: UnitClass;
  /** Cowering applies (false: a leader-directed attack, or a firer that never cowers) [true]. */
  readonly cower?: boolean;
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/** A leader with no DRM: directs the break-grid attacks under `cower: false` (A7.9), the DRM unchanged. */
const DRM_0_LEADER = 'german/8-0';

/**
 * Builds the IFT tables.
 * Cost: 11 x 8 x 36 table lookups, and 2 x 11 x 8 exact enumerations of a one-squad attack chain
 * (well under a second in all).
 * @throws AslOddsError `input.rules`, `input.setting`
 * @example buildIftTables().tables[4].cells[4][3].fraction // '1/6' (8 FP, DRM 0: no effect)
 */
export function buildIftTables(input: IftTableInput = {}): TableSet {
  const firerClass = input.firerClass ?? '1st-line';
  const cower = input.cower ?? true;
  const ruleSet = getRuleSet(input.rules ?? '2nd-edition', input.settings ?? {});
  const shift = coweringShift({ ...DEFAULT_FIRER, unitClass: firerClass }, !cower, false);
  const onOneFP = ruleSet.settings.coweringOnOneFP;
  const rowLabels = IFT_TABLE_COLUMNS.map((c) => (c === 36 ? '36+ FP' : `${c} FP`));
  const columns = IFT_TABLE_DRMS.map(signedDRM);

  // counts[column][drm][kind]: Original DRs (of 36) giving each kind of result.
  const counts = IFT_TABLE_COLUMNS.map((col) =>
    IFT_TABLE_DRMS.map((drm) => {
      const byKind = new Map<IFTResultKind, number>();
      for (const dr of ALL_DR) {
        const used = coweredColumn(col, isDoubles(dr), shift, onOneFP);
        const kind: IFTResultKind = used === null ? 'none' : iftResultOf(used, originalDR(dr) + drm).kind;
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      }
      return byKind;
    }),
  );
  // Every grid: FP columns down, total IFT DRM across.
  const grid = (g: { id: string; title: string }, cells: GridTable['cells']): GridTable => ({
    id: g.id,
    title: g.title,
    rowTitle: 'FP column',
    columnTitle: 'Total IFT DRM (incl. a directing leader)',
    rows: rowLabels,
    columns,
    cells,
  });
  const resultTables: GridTable[] = IFT_TABLE_RESULT_GRIDS.map((g) =>
    grid(
      g,
      counts.map((row) =>
        row.map((byKind): TableCell => {
          const n = byKind.get(g.kind) ?? 0;
          return { probability: n / 36, fraction: toFraction({ n: BigInt(n), e: 2 }) };
        }),
      ),
    ),
  );

  let ruleSetId: string = ruleSet.id;
  const breakTables: GridTable[] = IFT_TABLE_BREAK_GRIDS.map((g) =>
    grid(
      g,
      IFT_TABLE_COLUMNS.map((fp) =>
        IFT_TABLE_DRMS.map((drm): TableCell => {
          const q = attackQuery(breakAttack(g.unit, fp, drm, firerClass, cower, input));
          ruleSetId = q.header.ruleSet;
          let p: Prob6 = ZERO;
          for (const t of enumerateWithin(q).terminals) if (t.state.units[0].status !== 'good-order') p = add(p, t.probability);
          return { probability: toNumber(p), fraction: toFraction(p) };
        }),
      ),
    ),
  );

  const cowerNote = !cower
    ? 'Cowering: none (a leader-directed attack, or a firer that never cowers: British Elite/1st Line, non-Conscript Finns, Fanatic, berserk, a hero alone, A7.9).'
    : `Cowering (A7.9): a ${firerClass} firer; an Original doubles IFT DR is resolved ${shift} column${shift === 1 ? '' : 's'} to the left${shift === 2 ? ' (Inexperienced, A19.33)' : ''}; off the 1 FP column: coweringOnOneFP = ${onOneFP} (${onOneFP === 'stay' ? 'it stays on the 1 column' : 'no effect'}). A leader-directed attack never cowers: --no-cower.`;
  return {
    command: 'table',
    kind: 'ift',
    title: 'Infantry Fire Table: result odds by FP column and DRM',
    ruleSet: ruleSetId,
    method: 'exact',
    version: VERSION,
    input: { firerClass, cower, coweringShift: shift, settings: input.settings ?? {} },
    notes: [
      'Rows: the FP column (the highest column <= the total FP; 36+ for 36 or more). Columns: the total IFT DRM, a directing leader\'s leadership DRM included (a 9-1 directing through +1 terrain is the 0 column), Final DR = Original IFT DR + DRM.',
      cowerNote,
      '#KIA (A7.301): # units eliminated by Random Selection, all others in the Location broken. K/# (A7.302): one unit Casualty Reduced by Random Selection, all others (a just-Reduced HS included) take a #MC. MC = NMC or #MC (+# DRM); PTC = Pin Task Check (docs/rules-notes.md §8). The five result grids sum to 1 in each cell.',
      'Break grids: one attack on a lone Good Order German 4-6-7 (ML 7) or 4-6-8 (ML 8), the whole chain of asl-odds attack (Random Selection, the K/# MC, Casualty MC, Replacement, Heat of Battle); the figure is P(the squad ends broken, eliminated or captured). A squad only Reduced to a Good Order HS does not count, nor one broken and then rallied by Heat of Battle. The ELR does not change it (a squad Replaced or Disrupted is broken all the same).',
    ],
    tables: [...resultTables, ...breakTables],
  };
}

/** The break-grid attack: `unit` alone under `fp` FP at `drm`, Cowering as chosen. */
function breakAttack(unit: string, fp: number, drm: number, firerClass: UnitClass, cower: boolean, input: IftTableInput): AttackInput {
  return {
    targets: [unit],
    fp,
    drm,
    firerClass,
    // No Cowering: the attack is directed by a leader whose DRM is 0, so the column's DRM stays the total.
    ...(cower ? {} : { leader: DRM_0_LEADER }),
    rules: input.rules,
    settings: input.settings,
  };
}

/** `asl-odds table ift`. */
const FIRER_CLASS = optionWithDefault<UnitClass>(
  {
    flags: '--firer-class <class>',
    description: "the firer's class for Cowering: elite, 1st-line, 2nd-line, green, conscript (Green/Conscript: two columns)",
    parse: unitClass,
    default: '1st-line',
  },
  oneOf(CLASS_ORDER),
);
/** `--no-cower`: reads `cower`, true unless given. */
const COWER = flagOption('--no-cower', 'no Cowering: a leader-directed attack (put his DRM in the DRM) or a firer that never cowers (A7.9)');

export const iftTableKind: TableKind = {
  name: 'ift',
  summary: 'Infantry Fire Table: P(KIA / K / MC / PTC / no effect) and P(a ML 7 / ML 8 squad breaks) by FP column 1-36+ against the IFT DRM -3..+4, with Cowering (A7, A7.9).',
  examples: ['asl-odds table ift', 'asl-odds table ift --firer-class green --format markdown', 'asl-odds table ift --no-cower --report reports/ift-table'],
  options: [FIRER_CLASS.spec, COWER.spec, ...RULE_SET_OPTIONS],
  build(o) {
    return buildIftTables({
      firerClass: FIRER_CLASS.read(o),
      cower: COWER.read(o),
      ...ruleSetInput(o),
    });
  },
};
