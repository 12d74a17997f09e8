/**
 * `--as <side>`: whose eyes read a VASL save (fair play, src/vasl/fair-play.ts). A side as players name
 * it (a nationality: `finnish`, `russian`, `axis-minor`) or the player's VASL id as VASSAL records it.
 * That side's own concealed and hidden (HIP) units are shown, marked; the enemy's never are. Without it,
 * no side's concealed or hidden units are identified. The option is declared once here and read by
 * `vasl`, `attack`, `cc`, `mc`, `rally` and `scenario --from-vasl`.
 */
import { OptionValueError } from './option-values.js';
import { isString, option } from './typed-option.js';

/**
 * Parses a `--as` value: 1 to 64 printable characters, trimmed.
 * @throws OptionValueError saying what is allowed
 * @example parseViewer(' finnish ') // 'finnish'
 */
export function parseViewer(v: string): string {
  const t = v.trim();
  if (t === '' || t.length > 64 || /[\u0000-\u001f\u007f-\u009f]/.test(t)) {
    throw new OptionValueError('expected your side, a nationality such as finnish or russian, or your VASL player name (1 to 64 characters)');
  }
  return t;
}

/** The `--as <side>` option. */
export const VIEWER_OPTION = option(
  {
    flags: '--as <side>',
    description: "whose eyes read the save: your side (a nationality, e.g. finnish) or your VASL player name; your concealed and hidden (HIP) units are shown, the enemy's never (default: neither side's)",
    parse: parseViewer,
  },
  isString,
);
