/**
 * The scenario FILE format (YAML or JSON) as a zod schema: the shape a designer writes, with the
 * defaults that need no other field. `parseScenario` (scenario-file.ts) validates a file with it, then
 * checks what a schema cannot (catalog ids, routes, rule settings' values, cross-field rules) and maps
 * the result into the `Scenario` type (types.ts), filling the defaults that depend on other fields.
 *
 * The published JSON Schema (`scenarios/scenario.schema.json`, for editors and other tools) is
 * generated from this schema by `scenarioJSONSchemaText` (`npm run write-schema`);
 * a test checks that the committed file is up to date.
 *
 * Messages: every check carries a one-line message "expected <what is allowed>, got <value>"
 * (`scenarioErrorMap` for zod's generic issues), so a file error names the field, the rule and the
 * value found.
 */
import { z } from 'zod';
import { CLASS_ORDER, NATIONALITIES, type Nationality, type UnitClass } from '../counters/types.js';
import { RULE_SET_IDS, RULE_SETS, SETTING_NAMES, type RuleSetId } from '../rules/rule-set.js';
import { SCENARIO_TERRAIN } from './types.js';

/** Where the published JSON Schema lives, relative to the repository root. */
export const SCENARIO_SCHEMA_FILE = 'scenarios/scenario.schema.json';
/** Most Game Turns a scenario may have. */
export const MAX_TURNS = 15;
/** Most copies one unit line may have. */
export const MAX_UNIT_COUNT = 30;
/**
 * Size limits of a scenario, checked before anything runs (a playthrough's time grows with the counters
 * in play, about linearly: `asl-odds bench`). Generous beside ASL's own: a Location holds three
 * squad-equivalents and four SMC before overstacking (A5.1); a side may be the "50 stacks of 30
 * squads" of the heaviest scenario tested (test/scenario/heavy-scenario.test.ts).
 */
export const SCENARIO_LIMITS = {
  /** Counters (the sum of the lines' counts) in one stack. */
  unitsPerStack: 60,
  /** Stacks of one side, on board and entering as reinforcements together. */
  stacksPerSide: 100,
  /** Counters of one side, on board and reinforcements together. */
  unitsPerSide: 1500,
  /** Reinforcement groups and support periods of one side (each). */
  listItems: 100,
  /** Bytes of a scenario file (1 MiB). */
  fileBytes: 1 << 20,
} as const;

/** Victory condition keys that take a minimum ("at least"). */
export const VICTORY_AT_LEAST_KEYS = ['casualtyBPVInflicted', 'goodOrderSquadsLeft', 'unitsEliminated'] as const;
/** Victory condition keys that take a maximum ("at most"). */
export const VICTORY_AT_MOST_KEYS = ['enemyELRAtMost', 'enemyGoodOrderSquadsAtMost'] as const;
/** Every victory condition key; a condition has exactly one. */
export const VICTORY_KEYS = [...VICTORY_AT_LEAST_KEYS, ...VICTORY_AT_MOST_KEYS] as const;
export type VictoryKey = (typeof VICTORY_KEYS)[number];

/**
 * How a value found in a file is shown in a message: `7`, `'german/4-4-8'`, `true`, `null`, `a list`,
 * `a mapping`, `nothing` (absent). Strings longer than 40 characters are cut. Never throws.
 * @example describeValue('x') // "'x'"
 */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (typeof v === 'string') return `'${v.length > 40 ? `${v.slice(0, 37)}...` : v}'`;
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  return String(v);
}

/**
 * The message of a value that breaks a rule: `expected <what>, got <value>`, or `missing; expected
 * <what>` when the field is absent. Never throws.
 * @example expectedMessage('an integer in [0, 5]', 7) // 'expected an integer in [0, 5], got 7'
 */
export function expectedMessage(what: string, input: unknown): string {
  return input === undefined ? `missing; expected ${what}` : `expected ${what}, got ${describeValue(input)}`;
}

/** An issue as zod hands it to an error map (only the fields used here). */
interface RawIssue {
  readonly code?: string;
  readonly input?: unknown;
  readonly expected?: string;
  readonly values?: readonly unknown[];
  readonly origin?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
  readonly divisor?: number | bigint;
  readonly keys?: readonly string[];
  readonly inst?: unknown;
  readonly message?: string;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a mapping',
  record: 'a mapping',
  array: 'a list',
};

function sizeOf(v: unknown): string {
  return Array.isArray(v) ? `${v.length}` : typeof v === 'string' ? `${v.length} characters` : describeValue(v);
}

/**
 * The error map `parseScenario` passes to zod: one-line messages for zod's generic issues (wrong type,
 * value not allowed, too few items, unknown field). Fields with their own messages (ranges) keep them.
 * @returns the message, or undefined for zod's default. Never throws.
 */
