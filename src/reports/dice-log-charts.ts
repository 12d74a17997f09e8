/**
 * Charts of the dice of a game (Vega-Lite): each player's DR totals against fair dice's, and each
 * player's running mean with the band fair dice stay in.
 *
 * Pipeline: DiceLogAnalysis -> rows -> vega-lite spec -> SVG / index.html / the page. Pure: no Node imports.
 */
import type { TopLevelSpec } from 'vega-lite';
import { fairMeanBand } from '../stats/dice-sum-tail.js';
import { total, type DiceLogAnalysis } from './dice-log.js';
import { formatPercent } from './format-probability.js';

/** Okabe-Ito colors for the players, in order. */
const PLAYER_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

/** Running means drawn for at most this many rolls a player (the band's cost grows as its square). */
export const RUNNING_MEAN_MAX_ROLLS = 3000;

/**
 * Each player's DR totals as shares of their DR, bars against fair dice's probability (black ticks).
 * @returns the spec, or null when no player rolled a DR. Never throws.
 */
export function buildDiceDistributionSpec(a: DiceLogAnalysis, type: 'DR' | 'dr' = 'DR'): TopLevelSpec | null {
  const groups = a.groups.filter((g) => g.kind === null && g.player !== null && g.type === type);
  if (groups.length === 0) return null;
  const players = groups.map((g) => g.player!);
  const values = groups.flatMap((g) =>
    g.distribution.map((d) => ({ player: g.player!, value: String(d.value), order: d.value, share: d.count / g.count, count: d.count, fair: d.fair, label: formatPercent(d.count / g.count), fairLabel: formatPercent(d.fair) })),
  );
  const x = { field: 'value', type: 'ordinal', title: type === 'DR' ? 'DR (total of two dice)' : 'dr', sort: { field: 'order', op: 'min', order: 'ascending' }, axis: { labelAngle: 0 } } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Each player's ${type} against fair dice`, subtitle: 'bars: the player\'s rolls; ticks: fair dice', anchor: 'start' },
    width: 520,
    height: 220,
    data: { values },
    encoding: { x },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y: { field: 'share', type: 'quantitative', title: 'Share of the rolls', axis: { format: '.0%' } },
          color: { field: 'player', type: 'nominal', title: null, scale: { domain: players, range: PLAYER_COLORS.slice(0, Math.max(1, Math.min(players.length, PLAYER_COLORS.length))) }, legend: { orient: 'top' } },
          xOffset: { field: 'player', type: 'nominal', scale: { domain: players } },
          tooltip: [{ field: 'player', title: 'Player' }, { field: 'value', title: type }, { field: 'count', title: 'Rolls' }, { field: 'label', title: 'Share' }, { field: 'fairLabel', title: 'Fair dice' }],
        },
      },
      { mark: { type: 'tick', color: '#000000', thickness: 2, aria: false }, encoding: { y: { field: 'fair', type: 'quantitative' } } },
    ],
  };
}

/**
 * Each player's running mean of DR, roll by roll, over the band that 95% of fair games stay in at each
 * roll (exact quantiles of the sum of fair dice: stats/dice-sum-tail.ts fairMeanBand).
 * @returns the spec, or null when no player rolled a DR. Never throws.
 */
export function buildRunningMeanSpec(a: DiceLogAnalysis, type: 'DR' | 'dr' = 'DR'): TopLevelSpec | null {
  const players = a.players.filter((p) => a.rolls.some((r) => r.player === p && r.type === type));
  if (players.length === 0) return null;
  const lines: { player: string; roll: number; mean: number }[] = [];
  let most = 0;
  for (const p of players) {
    const mine = a.rolls.filter((r) => r.player === p && r.type === type).slice(0, RUNNING_MEAN_MAX_ROLLS);
    let sum = 0;
    mine.forEach((r, i) => {
      sum += total(r);
      lines.push({ player: p, roll: i + 1, mean: sum / (i + 1) });
    });
    most = Math.max(most, mine.length);
  }
  const band = fairMeanBand(most, type === 'DR' ? 2 : 1, 0.95);
  const fair = type === 'DR' ? 7 : 3.5;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Running mean of each player's ${type}`, subtitle: `grey: where 95% of fair games stay; dashed: ${fair}`, anchor: 'start' },
    width: 480,
    height: 220,
    layer: [
      {
        data: { values: band },
        mark: { type: 'area', color: '#bbbbbb', opacity: 0.5, interpolate: 'step-after', aria: false },
        encoding: { x: { field: 'rolls', type: 'quantitative', title: `${type} rolled so far` }, y: { field: 'lo', type: 'quantitative', title: `Mean ${type}`, scale: { zero: false } }, y2: { field: 'hi' } },
      },
      { data: { values: [{ fair }] }, mark: { type: 'rule', color: '#000000', strokeDash: [4, 3], aria: false }, encoding: { y: { field: 'fair', type: 'quantitative' } } },
      {
        data: { values: lines },
        mark: { type: 'line', point: lines.length <= 200 },
        encoding: {
          x: { field: 'roll', type: 'quantitative' },
          y: { field: 'mean', type: 'quantitative' },
          color: { field: 'player', type: 'nominal', title: null, scale: { domain: players, range: PLAYER_COLORS.slice(0, Math.max(1, Math.min(players.length, PLAYER_COLORS.length))) }, legend: { orient: 'top' } },
          tooltip: [{ field: 'player', title: 'Player' }, { field: 'roll', title: 'Roll' }, { field: 'mean', title: 'Mean', format: '.2f' }],
        },
      },
    ],
  };
}
