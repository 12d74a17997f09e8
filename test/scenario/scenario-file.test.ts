/**
 * Scenario files (README "Scenario files"): the shipped examples, defaults, one test per kind of error
 * (code, field path and line), the committed JSON Schema, JSON and YAML twins.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse as parseYAML } from 'yaml';
import { isAslOddsError } from '../../src/errors.js';
import { loadScenarioFile } from '../../src/io/load-scenario.js';
import { parseScenario } from '../../src/scenario/scenario-file.js';
import { SCENARIO_SCHEMA_FILE, scenarioJSONSchemaText } from '../../src/scenario/scenario-schema.js';

const EXAMPLES = ['stalingrad-factory-1942', 'hurtgen-1944', 'tobruk-desert-1941', 'tobruk-break-in-1941'].map((n) => `scenarios/${n}.yaml`);

/** The AslOddsError `fn` throws: code, and the message split into file, line, field path and text. */
function errorOf(fn: () => unknown): { code: string; exitCode: number; line: number | undefined; field: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (!isAslOddsError(e)) throw e;
    const m = /^x\.(?:yaml|json)(?::(\d+))?: (.*)$/.exec(e.message);
    if (m === null) throw new Error(`unexpected message format: ${e.message}`);
    const rest = m[2];
    const colon = rest.includes(': ') ? rest.indexOf(': ') : rest.length;
    expect(e.message).not.toContain('\n');
    return { code: e.code, exitCode: e.exitCode, line: m[1] === undefined ? undefined : Number(m[1]), field: rest.slice(0, colon), message: e.message };
  }
  throw new Error('expected an error');
}

/** A minimal valid file; `russian` is the second side's body (indented 4), `top` extra top-level lines. */
function file(russian: string, top = ''): string {
  return `title: t
turns: 6
movesFirst: german
${top}sides:
  - id: german
    nationality: german
    stacks:
      - name: a
        terrain: open
        units: [ "german/4-6-7 x3", german/9-1 ]
    victory: { any: [ { casualtyBPVInflicted: 10 } ] }
  - id: russian
    nationality: russian
${russian}`;
}
// Line numbers in `file`: 1 title, 2 turns, 3 movesFirst, then `top`; with no `top`: 4 sides, 12 - id:
// russian, 13 nationality, 14 = first line of `russian`.
const STACK = `    stacks:
      - name: b
        terrain: building
        units: [ russian/4-4-7 ]
`;

