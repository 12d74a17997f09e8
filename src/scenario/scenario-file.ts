/**
 * Scenario files: YAML (`.yaml`, `.yml`) or JSON (`.json`) text in, a validated `Scenario` (types.ts)
 * out, or ONE error line naming the file, the line, the exact field and what is allowed:
 *
 *   scenarios/x.yaml:14: sides[1].stacks[0].units[2]: unknown unit 'russian/4-4-8'; closest: russian/4-4-7, ...
 *   scenarios/x.yaml:5: sides[0].elr: expected an integer in [0, 5], got 7
 *
 * Reading the file is the CLI's (cli/load-scenario.ts): this module takes text, so it runs anywhere.
 *
 * Pipeline:
 *   text -> `yaml` parseDocument (a LineCounter maps a field path to its line; JSON is YAML, and a
 *           `.json` file must also pass JSON.parse)                          syntax: `scenario.parse`
 *        -> sizes (SCENARIO_LIMITS: stacks, counters; lengths only, before any item is parsed)
 *        -> zod schema (scenario-schema.ts: shape, ranges, static defaults)  `scenario.invalid`
 *        -> checks the schema cannot make, collected with their field paths: catalog ids (getUnit,
 *           `scenario.unknownUnit`), counter overrides (withOverrides), rule settings (getRuleSet),
 *           routes (parseRoute, 6 MF), unique side ids and stack names, movesFirst, turns within
 *           [1, turns], support periods, counters per stack and side, then (only when all else is
 *           right: a misspelled unit is named as such) Battlefield Integrity's ten squad-equivalents (A16)
 *        -> `Scenario`, with the defaults that depend on other fields (side name from its id, ELR from
 *           the nationality, support `until` = the last turn).
 * Of several problems of the first stage that finds any (syntax, then schema, then the other checks),
 * the one earliest in the file is reported (AslOddsError, exit 2).
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { getNationality, getUnit, withOverrides } from '../counters/catalog.js';
import type { UnitProfile } from '../counters/types.js';
import { AslOddsError, isAslOddsError } from '../errors.js';
import { BROKEN_ROUT_MF, parseRoute, routeMFCosts } from '../rules/route.js';
import { getRuleSet } from '../rules/rule-set.js';
import {
  expectedMessage,
  MAX_UNIT_COUNT,
  SCENARIO_LIMITS,
  ScenarioFileSchema,
  scenarioErrorMap,
  VICTORY_AT_LEAST_KEYS,
  type ScenarioFile,
  type SideFile,
  type StackFile,
  type UnitLineFile,
  type VictoryConditionFile,
} from './scenario-schema.js';
import type {
  ReinforcementSpec,
  Scenario,
  SideSpec,
  StackSpec,
  SupportSpec,
  UnitLine,
  VictoryCondition,
  VictorySpec,
} from './types.js';

/** File formats by extension. */
export const SCENARIO_EXTENSIONS: Readonly<Record<string, 'yaml' | 'json'>> = { '.yaml': 'yaml', '.yml': 'yaml', '.json': 'json' };

/** Squad-equivalents a side needs to use Battlefield Integrity (A16: never with fewer than ten). */
export const INTEGRITY_MIN_SQUADS = 10;

type Path = readonly (string | number)[];

/** A problem found in a file: code, field path, message. */
interface Problem {
  readonly code: string;
  readonly path: Path;
  readonly message: string;
  /**
   * Found from other fields' values (A16's squad-equivalents from the unit lines): reported only when
   * no other problem is, so that a misspelled unit is named as such, not as a side too small.
   */
  readonly derived?: boolean;
}

/**
 * Formats a field path as written in messages: `sides[1].stacks[0].units[2].id`; `(top level)` when
 * empty. Never throws.
 * @example formatFieldPath(['sides', 1, 'elr']) // 'sides[1].elr'
 */
export function formatFieldPath(path: Path): string {
  let s = '';
  for (const seg of path) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) s += s === '' ? seg : `.${seg}`;
    else s += `[${JSON.stringify(seg)}]`;
  }
  return s === '' ? '(top level)' : s;
}

