/**
 * The page: a calculator (or an odds table) chosen by the URL fragment, its inputs, and its answer
 * computed in a Web Worker as the inputs change. The fragment is the whole state and spells the CLI
 * command (fragment.ts); "Pin" keeps an answer beside the next for comparison.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { calculatorNamed } from '../../src/calculators/calculators.js';
import { longName, takesValue } from '../../src/options/option-spec.js';
import type { OddsResult } from '../../src/result.js';
import type { Measurements } from './protocol.js';
import type { TableSet } from '../../src/tables/grid-table.js';
import { ComputeClient, type TimedReply } from './compute-client.js';
import { connectWebWorker } from './worker-port.js';
import { CALCULATORS, PRIMARY, defaultEntries } from './defaults.js';
import { errorInWords, optionsInWords } from '../../src/reports/glossary.js';
import { DraftContext } from './text-input.js';
import { OptionsForm } from './form.js';
import { commandLine, formatFragment, type Entry, type PageState } from './fragment.js';
import { CompareTable } from './compare-table.js';
import { fieldOfError } from './field-error.js';
import { checkLink, optionsOf } from './link-check.js';
import { resolveState } from './page-state.js';
import { ResultView } from './result-view.js';
import { TABLE_KINDS, tableKindNamed } from './table-kinds.js';
import { TableView } from './table-view.js';
import { VaslOpen } from './vasl-open.js';
import { DiceLogView } from './dice-log-view.js';

/** What the page measured (boot.ts made it, before anything else ran). */
const measurements: Measurements = (window.aslOdds ??= { answers: [] });

const NAMES: Readonly<Record<string, string>> = {
  mc: 'MC',
  rally: 'Rally',
  attack: 'Attack',
  rout: 'Rout',
  cc: 'CC',
  vehicle: 'MG vs vehicle',
  recovery: 'Recovery',
  integrity: 'Integrity',
};

/** Long names of the flags of a command (written without a value on the command line). */
function flagsOf(command: string): Set<string> {
  const calc = calculatorNamed(command);
  const kind = command.startsWith('table/') ? tableKindNamed(command.slice(6)) : undefined;
  const specs = calc?.options ?? kind?.options ?? [];
  return new Set(specs.filter((s) => !takesValue(s)).map(longName));
}

type Answer =
  | { kind: 'odds'; result: OddsResult; state: PageState; line: string }
  | { kind: 'table'; set: TableSet; state: PageState; line: string }
  | { kind: 'error'; message: string; code: string; state: PageState; line: string };

function CopyLine({ line }: { line: string }) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(line);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      const sel = window.getSelection();
      if (ref.current && sel) {
        const range = document.createRange();
        range.selectNodeContents(ref.current);
        sel.removeAllRanges();
        sel.addRange(range);
      }
    }
  };
  return (
    <div class="command-line">
      <code ref={ref} data-command-line>
        {line}
      </code>
      <button type="button" onClick={copy}>
        {copied ? 'Copied' : 'Copy as command line'}
      </button>
    </div>
  );
}

function AnswerView({ answer, fractions }: { answer: Answer; fractions: boolean }) {
  if (answer.kind === 'error') {
    return (
      <div class="error" role="alert" data-error-code={answer.code}>
        {errorInWords(answer.message, answer.code)}
      </div>
    );
  }
  if (answer.kind === 'table') return <TableView set={answer.set} />;
  return <ResultView result={answer.result} fractions={fractions} commandLine={answer.line} />;
}

/**
 * The page's compute worker: the one boot.ts started with the URL's question (its answer is taken
 * over); kept across questions, replaced only when a stale one keeps it busy past the grace
 * (compute-client.ts).
 */
const client = new ComputeClient(window.aslOddsBoot, connectWebWorker);

/**
 * Resolves when the page's first question (asked by boot.ts) is answered, or after `ms`: main.tsx draws
 * the page then, with its answer, in one layout instead of two (the form, then the answer).
 */
export function firstAnswer(ms: number): Promise<void> {
  return client.settled(ms);
}

