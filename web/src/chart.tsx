/**
 * A Vega-Lite chart drawn by vega-embed (bundled with the page, loaded on first use: no CDN, and the
 * answer shows before the charting code has loaded).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { TopLevelSpec } from 'vega-lite';

/** Width of one legend column (a symbol and a label such as "passed / no effect"), px. */
const LEGEND_COLUMN_PX = 170;

/**
 * `spec` with every legend's `columns` cut to what `width` holds, so that a phone shows the whole
 * legend (3 columns of the reports' charts were cut off at 345 px). Other specs are returned as they are.
 */
function fitLegends(spec: TopLevelSpec, width: number): TopLevelSpec {
  const most = Math.max(1, Math.floor(width / LEGEND_COLUMN_PX));
  let changed = false;
  const json = JSON.stringify(spec, (key, value: unknown) => {
    if (key === 'legend' && value && typeof value === 'object' && typeof (value as { columns?: unknown }).columns === 'number' && (value as { columns: number }).columns > most) {
      changed = true;
      return { ...value, columns: most };
    }
    return value;
  });
  return changed ? (JSON.parse(json) as TopLevelSpec) : spec;
}

export function Chart({ spec, label }: { spec: TopLevelSpec; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let view: { finalize(): void } | undefined;
    let cancelled = false;
    (async () => {
      try {
        const { default: embed } = await import('vega-embed');
        if (cancelled || !ref.current) return;
        // the whole chart, labels included, fits the container (a phone's 345 px too)
        const width = Math.min(900, ref.current.clientWidth || 600);
        const res = await embed(ref.current, { ...fitLegends(spec, width), width, autosize: { type: 'fit-x', contains: 'padding' } } as never, { actions: false, renderer: 'svg' });
        if (cancelled) res.finalize();
        else view = res;
        ref.current?.setAttribute('data-rendered', 'true');
      } catch (e) {
        if (!cancelled) setFailed((e as Error).message);
      }
    })();
    return () => {
      cancelled = true;
      view?.finalize();
    };
  }, [spec]);
  return (
    <figure class="chart">
      <div ref={ref} role="img" aria-label={label} />
      {failed && <figcaption class="error">The chart could not be drawn ({failed}); the figures above are complete.</figcaption>}
    </figure>
  );
}
