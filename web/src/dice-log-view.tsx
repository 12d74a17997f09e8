/**
 * "The dice of a game" on the page: the player opens one or more VASL logs (`.vlog`), read in the
 * browser (never uploaded: the same reader and analysis as `asl-odds log`, src/vasl/game-log.ts and
 * src/reports/dice-log.ts), and sees who rolled hot or cold with the exact chance, the rolls that
 * mattered, the two charts, and every roll. Self-contained: it sets no part of the page's URL state.
 */
import { useMemo, useState } from 'preact/hooks';
import { analyzeDiceLogs } from '../../src/reports/dice-log.js';
import { buildDiceDistributionSpec, buildRunningMeanSpec } from '../../src/reports/dice-log-charts.js';
import { describeMattered, describeMean } from '../../src/reports/dice-log-text.js';
import { LOG_LIMITS, readGameLog, type GameLog } from '../../src/vasl/game-log.js';
import { SAVE_LIMITS } from '../../src/vasl/save-archive.js';
import { Chart } from './chart.js';

/** At most this many logs opened at once (as the CLI). */
const MAX_LOGS = 500;

/** The "The dice of a game" panel. */
export function DiceLogView() {
  const [logs, setLogs] = useState<readonly GameLog[]>([]);
  const [player, setPlayer] = useState('');
  const [error, setError] = useState('');

  const open = async (files: FileList | null | undefined) => {
    setError('');
    if (!files || files.length === 0) return;
    if (files.length > MAX_LOGS) {
      setError(`${files.length} logs; at most ${MAX_LOGS} at once`);
      return;
    }
    const read: GameLog[] = [];
    for (const file of Array.from(files)) {
      if (file.size > SAVE_LIMITS.fileBytes) {
        setError(`${file.name}: ${file.size} bytes; a VASL log is at most ${SAVE_LIMITS.fileBytes} bytes (16 MiB)`);
        setLogs([]);
        return;
      }
      try {
        read.push(readGameLog(new Uint8Array(await file.arrayBuffer()), file.name));
        if (read.reduce((n, l) => n + l.rolls.length, 0) > LOG_LIMITS.runRolls) throw new Error(`more than ${LOG_LIMITS.runRolls} rolls in these logs together; open fewer logs`);
      } catch (e) {
        setError((e as Error).message);
        setLogs([]);
        return;
      }
    }
    setLogs(read);
    setPlayer('');
  };

  const analysis = useMemo(() => (logs.length ? analyzeDiceLogs(logs, player || undefined) : null), [logs, player]);
  const allPlayers = useMemo(() => [...new Set(logs.flatMap((l) => l.rolls.map((r) => r.player)))], [logs]);
  // Memoized: a chart redraws when its spec object changes.
  const distribution = useMemo(() => (analysis ? buildDiceDistributionSpec(analysis) : null), [analysis]);
  const running = useMemo(() => (analysis ? buildRunningMeanSpec(analysis) : null), [analysis]);

  return (
    <details class="more dice-log" open={logs.length > 0}>
      <summary>The dice of a game (VASL log, .vlog)</summary>
      <p class="about">Who rolled hot or cold, against fair dice. The files are read on this device; nothing is uploaded.</p>
      <label class="field">
        <span>VASL logs</span>
        <input type="file" accept=".vlog" multiple aria-label="VASL logs" onChange={(e) => void open((e.currentTarget as HTMLInputElement).files)} />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {analysis && (
        <div class="dice-log-answer" aria-label="The dice of the game">
          <p class="about">
            {analysis.files.map((f) => f.file).join(', ')}: {analysis.rolls.length} rolls
            {analysis.files.some((f) => f.unreadable > 0) && `; ${analysis.files.reduce((s, f) => s + f.unreadable, 0)} chat lines that began as a roll did not check and are not counted`}
          </p>
          {allPlayers.length > 1 && (
            <label class="field">
              <span>Player</span>
              <select aria-label="Player" value={player} onChange={(e) => setPlayer((e.currentTarget as HTMLSelectElement).value)}>
                <option value="">All players</option>
                {allPlayers.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
          )}
          {analysis.rolls.length === 0 ? (
            <p>No dice rolls in this log.</p>
          ) : (
            <>
              <h3>Who rolled hot or cold</h3>
              <ul class="dice-words">
                {analysis.groups
                  .filter((g) => g.kind === null)
                  .map((g, i) => (
                    <li key={i}>
                      <strong>
                        {g.player ?? 'All players'}, {g.type}
                      </strong>
                      : {describeMean(g)}
                    </li>
                  ))}
              </ul>
              <h3>The rolls that mattered</h3>
              <ul class="dice-mattered">
                {analysis.mattered
                  .filter((m) => m.count > 0)
                  .map((m, i) => (
                    <li key={i}>{describeMattered(m)}</li>
                  ))}
                {analysis.mattered.every((m) => m.count === 0) && <li>No Original 2 or 12 on a MC, TC or Rally DR, and no sniper dr of 1 or 2.</li>}
              </ul>
              {distribution && <Chart spec={distribution} label="Each player's DR against fair dice" />}
              {running && <Chart spec={running} label="Running mean DR with the band fair dice stay in" />}
              <details class="more">
                <summary>Every roll ({analysis.rolls.length})</summary>
                <div style={{ overflowX: 'auto' }}>
                  <table class="dice-rolls" aria-label="Every roll">
                    <thead>
                      <tr>
                        <th>#</th>
                        <th>log</th>
                        <th>turn</th>
                        <th>phase</th>
                        <th>player</th>
                        <th>kind</th>
                        <th>dice</th>
                      </tr>
                    </thead>
                    <tbody>
                      {analysis.rolls.slice(0, 2000).map((r) => (
                        <tr key={`${r.file}-${r.index}`}>
                          <td>{r.index}</td>
                          <td>{r.file}</td>
                          <td>{r.turn === null ? '-' : `${r.side ?? ''} ${r.turn}`}</td>
                          <td>{r.phase ?? '-'}</td>
                          <td>{r.player}</td>
                          <td>
                            {r.kind} {r.type}
                          </td>
                          <td>{r.dice.join(',')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {analysis.rolls.length > 2000 && <p class="note">The first 2,000 rolls are listed here.</p>}
              </details>
            </>
          )}
        </div>
      )}
    </details>
  );
}
