/**
 * Exact odds of one fire attack on a stack, factored: the leaders' history enumerated once, each other
 * unit's checks enumerated on their own, and the two combined by conditional independence.
 *
 *   1. the attack chain with every unit that is not a leader deferred (attack-chain.ts `deferred`): the
 *      IFT DR, Random Selection (by ranges) and the leaders' checks, cascades and Berserk checks, each
 *      deferred unit's part recorded as a script (deferred-check-chain.ts: the IFT result's direct
 *      effects on it, then the checks the leaders' history calls for), enumerated exactly in graph
 *      order (exact-graph.ts), each distinct state once, the scripts carried as the paths' labels (the
 *      leaders' rules never read them; the states keep the deferred units as they started; identical
 *      deferred MMC's scripts sorted among themselves);
 *   2. per (deferred target, script): its distribution (deferred-distribution.ts), computed backwards
 *      over the script's suffixes, once per (unit state, suffix) for the whole attack;
 *   3. per leader outcome: the product of the deferred units' distributions (they are independent given
 *      the leaders' history, see deferred-check-chain.ts), merged into the stack's final states.
 *
 * The result is the same distribution as enumerating the whole attack chain (tested equal on many
 * stacks): final states with exact probabilities, and the engine's marginals (P(event) for the stack
 * and per target). Its cost grows with the leaders' histories times the stack's distinct final states,
 * not with the product of every unit's histories; {@link summarizeAttackFactored} skips the final states
 * altogether (every 2-leader stack of 6 units measured under a fifth of a second; 3 leaders 0.1-1 s
 * warm, the median 6-unit stack about 0.45 s: benchmarks/README.md "Exact attacks: one core").
 */
import { PROGRESS_EVERY, tooManyStates, type ExactDistribution, type ExactTerminal } from '../engine/exact.js';
import { add, mul, ONE, Prob6Sums, sub, ZERO, type Prob6 } from '../engine/probability.js';
import { popcount, rank } from '../engine/bits.js';
import { TupleNumbers } from '../engine/tuple-numbers.js';
import { isAlive, isSMC, unitStateKey, type UnitState } from '../rules/unit-state.js';
import { averageOverClass, doubledBroken, doubledEliminated, EXACT_WEIGHTS, FINAL_STATUS_NAMES, finalStatusIndex, type AttackSummary } from './attack-summary.js';
import { EVENT_NAMES } from '../rules/events.js';
import { buildAttackChain, deferredScripts, identicalTargets, type AttackChainSpec, type AttackChainState } from './attack-chain.js';
import type { Script } from './deferred-check-chain.js';
import { deferredDistributions } from './deferred-distribution.js';
import { enumerateGraph, type GraphDistribution, type LabelledTerminal } from './exact-graph.js';
import type { LocalDistribution } from './local-distribution.js';

/** Event bits the engine's masks hold. */
const BITS = 32;

/**
 * True when `spec` can be factored: one attack and at least one target that is not a leader.
 * Never throws.
 */
export function canFactorAttack(spec: AttackChainSpec): boolean {
  return spec.attacks.length === 1 && spec.targets.some((u) => u.profile.kind !== 'leader');
}

/**
 * The leaders' history of an attack and each deferred unit's distribution given its script, with the
 * event marginals of the whole attack (the shared first steps of {@link enumerateAttackFactored} and
 * {@link summarizeAttackFactored}).
 */
interface Factored {
  /** The leaders' chain, the deferred units' scripts as its labels. */
  readonly leaders: GraphDistribution<AttackChainState>;
  /** Positions of the deferred targets (not leaders), ascending. */
  readonly deferred: readonly number[];
  /** Deferred unit's distribution from `start` given `script` (memoised). */
  readonly localOf: (start: UnitState, script: Script) => LocalDistribution;
  /** The deferred targets' scripts at a terminal of `leaders` (by target position). */
  readonly scriptsOf: (t: LabelledTerminal<AttackChainState>) => readonly Script[];
  /** Per terminal of `leaders` (same index), the number of its tuple of distributions in `tuples`. */
  readonly terminalTuples: readonly number[];
  /** The distinct tuples of the deferred targets' distributions (`deferred` order). */
  readonly tuples: readonly (readonly LocalDistribution[])[];
  /** Per tuple (same index), the probability of the leaders' terminals that give it. */
  readonly tupleProbabilities: readonly Prob6[];
  /** Per deferred target (`deferred` order), each of its distributions with the probability of the tuples that have it. */
  readonly weights: readonly ReadonlyMap<LocalDistribution, Prob6>[];
  /** Interned id of a unit state. */
  readonly idOf: (u: UnitState) => number;
  /** Counts work against the budget. @throws AslOddsError `engine.tooManyStates` */
  readonly spend: (k: number) => void;
  /** Work so far. */
  readonly work: () => number;
  /** P(event bit b) for the stack, and per target. */
  readonly marginals: { readonly events: Prob6[]; readonly partEvents: Prob6[][] };
}

