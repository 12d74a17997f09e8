/**
 * `asl-odds table hob`: the Heat of Battle results (A15.1-15.5) by nationality and class, for an
 * unbroken and a broken unit: given that an HoB DR is made, P(hero), P(hero + Battle Hardening),
 * P(Battle Hardening), P(berserk), P(surrender), after every substitution the situation calls for
 * (A15.1 table notes, A15.44, A15.5).
 *
 * Every cell counts the 36 HoB DRs through the resolver itself: `hobResultOf(Original DR +
 * hobDRM(unit, broken, ctx), unit, ctx)` (rules/heat-of-battle.ts). Rows: each nationality's squad
 * classes present in the catalog (the first squad of that class without an HoB trait such as SS,
 * Gurkha or Commissar stands for it), then one row per such trait present (German SS 6-5-8), then its
 * leaders (no class: a 9-1 stands for them).
 */
import { getNationality, listUnits } from '../counters/catalog.js';
import { CLASS_ORDER, NATIONALITIES, type UnitProfile } from '../counters/types.js';
import { ALL_DR } from '../dice/dice.js';
import type { MoraleContext } from '../rules/context.js';
import { HoBResult, hobDRM, hobResultOf } from '../rules/heat-of-battle.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { initialUnitState } from '../rules/unit-state.js';
import { VERSION } from '../version.js';
import { type GridTable, type TableCell, type TableKind, type TableSet } from './grid-table.js';
import { RULE_SET_OPTIONS, ruleSetInput } from './table-options.js';
import { toFraction } from '../engine/probability.js';
import { flagOption } from '../options/typed-option.js';
import { signedDRM } from '../rules/drm.js';

const ENEMY_IN_LOS = flagOption('--no-enemy-in-los', 'no Known enemy unit is in LOS: berserk becomes Battle Hardening (A15.44)');
const PILLBOX = flagOption('--pillbox', 'the units are in a Pillbox/Bunker (A15.1 table notes)');
const VS_RUSSIANS = flagOption('--vs-russians', 'the enemy is Russian (SS vs Russians never surrender, A15.5)');
/** `--no-quarter`: reads `quarter`, false under No Quarter. */
const QUARTER = flagOption('--no-quarter', 'No Quarter is in effect (A15.5, A20.3)');

/** Columns: the HoB results after substitution, in table order (A15.1). */
export const HOB_TABLE_RESULTS: readonly HoBResult[] = Object.values(HoBResult);

const RESULT_LABELS: Readonly<Record<HoBResult, string>> = {
  hero: 'hero',
  'hero+battle-hardening': 'hero + BH',
  'battle-hardening': 'Battle Hardening',
  berserk: 'berserk',
  surrender: 'surrender',
};

/** Input of {@link buildHobTables}; all optional. */
export interface HobTableInput {
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
  /** A Known enemy is in LOS [true]; false turns berserk into Battle Hardening (A15.44). */
  readonly knownEnemyInLOS?: boolean;
  /** In a Pillbox/Bunker [false] (A15.1 table notes). */
  readonly pillbox?: boolean;
  /** The enemy is Russian [false]: SS never surrender (A15.5). */
  readonly vsRussians?: boolean;
  /** No Quarter in effect [false] (A15.5). */
  readonly noQuarter?: boolean;
}

/** A row of the table: a nationality, a class (or leaders) and the counter standing for them. */
interface HobRow {
  readonly label: string;
  readonly profile: UnitProfile;
}

const TRAIT_LABELS = { ss: 'SS', gurkha: 'Gurkha', commissar: 'Commissar' } as const;

function hasHoBTrait(p: UnitProfile): boolean {
  return !!(p.traits.ss || p.traits.gurkha || p.traits.commissar);
}

/** Rows in nationality order: squad classes best first, then leaders. Never throws. */
function hobRows(): HobRow[] {
  const rows: HobRow[] = [];
  for (const n of NATIONALITIES) {
    const name = getNationality(n).name;
    const squads = listUnits({ nationality: n, kind: 'squad' });
    for (const c of CLASS_ORDER) {
      const ofClass = squads.filter((s) => s.unitClass === c);
      const p = ofClass.find((s) => !hasHoBTrait(s)) ?? ofClass[0];
      if (p) rows.push({ label: `${name} ${c} (${p.name})`, profile: p });
    }
    // One extra row per HoB trait present (SS: never surrenders vs Russians; Gurkha; Commissar).
    for (const trait of ['ss', 'gurkha', 'commissar'] as const) {
      const p = squads.find((s) => s.traits[trait]);
      if (p) rows.push({ label: `${name} ${p.unitClass} ${TRAIT_LABELS[trait]} (${p.name})`, profile: p });
    }
    const leaders = listUnits({ nationality: n, kind: 'leader' });
    const leader = leaders.find((l) => l.name === '9-1' && !hasHoBTrait(l)) ?? leaders.find((l) => !hasHoBTrait(l));
    if (leader) rows.push({ label: `${name} leader (${leader.name})`, profile: leader });
  }
  return rows;
}