export function scenarioErrorMap(issue: RawIssue): string | undefined {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      return expectedMessage(TYPE_NAMES[issue.expected ?? ''] ?? String(issue.expected), input);
    case 'invalid_value':
      return expectedMessage(`one of ${(issue.values ?? []).map(String).join(', ')}`, input);
    case 'unrecognized_keys': {
      const shape = (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
      return `unknown field${shape ? `; allowed: ${Object.keys(shape).join(', ')}` : ''}`;
    }
    case 'too_small':
      if (issue.origin === 'array') return `expected at least ${issue.minimum} item(s), got ${sizeOf(input)}`;
      if (issue.origin === 'string') return `expected a non-empty string, got ${describeValue(input)}`;
      return expectedMessage(`a number ${issue.inclusive ? '>=' : '>'} ${issue.minimum}`, input);
    case 'too_big':
      if (issue.origin === 'array') return `expected at most ${issue.maximum} item(s), got ${sizeOf(input)}`;
      return expectedMessage(`a number ${issue.inclusive ? '<=' : '<'} ${issue.maximum}`, input);
    case 'not_multiple_of':
      return expectedMessage(`a multiple of ${issue.divisor}`, input);
    default:
      return undefined;
  }
}

// ---- building blocks -------------------------------------------------------------------------------

/** An integer in [lo, hi], every failure with the one message `expected an integer in [lo, hi], ...`. */
function intIn(lo: number, hi: number, description: string) {
  const error = (iss: RawIssue) => expectedMessage(`an integer in [${lo}, ${hi}]`, iss.input);
  return z.int({ error }).min(lo, { error }).max(hi, { error }).describe(description);
}

/** A number in [lo, hi] that is a multiple of 0.5 (squad-equivalents: squad 1, HS/crew 0.5). */
function squadsIn(lo: number, hi: number, description: string) {
  const error = (iss: RawIssue) => expectedMessage(`a multiple of 0.5 in [${lo}, ${hi}] (squad 1, HS/crew 0.5)`, iss.input);
  return z.number({ error }).min(lo, { error }).max(hi, { error }).multipleOf(0.5, { error }).describe(description);
}

function bool(description: string) {
  return z.boolean().describe(description);
}

function text(description: string) {
  return z.string().min(1).describe(description);
}

function oneOf<T extends string>(values: readonly T[], description: string) {
  return z.enum(values as [T, ...T[]]).describe(description);
}

/** `got` text of a mapping that should have one key: `no keys`, `2 keys (a, b)`. */
function keysFound(input: unknown): string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return `got ${describeValue(input)}`;
  const keys = Object.keys(input);
  return keys.length === 0 ? 'got no keys' : `got ${keys.length} keys (${keys.join(', ')})`;
}

/** True when the mapping has exactly one key (with a value). */
function hasOneKey(v: object): boolean {
  return Object.values(v).filter((x) => x !== undefined).length === 1;
}

// ---- the schema ------------------------------------------------------------------------------------

/** Named rule settings (src/rules/rule-set.ts, README "Settings"); values checked by `getRuleSet`. */
const SettingsSchema = z
  .strictObject(
    Object.fromEntries(
      SETTING_NAMES.map((name) => {
        const d = RULE_SETS['2nd-edition'].settings[name];
        const base = typeof d === 'boolean' ? z.boolean() : typeof d === 'number' ? z.number() : z.string();
        return [name, base.optional().describe(`Rule setting ${name} (README "Settings"); default ${String(d)}`)];
      }),
    ),
  )
  .describe('Named rule settings (README "Settings"); values as with --setting name=value');

const TraitsSchema = z
  .strictObject({
    ss: bool('SS (A15.5, A19.12)').optional(),
    gurkha: bool('Gurkha').optional(),
    marine: bool('U.S. Marine').optional(),
    commissar: bool('Commissar').optional(),
    unarmed: bool('Unarmed (A15.1, A19.11)').optional(),
  })
  .describe('Traits to set, merged onto the counter\'s traits');

/** Counter value overrides (src/counters/overrides.ts). */
export const UnitOverridesSchema = z
  .strictObject({
    ml: intIn(2, 10, 'Morale Level').optional(),
    brokenML: intIn(2, 10, 'Broken-side Morale Level').optional(),
    unitClass: oneOf<UnitClass>(CLASS_ORDER, 'Quality class (A1.12)').optional(),
    nationality: oneOf<Nationality>(NATIONALITIES, 'Nationality').optional(),
    fp: intIn(0, 99, 'Firepower factor').optional(),
    range: intIn(0, 99, 'Normal Range in hexes').optional(),
    bpv: intIn(0, 999, 'Basic Point Value (A16.1)').optional(),
    leadershipDRM: intIn(-3, 1, 'Leadership DRM (leaders only)').optional(),
    selfRallyBox: bool('Self-Rally box on the broken side').optional(),
    traits: TraitsSchema.optional(),
  })
  .describe('Counter values replacing the catalog\'s (many are unverified)');

