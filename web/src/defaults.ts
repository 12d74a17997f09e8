/**
 * What each calculator shows first: the calculator's own first example (calculators/*.ts), read as a
 * command line into fragment entries. The widgets each option gets and the options shown before
 * "More options".
 */
import type { OddsCalculator } from '../../src/calculators/calculator.js';
import { CALCULATORS } from '../../src/calculators/calculators.js';
import { CLASS_ORDER, NATIONALITIES } from '../../src/counters/types.js';
import { longName, takesValue } from '../../src/options/option-spec.js';
import { CHECK_LABELS } from '../../src/rules/check.js';
import { RALLY_TERRAIN } from '../../src/rules/rally.js';
import { TERRAIN_TEMS } from '../../src/counters/terrain-tem.js';
import { RULE_SET_IDS } from '../../src/rules/rule-set.js';
import { ROUT_FROM } from '../../src/queries/rout-query.js';
import type { Entry } from './fragment.js';

/** Splits a command line into words (single and double quotes, `#` comments). Never throws. */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(#.*$)|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m[3] !== undefined) break;
    words.push(m[1] ?? m[2] ?? m[4]);
  }
  return words;
}

/**
 * Entries of a command line after the command (`--unit x --broken` -> [['unit','x'], ['broken','true']]);
 * output options (`--json`, `--format`, ...) dropped. Never throws.
 */
export function entriesOfArgs(calc: OddsCalculator, words: readonly string[]): Entry[] {
  const out: Entry[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!w.startsWith('--')) continue;
    const name = w.slice(2);
    const spec = calc.options.find((s) => longName(s) === name);
    if (!spec) continue;
    if (takesValue(spec)) out.push([name, words[++i] ?? '']);
    else out.push([name, 'true']);
  }
  return out;
}

/** The default question of each calculator (its first example). */
export function defaultEntries(calc: OddsCalculator): Entry[] {
  return entriesOfArgs(calc, splitWords(calc.examples[0]).slice(1));
}

/** Choices of options whose values are a closed list (a select instead of a text field). */
export const CHOICES: Readonly<Record<string, readonly string[]>> = {
  check: CHECK_LABELS,
  terrain: RALLY_TERRAIN,
  'attack.terrain': TERRAIN_TEMS.map((t) => t.name),
  class: CLASS_ORDER,
  'firer-class': CLASS_ORDER,
  nationality: NATIONALITIES,
  'firer-nationality': NATIONALITIES,
  rules: RULE_SET_IDS,
  from: ROUT_FROM,
  ambush: ['attacker', 'defender'],
  mg: ['lmg', 'mmg', 'hmg', '50cal'],
  result: ['NMC', '1MC', '2MC', '3MC', '4MC', 'PTC', 'K/1', 'K/2', 'K/3', 'K/4', '1KIA', '2KIA', '3KIA', '4KIA', '5KIA', '6KIA', '7KIA'],
};

/** Options shown first on each calculator (the rest under "More options"). */
export const PRIMARY: Readonly<Record<string, readonly string[]>> = {
  mc: ['unit', 'check', 'drm', 'leader', 'broken', 'elr'],
  rally: ['unit', 'leader', 'self-rally', 'terrain', 'dm', 'drm'],
  attack: ['target', 'fp', 'drm', 'leader', 'range', 'terrain', 'advancing-fire', 'area-fire', 'result'],
  rout: ['unit', 'path', 'leader', 'drm', 'end-adjacent', 'low-crawl'],
  cc: ['attacker', 'defender', 'ambush', 'hand-to-hand', 'attacker-cx', 'defender-cx'],
  vehicle: ['mg', 'range', 'armor', 'unarmored', 'fp', 'th', 'tk'],
  recovery: ['cx', 'night', 'drm'],
  integrity: ['losses', 'leader', 'no-leader', 'elr', 'enemy-armor', 'enemy-air', 'friendly-armor', 'friendly-air', 'regain'],
};

/** Option names whose value is a counter id (a unit picker), and which kinds it lists. */
export const UNIT_PICKERS: Readonly<Record<string, 'any' | 'leader' | 'mmc'>> = {
  unit: 'any',
  leader: 'leader',
  firer: 'any',
  attacker: 'any',
  defender: 'any',
};

export { CALCULATORS };
