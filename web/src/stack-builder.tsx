/**
 * attack's target stack: one row per counter (a unit picker) with its markers as toggles. Writes
 * `target` (comma-separated ids, stack order) and the `target-<marker>` positions, the CLI's words.
 */
import { TARGET_MARKERS } from '../../src/calculators/attack.js';
import { entryValue, setEntry, type Entry } from './fragment.js';
import { FieldError } from './field-error-view.js';
import { optionHelp } from '../../src/reports/glossary.js';
import { TextInput } from './text-input.js';
import { idOf, idWords } from './unit-words.js';

/** The options this builder owns. */
export const STACK_OPTIONS: readonly string[] = ['target', ...TARGET_MARKERS.map((m) => m.name)];

const SHORT: Readonly<Record<string, string>> = {
  'target-broken': 'broken',
  'target-pinned': 'pinned',
  'target-fanatic': 'Fanatic',
  'target-berserk': 'berserk',
  'target-wounded': 'wounded',
  'target-disrupted': 'Disrupted',
};

function split(v: string): string[] {
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function StackBuilder({ entries, onChange, error }: { entries: readonly Entry[]; onChange: (e: Entry[]) => void; error?: string }) {
  const units = split(entryValue(entries, 'target'));
  const marks = Object.fromEntries(TARGET_MARKERS.map((m) => [m.name, new Set(split(entryValue(entries, m.name)).map(Number))]));
  const write = (next: string[], nextMarks: Record<string, Set<number>>) => {
    let e = setEntry(entries, 'target', next.join(','));
    for (const m of TARGET_MARKERS) {
      const at = [...nextMarks[m.name]].filter((p) => p >= 1 && p <= next.length).sort((a, b) => a - b);
      e = setEntry(e, m.name, at.join(','));
    }
    onChange(e);
  };
  const setUnit = (i: number, id: string) => {
    const next = [...units];
    next[i] = id.trim();
    write(next, marks);
  };
  const remove = (i: number) => {
    const next = units.filter((_, j) => j !== i);
    const nextMarks: Record<string, Set<number>> = {};
    for (const m of TARGET_MARKERS) nextMarks[m.name] = new Set([...marks[m.name]].filter((p) => p !== i + 1).map((p) => (p > i + 1 ? p - 1 : p)));
    write(next, nextMarks);
  };
  const toggle = (name: string, pos: number) => {
    const s = new Set(marks[name]);
    if (s.has(pos)) s.delete(pos);
    else s.add(pos);
    write(units, { ...marks, [name]: s });
  };
  return (
    <fieldset class="stack">
      <legend>Target stack (in stack order)</legend>
      {error && <FieldError id="opt-target-error" message={error} />}
      {units.map((u, i) => (
        <div class="stack-row" key={i} data-position={i + 1}>
          <span class="pos">{i + 1}</span>
          <TextInput aria-label={`target ${i + 1}`} list="units-any" value={idWords(u)} valid={(v) => idOf(v) !== undefined} spellcheck={false} autocomplete="off" onCommit={(v) => setUnit(i, idOf(v) ?? v)} />
          <span class="markers">
            {TARGET_MARKERS.map((m) => (
              <button type="button" key={m.name} data-option={m.name} class={marks[m.name].has(i + 1) ? 'marker on' : 'marker'} aria-pressed={marks[m.name].has(i + 1)} title={optionHelp(m.name)} onClick={() => toggle(m.name, i + 1)}>
                {SHORT[m.name]}
              </button>
            ))}
          </span>
          <button type="button" class="remove" aria-label={`remove target ${i + 1}`} onClick={() => remove(i)}>
            ×
          </button>
        </div>
      ))}
      {units.length < 6 && (
        <button type="button" class="add" onClick={() => write([...units, units[units.length - 1] ?? 'german/4-6-7'], marks)}>
          + add a counter
        </button>
      )}
    </fieldset>
  );
}
