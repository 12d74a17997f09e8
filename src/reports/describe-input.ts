/**
 * The resolved input of an odds run as one short line for players, the `Input:` line of the tables:
 * `unit German 4-6-7 (ML 7, broken 7), check 1MC, leader German 8-1 (-1), total DRM 0, ELR 3,
 * Known enemy in LOS`.
 *
 * Counters print as the counter reads (`German 4-6-7`; their ids are in the JSON) with their Morale Levels (never the whole catalog row with its source);
 * scalars print as themselves; `false` flags, zero "other DRM", empty lists and objects without an id
 * are left out; the rule settings print only where they differ from the rule set's defaults
 * (`setting casualtyMCAlsoReplaces=false`). The full input stays in the JSON result.
 */
import { RULE_SETS, type RuleSet } from '../rules/rule-set.js';
import type { OddsResult } from '../result.js';
import { idsInWords, inputKeyWords, settingWords } from './glossary.js';
import { signedDRM } from '../rules/drm.js';

/** Marker words as players write them (unit-state markers, A7.7, A10.8, A19.12, A15.4). */
const MARKER_WORDS: Readonly<Record<string, string>> = {
  broken: 'broken',
  pinned: 'pinned',
  berserk: 'berserk',
  fanatic: 'Fanatic',
  disrupted: 'Disrupted',
  wounded: 'wounded',
  encircled: 'Encircled',
  dm: 'DM',
};

/** Flags of the morale situation, by key, as words (printed when true). */
const FLAG_WORDS: Readonly<Record<string, string>> = {
  adjacentEnemy: 'Known enemy ADJACENT',
  pillbox: 'in a Pillbox',
  vsRussians: 'vs Russians',
  noQuarter: 'No Quarter',
  selfRally: 'Self-Rally',
  dm: 'DM',
};

/**
 * The input of an odds result as a short, readable list for players.
 *
 * Known keys of the morale commands get their game wording (`unit` with `(ML x, broken y)`,
 * `markers`, `currentML` only when a marker changes it, `check`, `leaders` with the applied
 * `leadershipDRM`, `drm` as `other DRM` when not 0, `totalDRM`, `elr` as `ELR`, `knownEnemyInLOS`, the
 * situation flags, `settings`, `mf`, `kind` as its value alone); any other key prints as its spelt-out
 * name and value (`losses 1`, `best leader DRM -1`, `end adjacent`), an object with an `id` as its id.
 * Values of `...DRM` keys carry their sign (`+1`, `0`, `-2`). The same phrase is never printed twice
 * (the `DM` marker and the `dm` flag).
 * Cost: O(size of the input).
 * @param result an odds result; `ruleSet` names the rule set whose default settings are left out (for an
 *   unknown rule-set id no setting is printed)
 * @returns the items joined by `, `; an empty string when nothing is worth printing. Never throws.
 * @example describeInputLine({ ruleSet: '2nd-edition', input: { unit: { id: 'german/4-6-7', ml: 7, brokenML: 7 }, check: '1MC', leaders: ['german/8-1'], leadershipDRM: -1, totalDRM: 0, elr: 3, knownEnemyInLOS: true } })
 *   // 'unit German 4-6-7 (ML 7, broken 7), check 1MC, leader German 8-1 (-1), total DRM 0, ELR 3, Known enemy in LOS'
 */