/** Maps field paths to offsets in the text, and offsets to 1-based lines. */
class Locator {
  constructor(
    private readonly doc: Document | undefined,
    private readonly lines: LineCounter,
  ) {}

  /**
   * Offset of the deepest node of `path` found in the document: a map entry's key (the line of
   * `elr: 7`), a list item's start; for a missing field, the mapping that lacks it.
   */
  offset(path: Path): number {
    if (this.doc === undefined) return -1;
    let node: unknown = this.doc.contents;
    let offset = (node as Node | null)?.range?.[0] ?? 0;
    for (const seg of path) {
      if (isAlias(node)) node = node.resolve(this.doc);
      if (isMap(node)) {
        const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(seg));
        if (pair === undefined) break;
        offset = (pair.key as Node | null)?.range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number' && seg < node.items.length) {
        node = node.items[seg];
        offset = (node as Node | null)?.range?.[0] ?? offset;
      } else break;
    }
    return offset;
  }

  /** 1-based line of an offset, or undefined when unknown. */
  line(offset: number): number | undefined {
    return offset < 0 ? undefined : this.lines.linePos(offset).line;
  }
}

function fail(source: string, line: number | undefined, code: string, what: string): AslOddsError {
  return new AslOddsError(code, `${source}${line === undefined ? '' : `:${line}`}: ${what}`);
}

/**
 * The problem earliest in the file, as the error to throw: smallest line; on one line, the first found
 * (zod reports an unknown field before a rule on its mapping, and a mapping's fields in schema order).
 */
function firstProblem(source: string, locator: Locator, problems: readonly Problem[]): AslOddsError {
  let best = problems[0];
  let bestLine = locator.line(locator.offset(best.path)) ?? 0;
  for (const p of problems.slice(1)) {
    const line = locator.line(locator.offset(p.path)) ?? 0;
    if (line < bestLine) [best, bestLine] = [p, line];
  }
  return fail(source, bestLine > 0 ? bestLine : undefined, best.code, `${formatFieldPath(best.path)}: ${best.message}`);
}

// ---- syntax ---------------------------------------------------------------------------------------

function formatOf(source: string): 'yaml' | 'json' {
  const ext = scenarioExtension(source);
  return Object.hasOwn(SCENARIO_EXTENSIONS, ext) ? SCENARIO_EXTENSIONS[ext] : 'yaml';
}

/**
 * The extension of a file name or path, lower case with its dot (`.yaml`), or '' when it has none.
 * Never throws.
 * @example scenarioExtension('scenarios/x.YML') // '.yml'
 */
export function scenarioExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** `Map keys must be unique at line 2, column 1:` -> { what: 'Map keys must be unique', column: 1 }. */
function yamlSyntaxError(source: string, err: { message: string; linePos?: [{ line: number; col: number }, ...unknown[]] }): AslOddsError {
  const first = err.message.split('\n')[0];
  const what = first.replace(/ at line \d+, column \d+:?$/, '');
  const pos = err.linePos?.[0];
  return fail(source, pos?.line, 'scenario.parse', `YAML syntax error: ${what}${pos ? ` (column ${pos.col})` : ''}`);
}

function jsonSyntaxError(source: string, err: unknown, lines: LineCounter, text: string, doc: Document): AslOddsError {
  const message = err instanceof Error ? err.message : String(err);
  const what = message.replace(/, ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
  const at = /position (\d+)/.exec(message);
  let line: number | undefined;
  if (at) line = lines.linePos(Number(at[1])).line;
  else if (doc.errors.length > 0) line = doc.errors[0].linePos?.[0].line;
  else if (/end of JSON input/.test(message)) line = lines.linePos(text.length).line;
  return fail(source, line, 'scenario.parse', `JSON syntax error: ${what}`);
}

// ---- schema ---------------------------------------------------------------------------------------

interface ZodIssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
  readonly errors?: readonly (readonly ZodIssueLike[])[];
}

/**
 * Zod's issues as problems. A union's issues are those of the branch the value's type matches (a
 * unit line written as a string or as a mapping); an unknown field's path names the field.
 */
