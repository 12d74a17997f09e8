/**
 * `plan`: fire plans compared (issue 40): the firers and circumstances of `attack`'s builder, the target
 * stack of `attack`, and what to rank by. The question is queries/fire-plans.ts.
 */
import { inputError } from '../errors.js';
import type { OptionSpec } from '../options/option-spec.js';
import { intIn, OptionValueError } from '../options/option-values.js';
import { PLAN_OBJECTIVES, type PlanInput, type PlanObjective } from '../queries/fire-plans.js';
import { FIRE_BUILDER_OPTIONS, fireGroupInputOf, firersOf, TARGET_MARKERS, targetsFrom } from './attack.js';
import type { ParsedOptions } from './calculator.js';
import { RULE_OPTIONS, SITUATION_OPTIONS, situationFrom } from './common.js';
import { unitClass, collect } from '../options/option-values.js';

/**
 * Parses `--objective`.
 * @throws OptionValueError naming the objectives
 */
export function planObjective(v: string): PlanObjective {
  const t = v.trim().toLowerCase() as PlanObjective;
  if (!PLAN_OBJECTIVES.includes(t)) throw new OptionValueError(`expected one of ${PLAN_OBJECTIVES.join(', ')}.`);
  return t;
}

/** Options of `asl-odds plan`, in help order. */
export const PLAN_OPTIONS: readonly OptionSpec[] = [
  { flags: '--target <ids>', description: 'the units in the target Location, in stack order, e.g. german/9-1,german/4-6-7', parse: collect, required: true },
  ...FIRE_BUILDER_OPTIONS,
  { flags: '--leader <id>', description: "a leader directing one fire group (the plan's first): his DRM, no Cowering (A7.53, A7.9)" },
  { flags: '--firer-class <class>', description: "every firer's class, for Cowering: elite, 1st-line, 2nd-line, green, conscript", parse: unitClass },
  { flags: '--firer-nationality <nat>', description: "every firer's nationality (British Elite/1st Line and non-Conscript Finns never cower)" },
  { flags: '--firer-fanatic', description: 'the firers are Fanatic: never cower (A10.8)' },
  { flags: '--firer-berserk', description: 'the firers are berserk: never cower (A15.42)' },
  {
    flags: '--objective <name>',
    description: 'rank plans by: any-broken (default: P(at least one unit broken)), squads (squad-equivalents broken or eliminated), leader-lost, whole-stack (every unit broken or eliminated), nmc (P(an NMC or better IFT result), exact for every plan)',
    parse: planObjective,
  },
  { flags: '--candidates <n>', description: 'plans (besides one group and all separate) whose stack figures are computed, 1-30 (default 6)', parse: intIn(1, 30) },
  { flags: '--trials <n>', description: 'Monte Carlo trials per plan of several attacks, 1000-1000000 (default 20000)', parse: intIn(1000, 1_000_000) },
  { flags: '--seed <string>', description: "seed shared by every plan: common random numbers (default 'plan')" },
  ...TARGET_MARKERS.map((m) => ({ flags: `--${m.name} <i,...>`, description: m.description, parse: collect })),
  { flags: '--encircled', description: 'the target Location is Encircled: ML -1 (A7.7)' },
  ...SITUATION_OPTIONS,
  ...RULE_OPTIONS,
];

/**
 * The comparison's input from the parsed options.
 * @throws AslOddsError `input.targetPosition`, `input.drm` (`--drm` is an attack's, not a plan's)
 */
export function planInputOf(o: ParsedOptions): PlanInput {
  if (o.fp !== undefined || o.drm !== undefined) throw inputError('input.fp', 'plan: the firers make every group\'s FP and DRM; leave out --fp and --drm');
  return {
    target: { targets: targetsFrom(o), encircled: o.encircled as boolean | undefined, ...situationFrom(o) },
    group: fireGroupInputOf(o, firersOf(o)),
    objective: o.objective as PlanObjective | undefined,
    candidates: o.candidates as number | undefined,
    trials: o.trials as number | undefined,
    seed: o.seed as string | undefined,
  };
}