export function describeInputLine(result: Pick<OddsResult, 'input' | 'ruleSet'>): string {
  const input = result.input;
  const items: string[] = [];
  const add = (item: string): void => {
    if (item !== '' && !items.includes(item)) items.push(item);
  };
  const markers = Array.isArray(input.markers) ? input.markers.map(String) : [];
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined || value === '' || (value === false && key !== 'knownEnemyInLOS')) continue;
    switch (key) {
      case 'unit':
        add(`unit ${describeCounter(value, true)}`);
        break;
      case 'leader':
        add(`leader ${describeCounter(value, false)}`);
        break;
      case 'markers':
        for (const m of markers) add(MARKER_WORDS[m] ?? m);
        break;
      case 'currentML': {
        const printed = printedML(input.unit, markers.includes('broken'));
        if (printed === undefined || printed !== value) add(`current ML ${String(value)}`);
        break;
      }
      case 'leaders': {
        if (!Array.isArray(value) || value.length === 0) break;
        const ids = value.map((v) => idOf(v) ?? String(v)).join(' + ');
        const drm = typeof input.leadershipDRM === 'number' ? ` (${signed(input.leadershipDRM)})` : '';
        add(`${value.length === 1 ? 'leader' : 'leaders'} ${ids}${drm}`);
        break;
      }
      case 'leadershipDRM':
        // Printed with the leaders; alone only when it is not 0.
        if (!(Array.isArray(input.leaders) && input.leaders.length > 0) && value !== 0) add(`leadership DRM ${signed(value)}`);
        break;
      case 'drm':
        if (value !== 0) add(`other DRM ${signed(value)}`);
        break;
      case 'ml':
        add(`ML ${String(value)}`);
        break;
      case 'brokenML':
        add(`broken ML ${String(value)}`);
        break;
      case 'elr':
        add(`ELR ${String(value)}`);
        break;
      case 'mf':
        add(`MF ${String(value)}`);
        break;
      case 'kind':
        add(String(value));
        break;
      case 'knownEnemyInLOS':
        add(value === true ? 'Known enemy in LOS' : 'no Known enemy in LOS');
        break;
      case 'settings':
        for (const s of changedSettings(value, result.ruleSet)) add(s);
        break;
      case 'sources':
      case 'placeholders':
        // `vehicle`: each number's source stays in the JSON; the summary's notes name the placeholders.
        break;
      default:
        add(describeOther(key, value));
    }
  }
  // counters as they read (`German 4-6-7`); the ids stay in the JSON and CSV
  return idsInWords(items.join(', '));
}

/** `german/4-6-7 (ML 7, broken 7)` for a resolved unit, `german/8-1 (-1)` for a leader; a string as is. */
function describeCounter(value: unknown, withML: boolean): string {
  const id = idOf(value);
  if (id === undefined) return typeof value === 'object' ? '' : String(value);
  const c = value as { ml?: unknown; brokenML?: unknown; leadershipDRM?: unknown };
  const parts: string[] = [];
  if (withML && typeof c.ml === 'number') parts.push(`ML ${c.ml}`);
  if (withML && typeof c.brokenML === 'number') parts.push(typeof c.ml === 'number' ? `broken ${c.brokenML}` : `broken ML ${c.brokenML}`);
  if (!withML && typeof c.leadershipDRM === 'number') parts.push(signed(c.leadershipDRM));
  return parts.length ? `${id} (${parts.join(', ')})` : id;
}

/** The ML printed on the side of the counter the unit shows, when the input says. */
function printedML(unit: unknown, broken: boolean): number | undefined {
  if (typeof unit !== 'object' || unit === null) return undefined;
  const v = broken ? (unit as { brokenML?: unknown }).brokenML : (unit as { ml?: unknown }).ml;
  return typeof v === 'number' ? v : undefined;
}

/** `setting name=value` for every setting that differs from the rule set's default. */
function changedSettings(value: unknown, ruleSet: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const known = (RULE_SETS as Readonly<Record<string, RuleSet | undefined>>)[ruleSet];
  const defaults = known?.settings as Readonly<Record<string, unknown>> | undefined;
  if (defaults === undefined) return [];
  return Object.entries(value)
    .filter(([name, v]) => v !== defaults[name])
    .map(([name, v]) => settingWords(name, v));
}

/** Any other key: a flag as words, a scalar as `name value`, a list of ids, a counter by its id. */
function describeOther(key: string, value: unknown): string {
  const spellOut = inputKeyWords;
  if (value === true) return FLAG_WORDS[key] ?? spellOut(key);
  if (typeof value === 'number') return `${spellOut(key)} ${/drm$/i.test(key) ? signed(value) : String(value)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    return `${spellOut(key)} ${value.map((v) => idOf(v) ?? (typeof v === 'object' ? '' : String(v))).filter(Boolean).join(' + ')}`;
  }
  if (typeof value === 'object' && value !== null) {
    const id = idOf(value);
    return id === undefined ? '' : `${spellOut(key)} ${id}`;
  }
  return `${spellOut(key)} ${String(value)}`;
}

function idOf(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const id = (v as { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}

/** `+1`, `0`, `-2` (rules/drm.ts); a non-number as is. */
function signed(v: unknown): string {
  return typeof v === 'number' ? signedDRM(v) : String(v);
}