/** The page's answer for `state` from the worker's reply (`line`: its command line). */
function answerOf(reply: TimedReply, state: PageState, line: string): Answer {
  if (reply.kind === 'odds') return { kind: 'odds', result: reply.result, state, line };
  if (reply.kind === 'table') return { kind: 'table', set: reply.set, state, line };
  return { kind: 'error', message: reply.error.message, code: reply.error.code, state, line };
}

/**
 * Whether this page can keep itself for offline use: browsers give a service worker only to a secure
 * context (https, or localhost / 127.0.0.1); over a plain http LAN address there is none.
 */
const OFFLINE_POSSIBLE = window.isSecureContext && 'serviceWorker' in navigator;

/** Whether the service worker has been registered (after the first answer). */
let swRegistered = false;

/**
 * Each calculator's question as the player last left it, for the whole visit (this tab's
 * sessionStorage): the navigation links to it, so leaving a calculator and coming back shows it again,
 * and tapping the calculator on screen changes nothing. Only "New question" sets the example again.
 */
const KEPT_KEY = 'asl-odds:questions';
const kept: Map<string, readonly Entry[]> = (() => {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(KEPT_KEY) ?? '[]') as [string, Entry[]][]);
  } catch {
    return new Map();
  }
})();
function keep(state: PageState): void {
  kept.delete(state.command); // the last kept table kind is the Tables link's
  kept.set(state.command, state.entries);
  try {
    sessionStorage.setItem(KEPT_KEY, JSON.stringify([...kept]));
  } catch {
    // storage refused (private mode): kept for this page's life only
  }
}
/** The link to a calculator (or `table`): its kept question, else its bare name (its example). */
function keptLink(name: string, current: PageState): string {
  if (name === 'table') {
    const last = [...kept.keys()].filter((k) => k.startsWith('table/')).pop();
    if (current.command.startsWith('table/') && !checkLink(current)) return formatFragment(current);
    return last ? formatFragment({ command: last, entries: kept.get(last) ?? [] }) : '#/table';
  }
  if (current.command === name && !checkLink(current)) return formatFragment(current);
  const entries = kept.get(name);
  return entries ? formatFragment({ command: name, entries }) : `#/${name}`;
}