function factor(spec: AttackChainSpec, maxStates: number, joint: boolean, onProgress?: (work: number) => void): Factored {
  if (!canFactorAttack(spec)) throw new Error('attack-factored: one attack and at least one unit that is not a leader');
  const targets = spec.targets;
  const deferred = targets.flatMap((u, i) => (u.profile.kind === 'leader' ? [] : [i]));
  let work = 0;
  let reported = 0;
  const spend = (k: number): void => {
    work += k;
    if (onProgress && work - reported >= PROGRESS_EVERY) onProgress((reported = work));
    if (work > maxStates) throw tooManyStates(maxStates);
  };

  // 1. The leaders' history, in marginal mode: per final node, P(reach it with event b) for the stack
  // and per leader (a deferred unit has none there: its events, the IFT result's direct effects
  // included, are its own chain's).
  // The deferred units' scripts are the paths' labels (attack-chain.ts `deferredScripts`): states that
  // differ only in them merge, and each terminal's label names its scripts (`scriptsOf`).
  // Identical MMC exchange their scripts (attack-chain.ts gives them the same entries after the IFT
  // result's): the labels keep them sorted.
  const exchangeable = identicalTargets(targets).filter((g) => deferred.includes(g[0]) && !isSMC(targets[g[0]]));
  const scriptLabels = deferredScripts(targets.length, exchangeable);
  // A summary reads a terminal's state only through whether the leaders' side has left the map
  // (`leadersGone`): its terminals merge by (that, label), their states' own probabilities in
  // `finalStates` (exact-graph.ts `finalClass`).
  const leaders = enumerateGraph(buildAttackChain({ ...spec, deferred, track: [], selectionByRanges: true }), {
    maxStates,
    onProgress,
    labels: scriptLabels.labels,
    finalClass: joint ? undefined : (s) => (leadersGone(s, targets) ? 1 : 0),
  });
  spend(leaders.statesVisited);
  const scriptsOf = (t: LabelledTerminal<AttackChainState>): readonly Script[] => scriptLabels.scripts(t.label);

  // 2. Each deferred unit's distribution, once per (start state, script) (deferred-distribution.ts).
  // Unit states interned as small integers: the product's keys and sorts compare numbers.
  const ids = new Map<string, number>();
  const idOf = (u: UnitState): number => {
    const k = unitStateKey(u);
    let id = ids.get(k);
    if (id === undefined) {
      id = ids.size;
      ids.set(k, id);
    }
    return id;
  };
  const localOf = deferredDistributions(spec.ctx, tallyOf, idOf, spend, { maxStates, finals: joint }).of;

  // The deferred units' distributions depend on the terminal's label alone (their scripts; they start
  // as the targets did): found once per label, and the tuples of distributions numbered.
  // Tuples numbered by their distributions' keys.
  const tuples: (readonly LocalDistribution[])[] = [];
  const numbers = new TupleNumbers();
  const tupleOf = (locals: readonly LocalDistribution[]): number => {
    const tuple = numbers.numberOf(locals.length, (j) => locals[j].key);
    if (tuple === tuples.length) tuples.push(locals);
    return tuple;
  };
  const byLabel = new Map<number, number>();
  const terminalTuples = leaders.terminals.map(({ label }) => {
    let tuple = byLabel.get(label);
    if (tuple === undefined) {
      const scripts = scriptLabels.scripts(label);
      tuple = tupleOf(deferred.map((i) => localOf(targets[i], scripts[i])));
      byLabel.set(label, tuple);
    }
    return tuple;
  });

  // Events, from each final node of the leaders' chain with its masses (the probability m of reaching
  // it with the event): given the node, the deferred units are independent of how it was reached, so
  // P(event) = m + (p - m) x P(a deferred unit has it), where P(none has it) is the product of theirs.
  // That is linear in (p, m): the nodes are summed per tuple of distributions first (whole
  // probabilities per full mask), and the products taken once per tuple. A deferred unit's own events
  // are all in its distribution (the chain gives it none, attack-chain.ts `deferred`): P(unit j had
  // it) is the sum over tuples of p x its P. A leader's are the chain's own.
  const events: Prob6[] = Array.from({ length: BITS }, () => ZERO);
  const partEvents: Prob6[][] = targets.map(() => Array.from({ length: BITS }, () => ZERO));
  // The stack's events (the chain's word 0) summed per tuple, in place: per tuple k, its probability
  // in slot k x W and its mass of each event bit some terminal had (`used`) in the next ones (bit b at
  // 1 + rank(used, b)); a leader's are the chain's marginals.
  let used = 0;
  for (const { marks } of leaders.terminals) used |= marks.full | marks.some;
  const W = 1 + popcount(used);
  const tupleSums = new Prob6Sums(tuples.length * W);
  leaders.terminals.forEach(({ marks, probability: p }, t) => {
    const at = terminalTuples[t] * W;
    tupleSums.add(at, p);
    for (let m = marks.full; m !== 0; m &= m - 1) tupleSums.add(at + 1 + rank(used, 31 - Math.clz32(m & -m)), p);
    let i = 0;
    for (let m = marks.some; m !== 0; m &= m - 1, i++) tupleSums.addNumerator(at + 1 + rank(used, 31 - Math.clz32(m & -m)), marks.masses[i], p.e);
  });
  const tupleProbabilities = tuples.map((_, k) => tupleSums.take(k * W));
  // Per tuple k of probability p with masses m[b]: P(event b) adds m + (p - m) x (1 - the product of
  // each deferred unit's P(none had b)) = p - (p - m) x that product. The products are summed over the
  // tuples' prefixes (prefixScan): a prefix shared by many tuples multiplies once. A bit no deferred
  // unit can have (not in `mask`) adds m alone.
  let mask = 0;
  for (const mine of tuples) for (const d of mine) mask |= d.possible;
  let total = ZERO;
  const scan = prefixScan(tuples);
  const last = scan.units[scan.units.length - 1];
  const acc = scan.units.map(() => new Prob6Sums(BITS));
  const eventSums = new Prob6Sums(BITS);
  scan.run(
    (k) => {
      const p = tupleProbabilities[k];
      total = add(total, p);
      const d = tuples[k][last];
      for (let m = used & ~mask; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        eventSums.add(b, tupleSums.take(k * W + 1 + rank(used, b)));
      }
      for (let m = mask; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        const mb = (used & (1 << b)) === 0 ? ZERO : tupleSums.take(k * W + 1 + rank(used, b));
        d.addNoneTimes(acc[acc.length - 1], b, mb.n === 0n ? p : sub(p, mb), b);
      }
    },
    (level, d) => {
      for (let m = mask; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        d.addNoneTimes(acc[level], b, acc[level + 1].take(b), b);
      }
    },
  );
  for (let b = 0; b < BITS; b++) events[b] = (mask & (1 << b)) === 0 ? eventSums.take(b) : sub(total, acc[0].take(b));
  // Per deferred target, its distributions' probabilities (the tuples' that have them, summed in place).
  const weights = deferred.map((_, j) => {
    const slots = new Map<LocalDistribution, number>();
    for (const mine of tuples) if (!slots.has(mine[j])) slots.set(mine[j], slots.size);
    const sums = new Prob6Sums(slots.size);
    tuples.forEach((mine, k) => sums.add(slots.get(mine[j])!, tupleProbabilities[k]));
    return new Map([...slots].map(([d, slot]) => [d, sums.take(slot)]));
  });
  deferred.forEach((i, j) => {
    const row = new Prob6Sums(BITS);
    let bits = 0;
    for (const [d, p] of weights[j]) {
      bits |= d.ownPossible;
      for (let m = d.ownPossible; m !== 0; m &= m - 1) d.addOwnTimes(row, 31 - Math.clz32(m & -m), p, 31 - Math.clz32(m & -m));
    }
    for (let m = bits; m !== 0; m &= m - 1) partEvents[i][31 - Math.clz32(m & -m)] = row.take(31 - Math.clz32(m & -m));
  });
  targets.forEach((u, i) => {
    if (u.profile.kind === 'leader') partEvents[i] = leaders.marginals.partEvents[i]?.slice() ?? partEvents[i];
  });
  return { leaders, deferred, localOf, scriptsOf, terminalTuples, tuples, tupleProbabilities, weights, idOf, spend, work: () => work, marginals: { events, partEvents } };
}

