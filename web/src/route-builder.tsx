/**
 * rout's route as hexes: each hex a toggle (Open Ground, Interdicted, or clear), with its MF and
 * ADJACENT/Encircled marks; writes `path` in the CLI's route syntax (`open,clear:2,open:adj`). Low
 * Crawl and "no legal route" are the words `crawl` and `none`.
 */
import { entryValue, setEntry, type Entry } from './fragment.js';
import { FieldError } from './field-error-view.js';
import { TextInput } from './text-input.js';

/** A route as typed that is whole (asked while typing once it is): `crawl`, `none`, or hexes `open|clear` each with `:<MF 1-6>`, `:adj`, `:enc`. */
const ROUTE_WORDS = /^(crawl|none|(open|clear)(:([1-6]|adj|enc))*(,(open|clear)(:([1-6]|adj|enc))*)*)$/i;

interface Hex {
  open: boolean;
  mf: number;
  adj: boolean;
  enc: boolean;
}

/** Reads a route as hexes; null when it is not a list of hexes (`crawl`, `none`, or text the builder cannot show). */
export function parseHexes(path: string): Hex[] | null {
  if (!path.trim()) return [];
  const out: Hex[] = [];
  for (const part of path.split(',')) {
    const [kind, ...mods] = part.trim().toLowerCase().split(':');
    if (kind !== 'open' && kind !== 'clear') return null;
    const hex: Hex = { open: kind === 'open', mf: 1, adj: false, enc: false };
    for (const m of mods) {
      if (m === 'adj') hex.adj = true;
      else if (m === 'enc') hex.enc = true;
      else if (/^[1-6]$/.test(m)) hex.mf = Number(m);
      else return null;
    }
    out.push(hex);
  }
  return out;
}

/** Writes hexes in the route syntax. */
export function formatHexes(hexes: readonly Hex[]): string {
  return hexes.map((h) => [h.open ? 'open' : 'clear', ...(h.mf !== 1 ? [String(h.mf)] : []), ...(h.adj ? ['adj'] : []), ...(h.enc ? ['enc'] : [])].join(':')).join(',');
}

export function RouteBuilder({ entries, onChange, error }: { entries: readonly Entry[]; onChange: (e: Entry[]) => void; error?: string }) {
  const path = entryValue(entries, 'path');
  const hexes = parseHexes(path);
  const write = (p: string) => onChange(setEntry(entries, 'path', p));
  const edit = (i: number, f: (h: Hex) => void) => {
    const next = (hexes ?? []).map((h) => ({ ...h }));
    f(next[i]);
    write(formatHexes(next));
  };
  return (
    <fieldset class="route">
      <legend>Route (hexes entered, in order)</legend>
      {hexes ? (
        <div class="hexes">
          {hexes.map((h, i) => (
            <div class="hex-cell" key={i}>
              <button
                type="button"
                class={h.open ? 'hex open' : 'hex clear'}
                aria-pressed={h.open}
                title="Open Ground where Interdiction applies (open) or not (clear): tap to toggle"
                onClick={() => edit(i, (x) => (x.open = !x.open))}
              >
                {h.open ? 'open' : 'clear'}
              </button>
              <div class="hex-mods">
                <button type="button" class="mf" title="MF spent entering this hex (1-6): tap to add one" onClick={() => edit(i, (x) => (x.mf = (x.mf % 6) + 1))}>
                  {h.mf} MF
                </button>
                <button type="button" class={h.adj ? 'marker on' : 'marker'} aria-pressed={h.adj} title="ADJACENT to a Known armed unbroken enemy" onClick={() => edit(i, (x) => (x.adj = !x.adj))}>
                  adj
                </button>
                <button type="button" class={h.enc ? 'marker on' : 'marker'} aria-pressed={h.enc} title="an Encircled Location (ML -1)" onClick={() => edit(i, (x) => (x.enc = !x.enc))}>
                  enc
                </button>
              </div>
            </div>
          ))}
          <div class="hex-cell">
            <button type="button" class="add" onClick={() => write(formatHexes([...hexes, { open: true, mf: 1, adj: false, enc: false }]))}>
              + hex
            </button>
            {hexes.length > 0 && (
              <button type="button" class="remove" onClick={() => write(formatHexes(hexes.slice(0, -1)))}>
                − hex
              </button>
            )}
          </div>
        </div>
      ) : null}
      <div class="field">
        <label for="opt-path">Route *</label>
        <TextInput id="opt-path" name="path" value={path} aria-invalid={error ? true : undefined} aria-describedby={error ? 'opt-path-error' : undefined} spellcheck={false} autocomplete="off" valid={(v) => ROUTE_WORDS.test(v.trim())} onCommit={(v) => write(v.trim())} />
        <small>open/clear hexes, each optionally :MF, :adj, :enc; or crawl (Low Crawl), none (no legal route)</small>
        {error && <FieldError id="opt-path-error" message={error} />}
      </div>
      <div class="route-words">
        <button type="button" onClick={() => write('crawl')}>Low Crawl</button>
        <button type="button" onClick={() => write('open,open')}>two Open Ground hexes</button>
      </div>
    </fieldset>
  );
}