function schemaProblems(issues: readonly ZodIssueLike[], prefix: Path = []): Problem[] {
  const out: Problem[] = [];
  for (const iss of issues) {
    const path = [...prefix, ...(iss.path as (string | number)[])];
    if (iss.code === 'invalid_union' && iss.errors) {
      const branch = iss.errors.find((b) => b.length > 0 && !b.some((x) => x.code === 'invalid_type' && x.path.length === 0));
      if (branch) {
        out.push(...schemaProblems(branch, path));
        continue;
      }
    }
    if (iss.code === 'unrecognized_keys' && iss.keys && iss.keys.length > 0) {
      for (const k of iss.keys) out.push({ code: 'scenario.invalid', path: [...path, k], message: iss.message });
      continue;
    }
    out.push({ code: 'scenario.invalid', path, message: iss.message });
  }
  return out;
}

// ---- size ----------------------------------------------------------------------------------------

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * The lists that bound a run's work (SCENARIO_LIMITS), measured on the raw data before the schema
 * parses each item: a YAML alias can repeat a list of thousands of counters in every stack at the cost
 * of a few bytes. Only lengths are read (no item is visited past a limit). Never throws.
 */
function sizeProblems(data: unknown): Problem[] {
  const { stacksPerSide, unitsPerStack, unitsPerSide, listItems } = SCENARIO_LIMITS;
  const out: Problem[] = [];
  const sides = isRecord(data) ? data.sides : undefined;
  if (!Array.isArray(sides) || sides.length > 2) return out; // the schema says what is wrong
  sides.forEach((side, i) => {
    if (!isRecord(side)) return;
    const lists: [Path, unknown][] = [[['sides', i, 'stacks'], side.stacks]];
    for (const key of ['reinforcements', 'support'] as const) {
      const list = side[key];
      if (Array.isArray(list) && list.length > listItems) out.push({ code: 'scenario.invalid', path: ['sides', i, key], message: `${list.length} items; at most ${listItems}` });
    }
    if (Array.isArray(side.reinforcements) && side.reinforcements.length <= listItems) {
      side.reinforcements.forEach((r, k) => lists.push([['sides', i, 'reinforcements', k, 'stacks'], isRecord(r) ? r.stacks : undefined]));
    }
    let stacks = 0;
    let lines = 0;
    const before = out.length;
    for (const [at, list] of lists) {
      if (!Array.isArray(list)) continue;
      stacks += list.length;
      if (stacks > stacksPerSide) {
        out.push({ code: 'scenario.invalid', path: at, message: `more than ${stacksPerSide} stacks on one side (on board and reinforcements together); at most ${stacksPerSide}` });
        return;
      }
      list.forEach((st, j) => {
        const units = isRecord(st) ? st.units : undefined;
        if (!Array.isArray(units)) return;
        if (units.length > unitsPerStack) out.push({ code: 'scenario.invalid', path: [...at, j, 'units'], message: `${units.length} unit lines in one stack; at most ${unitsPerStack} counters` });
        lines += units.length;
      });
    }
    if (lines > unitsPerSide && out.length === before) out.push({ code: 'scenario.invalid', path: ['sides', i], message: `${lines} unit lines on one side; at most ${unitsPerSide} counters a side` });
  });
  return out;
}

// ---- checks and mapping ---------------------------------------------------------------------------

/** The message of an AslOddsError thrown by a project parser, without its `--option: ` prefix. */
function innerMessage(e: unknown, prefix: RegExp): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.replace(prefix, '');
}

function capitalised(id: string): string {
  return id
    .split('-')
    .map((w) => (w === '' ? w : w[0].toUpperCase() + w.slice(1)))
    .join(' ');
}

/** Compiles a schema-valid file into a Scenario, collecting every problem it finds. */
class Compiler {
  readonly problems: Problem[] = [];

  constructor(private readonly file: ScenarioFile) {}

  private problem(path: Path, message: string, code = 'scenario.invalid', derived = false): void {
    this.problems.push({ code, path, message, ...(derived ? { derived } : {}) });
  }

  private turnInRange(path: Path, turn: number): void {
    if (turn > this.file.turns) this.problem(path, expectedMessage(`an integer in [1, ${this.file.turns}] (the scenario's turns)`, turn));
  }

