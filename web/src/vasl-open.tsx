/**
 * "Open a VASL game" on the page: the player picks a `.vsav` (or `.vlog`) file, which is read in the
 * browser (never uploaded: the same reader as `asl-odds vasl`, src/vasl/), as the side the player names
 * sees it (fair play, src/vasl/fair-play.ts: the enemy's concealed units are "?" counters, his HIP units
 * absent; with no side named, no side's), picks a Location from the list, and a calculator is filled
 * from it by setting the URL fragment, the page's whole state, with the same option values the CLI's
 * `--vasl <file> --at <hex>` fills (src/vasl/location-options.ts). To fire from the board as `attack
 * --from` does, the player first picks the firing Location, then the target: its Good Order units and
 * MGs become the firers, at the range computed from the map (src/vasl/range.ts). The question's own
 * numbers already on the page (FP, DRM, check, terrain) are kept, except the FP and DRM when the firers
 * of a Location make them.
 */
import { useState } from 'preact/hooks';
import { isAslOddsError } from '../../src/errors.js';
import { errorInWords, unitWords } from '../../src/reports/glossary.js';
import { PLAYER_ID, SIDE_NAMES } from '../../src/vasl/fair-play.js';
import { attackOptionsFrom, ccOptionsFrom, unitOptionsFrom, type LocationOptions } from '../../src/vasl/location-options.js';
import { hexRange } from '../../src/vasl/range.js';
import { readVaslGame, type VaslGame, type VaslLocation } from '../../src/vasl/read-game.js';
import { SAVE_LIMITS } from '../../src/vasl/save-archive.js';
import { formatFragment, parseFragment, type Entry } from './fragment.js';

/** Options of the page's question that a Location does not set, kept when a calculator is refilled. */
const KEPT = new Set(['fp', 'drm', 'check', 'terrain', 'self-rally', 'result', 'then', 'rules', 'elr', 'setting', 'ambush', 'hand-to-hand', 'attacker-drm', 'defender-drm']);

/** The attack's circumstances kept when the firers come from a Location (the player sets them). */
const FIRE_KEPT = new Set(['advancing-fire', 'opportunity-fire', 'area-fire', 'tem', 'hindrance', 'other-drm']);

/** `targetBroken` -> `target-broken` (the option's long name, as the fragment spells it). */
const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Options the firers of a Location make: a page's own values of them are not kept. */
const MADE_BY_FIRERS = new Set(['fp', 'drm', 'range', 'leader', 'firer']);

