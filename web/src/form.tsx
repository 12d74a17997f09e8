/**
 * A calculator's inputs, built from its option specs (the CLI's): a checkbox per flag, a select per
 * closed list, a unit picker per counter id, a text field otherwise; attack's stack and rout's route
 * get builders. Every change rewrites the page state's entries (the URL fragment).
 */
import { useMemo } from 'preact/hooks';
import type { OddsCalculator } from '../../src/calculators/calculator.js';
import { listUnits } from '../../src/counters/catalog.js';
import { longName, takesValue, type OptionSpec } from '../../src/options/option-spec.js';
import { optionLabel } from '../../src/reports/glossary.js';
import { CHOICES, PRIMARY, UNIT_PICKERS } from './defaults.js';
import { entryValue, setEntry, type Entry } from './fragment.js';
import { FieldError } from './field-error-view.js';
import { RouteBuilder } from './route-builder.js';
import { StackBuilder, STACK_OPTIONS } from './stack-builder.js';
import { FirerBuilder, FIRER_OPTIONS } from './firer-builder.js';
import { TextInput } from './text-input.js';

interface FormProps {
  readonly options: readonly OptionSpec[];
  readonly calc?: OddsCalculator;
  readonly entries: readonly Entry[];
  readonly onChange: (entries: Entry[]) => void;
  /** Names shown before "More options"; all when unset. */
  readonly primary?: readonly string[];
  /** An error about one option (field-error.ts), shown beside its field. */
  readonly fieldError?: { readonly name: string; readonly message: string };
}


/** Unit ids for the pickers (datalists), by kind. */
function UnitLists() {
  const all = useMemo(() => listUnits(), []);
  return (
    <>
      <datalist id="units-any">
        {all.map((u) => (
          <option key={u.id} value={u.id} />
        ))}
      </datalist>
      <datalist id="units-leader">
        {all
          .filter((u) => u.kind === 'leader')
          .map((u) => (
            <option key={u.id} value={u.id} />
          ))}
      </datalist>
    </>
  );
}

/** The option's label in the rulebook's words (src/reports/glossary.ts, one glossary for the page and the CLI's tables). */
function label(spec: OptionSpec): string {
  return optionLabel(longName(spec));
}

function Field({ spec, entries, onChange, calc, error }: { spec: OptionSpec; entries: readonly Entry[]; onChange: (e: Entry[]) => void; calc?: string; error?: string }) {
  const name = longName(spec);
  const id = `opt-${name}`;
  const described = error ? `${id}-error ${id}-about` : `${id}-about`;
  if (!takesValue(spec)) {
    const on = entryValue(entries, name) === 'true';
    return (
      <label class="field flag" title={spec.description} for={id}>
        <input id={id} name={name} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={described} checked={on} onChange={(e) => onChange(setEntry(entries, name, (e.currentTarget as HTMLInputElement).checked ? 'true' : ''))} />
        <span>{label(spec)}</span>
      </label>
    );
  }
  const value = entryValue(entries, name);
  const choices = CHOICES[`${calc}.${name}`] ?? CHOICES[name];
  const set = (v: string) => onChange(setEntry(entries, name, v.trim()));
  let control;
  if (choices) {
    control = (
      <select id={id} name={name} aria-describedby={described} aria-invalid={error ? true : undefined} value={value} onChange={(e) => set((e.currentTarget as HTMLSelectElement).value)}>
        <option value="">{spec.default !== undefined ? `(${String(spec.default)})` : '-'}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  } else {
    const picker = UNIT_PICKERS[name];
    control = (
      <TextInput
        id={id}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        name={name}
        value={value}
        list={picker ? `units-${picker === 'leader' ? 'leader' : 'any'}` : undefined}
        inputMode={/^(drm|elr|ml|broken-ml|losses|fp|reinforcement-bpv|integrity-base|starting-elr)$/.test(name) ? 'decimal' : undefined}
        autocomplete="off"
        spellcheck={false}
        placeholder={spec.default !== undefined ? String(spec.default) : ''}
        onCommit={set}
      />
    );
  }
  return (
    <div class="field">
      <label for={id} title={spec.description}>
        {label(spec)}
        {spec.required ? ' *' : ''}
      </label>
      {control}
      <small id={`${id}-about`}>{spec.description}</small>
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

/** The inputs of one calculator or table kind. */
export function OptionsForm({ options, calc, entries, onChange, primary, fieldError }: FormProps) {
  const errorOf = (name: string): string | undefined => (fieldError?.name === name ? fieldError.message : undefined);
  const special = new Set<string>();
  const builders = [];
  if (calc?.name === 'attack') {
    builders.push(<StackBuilder key="stack" entries={entries} onChange={onChange} error={fieldError && STACK_OPTIONS.includes(fieldError.name) ? fieldError.message : undefined} />);
    for (const n of STACK_OPTIONS) special.add(n);
    builders.push(<FirerBuilder key="firers" entries={entries} onChange={onChange} />);
    for (const n of FIRER_OPTIONS) special.add(n);
  }
  if (calc?.name === 'rout') {
    builders.push(<RouteBuilder key="route" entries={entries} onChange={onChange} error={errorOf('path')} />);
    special.add('path');
  }
  const rest = options.filter((s) => !special.has(longName(s)));
  const first = primary ? rest.filter((s) => primary.includes(longName(s))) : rest;
  const more = primary ? rest.filter((s) => !primary.includes(longName(s))) : [];
  const moreSet = more.filter((s) => entryValue(entries, longName(s)) !== '').length;
  return (
    <form class="options" onSubmit={(e) => e.preventDefault()}>
      <UnitLists />
      {builders}
      <div class="fields">
        {first.map((s) => (
          <Field key={longName(s)} spec={s} entries={entries} onChange={onChange} calc={calc?.name} error={errorOf(longName(s))} />
        ))}
      </div>
      {more.length > 0 && (
        <details class="more" open={moreSet > 0}>
          <summary>More options ({more.length}{moreSet ? `, ${moreSet} set` : ''})</summary>
          <div class="fields">
            {more.map((s) => (
              <Field key={longName(s)} spec={s} entries={entries} onChange={onChange} calc={calc?.name} error={errorOf(longName(s))} />
            ))}
          </div>
        </details>
      )}
    </form>
  );
}

export { PRIMARY };