  compile(): Scenario {
    const f = this.file;
    const settings: Record<string, string> = {};
    for (const [name, value] of Object.entries(f.settings)) {
      if (value === undefined) continue;
      try {
        getRuleSet(f.rules, { [name]: value });
        settings[name] = String(value);
      } catch (e) {
        if (!isAslOddsError(e)) throw e;
        this.problem(['settings', name], innerMessage(e, /^--setting( \S+)?: /));
      }
    }
    const [a, b] = f.sides;
    if (a.id === b.id) this.problem(['sides', 1, 'id'], `duplicate side id '${b.id}'; the two sides need different ids`);
    if (a.id !== f.movesFirst && b.id !== f.movesFirst) {
      this.problem(['movesFirst'], expectedMessage(`a side id: ${a.id} or ${b.id}`, f.movesFirst));
    }
    if (a.victory === undefined && b.victory === undefined) {
      this.problem(['sides'], 'no side has victory conditions; give at least one side a victory: { any: [...] } or { all: [...] }');
    }
    const sides: [SideSpec, SideSpec] = [this.side(a, 0), this.side(b, 1)];
    return {
      title: f.title,
      rules: f.rules,
      settings,
      turns: f.turns,
      movesFirst: f.movesFirst,
      sides,
      description: f.description,
    };
  }

  private side(s: SideFile, index: number): SideSpec {
    const at: Path = ['sides', index];
    const names = new Map<string, Path>();
    const stacks = s.stacks.map((st, i) => this.stack(st, [...at, 'stacks', i], s, names));
    const reinforcements: ReinforcementSpec[] = s.reinforcements.map((r, i) => {
      const rAt: Path = [...at, 'reinforcements', i];
      this.turnInRange([...rAt, 'turn'], r.turn);
      return { turn: r.turn, stacks: r.stacks.map((st, j) => this.stack(st, [...rAt, 'stacks', j], s, names)) };
    });
    const counters = [...stacks, ...reinforcements.flatMap((r) => r.stacks)].reduce((n, st) => n + st.units.reduce((m, line) => m + line.count, 0), 0);
    if (counters > SCENARIO_LIMITS.unitsPerSide) {
      this.problem(at, `${counters} counters on one side (on board and reinforcements together); at most ${SCENARIO_LIMITS.unitsPerSide}`);
    }
    const support: SupportSpec[] = s.support.map((p, i) => {
      const pAt: Path = [...at, 'support', i];
      const untilTurn = p.until ?? this.file.turns;
      this.turnInRange([...pAt, 'from'], p.from);
      if (p.until !== undefined) this.turnInRange([...pAt, 'until'], p.until);
      if (p.until !== undefined && p.until < p.from) this.problem([...pAt, 'until'], expectedMessage(`an integer >= from (${p.from})`, p.until));
      if (!p.armor && !p.air) this.problem(pAt, 'support with neither armor nor air; set armor: true and/or air: true');
      return { fromTurn: p.from, untilTurn, armor: p.armor, air: p.air };
    });
    let path = s.rout.path;
    try {
      const route = parseRoute(s.rout.path, 'rout.path');
      const mf = routeMFCosts(route, false, BROKEN_ROUT_MF).reduce((x, y) => x + y, 0);
      if (mf > BROKEN_ROUT_MF) {
        this.problem([...at, 'rout', 'path'], `the route '${route.text}' costs ${mf} MF but a broken unit has ${BROKEN_ROUT_MF} MF in the RtPh (A10.5)`);
      }
      path = route.text;
    } catch (e) {
      if (!isAslOddsError(e)) throw e;
      this.problem([...at, 'rout', 'path'], innerMessage(e, /^rout\.path: /));
    }
    if (s.battlefieldIntegrity) {
      const squads = stacks.reduce((sum, st) => sum + st.units.reduce((u, line) => u + this.squadEquivalents(line) * line.count, 0), 0);
      if (squads < INTEGRITY_MIN_SQUADS) {
        this.problem(
          [...at, 'battlefieldIntegrity'],
          `Battlefield Integrity is never used where a side begins with fewer than ten squad-equivalents (A16); this side begins with ${squads} (squad 1, HS/crew 0.5)`,
          'scenario.invalid',
          true,
        );
      }
    }
    return {
      id: s.id,
      name: s.name ?? capitalised(s.id),
      nationality: s.nationality,
      elr: s.elr ?? getNationality(s.nationality).defaultELR,
      battlefieldIntegrity: s.battlefieldIntegrity,
      stacks,
      reinforcements,
      support,
      fire: s.fire,
      rout: { path, endAdjacent: s.rout.endAdjacent },
      victory: s.victory === undefined ? null : this.victory(s.victory),
    };
  }