/**
 * The exact distribution of a single fire attack on a stack, as `enumerateChain(buildAttackChain(spec),
 * { marginal: true })` gives it: terminals are final stacks (targets in target order, identical targets
 * sorted, then created heroes), with `marginals.events` and `marginals.partEvents` per target. The joint
 * distribution: its cost grows with the stack's distinct final states; {@link summarizeAttackFactored}
 * gives every per-unit and stack figure without it.
 * @param maxStates most states (leaders' chain + deferred chains + products) before giving up
 * @param onProgress called now and then with the work done so far
 * @throws AslOddsError `engine.tooManyStates` (exit 2) past `maxStates`; Error when `spec` cannot be
 *   factored (see {@link canFactorAttack})
 */
export function enumerateAttackFactored(spec: AttackChainSpec, maxStates = Infinity, onProgress?: (work: number) => void): ExactDistribution<AttackChainState> {
  const f = factor(spec, maxStates, true, onProgress);
  const { leaders, deferred, localOf, scriptsOf, idOf, spend } = f;
  const targets = spec.targets;
  const n = targets.length;
  // 3. Group the leaders' terminals by what the product needs: their final units and the scripts.
  const groups = new Map<string, { state: AttackChainState; scripts: readonly Script[]; p: Prob6 }>();
  for (const g of leaders.terminals) {
    const s = g.state;
    const scripts = scriptsOf(g);
    const key = `${s.units.map(unitStateKey).join(',')}|${scripts.map((x) => x.key).join('/')}`;
    const c = groups.get(key);
    if (c) c.p = add(c.p, g.probability);
    else groups.set(key, { state: s, scripts, p: g.probability });
  }
  // Positions of identical targets: sorted among themselves (by interned id) so that exchangeable
  // stacks merge; deferred positions count once filled (they are filled in position order).
  const classes = identicalTargets(targets);
  const leaderClass = classes.map((g) => targets[g[0]].profile.kind === 'leader');
  const finals = new Map<string, Joint>();
  for (const { state, scripts, p } of groups.values()) {
    const base = state.units.slice(0, n);
    let partial: Joint[] = [{ units: base, ids: base.map(idOf), heroes: state.units.slice(n), heroIds: state.units.slice(n).map(idOf), p }];
    for (const i of deferred) {
      const d = localOf(targets[i], scripts[i]);
      const next = new Map<string, Joint>();
      for (const x of partial) {
        for (const f of d.finals()) {
          const y: Joint = { units: x.units.slice(), ids: x.ids.slice(), heroes: x.heroes, heroIds: x.heroIds, p: mul(x.p, f.p) };
          y.units[i] = f.parts[0];
          y.ids[i] = f.ids[0];
          if (f.parts.length > 1) {
            y.heroes = [...x.heroes, ...f.parts.slice(1)];
            y.heroIds = [...x.heroIds, ...f.ids.slice(1)];
          }
          const key = canonicalKey(y, classes, leaderClass, i);
          const c = next.get(key);
          if (c) c.p = add(c.p, y.p);
          else next.set(key, y);
        }
      }
      spend(next.size);
      partial = [...next.values()];
    }
    for (const x of partial) {
      const key = canonicalKey(x, classes, leaderClass, n);
      const c = finals.get(key);
      if (c) c.p = add(c.p, x.p);
      else finals.set(key, x);
    }
  }

  const terminals: ExactTerminal<AttackChainState>[] = [...finals.entries()].map(([key, f]) => ({
    state: finalState([...f.units, ...f.heroes], key),
    events: 0,
    probability: f.p,
  }));
  return { terminals, statesVisited: f.work(), marginals: f.marginals };
}