export function App() {
  const [state, setState] = useState<PageState>(() => resolveState(location.hash));
  // The first answer may be here already (boot.ts asked, main.tsx waited a little for it).
  const [answer, setAnswer] = useState<Answer | null>(() => {
    const reply = client.answered(state.command, state.entries);
    if (!reply) return null;
    measurements.answers.push({ hash: formatFragment(state), workerMs: reply.ms, roundTripMs: reply.roundTripMs, at: 0 });
    return answerOf(reply, state, commandLine(state, flagsOf(state.command)));
  });
  const [computing, setComputing] = useState(false);
  const [fractions, setFractions] = useState(false);
  const [pinned, setPinned] = useState<Answer | null>(null);
  const first = useRef(true);
  const hash = formatFragment(state);
  // Fields holding typed text not yet committed (text-input.tsx): the answer on screen is then stale.
  const drafts = useRef(new Set<object>());
  const [drafting, setDrafting] = useState(false);
  const reportDraft = useRef((field: object, pending: boolean) => {
    if (pending) drafts.current.add(field);
    else drafts.current.delete(field);
    setDrafting(drafts.current.size > 0);
  }).current;

  // The URL always spells the state shown (defaults written out), without adding history entries.
  // `synced` is the fragment last written or read: when location.hash still equals it, the state was
  // changed by the page's own controls, and the URL follows the state; otherwise the URL was changed
  // from outside (a typed or pasted link, the navigation, a test) and the state follows the URL. Both
  // in the render's own task (layout effects): a fragment set once the answer is on screen but before
  // a later effect listened was lost under the default question. (Since 730e154 every fragment that
  // differed was taken for a newer question, so each edit made through the controls was undone.)
  const synced = useRef(location.hash);
  useLayoutEffect(() => {
    if (location.hash === hash) {
      synced.current = hash;
      return;
    }
    if (location.hash === synced.current || formatFragment(resolveState(location.hash)) === hash) {
      history.replaceState(null, '', hash);
      synced.current = hash;
      return;
    }
    synced.current = location.hash;
    setState(resolveState(location.hash));
  }, [hash]);
  useLayoutEffect(() => {
    const onHash = () => setState(resolveState(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // The question shown is the one the navigation comes back to (a refused link is not kept).
  useEffect(() => {
    if (!checkLink(state) && (calculatorNamed(state.command) || state.command.startsWith('table/'))) keep(state);
  }, [hash]);

  // Ask the worker; a newer state replaces an older question.
  useEffect(() => {
    if (first.current && answer && formatFragment(answer.state) === hash) {
      first.current = false; // drawn with its answer
      return;
    }
    const problem = checkLink(state);
    if (problem) {
      // a link refused is neither asked nor copied (link-check.ts)
      setComputing(false);
      setAnswer({ kind: 'error', message: problem.message, code: problem.code, state, line: '' });
      first.current = false;
      return;
    }
    setComputing(true);
    const line = commandLine(state, flagsOf(state.command));
    const timer = setTimeout(async () => {
      const reply: TimedReply | null = await client.ask(state.command, state.entries);
      if (!reply) return;
      setComputing(false);
      setAnswer(answerOf(reply, state, line));
      measurements.answers.push({ hash: formatFragment(state), workerMs: reply.ms, roundTripMs: reply.roundTripMs, at: 0 });
    }, 0); // at once: a typed value comes after its pause (text-input.tsx); a later edit in this task cancels this one
    first.current = false;
    return () => clearTimeout(timer);
  }, [hash]);

  // Record when the answer is on screen (ms since the page started loading).
  const answeredHash = answer ? formatFragment(answer.state) : '';
  useEffect(() => {
    const last = measurements.answers[measurements.answers.length - 1];
    if (last && last.hash === answeredHash) last.at = performance.now();
    // The service worker (offline use) is registered once the first answer is on screen: installing
    // it precaches the whole build, which slowed the first answer when it ran at load.
    if (answer && !swRegistered && OFFLINE_POSSIBLE) {
      swRegistered = true;
      void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
    }
  }, [answer]);

  const calc = calculatorNamed(state.command);
  const kind = state.command.startsWith('table/') ? tableKindNamed(state.command.slice(6)) : undefined;
  const onChange = (entries: Entry[]) => setState({ command: state.command, entries });
  const problem = checkLink(state);
  // an error about one field is shown beside it too (a link with a typo is corrected in place)
  const erred = answer?.kind === 'error' && formatFragment(answer.state) === hash ? answer : null;
  const fieldError = erred && !problem ? fieldOfError(erred.message, state.entries, (optionsOf(state.command) ?? []).map(longName)) : undefined;
  const status = computing ? 'computing' : answer?.kind === 'error' ? 'error' : answer ? 'ready' : 'computing';
  // The answer on screen is not yet the fields' (an edit being typed, or asked and not yet answered).
  const stale = drafting || computing || (answer !== null && answeredHash !== hash);
  const ledger = answer?.kind === 'odds' && answer.result.ledger !== undefined && answeredHash === hash ? { fp: answer.result.fp ?? 0, drm: answer.result.drm ?? 0 } : undefined;
  const newQuestion = () => setState({ command: state.command, entries: calc ? defaultEntries(calc) : [] });

  return (
    <DraftContext.Provider value={reportDraft}>
    <main data-status={status} data-hash={answeredHash} data-stale={stale ? 'true' : undefined}>
      <header>
        <h1>
          <a href="#/">asl-odds</a>
        </h1>
        <nav aria-label="Calculators">
          {CALCULATORS.map((c) => (
            <a key={c.name} href={keptLink(c.name, state)} data-calculator={c.name} class={state.command === c.name ? 'on' : ''} aria-current={state.command === c.name ? 'page' : undefined}>
              {NAMES[c.name] ?? c.name}
            </a>
          ))}
          <a href={keptLink('table', state)} data-calculator="table" class={state.command.startsWith('table/') ? 'on' : ''}>
            Tables
          </a>
        </nav>
      </header>
      {kind && (
        <nav class="kinds" aria-label="Odds tables">
          {TABLE_KINDS.map((k) => (
            <a key={k.name} href={keptLink(`table/${k.name}`, state)} class={kind.name === k.name ? 'on' : ''}>
              {k.name}
            </a>
          ))}
        </nav>
      )}
      <div class="layout">
        <section class="inputs" aria-label="Inputs">
          {calc && <p class="about">{optionsInWords(calc.summary)}</p>}
          {kind && <p class="about">{optionsInWords(kind.summary)}</p>}
          {problem ? (
            <p class="error link-refused">
              This link was refused, nothing of it is shown or copied: {problem.message}.{' '}
              <a href={calc || kind ? `#/${state.command}` : '#/'}>Open {calc || kind ? `the ${NAMES[state.command] ?? state.command} page` : 'the page'} without it</a>.
            </p>
          ) : (
            <>
              <OptionsForm
                key={state.command}
                options={calc?.options ?? kind!.options}
                calc={calc}
                entries={state.entries}
                onChange={onChange}
                primary={calc ? PRIMARY[calc.name] : undefined}
                fieldError={fieldError && erred ? { name: fieldError, message: errorInWords(erred.message, erred.code) } : undefined}
                ledger={ledger}
              />
              <div class="question-actions">
                <button type="button" class="new-question" onClick={newQuestion}>
                  New question
                </button>
              </div>
              <CopyLine line={commandLine(state, flagsOf(state.command))} />
            </>
          )}
          {/* a VASL game fills the form from a Location: below the question a player edits most */}
          <VaslOpen />
          {/* the dice of a VASL log: self-contained, sets no part of the question */}
          <DiceLogView />
        </section>
        <section class={`answers ${pinned ? 'compare' : ''}`} aria-label="Answer" aria-busy={computing}>
          <div class="toolbar">
            <label class="flag">
              <input type="checkbox" checked={fractions} onChange={(e) => setFractions((e.currentTarget as HTMLInputElement).checked)} /> exact fractions
            </label>
            {answer && answer.kind !== 'error' && (
              <button type="button" onClick={() => setPinned(answer)}>
                {pinned ? 'Pin this one instead' : 'Pin to compare'}
              </button>
            )}
            {pinned && (
              <button type="button" onClick={() => setPinned(null)}>
                Unpin
              </button>
            )}
            {computing && <span class="busy">computing…</span>}
          </div>
          {pinned?.kind === 'odds' && answer?.kind === 'odds' && !problem ? (
            <CompareTable pinned={pinned.result} now={answer.result} pinnedLine={pinned.line} nowLine={answer.line} />
          ) : null}
          <div class="panes">
            {pinned && !(pinned.kind === 'odds' && answer?.kind === 'odds') && (
              <div class="pane pinned">
                <p class="pane-title">
                  Pinned: <a href={formatFragment(pinned.state)}>{pinned.line}</a>
                </p>
                <AnswerView answer={pinned} fractions={fractions} />
              </div>
            )}
            <div class={`pane current ${stale ? 'stale' : ''}`}>
              {stale && answer && (
                <p class="stale-note" role="status">
                  Updating: this answer is for the question before your edit
                </p>
              )}
              {answer ? <AnswerView answer={answer} fractions={fractions} /> : <p class="busy">computing…</p>}
            </div>
          </div>
        </section>
      </div>
      <footer>
        <p>
          Exact odds by enumerating every dice path through the rules (ASL 2nd Edition or G.I. Anvil of Victory), computed on this device;{' '}
          {OFFLINE_POSSIBLE ? 'works offline once loaded.' : 'offline use needs this page served over https or from localhost (here it works while its server runs).'} The same engine
          as the <code>asl-odds</code> command line.
        </p>
      </footer>
    </main>
    </DraftContext.Provider>
  );
}
