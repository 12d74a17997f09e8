/**
 * A text field that keeps what the player is typing: the page re-renders whenever an answer arrives,
 * and a plain controlled `<input value=...>` is then reset to the last committed value, so the typing
 * was lost (found by test/web/fire-builder-page.test.ts: a firer typed while the previous question was
 * being answered came back as the default 4-6-7). The draft lives here from the first keystroke until
 * the field commits it (change: Enter or leaving the field) or is left.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';

type InputProps = Omit<JSX.IntrinsicElements['input'], 'value' | 'onInput' | 'onChange' | 'onBlur' | 'type'>;

export function TextInput({ value, onCommit, ...rest }: InputProps & { value: string; onCommit: (v: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      {...rest}
      type="text"
      value={draft ?? value}
      onInput={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
      onChange={(e) => {
        setDraft(null);
        onCommit((e.currentTarget as HTMLInputElement).value);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