const UNIT_HELP = "a string '<catalog id>' or '<catalog id> x<count>' (e.g. 'german/4-6-7 x3'), or a mapping { id, count, overrides, fanatic }";

/** One counter line: shorthand string or mapping. */
export const UnitLineSchema = z
  .union(
    [
      z
        .string()
        .min(1)
        .describe("Shorthand: '<catalog id>' or '<catalog id> x<count>', e.g. 'german/4-6-7 x3'; an id without a nationality takes the side's"),
      z.strictObject({
        id: text("Catalog id (asl-odds units), e.g. 'german/4-6-7'; without a nationality, the side's"),
        count: intIn(1, MAX_UNIT_COUNT, 'Copies').default(1),
        overrides: UnitOverridesSchema.default({}),
        fanatic: bool('Starts Fanatic (A10.8)').default(false),
      }),
    ],
    { error: (iss: RawIssue) => expectedMessage(UNIT_HELP, iss.input) },
  )
  .describe('A counter line');

/** A Location: units stacked together in one terrain. */
export const StackSchema = z
  .strictObject({
    name: text('Name, unique within the side (initial and reinforcement stacks)'),
    terrain: oneOf(SCENARIO_TERRAIN, 'Terrain of the Location (IFT TEM, Rally terrain DRM)'),
    units: z.array(UnitLineSchema).min(1).max(SCENARIO_LIMITS.unitsPerStack).describe(`The counters in the Location (at most ${SCENARIO_LIMITS.unitsPerStack} counters)`),
  })
  .meta({ id: 'Stack', description: 'A stack (Location)' });

const ReinforcementSchema = z
  .strictObject({
    turn: intIn(1, MAX_TURNS, 'Game Turn they enter, in [1, turns]'),
    stacks: z.array(StackSchema).min(1).max(SCENARIO_LIMITS.stacksPerSide),
  })
  .describe('Reinforcements entering at the start of a turn');

const SupportSchema = z
  .strictObject({
    from: intIn(1, MAX_TURNS, 'First turn of the support').default(1),
    until: intIn(1, MAX_TURNS, 'Last turn of the support; default the last turn').optional(),
    armor: bool('Unopposed armor support (A16.2)').default(false),
    air: bool('Unopposed air support (A16.2)').default(false),
  })
  .describe('Armor and/or air support during turns [from, until]');

/** Defaults of `fire`. */
export const FIRE_DEFAULTS = { drm: 0, longRange: false, leaderDirects: true, activity: 1 } as const;
const FireSchema = z
  .strictObject({
    drm: intIn(-3, 6, 'Extra IFT DRM of every attack (Hindrance, range, SSR)').default(FIRE_DEFAULTS.drm),
    longRange: bool('Fire at Long Range (FP halved, A7.22)').default(FIRE_DEFAULTS.longRange),
    leaderDirects: bool('The best Good Order leader in a stack directs its fire').default(FIRE_DEFAULTS.leaderDirects),
    activity: z
      .number({ error: (iss: RawIssue) => expectedMessage('a number in (0, 1]', iss.input) })
      .gt(0, { error: (iss: RawIssue) => expectedMessage('a number in (0, 1]', iss.input) })
      .lte(1, { error: (iss: RawIssue) => expectedMessage('a number in (0, 1]', iss.input) })
      .describe('Fraction of the side\'s stacks firing in each of its fire phases, in (0, 1]')
      .default(FIRE_DEFAULTS.activity),
  })
  .describe('How the side\'s stacks fire');

/** Defaults of `rout`. */
export const ROUT_DEFAULTS = { path: 'clear', endAdjacent: false } as const;
const RoutSchema = z
  .strictObject({
    path: text("Route in the rout command's syntax: 'open,clear', 'crawl', 'clear', 'none' (A10.5)").default(ROUT_DEFAULTS.path),
    endAdjacent: bool('Stop points ADJACENT to a Known enemy (A10.53)').default(ROUT_DEFAULTS.endAdjacent),
  })
  .describe('How the side\'s broken units rout');

const CONDITION_HELP = `exactly one of ${VICTORY_KEYS.join(', ')}`;