/**
 * True when everything the leaders' chain holds in final state `s` has left the map: the leaders and
 * the heroes they made (the deferred targets' places hold them as they started). Never throws.
 */
function leadersGone(s: AttackChainState, targets: readonly UnitState[]): boolean {
  return s.units.every((u, i) => (i < targets.length && targets[i].profile.kind !== 'leader') || !isAlive(u));
}

/**
 * What the summary tallies of a deferred target's final state `end` (it started as `start`): its final
 * status (FINAL_STATUS_NAMES index), and the doubled squad-equivalents it lost to breaking and to
 * elimination (0..2 each), as one class status * 16 + broken * 4 + eliminated. Never throws.
 */
function tallyOf(start: UnitState, end: UnitState): number {
  return finalStatusIndex(end) * 16 + doubledBroken(start, end) * 4 + doubledEliminated(start, end);
}

/** The parts of a tally class (`tallyOf`): final status, doubled squad-equivalents broken, eliminated. */
const statusOfClass = (c: number): number => c >> 4;
const brokenOfClass = (c: number): number => (c >> 2) & 3;
const eliminatedOfClass = (c: number): number => c & 3;

/** A partial product: targets' units (deferred ones filled so far) and heroes, their ids, probability. */
interface Joint {
  readonly units: UnitState[];
  readonly ids: number[];
  heroes: readonly UnitState[];
  heroIds: readonly number[];
  p: Prob6;
}

