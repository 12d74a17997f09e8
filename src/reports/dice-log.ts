/**
 * The dice of one or more games against fair dice: what `asl-odds log` and the page's dice log show.
 *
 * Pipeline: the rolls of each log (vasl/game-log.ts) -> optionally one player's -> groups (each player,
 * and all players; each kind of roll, and all kinds; DR and dr apart) -> for each group: count, mean,
 * the distribution of its values against fair dice's, the exact one-sided probability of a mean at
 * least as far from 7 (DR) or 3.5 (dr) in the direction it went (stats/dice-sum-tail.ts), and the
 * chi-squared test of the faces where the counts allow it (stats/dice-faces.ts) -> the rolls that
 * mattered by the rules, each with the exact chance that fair dice give at least that many
 * (stats/binomial-tail.ts).
 *
 * The rolls that mattered (on the Original DR, before any DRM; docs/rules-notes.md §1):
 * - an Original 2 on a MC or Rally DR: Heat of Battle (A15.1: "any Original MC or Rally (not
 *   Self-Rally) DR of 2"; a log does not say which Rally was a Self-Rally); an Original 2 on a TC DR is
 *   listed apart: A15.1's text names MC and Rally only;
 * - an Original 12 on a MC DR: Casualty MC (A10.31); on a Rally DR: Fate (A10.6);
 * - a SA dr of 1 or 2: the Sniper dr that strikes once a sniper is activated (A14; the meaning of
 *   1 and 2 is from the ruleschat project's note, app/asl/ift.py: medium confidence).
 *
 * Runs in Node and in a browser. Cost: one pass of the dice-sum convolution up to the largest group.
 */
import { binomialUpperTail, type BinomialTail } from '../stats/binomial-tail.js';
import { facesTest, type FacesTest } from '../stats/dice-faces.js';
import { diceSumTails, type DiceSumTail } from '../stats/dice-sum-tail.js';
import type { GameLog, LoggedRoll, RollType } from '../vasl/game-log.js';

/** A group's mean against fair dice. */
export interface MeanTail extends DiceSumTail {
  /** Which way the mean went: `low` (below 7 or 3.5: hot dice in ASL), `high` (cold), `even` (exactly fair dice's mean; the probability is then P(at most this total), over 1/2). */
  readonly direction: 'low' | 'high' | 'even';
  /** Always one-sided: P(a mean at least this far, in this direction). */
  readonly sided: 'one-sided';
}

/** The rolls of one player (or all) of one kind (or all), DR or dr. */
export interface DiceGroup {
  /** The player, or null for all players. */
  readonly player: string | null;
  /** The kind of roll, or null for all kinds. */
  readonly kind: string | null;
  readonly type: RollType;
  readonly count: number;
  /** Mean of the totals (DR: 2..12, dr: 1..6). */
  readonly mean: number;
  /** 7 for DR, 3.5 for dr. */
  readonly fairMean: number;
  /** Each total (DR 2..12, dr 1..6): how many, and fair dice's probability of it. */
  readonly distribution: readonly { readonly value: number; readonly count: number; readonly fair: number }[];
  /** How many dice showed 1..6 (a DR's two dice apart). */
  readonly faces: readonly number[];
  readonly tail: MeanTail;
  readonly facesTest: FacesTest;
}

/** A roll that mattered by the rules: how many a player had, and how often fair dice give that many. */
export interface MatteredRow {
  readonly player: string;
  /** What, in the rulebook's words: `Original 2 on a MC or Rally DR`. */
  readonly what: string;
  /** What it did, with the rule: `Heat of Battle (A15.1)`. */
  readonly rule: string;
  /** high, or medium where the fact is not from a rules text. */
  readonly confidence: 'high' | 'medium';
  readonly count: number;
  /** The rolls it could happen on. */
  readonly of: number;
  /** Fair dice's chance on one roll, as a fraction `1/36`. */
  readonly perRoll: string;
  /** P(at least `count` in `of` rolls) for fair dice, exact. */
  readonly atLeast: BinomialTail;
}

/** The analysis of one or more logs. */
export interface DiceLogAnalysis {
  readonly files: readonly { readonly file: string; readonly moduleVersion: string | null; readonly rolls: number; readonly unreadable: number }[];
  /** Only this player's rolls (`--player`), or null. */
  readonly player: string | null;
  /** Players in the order they first roll. */
  readonly players: readonly string[];
  readonly rolls: readonly LoggedRoll[];
  /** Every group with at least one roll: per player then all players, all kinds then each kind, DR then dr. */
  readonly groups: readonly DiceGroup[];
  readonly mattered: readonly MatteredRow[];
}

/** Fair dice: DR totals 2..12 (ways out of 36) and dr 1..6. */
const FAIR_DR = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map((w) => w / 36);

/**
 * The analysis of the rolls of `logs`.
 * @param logs logs read by readGameLog, in the order given
 * @param player only this player's rolls (exact name), or undefined for all
 * @returns the analysis; players and groups empty when there are no rolls. Never throws (a player
 *   with no rolls gives an empty analysis: the caller checks the name first).
 */