  /** Profiles of the unit lines that resolved (for the squad-equivalents count). */
  private readonly profiles = new Map<UnitLine, UnitProfile>();

  private squadEquivalents(line: UnitLine): number {
    const p = this.profiles.get(line);
    return p === undefined ? 0 : p.kind === 'squad' ? 1 : p.kind === 'hs' || p.kind === 'crew' ? 0.5 : 0;
  }

  private stack(st: StackFile, at: Path, side: SideFile, names: Map<string, Path>): StackSpec {
    const seen = names.get(st.name);
    if (seen !== undefined) {
      this.problem([...at, 'name'], `duplicate stack name '${st.name}' (also ${formatFieldPath(seen)}); stack names must be unique within a side`);
    } else names.set(st.name, at);
    const units = st.units.map((u, i) => this.unitLine(u, [...at, 'units', i], side));
    const counters = units.reduce((n, line) => n + line.count, 0);
    if (counters > SCENARIO_LIMITS.unitsPerStack) this.problem([...at, 'units'], `${counters} counters in one stack; at most ${SCENARIO_LIMITS.unitsPerStack}`);
    return { name: st.name, terrain: st.terrain, units };
  }

  private unitLine(u: UnitLineFile, at: Path, side: SideFile): UnitLine {
    let id: string;
    let count = 1;
    let idPath = at;
    let overrides = {};
    let fanatic = false;
    if (typeof u === 'string') {
      const m = /^(.*?)\s+[xX](\d+)$/.exec(u.trim());
      id = m ? m[1] : u.trim();
      if (m) {
        count = Number(m[2]);
        if (count < 1 || count > MAX_UNIT_COUNT) this.problem(at, `count in '${u}': expected an integer in [1, ${MAX_UNIT_COUNT}], got ${m[2]}`);
      }
    } else {
      ({ id, count, overrides, fanatic } = u);
      idPath = [...at, 'id'];
    }
    let profile: UnitProfile | undefined;
    try {
      profile = getUnit(id, { defaultNationality: side.nationality });
      id = profile.id;
    } catch (e) {
      if (!isAslOddsError(e)) throw e;
      // A count pasted with the multiplication sign (`x3` typed as `×3` or `* 3`) says how to write it.
      const pasted = typeof u === 'string' ? /^(.*?)\s*[×*]\s*(\d+)$/.exec(u.trim()) : null;
      this.problem(idPath, pasted ? `${e.message}; write a count with the letter x, e.g. '${pasted[1]} x${pasted[2]}'` : e.message, 'scenario.unknownUnit');
    }
    if (profile !== undefined && Object.keys(overrides).length > 0) {
      try {
        withOverrides(profile, overrides);
      } catch (e) {
        if (!isAslOddsError(e)) throw e;
        const field = e.code.startsWith('input.') ? e.code.slice('input.'.length) : '';
        this.problem(field in overrides ? [...at, 'overrides', field] : [...at, 'overrides'], e.message);
      }
    }
    const line: UnitLine = { id, count, overrides, fanatic };
    if (profile !== undefined) this.profiles.set(line, profile);
    return line;
  }

  private victory(v: NonNullable<SideFile['victory']>): VictorySpec {
    const combine = v.any !== undefined ? 'any' : 'all';
    const list = v.any ?? v.all ?? [];
    return { combine, conditions: list.map((c) => this.condition(c)) };
  }