/**
 * Puts `x` in canonical order and returns its key: identical targets' units sorted by id among the
 * positions that are final (leaders' from the start, deferred ones up to `filled`), heroes sorted.
 */
function canonicalKey(x: Joint, classes: readonly (readonly number[])[], leaderClass: readonly boolean[], filled: number): string {
  classes.forEach((c, k) => {
    const g = leaderClass[k] ? c : c.filter((i) => i <= filled);
    if (g.length < 2) return;
    const order = g.map((i) => ({ u: x.units[i], id: x.ids[i] })).sort((a, b) => a.id - b.id);
    g.forEach((i, j) => {
      x.units[i] = order[j].u;
      x.ids[i] = order[j].id;
    });
  });
  if (x.heroIds.length > 1) {
    const order = x.heroes.map((u, j) => ({ u, id: x.heroIds[j] })).sort((a, b) => a.id - b.id);
    x.heroes = order.map((o) => o.u);
    x.heroIds = order.map((o) => o.id);
  }
  return `${x.ids.join(',')}+${x.heroIds.join(',')}`;
}

/** A final attack-chain state holding `units` (targets, then heroes). */
function finalState(units: readonly UnitState[], key: string): AttackChainState {
  return {
    units,
    codes: [],
    unitEvents: units.map(() => 0),
    attack: 0,
    todo: [],
    drs: [],
    decided: -1,
    losses: [],
    berserkLeaders: [],
    done: true,
    key,
  };
}

/** What the summary needs of one deferred target's distribution given its script. */
interface LocalFigures {
  /** P(final status k) of the target itself (FINAL_STATUS_NAMES order). */
  readonly status: readonly Prob6[];
  /** P(exactly k/2 squad-equivalents broken / eliminated), k = 0..2. */
  readonly broken: readonly Prob6[];
  readonly eliminated: readonly Prob6[];
  /** P(no part left on the map: the target and every hero it created). */
  readonly gone: Prob6;
}

/**
 * Every per-unit and stack figure of a single fire attack on a stack, exactly, without its joint
 * distribution: equal fraction for fraction to `summarizeAttack` of {@link enumerateAttackFactored}'s
 * terminals (tested), except that `outcomes` is empty.
 *
 * Given the leaders' history (a terminal of their chain), the other units are independent (A10.7,
 * A10.2, A15.41, A.9: see deferred-check-chain.ts), each with its own distribution given its script.
 * So per leaders' terminal of probability p: a per-unit figure is p times the unit's own; "no unit left
 * on the map" is p times the product of each unit's P(gone) (when the leaders are gone too); the number
 * of squad-equivalents broken or eliminated is the convolution of each unit's 0 / 0.5 / 1; events come
 * from the engine's masses as in {@link enumerateAttackFactored}. Terminals that give every deferred unit
 * the same distribution (equal in value, deferred-distribution.ts) are merged first, and the products
 * over the units are summed over the tuples' prefixes (`prefixScan`). Cost: the leaders' chain, plus
 * each distinct (start state, script suffix)'s stage once, plus per tuple of distributions a few exact
 * multiply-adds per event bit and count.
 * @param maxStates most states (leaders' chain + deferred chains) before giving up
 * @param onProgress called now and then with the work done so far
 * @throws AslOddsError `engine.tooManyStates` (exit 2) past `maxStates`; Error when `spec` cannot be
 *   factored (see {@link canFactorAttack})
 * @example summarizeAttackFactored(spec).stack.leaderLost // { n, e }: P(a target leader left the map)
 */
