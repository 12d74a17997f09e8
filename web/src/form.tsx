/**
 * A calculator's inputs, built from its option specs (the CLI's): a checkbox per flag, a select per
 * closed list, a unit picker per counter id, a text field otherwise; attack's stack and rout's route
 * get builders. Every change rewrites the page state's entries (the URL fragment).
 */
import { useMemo } from 'preact/hooks';
import type { OddsCalculator } from '../../src/calculators/calculator.js';
import { listUnits } from '../../src/counters/catalog.js';
import { longName, takesValue, type OptionSpec } from '../../src/options/option-spec.js';
import { nationalityWords, optionHelp, optionLabel } from '../../src/reports/glossary.js';
import { NATIONALITIES } from '../../src/counters/types.js';
import { FIRE_BUILDER_OPTIONS } from '../../src/calculators/attack.js';
import { CHOICES, PRIMARY, UNIT_PICKERS } from './defaults.js';
import { entryValue, setEntry, type Entry } from './fragment.js';
import { FieldError } from './field-error-view.js';
import { RouteBuilder } from './route-builder.js';
import { StackBuilder, STACK_OPTIONS } from './stack-builder.js';
import { FirerBuilder, FIRER_OPTIONS } from './firer-builder.js';
import { TextInput } from './text-input.js';
import { idsOf, idsText, idWords } from './unit-words.js';

interface FormProps {
  readonly options: readonly OptionSpec[];
  readonly calc?: OddsCalculator;
  readonly entries: readonly Entry[];
  readonly onChange: (entries: Entry[]) => void;
  /** Names shown before "More options"; all when unset. */
  readonly primary?: readonly string[];
  /** An error about one option (field-error.ts), shown beside its field. */
  readonly fieldError?: { readonly name: string; readonly message: string };
  /** attack built from its firers: the FP and DRM the last answer's ledger worked out (shown as results). */
  readonly ledger?: { readonly fp: number; readonly drm: number };
}

/** attack: the options that only an attack built from its firers takes (besides the firers). */
const BUILDER_ONLY: ReadonlySet<string> = new Set(FIRE_BUILDER_OPTIONS.map(longName).filter((n) => n !== 'firer'));

/** Whether an attack's form builds the FP and DRM from its firers (firers given, no FP typed). */
export function buildsFromFirers(entries: readonly Entry[]): boolean {
  return entryValue(entries, 'firer') !== '' && entryValue(entries, 'fp') === '';
}


/** Unit ids for the pickers (datalists), by kind. */
function UnitLists() {
  const all = useMemo(() => listUnits(), []);
  return (
    <>
      <datalist id="units-any">
        {all.map((u) => (
          <option key={u.id} value={idWords(u.id)} />
        ))}
        {NATIONALITIES.flatMap((n) =>
          ['LMG', 'MMG', 'HMG'].map((mg) => <option key={`${n}/${mg}`} value={`${nationalityWords(n)} ${mg}`} />),
        )}
      </datalist>
      <datalist id="units-leader">
        {all
          .filter((u) => u.kind === 'leader')
          .map((u) => (
            <option key={u.id} value={idWords(u.id)} />
          ))}
      </datalist>
    </>
  );
}

/** The option's label in the rulebook's words (src/reports/glossary.ts, one glossary for the page and the CLI's tables). */
function label(spec: OptionSpec): string {
  return optionLabel(longName(spec));
}

/** A closed list's value as players say it (nationalities, rule sets); the value itself otherwise. */
function choiceWords(name: string, value: string): string {
  if (name === 'nationality' || name === 'firer-nationality') return nationalityWords(value);
  if (name === 'rules') return RULE_SET_WORDS[value] ?? value;
  if (name === 'terrain') return value.replace(/-/g, ' ');
  return value;
}
const RULE_SET_WORDS: Readonly<Record<string, string>> = { '2nd-edition': 'ASL 2nd Edition', 'gi-anvil': 'G.I. Anvil of Victory' };

/** Whether `v` is a value the option takes (its own parser; an empty field only when it is optional). */
function validFor(spec: OptionSpec, picker: boolean): (v: string) => boolean {
  return (v) => {
    if (v.trim() === '') return !spec.required;
    if (picker) return idsOf(v) !== undefined;
    if (!spec.parse) return true;
    try {
      spec.parse(v.trim(), undefined as never);
      return true;
    } catch {
      return false;
    }
  };
}

