/**
 * Unit pickers in players' words: a field shows "Russian 4-4-7" (or "German MMG") where the URL, the
 * JSON and the command line keep the identifier `russian/4-4-7`. A player may type either; what is
 * typed is read back to identifiers here, and a list the page cannot read is left as typed (the
 * engine's error then names it).
 */
import { listUnits } from '../../src/counters/catalog.js';
import { NATIONALITIES } from '../../src/counters/types.js';
import { nationalityWords, unitWords } from '../../src/reports/glossary.js';

let known: Set<string> | undefined;
/** Every catalog id (lower case). */
function knownIds(): Set<string> {
  return (known ??= new Set(listUnits().map((u) => u.id.toLowerCase())));
}

const MG = /^(lmg|mmg|hmg)$/i;

/** One identifier in words: `russian/4-4-7` -> `Russian 4-4-7`, `german/mmg` -> `German MMG`; anything else as it is. */
export function idWords(id: string): string {
  const t = id.trim();
  const slash = t.indexOf('/');
  if (slash > 0 && MG.test(t.slice(slash + 1))) return `${nationalityWords(t.slice(0, slash))} ${t.slice(slash + 1).toUpperCase()}`;
  return knownIds().has(t.toLowerCase()) ? unitWords(t.toLowerCase()) : t;
}

/** A comma-separated list of identifiers in words (`german/9-1,german/4-6-7` -> `German 9-1, German 4-6-7`). */
export function idsText(value: string): string {
  if (value.trim() === '') return '';
  return value
    .split(',')
    .map((p) => idWords(p))
    .join(', ');
}

/** Nationalities by their words, longest first ("Axis Minor" before a one-word name). */
const BY_WORDS = [...NATIONALITIES].map((n) => [nationalityWords(n).toLowerCase(), n] as const).sort((a, b) => b[0].length - a[0].length);

/**
 * One unit as typed, words or identifier, as its identifier; undefined when it names no counter the
 * page knows (the catalog's units and the nationalities' MGs).
 * @example idOf('Russian 4-4-7') // 'russian/4-4-7'
 * @example idOf('german/mmg') // 'german/mmg'
 */
export function idOf(text: string): string | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  let id: string | undefined;
  if (t.includes('/')) id = t;
  else {
    const hit = BY_WORDS.find(([w]) => t.startsWith(`${w} `));
    if (hit) id = `${hit[1]}/${t.slice(hit[0].length + 1).replace(/^commissar /, 'commissar-')}`;
  }
  if (id === undefined) return undefined;
  if (knownIds().has(id)) return id;
  const slash = id.indexOf('/');
  return MG.test(id.slice(slash + 1)) && (NATIONALITIES as readonly string[]).includes(id.slice(0, slash)) ? id : undefined;
}

/**
 * A typed list of units as identifiers (`Russian 4-4-7, russian/8-1` -> `russian/4-4-7,russian/8-1`);
 * undefined when one of them names no counter (the list is then committed as typed).
 */
export function idsOf(text: string): string | undefined {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = parts.map(idOf);
  return ids.every((x) => x !== undefined) ? ids.join(',') : undefined;
}