export function analyzeDiceLogs(logs: readonly GameLog[], player?: string): DiceLogAnalysis {
  const rolls = logs.flatMap((l) => l.rolls).filter((r) => player === undefined || r.player === player);
  const players = [...new Set(rolls.map((r) => r.player))];
  const kinds = [...new Set(rolls.map((r) => r.kind))];
  const specs: { player: string | null; kind: string | null; type: RollType; rolls: LoggedRoll[] }[] = [];
  for (const p of [...players, null]) {
    if (p === null && players.length < 2) continue;
    const mine = p === null ? rolls : rolls.filter((r) => r.player === p);
    for (const type of ['DR', 'dr'] as const) {
      const ofType = mine.filter((r) => r.type === type);
      if (ofType.length === 0) continue;
      specs.push({ player: p, kind: null, type, rolls: ofType });
      for (const k of kinds) {
        const ofKind = ofType.filter((r) => r.kind === k);
        if (ofKind.length > 0) specs.push({ player: p, kind: k, type, rolls: ofKind });
      }
    }
  }
  const sums = specs.map((s) => s.rolls.reduce((t, r) => t + total(r), 0));
  const fairSums = specs.map((s) => s.rolls.length * (s.type === 'DR' ? 7 : 3.5));
  const queries = specs.map((s, i) => ({
    dice: s.rolls.length * (s.type === 'DR' ? 2 : 1),
    sum: sums[i],
    direction: sums[i] <= fairSums[i] ? ('low' as const) : ('high' as const),
  }));
  const tails = diceSumTails(queries);
  const groups: DiceGroup[] = specs.map((s, i) => {
    const faces = [0, 0, 0, 0, 0, 0];
    for (const r of s.rolls) for (const d of r.dice) faces[d - 1]++;
    const values = s.type === 'DR' ? [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : [1, 2, 3, 4, 5, 6];
    const distribution = values.map((v, j) => ({ value: v, count: s.rolls.filter((r) => total(r) === v).length, fair: s.type === 'DR' ? FAIR_DR[j] : 1 / 6 }));
    const even = sums[i] === fairSums[i];
    const tail: MeanTail = even
      ? { ...tails[i], direction: 'even', sided: 'one-sided' }
      : { ...tails[i], direction: queries[i].direction, sided: 'one-sided' };
    return {
      player: s.player,
      kind: s.kind,
      type: s.type,
      count: s.rolls.length,
      mean: sums[i] / s.rolls.length,
      fairMean: s.type === 'DR' ? 7 : 3.5,
      distribution,
      faces,
      tail,
      facesTest: facesTest(faces),
    };
  });
  return {
    files: logs.map((l) => ({ file: l.file, moduleVersion: l.moduleVersion, rolls: l.rolls.filter((r) => player === undefined || r.player === player).length, unreadable: l.unreadable })),
    player: player ?? null,
    players,
    rolls,
    groups,
    mattered: players.flatMap((p) => matteredRows(p, rolls.filter((r) => r.player === p))),
  };
}

/** The total of a roll's dice. */
export function total(r: LoggedRoll): number {
  return r.dice.reduce((s, d) => s + d, 0);
}

/** The rolls that mattered of one player (see the module doc). */
function matteredRows(player: string, rolls: readonly LoggedRoll[]): MatteredRow[] {
  const DR = (kinds: readonly string[]) => rolls.filter((r) => r.type === 'DR' && kinds.includes(r.kind));
  const rows: MatteredRow[] = [];
  const add = (what: string, rule: string, confidence: 'high' | 'medium', on: readonly LoggedRoll[], hit: (r: LoggedRoll) => boolean, a: number, b: number) => {
    if (on.length === 0) return;
    const count = on.filter(hit).length;
    rows.push({ player, what, rule, confidence, count, of: on.length, perRoll: `${a}/${b}`, atLeast: binomialUpperTail(count, on.length, a, b) });
  };
  const is = (v: number) => (r: LoggedRoll) => total(r) === v;
  add('Original 2 on a MC or Rally DR', 'Heat of Battle (A15.1)', 'high', DR(['MC', 'Rally']), is(2), 1, 36);
  add('Original 2 on a TC DR', 'no Heat of Battle by A15.1, which names MC and Rally', 'high', DR(['TC']), is(2), 1, 36);
  add('Original 12 on a MC DR', 'Casualty MC (A10.31)', 'high', DR(['MC']), is(12), 1, 36);
  add('Original 12 on a Rally DR', 'Fate (A10.6)', 'high', DR(['Rally']), is(12), 1, 36);
  const sa = rolls.filter((r) => r.type === 'dr' && r.kind === 'SA');
  add('SA dr of 1 or 2', 'the sniper strikes (A14)', 'medium', sa, (r) => r.dice[0] <= 2, 1, 3);
  add('SA dr of 1', 'A14', 'medium', sa, (r) => r.dice[0] === 1, 1, 6);
  add('SA dr of 2', 'A14', 'medium', sa, (r) => r.dice[0] === 2, 1, 6);
  return rows;
}
