/**
 * A text field that answers as the player types and keeps what is being typed. Each keystroke starts a
 * short pause ({@link LIVE_MS}); when the pause ends and the text is a valid value (`valid`), it is
 * committed, so the answer follows the typing without Enter. Enter or leaving the field commits at
 * once, valid or not (the engine's error then names the field). While typed text is not yet committed
 * the field tells the page (DraftContext), which marks the answer on screen as stale.
 *
 * The draft lives here from the first keystroke until Enter or the field is left (a commit made by
 * the pause keeps it, so the typing goes on undisturbed): the page re-renders whenever
 * an answer arrives, and a plain controlled `<input value=...>` was then reset to the last committed
 * value, so the typing was lost (found by test/web/fire-builder-page.test.ts).
 */
import type { JSX } from 'preact';
import { createContext } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';

/** ms from the last keystroke to the commit of a valid value. */
export const LIVE_MS = 200;

/** Told by each field whether it holds typed text not yet committed (`pending`); `field` is the field's own key. */
export const DraftContext = createContext<(field: object, pending: boolean) => void>(() => undefined);

type InputProps = Omit<JSX.IntrinsicElements['input'], 'value' | 'onInput' | 'onChange' | 'onBlur' | 'type'>;

export function TextInput({ value, onCommit, valid, ...rest }: InputProps & { value: string; onCommit: (v: string) => void; valid?: (v: string) => boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const report = useContext(DraftContext);
  const me = useRef({}).current;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      report(me, false);
    },
    [],
  );
  const now = (v: string) => {
    clearTimeout(timer.current);
    report(me, false);
    commit.current(v);
  };
  return (
    <input
      {...rest}
      type="text"
      value={draft ?? value}
      onInput={(e) => {
        const v = (e.currentTarget as HTMLInputElement).value;
        setDraft(v);
        clearTimeout(timer.current);
        report(me, true);
        timer.current = setTimeout(() => {
          if (valid === undefined || valid(v)) now(v);
        }, LIVE_MS);
      }}
      onChange={(e) => {
        setDraft(null);
        now((e.currentTarget as HTMLInputElement).value);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
