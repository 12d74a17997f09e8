/**
 * Sensitivity sweeps (`--sweep <path>=<values>`): the same scenario run once per value of one numeric
 * or flag field, with the same seed, for the designer's sensitivity table.
 *
 * A path names a field of the scenario with side ids in place of indexes:
 * `sides.german.elr`, `sides.russian.battlefieldIntegrity`, `sides.german.fire.drm`, `turns`,
 * `sides.german.stacks.0.units.1.count`.
 */
import { inputError, isAslOddsError } from '../errors.js';
import { RULE_SETS } from '../rules/rule-set.js';
import { parseScenario } from './scenario-file.js';
import type { Scenario, VictoryCondition } from './types.js';

/** A parsed sweep. */
export interface Sweep {
  /** The path as typed. */
  readonly path: string;
  readonly values: readonly (number | boolean)[];
}

/**
 * Parses `path=v1,v2,...` (numbers, or true/false).
 * @throws AslOddsError `input.sweep` naming what is wrong
 * @example parseSweep('sides.german.elr=2,3,4') // { path: 'sides.german.elr', values: [2, 3, 4] }
 */
export function parseSweep(text: string): Sweep {
  const m = /^([A-Za-z0-9_.-]+)=(.+)$/.exec(text.trim());
  if (!m) throw inputError('input.sweep', `--sweep: expected <path>=<v1,v2,...>, e.g. sides.german.elr=2,3,4; got '${text}'`);
  const values = m[2].split(',').map((v) => {
    const t = v.trim();
    if (t === 'true' || t === 'false') return t === 'true';
    const n = Number(t);
    if (t === '' || !Number.isFinite(n)) throw inputError('input.sweep', `--sweep ${m[1]}: '${t}' is not a number or true/false`);
    return n;
  });
  return { path: m[1], values };
}

/**
 * The field at `path` in `root`, walked through own fields only: a list's item by its `id` or its
 * index (never a list's `length` nor an inherited name such as `__proto__` or `constructor`).
 * @param option the option's name for messages, e.g. `--balance`
 * @returns the object holding the field and the field's name
 * @throws AslOddsError `input.sweep` naming the option, the path, the part that does not exist and
 *   what exists there (and `sides.<path>` when the path starts with a side id)
 */