  private condition(c: VictoryConditionFile): VictoryCondition {
    const [key, value] = Object.entries(c).find(([, x]) => x !== undefined) as [keyof VictoryConditionFile, number];
    if ((VICTORY_AT_LEAST_KEYS as readonly string[]).includes(key)) {
      return { kind: key as (typeof VICTORY_AT_LEAST_KEYS)[number], atLeast: value };
    }
    return { kind: key as 'enemyELRAtMost' | 'enemyGoodOrderSquadsAtMost', atMost: value };
  }
}

// ---- entry points ---------------------------------------------------------------------------------

/**
 * Parses and validates a scenario file's text.
 * @param text the file's content: YAML, or JSON when `source` ends in `.json` (then it must also be
 *   valid JSON); a leading BOM is ignored.
 * @param source the file name, used in messages and for the format (`.json`: JSON; anything else,
 *   e.g. `.yaml`, `.yml`, `<stdin>`: YAML, of which JSON is a subset).
 * @returns the Scenario (types.ts): unit ids canonical catalog ids (`German/4-6-7` becomes
 *   `german/4-6-7`; an id without nationality takes the side's), routes normalised, every default
 *   filled.
 * @throws AslOddsError (exit 2), one line `<source>:<line>: <field path>: <problem>; <what is allowed>`,
 *   for the problem earliest in the file: `scenario.parse` (YAML or JSON syntax, duplicate keys),
 *   `scenario.invalid` (shape, range, cross-field rules, A16's ten squad-equivalents),
 *   `scenario.unknownUnit` (unit id not in the catalog, with the closest ids).
 * Cost: linear in the file, plus an edit-distance search for an unknown unit id.
 * @example parseScenario(text, 'x.yaml').sides[0].fire // { drm: 0, longRange: false, leaderDirects: true, activity: 1 }
 * @example parseScenario('title: x\n', 'x.yaml') // throws scenario.invalid:
 *   "x.yaml:1: turns: missing; expected an integer in [1, 15]" 
 */
export function parseScenario(text: string, source: string): Scenario {
  if (text.length > SCENARIO_LIMITS.fileBytes) {
    throw fail(source, undefined, 'scenario.invalid', `the file is larger than ${SCENARIO_LIMITS.fileBytes / 1024} KiB; a scenario file is at most ${SCENARIO_LIMITS.fileBytes / 1024} KiB`);
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = new LineCounter();
  const doc = parseDocument(body, { lineCounter: lines, prettyErrors: true });
  let data: unknown;
  if (formatOf(source) === 'json') {
    try {
      data = JSON.parse(body);
    } catch (e) {
      throw jsonSyntaxError(source, e, lines, body, doc);
    }
    // JSON.parse keeps the last of duplicate keys silently: report them. Other YAML complaints about
    // valid JSON (tabs) do not matter; the document is then only used for line numbers.
    const duplicate = doc.errors.find((e) => e.code === 'DUPLICATE_KEY');
    if (duplicate) throw fail(source, duplicate.linePos?.[0].line, 'scenario.parse', 'JSON syntax error: duplicate key (keys must be unique)');
  } else {
    if (doc.errors.length > 0) throw yamlSyntaxError(source, doc.errors[0]);
    try {
      data = doc.toJS();
    } catch (e) {
      throw fail(source, undefined, 'scenario.parse', `YAML error: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const locator = new Locator(doc, lines);
  if (data === null || data === undefined) {
    throw fail(source, undefined, 'scenario.invalid', 'empty file; expected a mapping with title, turns, movesFirst and sides (README "Scenario files")');
  }
  const tooLarge = sizeProblems(data);
  if (tooLarge.length > 0) throw firstProblem(source, locator, tooLarge);
  const parsed = ScenarioFileSchema.safeParse(data, { error: scenarioErrorMap });
  if (!parsed.success) {
    throw firstProblem(source, locator, schemaProblems(parsed.error.issues as unknown as ZodIssueLike[]));
  }
  const compiler = new Compiler(parsed.data);
  const scenario = compiler.compile();
  if (compiler.problems.length > 0) {
    // Ids first, then what is counted from them (A16's ten squad-equivalents).
    const direct = compiler.problems.filter((p) => !p.derived);
    throw firstProblem(source, locator, direct.length > 0 ? direct : compiler.problems);
  }
  return scenario;
}
