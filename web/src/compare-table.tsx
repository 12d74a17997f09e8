/**
 * "Pin to compare" as one table: one row per figure, the pinned answer, the current one and their
 * difference side by side (the summary's figures first, then every event and final state of the
 * details), so that two answers are read row by row, on a phone as on a desktop. A figure only one
 * answer has shows "–" on the other side.
 */
import { useMemo } from 'preact/hooks';
import type { OddsResult } from '../../src/result.js';
import { formatPercent } from '../../src/reports/format-probability.js';
import { eventWords, stackEventWords } from '../../src/reports/glossary.js';
import { buildOddsSummary } from '../../src/reports/summary.js';

/** One compared figure: its key (`event:pass`, `summary:German 9-1|broken`), label, value and exact fraction. */
interface Cell {
  readonly label: string;
  readonly group: string;
  readonly value: number;
  readonly kind: 'probability' | 'expectation';
  readonly fraction?: string;
}

/** The figures of an answer by key, in display order. */
export function comparedFigures(result: OddsResult): Map<string, Cell> {
  const out = new Map<string, Cell>();
  const summary = buildOddsSummary(result);
  for (const s of summary.sections) {
    for (const f of s.figures) {
      const label = s.heading ? `${s.heading}: ${f.label}` : f.label;
      out.set(`summary:${label}`, { label, group: 'Summary', value: f.value, kind: f.kind, fraction: f.fraction });
    }
  }
  const r = result as OddsResult & { categories?: Record<string, number>; categoryFractions?: Record<string, string> };
  for (const [k, p] of Object.entries(r.categories ?? {})) out.set(`category:${k}`, { label: k, group: 'Rout by category', value: p, kind: 'probability', fraction: r.categoryFractions?.[k] });
  for (const [k, p] of Object.entries(result.stackEvents ?? {})) {
    if (!k.startsWith('expected')) out.set(`stack:${k}`, { label: stackEventWords(k), group: 'Stack', value: p, kind: 'probability', fraction: result.stackEventFractions?.[k] });
  }
  for (const [k, p] of Object.entries(result.events)) {
    out.set(`event:${k}`, { label: eventWords(k), group: 'Events (at least once)', value: p ?? 0, kind: 'probability', fraction: result.eventFractions?.[k as never] as string | undefined });
  }
  for (const o of result.outcomes) out.set(`outcome:${o.state}`, { label: o.state, group: 'Final states', value: o.probability, kind: 'probability', fraction: o.fraction });
  return out;
}

function valueText(c: Cell | undefined): string {
  if (!c) return '–';
  return c.kind === 'expectation' ? c.value.toFixed(2) : formatPercent(c.value);
}

/** `now - pinned`: in percentage points for probabilities (`+12.3 pp`), as a number for expectations. */
function differenceText(a: Cell | undefined, b: Cell | undefined): string {
  if (!a || !b) return '–';
  const d = b.value - a.value;
  if (b.kind === 'expectation') return `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d).toFixed(2)}`;
  const pp = d * 100;
  if (Math.abs(pp) < 0.05) return '±0.0 pp';
  return `${pp > 0 ? '+' : '−'}${Math.abs(pp).toFixed(1)} pp`;
}

/** The pinned answer and the current one, row by row. */
export function CompareTable({ pinned, now, pinnedLine, nowLine }: { pinned: OddsResult; now: OddsResult; pinnedLine: string; nowLine: string }) {
  const rows = useMemo(() => {
    const a = comparedFigures(pinned);
    const b = comparedFigures(now);
    const keys = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
    return keys.map((k) => ({ key: k, a: a.get(k), b: b.get(k) }));
  }, [pinned, now]);
  let group = '';
  return (
    <div class="compare-table scroll-x">
      <table class="compare">
        <caption>
          Pinned: <code>{pinnedLine}</code>
          <br />
          Now: <code>{nowLine}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Pinned</th>
            <th scope="col">Now</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.flatMap(({ key, a, b }) => {
            const c = (b ?? a)!;
            const head =
              c.group !== group
                ? [
                    <tr key={`group:${c.group}`} class="group">
                      <th scope="colgroup" colSpan={4}>
                        {c.group}
                      </th>
                    </tr>,
                  ]
                : [];
            group = c.group;
            return [
              ...head,
              <tr key={key} data-key={key} data-pinned-fraction={a?.fraction ?? ''} data-now-fraction={b?.fraction ?? ''}>
                <th scope="row">{c.label}</th>
                <td class="pinned">{valueText(a)}</td>
                <td class="now">{valueText(b)}</td>
                <td class="difference">{differenceText(a, b)}</td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