describe('the shipped examples', () => {
  for (const path of EXAMPLES) {
    it(`${path} parses, both sides with ten or more squad-equivalents under Battlefield Integrity`, async () => {
      const s = await loadScenarioFile(path);
      expect(s.title.length).toBeGreaterThan(0);
      expect(s.description).toMatch(/plausible, not a published scenario/);
      expect(s.sides.map((x) => x.id)).toContain(s.movesFirst);
      expect(s.sides.some((x) => x.victory !== null)).toBe(true);
    });
  }

  it('stalingrad: Russians in stone buildings, Battlefield Integrity for both, German air support turns 1-2', async () => {
    const s = await loadScenarioFile(EXAMPLES[0]);
    expect(s.turns).toBe(6);
    const [german, russian] = s.sides;
    expect(german.battlefieldIntegrity && russian.battlefieldIntegrity).toBe(true);
    expect(russian.stacks.filter((x) => x.terrain === 'stone-building').length).toBeGreaterThanOrEqual(2);
    expect(german.support).toEqual([{ fromTurn: 1, untilTurn: 2, armor: false, air: true }]);
    expect(german.reinforcements[0].turn).toBe(3);
    expect(russian.stacks[2].units[0]).toEqual({ id: 'russian/4-2-6', count: 4, overrides: {}, fanatic: true });
    expect(german.victory).toEqual({
      combine: 'any',
      conditions: [
        { kind: 'casualtyBPVInflicted', atLeast: 50 },
        { kind: 'enemyGoodOrderSquadsAtMost', atMost: 4 },
      ],
    });
  });

  it('tobruk: G.I. Anvil rules, a setting, an override', async () => {
    const s = await loadScenarioFile(EXAMPLES[2]);
    expect(s.rules).toBe('gi-anvil');
    expect(s.settings).toEqual({ integrityNoLeaderDRM: '1' });
    expect(s.sides[1].stacks[3].units[0]).toEqual({ id: 'italian/4-4-7', count: 1, overrides: { ml: 8 }, fanatic: false });
  });

  it('validate against the committed JSON Schema', () => {
    const schema = JSON.parse(readFileSync(SCENARIO_SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    for (const path of EXAMPLES) {
      const ok = validate(parseYAML(readFileSync(path, 'utf8')));
      expect(validate.errors ?? [], path).toEqual([]);
      expect(ok).toBe(true);
    }
  });
});

describe('defaults', () => {
  it('fills every default of the file format', () => {
    const s = parseScenario(file(STACK), 'x.yaml');
    expect(s.rules).toBe('2nd-edition');
    expect(s.settings).toEqual({});
    expect(s.description).toBe('');
    const russian = s.sides[1];
    expect(russian.name).toBe('Russian');
    expect(russian.elr).toBe(3);
    expect(russian.battlefieldIntegrity).toBe(false);
    expect(russian.reinforcements).toEqual([]);
    expect(russian.support).toEqual([]);
    expect(russian.fire).toEqual({ drm: 0, longRange: false, leaderDirects: true, activity: 1 });
    expect(russian.rout).toEqual({ path: 'clear', endAdjacent: false });
    expect(russian.victory).toBeNull();
    expect(s.sides[0].stacks[0].units).toEqual([
      { id: 'german/4-6-7', count: 3, overrides: {}, fanatic: false },
      { id: 'german/9-1', count: 1, overrides: {}, fanatic: false },
    ]);
  });

  it('partisans default to ELR 5; an id without nationality takes the side\'s; ids become canonical', () => {
    const s = parseScenario(file(STACK).replace('nationality: russian', 'nationality: partisan').replace('russian/4-4-7', '"3-3-7 x2"'), 'x.yaml');
    expect(s.sides[1].elr).toBe(5);
    expect(s.sides[1].stacks[0].units[0]).toMatchObject({ id: 'partisan/3-3-7', count: 2 });
    const t = parseScenario(file(STACK.replace('russian/4-4-7', '"Russian 4-4-7"')), 'x.yaml');
    expect(t.sides[1].stacks[0].units[0].id).toBe('russian/4-4-7');
  });

  it("support 'until' defaults to the last turn; routes are normalised", () => {
    const s = parseScenario(file(`${STACK}    support: [ { from: 2, armor: true } ]\n    rout: { path: " Open , CLEAR:2 " }\n`), 'x.yaml');
    expect(s.sides[1].support).toEqual([{ fromTurn: 2, untilTurn: 6, armor: true, air: false }]);
    expect(s.sides[1].rout.path).toBe('open,clear:2');
  });
});

describe('errors: one line with code, field path and line (exit 2)', () => {
  const cases: { name: string; text: string; code: string; line: number; field: string; says?: RegExp }[] = [
    {
      name: 'unknown unit (shorthand), with the closest ids',
      text: file(STACK.replace('russian/4-4-7', 'russian/4-4-7, "russian/4-4-8 x2"')),
      code: 'scenario.unknownUnit',
      line: 17,
      field: 'sides[1].stacks[0].units[1]',
      says: /unknown unit 'russian\/4-4-8'; closest: .*russian\/4-4-7/,
    },
    {
      name: 'unknown unit (mapping)',
      text: file(STACK.replace('units: [ russian/4-4-7 ]', 'units:\n          - russian/4-4-7\n          - { id: russian/4-4-8, count: 2 }')),
      code: 'scenario.unknownUnit',
      line: 19,
      field: 'sides[1].stacks[0].units[1].id',
    },
    { name: 'ELR out of range', text: file(`    elr: 7\n${STACK}`), code: 'scenario.invalid', line: 14, field: 'sides[1].elr', says: /expected an integer in \[0, 5\], got 7$/ },
    {
      name: 'unknown field (a typo)',
      text: file(`    battlefieldIntegrty: true\n${STACK}`),
      code: 'scenario.invalid',
      line: 14,
      field: 'sides[1].battlefieldIntegrty',
      says: /unknown field; allowed: .*battlefieldIntegrity/,
    },
    { name: 'missing field: the mapping that lacks it', text: file(STACK).replace('    nationality: russian\n', ''), code: 'scenario.invalid', line: 12, field: 'sides[1].nationality', says: /missing; expected one of german, russian/ },
    { name: 'terrain not allowed', text: file(STACK.replace('building', 'bunker')), code: 'scenario.invalid', line: 16, field: 'sides[1].stacks[0].terrain', says: /expected one of open, woods, building, stone-building, pillbox, trench, got 'bunker'/ },
    { name: 'shorthand count', text: file(STACK.replace('russian/4-4-7', '"russian/4-4-7 x40"')), code: 'scenario.invalid', line: 17, field: 'sides[1].stacks[0].units[0]', says: /\[1, 30\], got 40/ },
    { name: 'unit neither string nor mapping', text: file(STACK.replace('russian/4-4-7', '447')), code: 'scenario.invalid', line: 17, field: 'sides[1].stacks[0].units[0]', says: /got 447$/ },
    { name: 'override out of range', text: file(STACK.replace('russian/4-4-7', '{ id: russian/4-4-7, overrides: { ml: 12 } }')), code: 'scenario.invalid', line: 17, field: 'sides[1].stacks[0].units[0].overrides.ml' },
    { name: 'override not allowed for the counter', text: file(STACK.replace('russian/4-4-7', '{ id: russian/4-4-7, overrides: { leadershipDRM: -1 } }')), code: 'scenario.invalid', line: 17, field: 'sides[1].stacks[0].units[0].overrides.leadershipDRM' },
    { name: 'duplicate stack name', text: file(STACK + STACK.replace('    stacks:\n', '')), code: 'scenario.invalid', line: 18, field: 'sides[1].stacks[1].name', says: /duplicate stack name 'b'/ },
    { name: 'duplicate side id', text: file(STACK).replace('id: russian', 'id: german'), code: 'scenario.invalid', line: 12, field: 'sides[1].id' },
    { name: 'side id format', text: file(STACK).replace('id: russian', 'id: Russian'), code: 'scenario.invalid', line: 12, field: 'sides[1].id' },
    { name: 'movesFirst not a side', text: file(STACK).replace('movesFirst: german', 'movesFirst: finnish'), code: 'scenario.invalid', line: 3, field: 'movesFirst', says: /expected a side id: german or russian, got 'finnish'/ },
    { name: 'three sides', text: file(STACK + STACK.replace('    stacks:', '  - id: finnish\n    nationality: finnish\n    stacks:')), code: 'scenario.invalid', line: 4, field: 'sides', says: /exactly 2 sides, got 3/ },
    {
      name: 'reinforcement turn after the last turn',
      text: file(`${STACK}    reinforcements:\n      - turn: 8\n        stacks: [ { name: c, terrain: open, units: [ russian/4-4-7 ] } ]\n`),
      code: 'scenario.invalid',
      line: 19,
      field: 'sides[1].reinforcements[0].turn',
      says: /expected an integer in \[1, 6\] \(the scenario's turns\), got 8/,
    },
    { name: 'support until before from', text: file(`${STACK}    support: [ { from: 3, until: 2, armor: true } ]\n`), code: 'scenario.invalid', line: 18, field: 'sides[1].support[0].until' },
    { name: 'support of nothing', text: file(`${STACK}    support: [ { from: 3 } ]\n`), code: 'scenario.invalid', line: 18, field: 'sides[1].support[0]' },
    {
      name: 'victory condition with two keys',
      text: file(`${STACK}    victory: { all: [ { enemyELRAtMost: 1, unitsEliminated: 3 } ] }\n`),
      code: 'scenario.invalid',
      line: 18,
      field: 'sides[1].victory.all[0]',
      says: /expected exactly one of casualtyBPVInflicted, .*, got 2 keys/,
    },
    { name: 'victory condition unknown', text: file(`${STACK}    victory: { all: [ { enemyELR: 1 } ] }\n`), code: 'scenario.invalid', line: 18, field: 'sides[1].victory.all[0].enemyELR' },
    { name: 'victory with any and all', text: file(`${STACK}    victory: { all: [ { enemyELRAtMost: 1 } ], any: [ { enemyELRAtMost: 1 } ] }\n`), code: 'scenario.invalid', line: 18, field: 'sides[1].victory' },
    { name: 'squad-equivalents in halves', text: file(`${STACK}    victory: { any: [ { goodOrderSquadsLeft: 2.3 } ] }\n`), code: 'scenario.invalid', line: 18, field: 'sides[1].victory.any[0].goodOrderSquadsLeft' },
    { name: 'no side has victory conditions', text: file(STACK).replace('    victory: { any: [ { casualtyBPVInflicted: 10 } ] }\n', ''), code: 'scenario.invalid', line: 4, field: 'sides' },
    { name: 'route syntax', text: file(`${STACK}    rout: { path: "open,swamp" }\n`), code: 'scenario.invalid', line: 18, field: 'sides[1].rout.path', says: /unknown hex 'swamp' at position 2; allowed: open or clear/ },
    { name: 'route over 6 MF (A10.5)', text: file(`${STACK}    rout: { path: "open:4,clear:4" }\n`), code: 'scenario.invalid', line: 18, field: 'sides[1].rout.path', says: /costs 8 MF/ },
    {
      name: 'Battlefield Integrity under ten squad-equivalents (A16)',
      text: file(`    battlefieldIntegrity: true\n${STACK.replace('russian/4-4-7', '"russian/4-4-7 x9", russian/2-3-7, russian/9-1')}`),
      code: 'scenario.invalid',
      line: 14,
      field: 'sides[1].battlefieldIntegrity',
      says: /fewer than ten squad-equivalents \(A16\); this side begins with 9\.5/,
    },
    { name: 'unknown setting', text: file(STACK, 'settings: { japaneseHoB: 3 }\n'), code: 'scenario.invalid', line: 4, field: 'settings.japaneseHoB', says: /allowed: japaneseHoBDRM/ },
    { name: 'setting value (getRuleSet)', text: file(STACK, 'settings: { woundedSMCReduction: kill }\n'), code: 'scenario.invalid', line: 4, field: 'settings.woundedSMCReduction', says: /expected one of eliminate, severity, got 'kill'/ },
    { name: 'rule set', text: file(STACK, 'rules: gia\n'), code: 'scenario.invalid', line: 4, field: 'rules', says: /expected one of 2nd-edition, gi-anvil, got 'gia'/ },
    { name: 'missing top-level field', text: file(STACK).replace('turns: 6\n', ''), code: 'scenario.invalid', line: 1, field: 'turns', says: /missing; expected an integer in \[1, 15\]/ },
    { name: 'the first problem in the file wins (not the first in schema order)', text: `${file(`    elr: 9\n${STACK.replace('building', 'bunker')}`)}rules: gia\n`, code: 'scenario.invalid', line: 14, field: 'sides[1].elr' },
    { name: 'catalog and cross-field checks: the first in the file', text: file(STACK.replace('russian/4-4-7', 'russian/4-4-8')).replace('movesFirst: german', 'movesFirst: x'), code: 'scenario.invalid', line: 3, field: 'movesFirst' },
    { name: 'YAML syntax', text: file(STACK.replace('russian/4-4-7 ]', 'russian/4-4-7')), code: 'scenario.parse', line: 18, field: 'YAML syntax error' },
    { name: 'YAML duplicate key', text: file(`    elr: 2\n    elr: 3\n${STACK}`), code: 'scenario.parse', line: 15, field: 'YAML syntax error', says: /Map keys must be unique/ },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const e = errorOf(() => parseScenario(c.text, 'x.yaml'));
      expect({ code: e.code, line: e.line, field: e.field }).toEqual({ code: c.code, line: c.line, field: c.field });
      expect(e.exitCode).toBe(2);
      if (c.says) expect(e.message).toMatch(c.says);
    });
  }

  it('an empty file', () => {
    const e = errorOf(() => parseScenario('', 'x.yaml'));
    expect(e).toMatchObject({ code: 'scenario.invalid', line: undefined });
    expect(e.message).toBe('x.yaml: empty file; expected a mapping with title, turns, movesFirst and sides (README "Scenario files")');
  });

  it('JSON syntax, with its line', () => {
    expect(errorOf(() => parseScenario('{\n  "title": "t",\n  "turns": 6,,\n}', 'x.json'))).toMatchObject({ code: 'scenario.parse', line: 3, field: 'JSON syntax error' });
    expect(errorOf(() => parseScenario('{\n  "title": "t"\n', 'x.json'))).toMatchObject({ code: 'scenario.parse', field: 'JSON syntax error' });
  });

  it('JSON duplicate keys (which JSON.parse accepts silently)', () => {
    expect(errorOf(() => parseScenario('{\n  "title": "t",\n  "title": "u"\n}', 'x.json'))).toMatchObject({ code: 'scenario.parse', line: 3 });
  });

  it('JSON schema errors name the line too', () => {
    const json = JSON.stringify(parseYAML(file(`    elr: 7\n${STACK}`)), null, 2);
    const e = errorOf(() => parseScenario(json, 'x.json'));
    expect(e).toMatchObject({ code: 'scenario.invalid', field: 'sides[1].elr' });
    expect(json.split('\n')[e.line! - 1]).toContain('"elr": 7');
  });

  it('unreadable files and wrong extensions: scenario.read', async () => {
    await expect(loadScenarioFile('scenarios/no-such-file.yaml')).rejects.toMatchObject({ code: 'scenario.read', exitCode: 2 });
    await expect(loadScenarioFile('README.md')).rejects.toMatchObject({ code: 'scenario.read' });
    await expect(loadScenarioFile('scenarios')).rejects.toMatchObject({ code: 'scenario.read' });
  });
});

describe('JSON Schema and JSON twins', () => {
  it(`the committed ${SCENARIO_SCHEMA_FILE} equals the one generated from the zod schema (regenerate: npm run write-schema)`, () => {
    expect(readFileSync(SCENARIO_SCHEMA_FILE, 'utf8')).toBe(scenarioJSONSchemaText());
  });

  it('a JSON scenario parses the same as its YAML twin', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-scenario-'));
    try {
      for (const path of EXAMPLES) {
        const jsonPath = join(dir, 'twin.json');
        await writeFile(jsonPath, JSON.stringify(parseYAML(readFileSync(path, 'utf8')), null, 2));
        expect(await loadScenarioFile(jsonPath)).toEqual(await loadScenarioFile(path));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a hand-written JSON file with $schema equals its YAML twin', () => {
    const json = `{
  "$schema": "./scenario.schema.json",
  "title": "t", "turns": 6, "movesFirst": "german",
  "sides": [
    { "id": "german", "nationality": "german",
      "stacks": [ { "name": "a", "terrain": "open", "units": [ "german/4-6-7 x3", "german/9-1" ] } ],
      "victory": { "any": [ { "casualtyBPVInflicted": 10 } ] } },
    { "id": "russian", "nationality": "russian",
      "stacks": [ { "name": "b", "terrain": "building", "units": [ "russian/4-4-7" ] } ] }
  ]
}`;
    expect(parseScenario(json, 'x.json')).toEqual(parseScenario(file(STACK), 'x.yaml'));
  });
});
