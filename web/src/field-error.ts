/**
 * Which field of the form an error is about, so that the page can show it beside that field (a shared
 * link with a typo opens with the value in its field and the error under it, to be corrected in place).
 * The errors are the CLI's own one-line messages; they name the option (`--elr`, `option '--elr <n>'`)
 * or quote the value they refuse (`unknown unit 'german/4-6-9'`).
 */
import type { Entry } from './fragment.js';

/**
 * The option name (long, without dashes) `message` is about: the first `--name` it writes that is one
 * of `entries`' names or of `known`; else the entry whose value (or one of whose comma-separated items)
 * the message quotes in single quotes; else undefined. Never throws.
 * @param known names of the form's options (an option not in the link, e.g. a required one left out)
 * @example fieldOfError("unknown unit 'german/4-6-9'; closest: german/4-6-8", [['unit', 'german/4-6-9'], ['check', '1MC']], []) // 'unit'
 * @example fieldOfError("option '--elr <n>' argument '9' is invalid.", [['elr', '9']], []) // 'elr'
 */
export function fieldOfError(message: string, entries: readonly Entry[], known: readonly string[]): string | undefined {
  const names = new Set([...entries.map(([k]) => k), ...known]);
  for (const m of message.matchAll(/--([a-z][a-z0-9-]*)/g)) if (names.has(m[1])) return m[1];
  const quoted = [...message.matchAll(/'([^']+)'/g)].map((m) => m[1]);
  for (const q of quoted) {
    const hit = entries.find(([, v]) => v === q || v.split(',').some((part) => part.trim() === q));
    if (hit) return hit[0];
  }
  return undefined;
}