/**
 * Builds the HoB tables: `unbroken` and `broken` (the broken +1 DRM, A15.1).
 * Cost: rows x 2 x 36 resolver calls (microseconds each).
 * @throws AslOddsError `input.rules`, `input.setting`
 * @example buildHobTables().tables[0].cells[0][0].fraction // '5/18' (German elite, DRM -1: hero on Final HoB DR <= 4, Original <= 5)
 */
export function buildHobTables(input: HobTableInput = {}): TableSet {
  const ruleSet = getRuleSet(input.rules ?? '2nd-edition', input.settings ?? {});
  const ctx: MoraleContext = {
    ruleSet,
    elr: 3,
    knownEnemyInLOS: input.knownEnemyInLOS ?? true,
    adjacentEnemy: false,
    pillbox: input.pillbox ?? false,
    vsRussians: input.vsRussians ?? false,
    noQuarter: input.noQuarter ?? false,
  };
  const rows = hobRows();
  const tables: GridTable[] = [false, true].map((broken) => {
    const labels: string[] = [];
    const cells: TableCell[][] = rows.map((row) => {
      const u = initialUnitState(row.profile, { broken });
      const drm = hobDRM(u, broken, ctx);
      labels.push(`${row.label}, DRM ${signedDRM(drm)}`);
      const counts = new Map<HoBResult, number>(HOB_TABLE_RESULTS.map((r) => [r, 0]));
      for (const dr of ALL_DR) {
        const r = hobResultOf(dr.white + dr.colored + drm, u, ctx);
        counts.set(r, (counts.get(r) ?? 0) + 1);
      }
      return HOB_TABLE_RESULTS.map((r) => {
        const n = counts.get(r) ?? 0;
        return { probability: n / ALL_DR.length, fraction: toFraction({ n: BigInt(n), e: 2 }) };
      });
    });
    return {
      id: broken ? 'broken' : 'unbroken',
      title: broken ? 'HoB results of a broken unit (HoB DRM +1)' : 'HoB results of an unbroken unit',
      rowTitle: 'Nationality, class (counter), total HoB DRM',
      columnTitle: 'HoB result after substitutions',
      rows: labels,
      columns: HOB_TABLE_RESULTS.map((r) => RESULT_LABELS[r]),
      cells,
    };
  });
  const situation = [
    ctx.knownEnemyInLOS ? 'a Known enemy in LOS' : 'no Known enemy in LOS (berserk becomes Battle Hardening)',
    ctx.pillbox ? 'in a Pillbox' : null,
    ctx.vsRussians ? 'vs Russians' : null,
    ctx.noQuarter ? 'No Quarter' : null,
  ].filter((s): s is string => s !== null);
  return {
    command: 'table',
    kind: 'hob',
    title: 'Heat of Battle results by nationality and class',
    ruleSet: ruleSet.id,
    method: 'exact',
    version: VERSION,
    input: {
      knownEnemyInLOS: ctx.knownEnemyInLOS,
      pillbox: ctx.pillbox,
      vsRussians: ctx.vsRussians,
      noQuarter: ctx.noQuarter,
      settings: input.settings ?? {},
    },
    notes: [
      'Each row: P(result) given that an HoB DR is made (after an Original 2 on a MC or a non-Self-Rally Rally DR, A15.1), over the 36 HoB DRs.',
      'Final HoB DR = Original HoB DR + the row\'s total HoB DRM (shown after the label: class, nationality, broken). <= 4 hero, 5-6 hero + Battle Hardening, 7-8 Battle Hardening, 9-11 berserk, >= 12 surrender (non-elite Italian/Axis Minor >= 10).',
      `Situation: ${situation.join(', ')}. Substitutions applied: Japanese, Partisans (and SS vs Russians, No Quarter when given) go berserk instead of surrendering.`,
      'Leaders become heroic instead of creating a hero (A15.21). A counter stands for each class; SS rows differ only with --vs-russians.',
    ],
    tables,
  };
}

/** `asl-odds table hob`. */
export const hobTableKind: TableKind = {
  name: 'hob',
  summary: 'Heat of Battle results (hero, hero + BH, BH, berserk, surrender) by nationality and class, unbroken and broken.',
  examples: ['asl-odds table hob', 'asl-odds table hob --rules gi-anvil --format csv', 'asl-odds table hob --no-enemy-in-los --report reports/hob'],
  options: [
    ...[ENEMY_IN_LOS, PILLBOX, VS_RUSSIANS, QUARTER].map((t) => t.spec),
    ...RULE_SET_OPTIONS,
  ],
  build(o) {
    return buildHobTables({
      ...ruleSetInput(o),
      knownEnemyInLOS: ENEMY_IN_LOS.read(o),
      pillbox: PILLBOX.read(o),
      vsRussians: VS_RUSSIANS.read(o),
      noQuarter: !QUARTER.read(o),
    });
  },
};