function fieldAt(root: Record<string, unknown>, path: string, option: string): { holder: Record<string | number, unknown>; key: string | number } {
  const parts = path.split('.');
  let node: unknown = root;
  let holder: Record<string | number, unknown> = root;
  let key: string | number = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const where = i === 0 ? 'at the top of the scenario' : `in ${parts.slice(0, i).join('.')}`;
    if (node === null || typeof node !== 'object') throw inputError('input.sweep', `${option} ${path}: ${parts.slice(0, i).join('.')} is a value, not a group of fields`);
    let found: string | number | undefined;
    let here: string;
    if (Array.isArray(node)) {
      const ids = node.map((x) => (x as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string');
      const byId = node.findIndex((x) => (x as { id?: unknown })?.id === part);
      found = byId >= 0 ? byId : /^(0|[1-9]\d*)$/.test(part) && Number(part) < node.length ? Number(part) : undefined;
      here = ids.length > 0 ? `a side id (${ids.join(', ')})` : `an index 0 to ${node.length - 1}`;
    } else {
      found = Object.hasOwn(node, part) ? part : undefined;
      here = `one of ${Object.keys(node).join(', ')}`;
    }
    if (found === undefined) {
      const sides = (root.sides as readonly { id?: unknown }[] | undefined)?.map((x) => x?.id) ?? [];
      const hint = i === 0 && sides.includes(part) ? `; did you mean sides.${path}?` : `; expected ${here}`;
      throw inputError('input.sweep', `${option} ${path}: no '${part}' ${where}${hint}`);
    }
    holder = node as Record<string | number, unknown>;
    key = found;
    node = holder[key];
  }
  return { holder, key };
}

/**
 * The number or flag at `path` (a side id in place of its index: `sides.german.elr`).
 * @param option the option's name for messages, e.g. `--balance`
 * @throws AslOddsError `input.sweep` when the path does not name an existing number or flag
 * @example currentValue(scenario, 'sides.german.elr', '--sweep') // 3
 */
export function currentValue(scenario: Scenario, path: string, option = '--sweep'): number | boolean {
  const { holder, key } = fieldAt(scenario as unknown as Record<string, unknown>, path, option);
  const current = holder[key];
  if (typeof current !== 'number' && typeof current !== 'boolean') {
    throw inputError('input.sweep', `${option} ${path}: not a number or flag field of the scenario (e.g. sides.<side>.elr, sides.<side>.fire.drm, turns)`);
  }
  return current;
}

/**
 * The scenario with the field at `path` set to `value` (a deep copy; the input is unchanged).
 * @param option the option's name for messages, e.g. `--balance`
 * @throws AslOddsError `input.sweep` when the path does not name an existing number or flag, or the
 * value's type differs from the field's
 */
export function applySweep(scenario: Scenario, path: string, value: number | boolean, option = '--sweep'): Scenario {
  const current = currentValue(scenario, path, option);
  if (typeof current !== typeof value) throw inputError('input.sweep', `${option} ${path}: the field is a ${typeof current}, got ${JSON.stringify(value)}`);
  const copy = structuredClone(scenario) as unknown as Record<string, unknown>;
  const { holder, key } = fieldAt(copy, path, option);
  holder[key] = value;
  return copy as unknown as Scenario;
}

/**
 * The scenario as file data (the shape scenario files have: victory as `{ any | all: [{ key: value }] }`,
 * support as `{ from, until }`, unit lines as mappings), for validating a changed scenario with the
 * same schema and checks as a file. Never throws.
 */
export function scenarioFileData(s: Scenario): Record<string, unknown> {
  return {
    title: s.title,
    description: s.description,
    rules: s.rules,
    settings: Object.fromEntries(Object.entries(s.settings).map(([name, v]) => [name, settingData(name, v)])),
    turns: s.turns,
    movesFirst: s.movesFirst,
    sides: s.sides.map((side) => ({
      id: side.id,
      name: side.name,
      nationality: side.nationality,
      elr: side.elr,
      battlefieldIntegrity: side.battlefieldIntegrity,
      stacks: side.stacks.map(stackData),
      reinforcements: side.reinforcements.map((r) => ({ turn: r.turn, stacks: r.stacks.map(stackData) })),
      support: side.support.map((p) => ({ from: p.fromTurn, until: p.untilTurn, armor: p.armor, air: p.air })),
      fire: side.fire,
      rout: side.rout,
      ...(side.victory ? { victory: { [side.victory.combine]: side.victory.conditions.map(conditionData) } } : {}),
    })),
  };
}

/** A setting as the file holds it: the type of the rule set's default (the Scenario keeps strings). */
function settingData(name: string, v: string): string | number | boolean {
  const d = (RULE_SETS['2nd-edition'].settings as unknown as Record<string, unknown>)[name];
  if (typeof d === 'boolean') return v === 'true';
  if (typeof d === 'number') return Number(v);
  return v;
}

function stackData(st: Scenario['sides'][number]['stacks'][number]): Record<string, unknown> {
  return { name: st.name, terrain: st.terrain, units: st.units.map((u) => ({ id: u.id, count: u.count, overrides: u.overrides, fanatic: u.fanatic })) };
}

function conditionData(c: VictoryCondition): Record<string, number> {
  return { [c.kind]: 'atLeast' in c ? c.atLeast : c.atMost };
}

/**
 * {@link applySweep}, then the result checked with the scenario file's schema and checks (a value a
 * file could not hold is refused: ELR 7, a reinforcement turn past the last turn, activity 0, ...).
 * @param option the option's name for messages, e.g. `--balance`
 * @throws AslOddsError `input.sweep` naming the option, path, value and what is allowed
 */
export function sweepVariant(scenario: Scenario, path: string, value: number | boolean, option = '--sweep'): Scenario {
  const changed = applySweep(scenario, path, value, option);
  try {
    return parseScenario(JSON.stringify(scenarioFileData(changed)), `${path}=${value}.json`);
  } catch (e) {
    if (!isAslOddsError(e)) throw e;
    const why = e.message.replace(/^[^:]*\.json(:\d+)?: /, '');
    throw inputError('input.sweep', `${option} ${path}=${value}: ${why}`);
  }
}