export function summarizeAttackFactored(spec: AttackChainSpec, maxStates = Infinity, onProgress?: (work: number) => void): AttackSummary<Prob6> {
  const f = factor(spec, maxStates, false, onProgress);
  const { leaders, deferred } = f;
  const targets = spec.targets;
  const n = targets.length;
  const ops = EXACT_WEIGHTS;
  const unitStatus = targets.map(() => FINAL_STATUS_NAMES.map(() => ZERO));
  let leaderLost = ZERO;
  // Per target's own figures, memoised per (position, local distribution): "broken at the start" is the
  // target's, not its start state's.
  const figures = deferred.map(() => new Map<LocalDistribution, LocalFigures>());
  const figuresOf = (j: number, d: LocalDistribution): LocalFigures => {
    let x = figures[j].get(d);
    if (x === undefined) {
      // Tally classes are status * 16 + broken * 4 + eliminated (`tallyOf`).
      x = {
        status: d.tallyGroups(statusOfClass, FINAL_STATUS_NAMES.length),
        broken: d.tallyGroups(brokenOfClass, 3),
        eliminated: d.tallyGroups(eliminatedOfClass, 3),
        gone: d.gone,
      };
      figures[j].set(d, x);
    }
    return x;
  };
  // The leaders' figures once per final state (terminals with different labels share it); per tuple of
  // the deferred units' distributions, the probability of the terminals where everything the leaders'
  // chain holds (leaders, heroes they made) has left the map.
  const goneByTuple = new Map<number, Prob6>();
  leaders.terminals.forEach((g, t) => {
    if (leadersGone(g.state, targets)) goneByTuple.set(f.terminalTuples[t], add(goneByTuple.get(f.terminalTuples[t]) ?? ZERO, g.probability));
  });
  for (const { state: s, probability: p } of leaders.finalStates) {
    let lost = false;
    for (let i = 0; i < n; i++) {
      if (targets[i].profile.kind !== 'leader') continue;
      const u = s.units[i];
      if (!isAlive(u)) lost = true;
      const k = finalStatusIndex(u);
      unitStatus[i][k] = add(unitStatus[i][k], p);
    }
    if (lost) leaderLost = add(leaderLost, p);
  }
  // Per tuple of probability p: the counts of squad-equivalents broken / eliminated are the
  // convolution of each unit's (the product of their generating polynomials); "no unit left" is
  // P(leaders gone) times each unit's P(gone); both summed over the tuples' prefixes (prefixScan). A
  // unit's status: p times its own, summed per distribution first.
  const width = 2 * deferred.length + 1;
  const BROKEN = 1;
  const ELIMINATED = BROKEN + width;
  const scan = prefixScan(f.tuples);
  const order = scan.units;
  const acc = order.map(() => new Prob6Sums(ELIMINATED + width));
  /** Adds to `into` the polynomial taken from `from` (slots from `at`, `terms` of them) times `factor`. */
  const multiply = (into: Prob6Sums, from: Prob6Sums, at: number, terms: number, factor: readonly Prob6[]): void => {
    for (let c = 0; c < terms; c++) {
      const v = from.take(at + c);
      if (v.n !== 0n) for (let c2 = 0; c2 < factor.length; c2++) into.addProduct(at + c + c2, v, factor[c2]);
    }
  };
  const bottom = acc[acc.length - 1];
  scan.run(
    (k) => {
      const locals = f.tuples[k];
      const p = f.tupleProbabilities[k];
      const j = order[order.length - 1];
      const x = figuresOf(j, locals[j]);
      for (let c = 0; c < 3; c++) {
        bottom.addProduct(BROKEN + c, p, x.broken[c]);
        bottom.addProduct(ELIMINATED + c, p, x.eliminated[c]);
      }
      const gone = goneByTuple.get(k);
      if (gone !== undefined) bottom.addProduct(0, gone, x.gone);
    },
    (level, d) => {
      const x = figuresOf(order[level], d);
      const terms = 2 * (order.length - level - 1) + 1;
      multiply(acc[level], acc[level + 1], BROKEN, terms, x.broken);
      multiply(acc[level], acc[level + 1], ELIMINATED, terms, x.eliminated);
      acc[level].addProduct(0, acc[level + 1].take(0), x.gone);
    },
  );
  const padded = (at: number): Prob6[] => Array.from({ length: 2 * n + 1 }, (_, c) => (c < width ? acc[0].take(at + c) : ZERO));
  const brokenCount = padded(BROKEN);
  const eliminatedCount = padded(ELIMINATED);
  const allEliminated = acc[0].take(0);
  deferred.forEach((i, j) => {
    for (const [d, p] of f.weights[j]) {
      const x = figuresOf(j, d);
      for (let k = 0; k < x.status.length; k++) if (x.status[k].n !== 0n) unitStatus[i][k] = add(unitStatus[i][k], mul(p, x.status[k]));
    }
  });
  const expectation = (counts: readonly Prob6[]): Prob6 => counts.reduce((s, w, k) => (k === 0 ? s : add(s, ops.half(ops.times(w, k)))), ZERO);
  const breakBit = EVENT_NAMES.indexOf('break');
  const events = EVENT_NAMES.map((_, b) => f.marginals.events[b]);
  const units = targets.map((_, i) => EVENT_NAMES.map((__, b) => f.marginals.partEvents[i][b]));
  for (const c of identicalTargets(targets)) averageOverClass(ops, c, units, unitStatus);
  return {
    total: ONE,
    outcomes: new Map(),
    events,
    units,
    stack: { anyBroken: events[breakBit], allEliminated, leaderLost },
    squadsBroken: expectation(brokenCount),
    squadsEliminated: expectation(eliminatedCount),
    unitStatus,
    brokenCount,
    eliminatedCount,
  };
}