/** The fragment of `command` with a Location's option values and the kept entries of the current one. */
export function fragmentFor(command: string, filled: LocationOptions, current: string): string {
  const fromBoard = filled.values.firer !== undefined;
  const entries: Entry[] = [];
  for (const [k, v] of Object.entries(filled.values)) {
    const name = kebab(k);
    if (Array.isArray(v)) for (const x of v) entries.push([name, String(x)]);
    else entries.push([name, String(v)]);
  }
  const now = parseFragment(current);
  if (now.command === command) for (const e of now.entries) if ((KEPT.has(e[0]) || (fromBoard && FIRE_KEPT.has(e[0]))) && !(fromBoard && MADE_BY_FIRERS.has(e[0])) && !entries.some((x) => x[0] === e[0])) entries.push(e);
  return formatFragment({ command, entries });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sides = (l: VaslLocation) =>
  [...new Set([...l.units.map((u) => u.side), ...l.unmapped.flatMap((u) => (u.side ? [u.side] : [])), ...(l.concealed?.sides ?? [])])].map(capital).join(' and ');

/** A concealed stack in players' words (the same words as the CLI's). */
const concealedText = (c: NonNullable<VaslLocation['concealed']>) =>
  `a concealed stack: ${c.counters} "?" counter${c.counters === 1 ? '' : 's'}${c.sides.length ? ` (${c.sides.map(capital).join(', ')})` : ''}`;

/** A read failure in one line: the reader's own message, or what a player can do. */
const readError = (name: string, e: unknown) => (isAslOddsError(e) ? e.message : `${name}: could not be read as a VASL saved game or log`);

/** The "Open a VASL game" panel. */
export function VaslOpen() {
  const [game, setGame] = useState<VaslGame | null>(null);
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array } | null>(null);
  const [side, setSide] = useState('');
  const [hex, setHex] = useState('');
  const [fromHex, setFromHex] = useState('');
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
    const bytes = new Uint8Array(await file.arrayBuffer());
    setFile({ name: file.name, bytes });
    read({ name: file.name, bytes }, side);
  };

  /** Reads the save as `as` sees it (fair play: the reader shows nothing more). */
  const read = (f: { name: string; bytes: Uint8Array }, as: string) => {
    try {
      const g = readVaslGame(f.bytes, f.name, as === '' ? {} : { as, asOption: 'Your side' });
      setGame(g);
      setHex((h) => (g.locations.some((l) => l.hex === h) ? h : (g.locations[0]?.hex ?? '')));
      setFromHex((h) => (g.locations.some((l) => l.hex === h) ? h : ''));
      setUnit(1);
    } catch (e) {
      setGame(null);
      setError(readError(f.name, e));
    }
  };

  const loc = game?.locations.find((l) => l.hex === hex);
  const fromLoc = game?.locations.find((l) => l.hex === fromHex);
  const range = game && loc && fromLoc ? hexRange(game.boards, fromLoc.hex, loc.hex) : undefined;
  /** The attack from the board: the firing Location's firers when one is picked (as `attack --from`). */
  const fire = (): LocationOptions => {
    if (fromLoc === undefined || range === undefined) return attackOptionsFrom(loc!);
    const now = parseFragment(location.hash);
    const has = (k: string) => now.command === 'attack' && now.entries.some((e) => e[0] === k);
    return attackOptionsFrom(loc!, { loc: fromLoc, range }, { terrainGiven: has('terrain') || has('tem'), advancingFire: has('advancing-fire') });
  };
  const ask = (command: string, fill: () => LocationOptions) => {
    // Fair play (A12): what is under "?" counters the player cannot see is never filled in.
    if (loc?.concealed !== undefined && (command === 'attack' || command === 'cc' || loc.units.length === 0)) {
      setNotes([]);
      setError(
        `${loc.hex}: ${concealedText(loc.concealed)}; what it holds cannot be known (A12).${command === 'attack' ? ' Fire on it as Area Fire (A7.23): type the units you assume as the target.' : ''}`,
      );
      return;
    }
    try {
      const filled = fill();
      setError('');
      setNotes(filled.notes.map((n) => inWords(n, '')));
      location.hash = fragmentFor(command, filled, location.hash);
    } catch (e) {
      setError(inWords((e as Error).message, isAslOddsError(e) ? e.code : ''));
      setNotes([]);
    }
  };

  return (
    <details class="more vasl" open={game !== null || file !== null || error !== ''}>
      <summary>Open a VASL game (.vsav, .vlog)</summary>
      <p class="about">The file is read on this device; nothing is uploaded.</p>
      <label class="field">
        <span>VASL saved game</span>
        <input type="file" accept=".vsav,.vlog" aria-label="VASL saved game" onChange={(e) => void open((e.currentTarget as HTMLInputElement).files?.[0])} />
      </label>
      <label class="field">
        <span>Your side</span>
        <input
          type="text"
          list="vasl-sides"
          aria-label="Your side"
          placeholder="a nationality or your VASL player name"
          value={side}
          onChange={(e) => {
            const v = (e.currentTarget as HTMLInputElement).value.trim();
            setSide(v);
            setError('');
            setNotes([]);
            if (file) read(file, v);
          }}
        />
        <datalist id="vasl-sides">
          {SIDE_NAMES.map((n) => (
            <option key={n} value={capital(n)} />
          ))}
        </datalist>
      </label>
      {game && (
        <>
          <p class="about">
            {game.file}
            {game.kind === 'log' ? ' (a log: its final position)' : ''}: {game.boards.length > 0 ? `boards ${game.boards.map((b) => `${b.name}${b.reversed ? ' (reversed)' : ''}`).join(', ')}` : 'no boards'}; map read:{' '}
            {game.maps.read ?? 'none'}; {game.offBoard} piece{game.offBoard === 1 ? '' : 's'} off the boards; hex names match VASSAL's records for {game.breadcrumbs.matched} of {game.breadcrumbs.checked} moved pieces.
          </p>
          <p class="about" aria-label="Whose eyes">
            {game.viewer.as === null
              ? 'Seen as neither side: no concealed or hidden (HIP) unit is identified. Name your side to see your own.'
              : `Seen as ${game.viewer.side ?? (game.viewer.as === PLAYER_ID ? 'the player of the VASL id you gave' : `player ${game.viewer.as}`)}: your concealed and hidden (HIP) units are shown, marked; the enemy's concealed units are "?" counters and his HIP units are not shown.`}
          </p>
          <label class="field">
            <span>Firing Location</span>
            <select
              aria-label="Firing Location"
              value={fromHex}
              onChange={(e) => {
                setFromHex((e.currentTarget as HTMLSelectElement).value);
                setError('');
                setNotes([]);
              }}
            >
              <option value="">none: the FP and DRM as typed</option>
              {game.locations.map((l) => (
                <option key={l.hex} value={l.hex}>
                  {l.hex} {sides(l)}
                </option>
              ))}
            </select>
          </label>
          <label class="field">
            <span>{fromLoc ? 'Target Location' : 'Location'}</span>
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
                  {l.hex} {sides(l)}: {[...l.units.map((u) => u.id.split('/')[1]), ...(l.concealed ? [concealedText(l.concealed)] : [])].join(', ') || 'nothing asl-odds takes'}
                </option>
              ))}
            </select>
          </label>
          {fromLoc && loc && (
            <p class="about" aria-label="Range between the Locations">
              From {fromLoc.hex} to {loc.hex}: range {range} (computed from the map)
            </p>
          )}
          {loc && (
            <div class="vasl-location" aria-label="Units in the Location">
              <ol style={{ paddingLeft: '1.4em', margin: '6px 0' }}>
                {loc.units.map((u) => (
                  <li key={u.position}>
                    <label>
                      <input type="radio" name="vasl-unit" checked={unit === u.position} onChange={() => setUnit(u.position)} /> {unitWords(u.id)} ({u.counter}){u.markers.length > 0 && `: ${u.markers.join(', ')}`}
                    </label>
                  </li>
                ))}
              </ol>
              {loc.concealed && <p class="note">{concealedText(loc.concealed)}: what it holds cannot be known (A12)</p>}
              {loc.supportWeapons.length > 0 && (
                <ul class="note" style={{ paddingLeft: '1.2em', margin: '4px 0' }}>
                  {loc.supportWeapons.map((w, i) => (
                    <li key={i}>
                      SW {w.name}: {w.possessor !== null ? `held by unit ${w.possessor}` : 'not possessed'}
                    </li>
                  ))}
                </ul>
              )}
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
                <button type="button" onClick={() => ask('attack', fire)}>
                  {fromLoc ? `Fire from ${fromLoc.hex} on this stack` : 'Fire on this stack'}
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

/**
 * A note or error of the Location reader (src/vasl/location-options.ts, written for the command line)
 * in the page's words: the Locations as this panel names them, every other option as its form field,
 * counters as players say them (src/reports/glossary.ts). Never throws.
 */
function inWords(text: string, code: string): string {
  return errorInWords(text.replace(/--from (?=\d)/g, 'Firing Location ').replace(/--at (?=\d)/g, 'Location ').replace(/--unit (?=\d)/g, 'unit '), code);
}
