/**
 * An odds table (`asl-odds table <kind>`) as interactive heatmaps: each grid an HTML table whose cells
 * are shaded by probability; tapping a cell shows its exact fraction and what it is.
 */
import { optionsInWords } from '../../src/reports/glossary.js';
import { useState } from 'preact/hooks';
import type { GridTable, TableSet } from '../../src/tables/grid-table.js';
import { formatPercent } from '../../src/reports/format-probability.js';

/** Cell shade: white (0) to deep blue (1), readable text on both. */
function shade(p: number): { background: string; color: string } {
  const t = Math.max(0, Math.min(1, p));
  const l = 97 - t * 62;
  return { background: `hsl(210 70% ${l}%)`, color: l < 55 ? '#fff' : '#102030' };
}

function Heatmap({ table }: { table: GridTable }) {
  const [picked, setPicked] = useState<{ r: number; c: number } | null>(null);
  const cell = picked ? table.cells[picked.r][picked.c] : null;
  return (
    <section class="heatmap" data-table={table.id}>
      <h3>{optionsInWords(table.title)}</h3>
      <div class="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col" class="corner">
                {table.rowTitle} \ {table.columnTitle}
              </th>
              {table.columns.map((c) => (
                <th scope="col" key={c}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {table.columns.map((col, c) => {
                  const x = table.cells[r][c];
                  if (!x) return <td key={col} class="empty" />;
                  const on = picked?.r === r && picked?.c === c;
                  return (
                    <td
                      key={col}
                      style={shade(x.probability)}
                      class={on ? 'cell picked' : 'cell'}
                      data-fraction={x.fraction}
                      title={`${table.rowTitle} ${row}, ${table.columnTitle} ${col}: ${formatPercent(x.probability)} (${x.fraction})`}
                      onClick={() => setPicked(on ? null : { r, c })}
                    >
                      {Math.round(x.probability * 100)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="cell-note" aria-live="polite">
        {cell && picked
          ? `${table.rowTitle} ${table.rows[picked.r]}, ${table.columnTitle} ${table.columns[picked.c]}: ${formatPercent(cell.probability)} = ${cell.fraction}`
          : 'Cells are percentages; tap one for its exact fraction.'}
      </p>
    </section>
  );
}

export function TableView({ set }: { set: TableSet }) {
  return (
    <article class="result table-set" data-command={`table/${set.kind}`}>
      <h2>{optionsInWords(set.title)}</h2>
      <p class="method">exact (every dice path) · rule set {set.ruleSet}</p>
      {set.notes.map((n, i) => (
        <p class="note" key={i}>
          {optionsInWords(n)}
        </p>
      ))}
      {set.tables.map((t) => (
        <Heatmap key={t.id} table={t} />
      ))}
    </article>
  );
}