function Field({ spec, entries, onChange, calc, error }: { spec: OptionSpec; entries: readonly Entry[]; onChange: (e: Entry[]) => void; calc?: string; error?: string }) {
  const name = longName(spec);
  const help = optionHelp(name, calc);
  const id = `opt-${name}`;
  const described = error ? `${id}-error ${id}-about` : `${id}-about`;
  if (!takesValue(spec)) {
    const on = entryValue(entries, name) === 'true';
    return (
      <label class="field flag" title={help} for={id}>
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
        <option value="">{spec.default !== undefined ? `(${choiceWords(name, String(spec.default))})` : '-'}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {choiceWords(name, c)}
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
        data-value={value}
        value={picker ? idsText(value) : value}
        valid={validFor(spec, picker !== undefined)}
        list={picker ? `units-${picker === 'leader' ? 'leader' : 'any'}` : undefined}
        inputMode={/^(drm|elr|ml|broken-ml|losses|fp|reinforcement-bpv|integrity-base|starting-elr)$/.test(name) ? 'decimal' : undefined}
        autocomplete="off"
        spellcheck={false}
        placeholder={spec.default !== undefined ? String(spec.default) : ''}
        onCommit={picker ? (v) => set(idsOf(v) ?? v) : set}
      />
    );
  }
  return (
    <div class="field">
      <label for={id} title={help}>
        {label(spec)}
        {spec.required ? ' *' : ''}
      </label>
      {control}
      <small id={`${id}-about`}>{help}</small>
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

/** The inputs of one calculator or table kind. */
export function OptionsForm({ options, calc, entries, onChange, primary, fieldError, ledger }: FormProps) {
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
  let fromFirers = false;
  if (calc?.name === 'attack') {
    // Built from its firers: FP and DRM are results (the ledger), not fields; typed: the builder's own
    // circumstances (range, terrain, Advancing Fire, ...) are not fields. A field with a value stays, to
    // be seen and corrected.
    fromFirers = buildsFromFirers(entries);
    const hidden = fromFirers ? new Set(['fp', 'drm']) : BUILDER_ONLY;
    for (const n of hidden) if (entryValue(entries, n) === '') special.add(n);
  }
  const rest = options.filter((s) => !special.has(longName(s)));
  const first = primary ? rest.filter((s) => primary.includes(longName(s))) : rest;
  const more = primary ? rest.filter((s) => !primary.includes(longName(s))) : [];
  const moreSet = more.filter((s) => entryValue(entries, longName(s)) !== '').length;
  return (
    <form class="options" onSubmit={(e) => e.preventDefault()}>
      <UnitLists />
      {builders}
      {calc?.name === 'attack' && <FpDrmChoice entries={entries} onChange={onChange} fromFirers={fromFirers} ledger={ledger} />}
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

/**
 * attack: where the FP and DRM come from. Built from the firers: the ledger's FP and DRM shown as
 * results, and the explicit choice to type them instead (the firers and the builder's circumstances
 * then give way to the typed FP and DRM, prefilled with the ledger's figures).
 */
function FpDrmChoice({ entries, onChange, fromFirers, ledger }: { entries: readonly Entry[]; onChange: (e: Entry[]) => void; fromFirers: boolean; ledger?: { fp: number; drm: number } }) {
  if (!fromFirers) return null;
  const typeThem = () => {
    let e = entries.filter(([k]) => k !== 'firer' && !BUILDER_ONLY.has(k));
    e = setEntry(e, 'fp', String(ledger && ledger.fp > 0 ? ledger.fp : 8));
    // the ledger's DRM includes the directing leader's, which the leader field adds again
    e = setEntry(e, 'drm', ledger && entryValue(entries, 'leader') === '' ? String(ledger.drm) : '');
    onChange(e);
  };
  return (
    <div class="fp-drm" data-from="firers">
      <p>
        <strong>Firepower (FP) and DRM:</strong>{' '}
        <output data-ledger-totals>{ledger ? `${ledger.fp} FP, DRM ${ledger.drm >= 0 ? '+' : ''}${ledger.drm}` : 'worked out from the firers'}</output>{' '}
        (from the firers, step by step in the ledger with the answer)
      </p>
      <button type="button" onClick={typeThem}>
        Type the FP and DRM myself
      </button>
    </div>
  );
}

export { PRIMARY };