/**
 * A visit of the tuples of the deferred units' distributions (`tuples[k][j]`: unit j's in tuple k) that
 * groups them by prefix, to sum products over them: sum over k of w(k) x the product over j of
 * v_j(tuples[k][j]) is, over a prefix tree, one multiplication per prefix instead of one per tuple.
 *
 * `units` is the order of the units in the prefixes: fewer distinct distributions first (fewer
 * prefixes). `run(leaf, fold)` calls, for the tuples in prefix order, `leaf(k)` (add w(k) x the last
 * unit's v to the deepest level's sums), and each time a prefix ends, `fold(level, d)` (add d's v times
 * the sums of level + 1 to those of `level`, and clear level + 1's), deepest first; at the end every
 * prefix has ended, and level 0's sums hold the total. Never throws.
 */
function prefixScan(tuples: readonly (readonly LocalDistribution[])[]): {
  readonly units: readonly number[];
  readonly run: (leaf: (k: number) => void, fold: (level: number, d: LocalDistribution) => void) => void;
} {
  const width = tuples.length === 0 ? 0 : tuples[0].length;
  const distinct = Array.from({ length: width }, (_, j) => new Set(tuples.map((t) => t[j])).size);
  const units = Array.from({ length: width }, (_, j) => j).sort((a, b) => distinct[a] - distinct[b] || a - b);
  const order = tuples.map((_, k) => k);
  order.sort((a, b) => {
    for (const j of units) if (tuples[a][j] !== tuples[b][j]) return tuples[a][j].key - tuples[b][j].key;
    return 0;
  });
  return {
    units,
    run: (leaf, fold) => {
      let previous: readonly LocalDistribution[] | undefined;
      for (const k of order) {
        const t = tuples[k];
        if (previous !== undefined) {
          let first = 0;
          while (first < width - 1 && previous[units[first]] === t[units[first]]) first++;
          for (let level = width - 2; level >= first; level--) fold(level, previous[units[level]]);
        }
        leaf(k);
        previous = t;
      }
      if (previous !== undefined) for (let level = width - 2; level >= 0; level--) fold(level, previous[units[level]]);
    },
  };
}
