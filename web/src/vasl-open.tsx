/**
 * "Open a VASL game" on the page: the player picks a `.vsav` file, which is read in the
 * browser (never uploaded: the same reader as `asl-odds vasl`, src/vasl/), picks a Location from the
 * list, and a calculator is filled from it by setting the URL fragment, the page's whole state, with the
 * same option values the CLI's `--vasl <file> --at <hex>` fills (src/vasl/location-options.ts).
 * The question's own numbers already on the page (FP, DRM, check, terrain) are kept.
 */
import { useState } from 'preact/hooks';
import { attackOptionsFrom, ccOptionsFrom, unitOptionsFrom, type LocationOptions } from '../../src/vasl/location-options.js';
import { readVaslGame, type VaslGame, type VaslLocation } from '../../src/vasl/read-game.js';
import { SAVE_LIMITS } from '../../src/vasl/save-archive.js';
import { formatFragment, parseFragment, type Entry } from './fragment.js';

/** Options of the page's question that a Location does not set, kept when a calculator is refilled. */
const KEPT = new Set(['fp', 'drm', 'check', 'terrain', 'self-rally', 'result', 'then', 'rules', 'elr', 'setting', 'ambush', 'hand-to-hand', 'attacker-drm', 'defender-drm']);

/** `targetBroken` -> `target-broken` (the option's long name, as the fragment spells it). */
const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The fragment of `command` with a Location's option values and the kept entries of the current one. */
export function fragmentFor(command: string, filled: LocationOptions, current: string): string {
  const entries: Entry[] = [];
  for (const [k, v] of Object.entries(filled.values)) {
    const name = kebab(k);
    if (Array.isArray(v)) for (const x of v) entries.push([name, String(x)]);
    else entries.push([name, String(v)]);
  }
  const now = parseFragment(current);
  if (now.command === command) for (const e of now.entries) if (KEPT.has(e[0])) entries.push(e);
  return formatFragment({ command, entries });
}

const sides = (l: VaslLocation) =>
  [...new Set([...l.units.map((u) => u.side), ...l.unmapped.flatMap((u) => (u.side ? [u.side] : []))])].map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join(' and ');

/** The "Open a VASL game" panel. */
export function VaslOpen() {
  const [game, setGame] = useState<VaslGame | null>(null);
  const [hex, setHex] = useState('');
  const [unit, setUnit] = useState(1);
  const [error, setError] = useState('');
  const [notes, setNotes] = useState<readonly string[]>([]);

  const open = async (file: File | undefined) => {
    setError('');
    setNotes([]);
    if (!file) return;
    if (file.size > SAVE_LIMITS.fileBytes) {
      setError(`${file.name}: ${file.size} bytes; a VASL save is at most ${SAVE_LIMITS.fileBytes} bytes (16 MiB)`);
      return;
    }
    try {
      const g = readVaslGame(new Uint8Array(await file.arrayBuffer()), file.name);
      setGame(g);
      setHex(g.locations[0]?.hex ?? '');
      setUnit(1);
    } catch (e) {
      setGame(null);
      setError((e as Error).message);
    }
  };

  const loc = game?.locations.find((l) => l.hex === hex);
  const ask = (command: string, fill: () => LocationOptions) => {
    try {
      const filled = fill();
      setError('');
      setNotes(filled.notes);
      location.hash = fragmentFor(command, filled, location.hash);
    } catch (e) {
      setError((e as Error).message);
      setNotes([]);
    }
  };

  return (
    <details class="more vasl" open={game !== null}>
      <summary>Open a VASL game (.vsav)</summary>
      <p class="about">The file is read on this device; nothing is uploaded.</p>
      <label class="field">
        <span>VASL saved game</span>
        <input type="file" accept=".vsav" aria-label="VASL saved game" onChange={(e) => void open((e.currentTarget as HTMLInputElement).files?.[0])} />
      </label>
      {game && (
        <>
          <p class="about">
            {game.file}: boards {game.boards.map((b) => `${b.name}${b.reversed ? ' (reversed)' : ''}`).join(', ')}; hex names match VASSAL's records for {game.breadcrumbs.matched} of{' '}
            {game.breadcrumbs.checked} moved pieces.
          </p>
          <label class="field">
            <span>Location</span>
            <select
              aria-label="Location"
              value={hex}
              onChange={(e) => {
                setHex((e.currentTarget as HTMLSelectElement).value);
                setUnit(1);
                setError('');
                setNotes([]);
              }}
            >
              {game.locations.map((l) => (
                <option key={l.hex} value={l.hex}>
                  {l.hex} {sides(l)}: {l.units.map((u) => u.id.split('/')[1]).join(', ') || 'nothing asl-odds takes'}
                </option>
              ))}
            </select>
          </label>
          {loc && (
            <div class="vasl-location" aria-label="Units in the Location">
              <ol style={{ paddingLeft: '1.4em', margin: '6px 0' }}>
                {loc.units.map((u) => (
                  <li key={u.position}>
                    <label>
                      <input type="radio" name="vasl-unit" checked={unit === u.position} onChange={() => setUnit(u.position)} /> {u.id} ({u.counter}){u.markers.length > 0 && `: ${u.markers.join(', ')}`}
                    </label>
                  </li>
                ))}
              </ol>
              {loc.unmapped.length > 0 && (
                <ul class="note" style={{ paddingLeft: '1.2em', margin: '4px 0' }}>
                  {loc.unmapped.map((u, i) => (
                    <li key={i}>
                      not mapped: {u.name}: {u.reason}
                    </li>
                  ))}
                </ul>
              )}
              <div class="vasl-actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '6px', marginTop: '6px' }}>
                <button type="button" onClick={() => ask('attack', () => attackOptionsFrom(loc))}>
                  Fire on this stack
                </button>
                <button type="button" onClick={() => ask('cc', () => ccOptionsFrom(loc))}>
                  Close Combat here
                </button>
                <button type="button" onClick={() => ask('mc', () => unitOptionsFrom('mc', loc, unit))}>
                  Morale Check of the unit
                </button>
                <button type="button" onClick={() => ask('rally', () => unitOptionsFrom('rally', loc, unit))}>
                  Rally the unit
                </button>
              </div>
            </div>
          )}
        </>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {notes.map((n, i) => (
        <p key={i} class="note">
          note: {n}
        </p>
      ))}
    </details>
  );
}
