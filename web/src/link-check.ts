/**
 * A link is other people's input: before the page shows, asks or copies anything for a URL fragment it
 * checks the fragment as the CLI would check the same command line. An unknown page, an unknown option,
 * or a single-valued option given twice (`unit=...&unit=...`, which the CLI refuses as "given twice")
 * is refused with one line naming what is wrong and what is allowed. One definition for the page
 * (app.tsx) and its compute worker (compute-worker.ts), which answers the link boot.ts sends it.
 */
import { calculatorNamed, CALCULATORS } from '../../src/calculators/calculators.js';
import { longName, takesValue, type OptionSpec } from '../../src/options/option-spec.js';
import { collect, collectEach, collectSetting } from '../../src/options/option-values.js';
import type { PageState } from './fragment.js';
import { TABLE_KINDS, tableKindNamed } from './table-kinds.js';

/** The method entries the page accepts besides a calculator's options (the CLI's words). */
export const METHOD_KEYS: readonly string[] = ['trials', 'seed'];

/** A refused link: a stable code (`link.command`, `link.option`, `link.repeated`), one line, and the option it names. */
export interface LinkProblem {
  readonly code: 'link.command' | 'link.option' | 'link.repeated';
  readonly message: string;
  readonly field?: string;
}

/** True when the option collects repeated values (`--leader a --leader b`), as the CLI's repeatable options do. Never throws. */
export function isRepeatable(spec: OptionSpec): boolean {
  return spec.parse === collect || spec.parse === collectEach || spec.parse === collectSetting;
}

/** The option specs of a page's command (a calculator's or a table kind's), or undefined for an unknown command. Never throws. */
export function optionsOf(command: string): readonly OptionSpec[] | undefined {
  if (command.startsWith('table/')) return tableKindNamed(command.slice(6))?.options;
  return calculatorNamed(command)?.options;
}

/** Shortens text quoted from a link for a message (a link may be long). */
function quote(s: string): string {
  const t = s.length > 40 ? `${s.slice(0, 40)}…` : s;
  return `'${t}'`;
}

/**
 * Checks a page state read from a link (after defaults: app.tsx's resolveState).
 * @returns null when the page may show, ask and copy it; else the problem
 * @example checkLink({ command: 'mc', entries: [['unit', 'german/4-6-7'], ['unit', 'german/4-6-8']] })?.code // 'link.repeated'
 */
export function checkLink(state: PageState): LinkProblem | null {
  const specs = optionsOf(state.command);
  if (!specs) {
    const pages = [...CALCULATORS.map((c) => c.name), ...TABLE_KINDS.map((k) => `table/${k.name}`)];
    return { code: 'link.command', message: `this link asks for an unknown page ${quote(state.command)}; pages: ${pages.join(', ')}` };
  }
  const method = state.command.startsWith('table/') ? [] : METHOD_KEYS;
  const seen = new Set<string>();
  for (const [key] of state.entries) {
    const spec = specs.find((s) => longName(s) === key);
    if (!spec && !method.includes(key)) {
      return { code: 'link.option', message: `this link has an unknown option ${quote(key)}; ${state.command} takes: ${[...specs.map(longName), ...method].join(', ')}` };
    }
    if (seen.has(key) && !(spec && takesValue(spec) && isRepeatable(spec))) {
      return { code: 'link.repeated', message: `this link gives option '--${key}' twice; give it once`, field: key };
    }
    seen.add(key);
  }
  return null;
}
