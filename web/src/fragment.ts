/**
 * The page's state in its URL fragment, spelled with the CLI's words:
 * `#/mc?unit=german/4-6-7&check=1MC&leader=german/8-1` is `asl-odds mc --unit german/4-6-7 --check 1MC
 * --leader german/8-1`: the command, then each option's long name without dashes; a repeated option
 * repeats its key; a flag is `name=true`. Odds tables: `#/table/ift?firer-class=elite`.
 *
 * Only the text form lives here; the values are read by the CLI's own option specs
 * (src/options/option-spec.ts) in the compute worker.
 */

/** An option as written: long name without dashes, and its value as text (`true` for a flag). */
export type Entry = readonly [name: string, value: string];

/** What a fragment says. */
export interface PageState {
  /** `mc`, `rally`, `attack`, `rout`, `recovery`, `integrity`, `table/<kind>`, or '' (home). */
  readonly command: string;
  readonly entries: readonly Entry[];
}

/** Characters left as they are in fragment values (readable ids such as german/4-6-7, routes open:2,clear). */
function encodeValue(v: string): string {
  return encodeURIComponent(v).replace(/%2F/gi, '/').replace(/%3A/gi, ':').replace(/%2C/gi, ',').replace(/%2B/gi, '+');
}

/**
 * Reads a fragment (`#/mc?unit=...`; the leading `#` optional). `+` is a plus sign (a DRM of +1), not a
 * space. Never throws: malformed escapes are kept as written.
 * @example parseFragment('#/mc?unit=german/4-6-7&leader=german/8-1&leader=german/9-1').entries.length // 3
 */
export function parseFragment(hash: string): PageState {
  const text = hash.replace(/^#/, '').replace(/^\//, '');
  const q = text.indexOf('?');
  const command = (q < 0 ? text : text.slice(0, q)).replace(/\/+$/, '');
  const query = q < 0 ? '' : text.slice(q + 1);
  const entries: Entry[] = [];
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? 'true' : decode(part.slice(eq + 1));
    entries.push([name, value]);
  }
  return { command, entries };
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Writes a fragment (with its `#`). Entries with an empty value are left out.
 * @example formatFragment({ command: 'mc', entries: [['unit', 'german/4-6-7'], ['broken', 'true']] }) // '#/mc?unit=german/4-6-7&broken=true'
 */
export function formatFragment(state: PageState): string {
  const parts = state.entries.filter(([, v]) => v !== '').map(([k, v]) => `${encodeValue(k)}=${encodeValue(v)}`);
  return `#/${state.command}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/**
 * A word as a POSIX shell reads it, whatever it holds: bare when it is only characters no shell treats
 * specially, else in single quotes (inside which nothing is special but the quote itself, written
 * `'\''`). An empty word is `''`. Never throws.
 * @example shellWord('german/4-6-7') // 'german/4-6-7'
 * @example shellWord('; touch pwned; #') // "'; touch pwned; #'"
 * @example shellWord("it's") // "'it'\\''s'"
 */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:,+=@%-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command line that asks the CLI the same question: `asl-odds mc --unit german/4-6-7 --check 1MC`.
 * Every word is shell-quoted ({@link shellWord}): the command, the option names and the values (a link
 * is other people's input; app.tsx refuses unknown names before this is shown, and quoting keeps a
 * pasted line one command whatever it holds).
 * @param flags long names (without dashes) of the options that are flags (written without a value)
 * @example commandLine({ command: 'mc', entries: [['unit', 'german/4-6-7'], ['broken', 'true']] }, new Set(['broken'])) // 'asl-odds mc --unit german/4-6-7 --broken'
 */
export function commandLine(state: PageState, flags: ReadonlySet<string>): string {
  const words = ['asl-odds', ...state.command.split('/')];
  for (const [k, v] of state.entries) {
    if (v === '') continue;
    if (flags.has(k)) {
      if (v === 'true') words.push(`--${k}`);
      continue;
    }
    words.push(`--${k}`, v);
  }
  return words.map(shellWord).join(' ');
}

/** The entries with every `name` replaced by one entry `name=value` (where the first was), or removed when value is ''. */
export function setEntry(entries: readonly Entry[], name: string, value: string): Entry[] {
  const at = entries.findIndex(([k]) => k === name);
  const rest = entries.filter(([k]) => k !== name);
  if (value === '') return rest;
  rest.splice(at < 0 ? rest.length : at, 0, [name, value]);
  return rest;
}

/** The value of `name` (repeated keys joined by commas, as the CLI's repeatable options read them), or ''. */
export function entryValue(entries: readonly Entry[], name: string): string {
  return entries
    .filter(([k]) => k === name)
    .map(([, v]) => v)
    .join(',');
}
