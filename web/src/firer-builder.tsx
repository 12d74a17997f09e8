/**
 * attack's firers (the fire attack builder): one row per firing unit (a unit picker, or a MG
 * such as german/mmg) with its own circumstances as toggles. Writes `firer` as the CLI reads it:
 * `german/5-4-8:pbf:assault,german/mmg` (comma-separated, stack of firers in fire order).
 */
import { FIRER_MODIFIER_WORDS, type FirerModifierWord } from '../../src/rules/fire-modifiers.js';
import { entryValue, setEntry, type Entry } from './fragment.js';
import { TextInput } from './text-input.js';
import { idOf, idWords } from './unit-words.js';

/** What "+ add a firer" puts in the first row: a unit of another nationality than the target's first. */
function firstFirer(entries: readonly Entry[]): string {
  const target = entryValue(entries, 'target').split(',')[0]?.trim() ?? '';
  return target.startsWith('german/') ? 'russian/4-4-7' : 'german/4-6-7';
}

/** The options this builder owns. */
export const FIRER_OPTIONS: readonly string[] = ['firer'];

/** Most firers the page builds (the plans compare up to 6; an attack takes more from the CLI). */
const MAX_ROWS = 6;

const WORDS: Readonly<Record<FirerModifierWord, { label: string; title: string }>> = {
  pbf: { label: 'PBF', title: 'Point Blank Fire: ADJACENT target, FP x2 (A7.21)' },
  tpbf: { label: 'TPBF', title: 'Triple Point Blank Fire: same Location, FP x3 (A7.211)' },
  'long-range': { label: 'Long Range', title: 'beyond its Normal Range, FP x1/2 (A7.22); derived from range when given' },
  pinned: { label: 'pinned', title: 'pinned: FP x1/2 (A7.8)' },
  assault: { label: 'Assault Fire', title: 'Assault Fire in the AFPh: +1 after all else, FRU (A7.36)' },
  cx: { label: 'CX', title: 'CX: +1 DRM (A4.51)' },
  encircled: { label: 'Encircled', title: 'Encircled: +1 DRM (A7.7)' },
};

interface Row {
  readonly id: string;
  readonly mods: ReadonlySet<FirerModifierWord>;
}

function rowsOf(v: string): Row[] {
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [id, ...words] = s.split(':');
      return { id: id.trim(), mods: new Set(words.map((w) => w.trim().toLowerCase()).filter((w): w is FirerModifierWord => (FIRER_MODIFIER_WORDS as readonly string[]).includes(w))) };
    });
}

function textOf(rows: readonly Row[]): string {
  return rows
    .filter((r) => r.id !== '')
    .map((r) => [r.id, ...FIRER_MODIFIER_WORDS.filter((w) => r.mods.has(w))].join(':'))
    .join(',');
}

export function FirerBuilder({ entries, onChange }: { entries: readonly Entry[]; onChange: (e: Entry[]) => void }) {
  const rows = rowsOf(entryValue(entries, 'firer'));
  const write = (next: readonly Row[]) => onChange(setEntry(entries, 'firer', textOf(next)));
  // A firer added to an attack whose FP is typed switches it to the firers' FP and DRM (the ledger):
  // the typed FP and DRM, and the kinds of attack only a typed FP takes, give way.
  const typed = entryValue(entries, 'fp') !== '';
  const add = () => {
    const next = [...rows, { id: rows[rows.length - 1]?.id ?? firstFirer(entries), mods: new Set<FirerModifierWord>() }];
    if (!typed && rows.length > 0) return write(next);
    let e: Entry[] = [...entries];
    for (const n of ['fp', 'drm', 'fire-lane', 'snap-shot']) e = setEntry(e, n, '');
    onChange(setEntry(e, 'firer', textOf(next)));
  };
  const setId = (i: number, id: string) => write(rows.map((r, j) => (j === i ? { ...r, id: id.trim() } : r)));
  const toggle = (i: number, w: FirerModifierWord) =>
    write(
      rows.map((r, j) => {
        if (j !== i) return r;
        const mods = new Set(r.mods);
        if (mods.has(w)) mods.delete(w);
        else mods.add(w);
        return { ...r, mods };
      }),
    );
  return (
    <fieldset class="stack firers">
      <legend>Firers: the units that fire (their FP and DRM are worked out, step by step)</legend>
      {rows.map((r, i) => (
        <div class="stack-row" key={i} data-firer={i + 1}>
          <span class="pos">{i + 1}</span>
          <TextInput aria-label={`firer ${i + 1}`} list="units-any" value={idWords(r.id)} valid={(v) => idOf(v) !== undefined} spellcheck={false} autocomplete="off" onCommit={(v) => setId(i, idOf(v) ?? v)} />
          <span class="markers">
            {FIRER_MODIFIER_WORDS.map((w) => (
              <button type="button" key={w} class={r.mods.has(w) ? 'marker on' : 'marker'} aria-pressed={r.mods.has(w)} title={WORDS[w].title} onClick={() => toggle(i, w)}>
                {WORDS[w].label}
              </button>
            ))}
          </span>
          <button type="button" class="remove" aria-label={`remove firer ${i + 1}`} onClick={() => write(rows.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      {rows.length < MAX_ROWS && (
        <button type="button" class="add" onClick={add}>
          + add a firer
        </button>
      )}
    </fieldset>
  );
}