/** One victory condition: exactly one key. */
export const VictoryConditionSchema = z
  .strictObject({
    casualtyBPVInflicted: intIn(0, 9999, 'At least this BPV of enemy MMC eliminated or captured').optional(),
    goodOrderSquadsLeft: squadsIn(0, 999, 'At least this many own Good Order squad-equivalents at the end').optional(),
    unitsEliminated: intIn(0, 999, 'At least this many enemy units (MMC and SMC) eliminated or captured').optional(),
    enemyELRAtMost: intIn(0, 5, "The enemy's ELR at the end is at most this").optional(),
    enemyGoodOrderSquadsAtMost: squadsIn(0, 999, "The enemy's Good Order squad-equivalents at the end are at most this").optional(),
  })
  .refine(hasOneKey, { error: (iss: RawIssue) => `expected ${CONDITION_HELP}, ${keysFound(iss.input)}` })
  .meta({ id: 'VictoryCondition', minProperties: 1, maxProperties: 1, description: `A victory condition: ${CONDITION_HELP}` });

const conditions = z.array(VictoryConditionSchema).min(1).max(SCENARIO_LIMITS.listItems);
/** A side's victory conditions: `{ any: [...] }` or `{ all: [...] }`. */
export const VictorySchema = z
  .strictObject({
    any: conditions.describe('The side wins when any one condition holds').optional(),
    all: conditions.describe('The side wins when every condition holds').optional(),
  })
  .refine(hasOneKey, { error: (iss: RawIssue) => `expected exactly one of any, all, ${keysFound(iss.input)}` })
  .meta({ minProperties: 1, maxProperties: 1, description: 'Victory conditions: { any: [...] } or { all: [...] }' });

/** One side. */
export const SideSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, { error: (iss: RawIssue) => expectedMessage("a lower-case id (letters, digits, '-'), e.g. 'german'", iss.input) })
      .describe('Side id, used in output and movesFirst'),
    name: text('Readable name; default the id, capitalised').optional(),
    nationality: oneOf<Nationality>(NATIONALITIES, 'Nationality (A25)'),
    elr: intIn(0, 5, "Starting ELR (A19.1); default the nationality's (3; Partisans 5)").optional(),
    battlefieldIntegrity: bool('Battlefield Integrity is used (A16; needs at least 10 squad-equivalents)').default(false),
    stacks: z.array(StackSchema).min(1).max(SCENARIO_LIMITS.stacksPerSide).describe(`Stacks on board at the start (with reinforcements, at most ${SCENARIO_LIMITS.stacksPerSide} stacks and ${SCENARIO_LIMITS.unitsPerSide} counters a side)`),
    reinforcements: z.array(ReinforcementSchema).max(SCENARIO_LIMITS.listItems).default([]),
    support: z.array(SupportSchema).max(SCENARIO_LIMITS.listItems).default([]),
    fire: FireSchema.default(FIRE_DEFAULTS),
    rout: RoutSchema.default(ROUT_DEFAULTS),
    victory: VictorySchema.optional(),
  })
  .describe('A side');

/** The whole file. */
export const ScenarioFileSchema = z
  .strictObject({
    $schema: z.string().describe('Optional: the JSON Schema of this file, for editors').optional(),
    title: text('Title'),
    description: z.string().describe('Free text shown in reports (background, source)').default(''),
    rules: oneOf<RuleSetId>(RULE_SET_IDS, 'Rule set').default('2nd-edition'),
    settings: SettingsSchema.default({}),
    turns: intIn(1, MAX_TURNS, 'Game Turns'),
    movesFirst: text('Id of the side whose Player Turn comes first'),
    sides: z
      .array(SideSchema)
      .length(2, { error: (iss: RawIssue) => `expected exactly 2 sides, got ${sizeOf(iss.input)}` })
      .describe('Exactly two sides'),
  })
  .meta({ title: 'asl-odds scenario', description: 'An asl-odds scenario file (YAML or JSON); see README "Scenarios"' });

/** A scenario file after schema validation (static defaults filled). */
export type ScenarioFile = z.output<typeof ScenarioFileSchema>;
export type SideFile = z.output<typeof SideSchema>;
export type StackFile = z.output<typeof StackSchema>;
export type UnitLineFile = z.output<typeof UnitLineSchema>;
export type VictoryConditionFile = z.output<typeof VictoryConditionSchema>;

/**
 * The published JSON Schema (draft 2020-12) of scenario files, generated from
 * {@link ScenarioFileSchema} (input side: fields with defaults are optional). Refinements (exactly one
 * key) appear as `minProperties`/`maxProperties`; catalog ids, routes and cross-field rules are only
 * checked by `parseScenario`.
 * @returns a new JSON object. Never throws.
 */
export function scenarioJSONSchema(): Record<string, unknown> {
  return z.toJSONSchema(ScenarioFileSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
}

/**
 * The text of `scenarios/scenario.schema.json`: {@link scenarioJSONSchema} as 2-space JSON with a final
 * newline. Never throws.
 */
export function scenarioJSONSchemaText(): string {
  return `${JSON.stringify(scenarioJSONSchema(), null, 2)}\n`;
}
