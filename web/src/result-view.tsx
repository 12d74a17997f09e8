/**
 * One answer: the summary first (the figures that answer the question, in players' words), then the
 * chart of final states, then the details (every final state and event with its exact fraction, the
 * resolved input). Exact fractions in the summary on demand.
 */
import { useMemo, useState } from 'preact/hooks';
import type { OddsResult } from '../../src/result.js';
import { buildOutcomeSpec } from '../../src/reports/outcome-chart.js';
import { formatOneIn, formatPercent } from '../../src/reports/format-probability.js';
import { flattenInput } from '../../src/reports/describe-run.js';
import { eventWords, idsInWords, inputPathWords, optionsInWords, stackEventWords } from '../../src/reports/glossary.js';
import { Chart } from './chart.js';
import { FireLedger } from './fire-ledger.js';
import { buildOddsSummary, type SummaryFigure } from '../../src/reports/summary.js';

interface RoutExtras {
  readonly categories?: Readonly<Record<string, number>>;
  readonly categoryFractions?: Readonly<Record<string, string>>;
}

function Percent({ p }: { p: number }) {
  return <span class="pct">{formatPercent(p)}</span>;
}

function Figure({ f, fractions }: { f: SummaryFigure; fractions: boolean }) {
  return (
    <li class="figure">
      <span class="value">{f.kind === 'probability' ? formatPercent(f.value) : f.value.toFixed(2)}</span>
      <span class="label">{f.label}</span>
      {f.kind === 'probability' && <span class="odds">{formatOneIn(f.value)}</span>}
      {fractions && f.fraction && (
        <span class="fraction" data-fraction={f.fraction}>
          {f.fraction}
        </span>
      )}
      {f.ci95 && <span class="ci">95%: {formatPercent(f.ci95[0])}–{formatPercent(f.ci95[1])}</span>}
    </li>
  );
}

/** A table of named probabilities with their exact fractions (or Monte Carlo intervals). */
function FigureTable({ title, rows, keyPrefix }: { title: string; rows: readonly { name: string; label: string; p: number; fraction?: string }[]; keyPrefix: string }) {
  if (rows.length === 0) return null;
  return (
    <table class="figures">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{keyPrefix === 'outcome' ? 'Final state' : 'Event (at least once)'}</th>
          <th scope="col">Probability</th>
          <th scope="col">Odds</th>
          <th scope="col">Exact</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name} data-key={`${keyPrefix}:${r.name}`} data-probability={r.p}>
            <th scope="row">{r.label}</th>
            <td>
              <Percent p={r.p} />
            </td>
            <td>{formatOneIn(r.p)}</td>
            <td class="fraction" data-fraction={r.fraction ?? ''}>
              {r.fraction ?? '–'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Figures a phone shows before "All figures" (style.css hides the rest below 900 px). */
const PHONE_FIGURES = 4;

/** The answer to one question. */
export function ResultView({ result, fractions, commandLine }: { result: OddsResult; fractions: boolean; commandLine: string }) {
  const summary = useMemo(() => buildOddsSummary(result), [result]);
  // a phone shows the first figures only (the inputs must fit on the same screen), the rest on demand
  const [allFigures, setAllFigures] = useState(false);
  const figureCount = summary.sections.reduce((n, s) => n + s.figures.length, 0);
  const spec = useMemo(() => buildOutcomeSpec(result, { title: '' }), [result]);
  const extras = result as OddsResult & RoutExtras;
  // rows keyed by the identifiers (data-key, as the JSON), labelled in players' words
  const outcomes = result.outcomes.map((o) => ({ name: o.state, label: idsInWords(o.state), p: o.probability, fraction: o.fraction }));
  const events = Object.entries(result.events).map(([k, p]) => ({ name: k, label: eventWords(k), p: p ?? 0, fraction: result.eventFractions?.[k as never] as string | undefined }));
  const stack = Object.entries(result.stackEvents ?? {})
    .filter(([k]) => !k.startsWith('expected'))
    .map(([k, p]) => ({ name: k, label: stackEventWords(k), p, fraction: result.stackEventFractions?.[k] }));
  const categories = Object.entries(extras.categories ?? {}).map(([k, p]) => ({ name: k, label: k, p, fraction: extras.categoryFractions?.[k] }));
  return (
    <article class="result" data-command={result.command} data-method={result.method}>
      <FireLedger result={result} commandLine={commandLine} />
      <section class={allFigures ? 'summary all' : 'summary'} aria-label="Summary">
        <h2>{summary.question}</h2>
        {(summary.warnings ?? []).map((w, i) => (
          <p class="warning" role="note" key={i}>
            {optionsInWords(w)}
          </p>
        ))}
        <p class="method">
          {summary.method}
          {result.methodReason ? ` — ${optionsInWords(result.methodReason)}` : ''}
        </p>
        {summary.sections.map((s, i) => (
          <div class="section" key={i}>
            {s.heading && <h3>{s.heading}</h3>}
            <ul class="figures-list">
              {s.figures.map((f, j) => (
                <Figure key={j} f={f} fractions={fractions} />
              ))}
            </ul>
          </div>
        ))}
        {figureCount > PHONE_FIGURES && (
          <button type="button" class="all-figures" aria-expanded={allFigures} onClick={() => setAllFigures(!allFigures)}>
            {allFigures ? 'Fewer figures' : `All ${figureCount} figures`}
          </button>
        )}
        {summary.notes.map((n, i) => (
          <p class="note" key={i}>
            {optionsInWords(n)}
          </p>
        ))}
      </section>
      {result.outcomes.length > 0 && <Chart spec={spec} label={`Chart of the final states of ${commandLine}`} />}
      <details class="details">
        <summary>Details: every final state and event{result.method === 'exact' ? ', exact fractions' : ''}</summary>
        <FigureTable title="Rout by category" rows={categories} keyPrefix="category" />
        <FigureTable title="Stack" rows={stack} keyPrefix="stack" />
        <FigureTable title="Events" rows={events} keyPrefix="event" />
        <FigureTable title="Final states" rows={outcomes} keyPrefix="outcome" />
        <table class="input">
          <caption>Input, as resolved (rule set {result.ruleSet}, asl-odds {result.version})</caption>
          <tbody>
            {flattenInput(result.input).map(([k, v]) => (
              <tr key={k}>
                <th scope="row">{inputPathWords(k)}</th>
                <td>{optionsInWords(idsInWords(v))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </article>
  );
}
