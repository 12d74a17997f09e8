/**
 * VASSAL's `SequenceEncoder.Decoder`, the tokenizer of every string in a saved game: tokens joined by
 * one delimiter character, a delimiter inside a token escaped by a backslash before it, a token that
 * starts with a backslash or is wrapped in single quotes quoted in single quotes.
 *
 * A port of VASSAL/tools/SequenceEncoder.java (vassalengine/vassal, LGPL), token for token: the same
 * input gives the same tokens, including its corner cases (an empty string is one empty token; a
 * delimiter at the very end leaves one more empty token).
 */

/** A token stream over `value` split by `delimiter` (one character). Tokens are read in order. */
export class SequenceDecoder {
  private value: string | null;
  private start = 0;
  private readonly stop: number;

  constructor(
    value: string | null,
    private readonly delimiter: string,
  ) {
    this.value = value;
    this.stop = value === null ? 0 : value.length;
  }

  /** True while a token is left. Never throws. */
  hasMoreTokens(): boolean {
    return this.value !== null;
  }

  /**
   * The next token, unescaped and unquoted.
   * @throws Error when no token is left (callers check {@link hasMoreTokens} or use {@link nextOr})
   */
  nextToken(): string {
    const val = this.value;
    if (val === null) throw new Error('no more tokens');
    if (this.start === this.stop) {
      // The token for "null" is the empty string.
      this.value = null;
      return '';
    }
    const d = this.delimiter;
    let buf = '';
    let tok: string | null = null;
    // Java's loop visits every character; here indexOf jumps from delimiter to delimiter (same tokens).
    let i = this.start;
    let ended = true;
    for (;;) {
      const j = val.indexOf(d, i);
      if (j < 0 || j >= this.stop) {
        i = this.stop;
        break;
      }
      i = j;
      if (i > 0 && val[i - 1] === '\\') {
        // An escaped delimiter: piece the token together.
        buf += val.slice(this.start, i - 1);
        this.start = i;
        i++;
      } else {
        if (buf.length === 0) tok = val.slice(this.start, i);
        else buf += val.slice(this.start, i);
        this.start = i + 1;
        ended = false;
        break;
      }
    }
    if (ended && this.start < i) {
      // The end reached without a delimiter.
      if (buf.length === 0) tok = val.slice(this.start);
      else buf += val.slice(this.start, this.stop);
      this.value = null;
    }
    return unquote(tok ?? buf);
  }

  /** The next token, or `fallback` when none is left. Never throws. */
  nextOr(fallback: string): string {
    return this.hasMoreTokens() ? this.nextToken() : fallback;
  }

  /** The next token as an integer, or `fallback` when none is left or it is not one. Never throws. */
  nextInt(fallback: number): number {
    if (!this.hasMoreTokens()) return fallback;
    const t = this.nextToken().trim();
    return /^[+-]?\d{1,9}$/.test(t) ? Number(t) : fallback;
  }
}

/** Strips an enclosure in single quotes (`'x'` -> `x`). */
function unquote(s: string): string {
  return s.length > 1 && s[0] === "'" && s[s.length - 1] === "'" ? s.slice(1, -1) : s;
}

/**
 * All tokens of `value` split by `delimiter`, at most `max` of them.
 * @example splitSequence('a;b\\;c;', ';') // ['a', 'b;c', '']
 * @throws Error past `max` tokens (callers bound hostile input with it)
 */
export function splitSequence(value: string, delimiter: string, max = Number.POSITIVE_INFINITY): string[] {
  const d = new SequenceDecoder(value, delimiter);
  const out: string[] = [];
  while (d.hasMoreTokens()) {
    if (out.length >= max) throw new Error(`more than ${max} tokens`);
    out.push(d.nextToken());
  }
  return out;
}
