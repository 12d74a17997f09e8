/**
 * `plan`: fire plans compared: the firers and circumstances of `attack`'s builder, the target
 * stack of `attack`, and what to rank by. The question is queries/fire-plans.ts.
 */
import { inputError } from '../errors.js';
import { isPlanTrials, parsePlanTrials, PLAN_TRIALS } from '../options/method-spec.js';
import type { OptionSpec } from '../options/option-spec.js';
import { OptionValueError } from '../options/option-values.js';
import { PLAN_OBJECTIVES, type PlanInput, type PlanObjective } from '../queries/fire-plans.js';
import { FIRE_BUILDER_OPTIONS, fireGroupInputOf, firersOf, TARGET_MARKERS, targetsFrom } from './attack.js';
import type { ParsedOptions } from './calculator.js';
import { RULE_OPTIONS, SITUATION_OPTIONS, situationFrom } from './common.js';
import { unitClass, collect } from '../options/option-values.js';
import { flagOption, intOption, oneOf, option, textOption } from '../options/typed-option.js';

/**
 * Parses `--objective`.
 * @throws OptionValueError naming the objectives
 */
export function planObjective(v: string): PlanObjective {
  const t = v.trim().toLowerCase() as PlanObjective;
  if (!PLAN_OBJECTIVES.includes(t)) throw new OptionValueError(`expected one of ${PLAN_OBJECTIVES.join(', ')}.`);
  return t;
}

const OBJECTIVE = option(
  {
    flags: '--objective <name>',
    description:
      'rank plans by: any-broken (default: P(at least one unit broken)), squads (squad-equivalents broken or eliminated), leader-lost, whole-stack (every unit broken or eliminated), nmc (P(an NMC or better IFT result), exact for every plan)',
    parse: planObjective,
  },
  oneOf(PLAN_OBJECTIVES),
);
const CANDIDATES = intOption('--candidates <n>', 'plans (besides one group and all separate) whose stack figures are computed, 1-30 (default 6)', 1, 30);
/** Trials of each plan's own Monte Carlo run (the plans share one seed): not `--trials` of a run's method; its bounds are options/method-spec.ts `PLAN_TRIALS`. */
const TRIALS = option(
  {
    flags: '--trials <n>',
    description: `Monte Carlo trials per plan of several attacks, ${PLAN_TRIALS.min}-${PLAN_TRIALS.max} (default ${PLAN_TRIALS.default})`,
    parse: parsePlanTrials,
  },
  isPlanTrials,
);
const SEED = textOption('--seed <string>', "seed shared by every plan: common random numbers (default 'plan')");
const ENCIRCLED = flagOption('--encircled', 'the target Location is Encircled: ML -1 (A7.7)');

/** Options of `asl-odds plan`, in help order. */
export const PLAN_OPTIONS: readonly OptionSpec[] = [
  { flags: '--target <ids>', description: 'the units in the target Location, in stack order, e.g. german/9-1,german/4-6-7', parse: collect, required: true },
  ...FIRE_BUILDER_OPTIONS,
  { flags: '--leader <id>', description: "a leader directing one fire group (the plan's first): his DRM, no Cowering (A7.53, A7.9)" },
  { flags: '--firer-class <class>', description: "every firer's class, for Cowering: elite, 1st-line, 2nd-line, green, conscript", parse: unitClass },
  { flags: '--firer-nationality <nat>', description: "every firer's nationality (British Elite/1st Line and non-Conscript Finns never cower)" },
  { flags: '--firer-fanatic', description: 'the firers are Fanatic: never cower (A10.8)' },
  { flags: '--firer-berserk', description: 'the firers are berserk: never cower (A15.42)' },
  OBJECTIVE.spec,
  CANDIDATES.spec,
  TRIALS.spec,
  SEED.spec,
  ...TARGET_MARKERS.map((m) => ({ flags: `--${m.name} <i,...>`, description: m.description, parse: collect })),
  ENCIRCLED.spec,
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
    target: { targets: targetsFrom(o), encircled: ENCIRCLED.read(o), ...situationFrom(o) },
    group: fireGroupInputOf(o, firersOf(o)),
    objective: OBJECTIVE.read(o),
    candidates: CANDIDATES.read(o),
    trials: TRIALS.read(o),
    seed: SEED.read(o),
  };
}
