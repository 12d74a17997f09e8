/**
 * Exact odds of one fire attack on a stack, factored: the leaders' history enumerated once, each other
 * unit's checks enumerated on their own, and the two combined by conditional independence.
 *
 *   1. the attack chain with every unit that is not a leader deferred (attack-chain.ts `deferred`): the
 *      IFT DR, Random Selection and the leaders' checks, cascades and Berserk checks, each deferred
 *      unit's checks recorded as a script (deferred-check-chain.ts), enumerated exactly;
 *   2. per (deferred unit's start state, script): its own chain, enumerated exactly (marginal mode),
 *      memoised: most leader histories share scripts;
 *   3. per leader outcome: the product of the deferred units' distributions (they are independent given
 *      the leaders' history, see deferred-check-chain.ts), merged into the stack's final states.
 *
 * The result is the same distribution as enumerating the whole attack chain (tested equal on many
 * stacks): final states with exact probabilities, and the engine's marginals (P(event) for the stack
 * and per target). Its cost grows with the leaders' histories times the stack's distinct final states,
 * not with the product of every unit's histories: a leader and 3 squads under 8 FP take about 2 s where
 * the whole chain took 25 s, 2 leaders and 2 squads about 5 s where it ran out of budget
 * (benchmarks/README.md).
 */
import { AslOddsError } from '../errors.js';
import { enumerateChain, PROGRESS_EVERY, type EventMarginals, type ExactDistribution, type ExactTerminal } from '../engine/exact.js';
import { add, complement, mul, ONE, sub, ZERO, type Prob6 } from '../engine/probability.js';
import { unitStateKey, type UnitState } from '../rules/unit-state.js';
import { buildAttackChain, identicalTargets, type AttackChainSpec, type AttackChainState } from './attack-chain.js';
import { buildDeferredChain, deferredMemo, scriptKey, type ScriptEntry } from './deferred-check-chain.js';

/** Event bits the engine's masks hold. */
const BITS = 32;

/** One deferred unit's distribution given its script. */
interface LocalDistribution {
  /** Final parts (the unit, then heroes it created) with probabilities; `ids`: their interned states. */
  readonly finals: readonly { readonly parts: readonly UnitState[]; readonly ids: readonly number[]; readonly p: Prob6 }[];
  /** P(no part had event bit b), for the bits some part may have; null: certainly none. */
  readonly none: readonly (Prob6 | null)[];
  /** P(the unit itself had event bit b), null when 0. */
  readonly own: readonly (Prob6 | null)[];
}

/**
 * True when `spec` can be factored: one attack and at least one target that is not a leader.
 * Never throws.
 */
export function canFactorAttack(spec: AttackChainSpec): boolean {
  return spec.attacks.length === 1 && spec.targets.some((u) => u.profile.kind !== 'leader');
}

/**
 * The exact distribution of a single fire attack on a stack, as `enumerateChain(buildAttackChain(spec),
 * { marginal: true })` gives it: terminals are final stacks (targets in target order, identical targets
 * sorted, then created heroes), with `marginals.events` and `marginals.partEvents` per target.
 * @param maxStates most states (leaders' chain + deferred chains + products) before giving up
 * @param onProgress called now and then with the work done so far
 * @throws AslOddsError `engine.tooManyStates` (exit 2) past `maxStates`; Error when `spec` cannot be
 *   factored (see {@link canFactorAttack})
 */
export function enumerateAttackFactored(spec: AttackChainSpec, maxStates = Infinity, onProgress?: (work: number) => void): ExactDistribution<AttackChainState> {
  if (!canFactorAttack(spec)) throw new Error('enumerateAttackFactored: one attack and at least one unit that is not a leader');
  const targets = spec.targets;
  const n = targets.length;
  const deferred = targets.flatMap((u, i) => (u.profile.kind === 'leader' ? [] : [i]));
  let work = 0;
  let reported = 0;
  const spend = (k: number): void => {
    work += k;
    if (onProgress && work - reported >= PROGRESS_EVERY) onProgress((reported = work));
    if (work > maxStates) throw new AslOddsError('engine.tooManyStates', `the exact engine stopped past ${maxStates.toLocaleString('en-US')} states`, 2);
  };

  // 1. The leaders' history, in marginal mode: per final node, P(reach it with event b) for the stack
  // and per target (deferred units': the IFT result's direct effects).
  const leaders = enumerateChain(buildAttackChain({ ...spec, deferred, track: [] }), { maxStates, marginal: true, onProgress });
  spend(leaders.statesVisited);

  // 2. Each deferred unit's chain, once per (start state, script).
  const locals = new Map<string, LocalDistribution>();
  const memo = deferredMemo();
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
  // A script is run a stage (an entry) at a time: a stage from given parts is enumerated once for the
  // whole attack, and the distribution after each prefix of a script once (scripts share prefixes).
  const stages = new Map<string, readonly StageFinal[]>();
  const stageOf = (parts: readonly UnitState[], e: ScriptEntry): readonly StageFinal[] => {
    const key = `${parts.map(unitStateKey).join(',')}|${e.key}`;
    let st = stages.get(key);
    if (st === undefined) {
      const dist = enumerateChain(buildDeferredChain(parts, [e], spec.ctx, memo), { maxStates, marginal: true });
      spend(dist.statesVisited);
      st = dist.terminals.map((t, i) => ({ parts: t.state.parts, q: t.probability, s: slotsOf(dist.nodeMarginals![i]) }));
      stages.set(key, st);
    }
    return st;
  };
  const prefixes = new Map<string, readonly LocalNode[]>();
  const localOf = (start: UnitState, script: readonly ScriptEntry[]): LocalDistribution => {
    const key = `${unitStateKey(start)}|${scriptKey(script)}`;
    let d = locals.get(key);
    if (d !== undefined) return d;
    let nodes: readonly LocalNode[] = [{ parts: [start], p: ONE, m: new Map() }];
    let prefix = unitStateKey(start) + '|';
    for (const e of script) {
      prefix += e.key + ';';
      const known = prefixes.get(prefix);
      if (known !== undefined) nodes = known;
      else {
        nodes = nextStage(nodes, e, stageOf);
        spend(nodes.length);
        prefixes.set(prefix, nodes);
      }
    }
    const any: Prob6[] = Array.from({ length: BITS }, () => ZERO);
    const own: Prob6[] = Array.from({ length: BITS }, () => ZERO);
    for (const x of nodes) {
      for (const [slot, v] of x.m) {
        if (slot < BITS) any[slot] = add(any[slot], v);
        else own[slot - BITS] = add(own[slot - BITS], v);
      }
    }
    d = {
      finals: nodes.map((x) => ({ parts: x.parts, ids: x.parts.map(idOf), p: x.p })),
      none: any.map((x) => (x.n === 0n ? null : complement(x))),
      own: own.map((x) => (x.n === 0n ? null : x)),
    };
    locals.set(key, d);
    return d;
  };

  // Events, from each final node of the leaders' chain with its masses (the probability m of reaching
  // it with the event): given the node, the deferred units are independent of how it was reached, so
  // P(event) = m + (p - m) x P(a deferred unit has it), where P(none has it) is the product of theirs.
  const events: Prob6[] = Array.from({ length: BITS }, () => ZERO);
  const partEvents: Prob6[][] = targets.map(() => Array.from({ length: BITS }, () => ZERO));
  // 3. Group the leaders' terminals by what the product needs: their final units and the scripts.
  const groups = new Map<string, { state: AttackChainState; p: Prob6 }>();
  leaders.terminals.forEach((g, t) => {
    const s = g.state;
    const masses = leaders.nodeMarginals![t];
    const mine = deferred.map((i) => localOf(s.units[i], s.scripts[i]));
    for (let b = 0; b < BITS; b++) {
      const m = masses.events[b] ?? ZERO;
      let none: Prob6 | null = null;
      for (const d of mine) if (d.none[b] !== null) none = none === null ? d.none[b] : mul(none, d.none[b]!);
      events[b] = add(events[b], none === null ? m : add(m, mul(sub(g.probability, m), complement(none))));
      for (let i = 0; i < n; i++) {
        const mi = masses.partEvents[i]?.[b] ?? ZERO;
        const j = deferred.indexOf(i);
        const own = j >= 0 ? mine[j].own[b] : null;
        partEvents[i][b] = add(partEvents[i][b], own === null ? mi : add(mi, mul(sub(g.probability, mi), own)));
      }
    }
    const key = `${s.units.map(unitStateKey).join(',')}|${s.scripts.map(scriptKey).join('/')}`;
    const c = groups.get(key);
    if (c) c.p = add(c.p, g.probability);
    else groups.set(key, { state: s, p: g.probability });
  });

  // Positions of identical targets: sorted among themselves (by interned id) so that exchangeable
  // stacks merge; deferred positions count once filled (they are filled in position order).
  const classes = identicalTargets(targets);
  const leaderClass = classes.map((g) => targets[g[0]].profile.kind === 'leader');
  const finals = new Map<string, Joint>();
  for (const { state, p } of groups.values()) {
    const base = state.units.slice(0, n);
    let partial: Joint[] = [{ units: base, ids: base.map(idOf), heroes: state.units.slice(n), heroIds: state.units.slice(n).map(idOf), p }];
    for (const i of deferred) {
      const d = localOf(state.units[i], state.scripts[i]);
      const next = new Map<string, Joint>();
      for (const x of partial) {
        for (const f of d.finals) {
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
  return { terminals, statesVisited: work, marginals: { events, partEvents } };
}

/**
 * A deferred unit's state after a prefix of its script: its parts, the probability p, and per slot the
 * probability of being here with the event (slot b: some part had event bit b; slot 32 + b: the unit).
 */
interface LocalNode {
  readonly parts: readonly UnitState[];
  p: Prob6;
  readonly m: Map<number, Prob6>;
}

/** A final state of one stage from given parts: probability q, and its event masses `s` (slots as LocalNode's). */
interface StageFinal {
  readonly parts: readonly UnitState[];
  readonly q: Prob6;
  readonly s: ReadonlyMap<number, Prob6>;
}

/** The engine's masses of a stage's final node, as LocalNode slots (other parts' own events dropped). */
function slotsOf(x: EventMarginals): Map<number, Prob6> {
  const s = new Map<number, Prob6>();
  x.events.forEach((v, b) => {
    if (v.n !== 0n) s.set(b, v);
  });
  (x.partEvents[0] ?? []).forEach((v, b) => {
    if (v.n !== 0n) s.set(BITS + b, v);
  });
  return s;
}

/**
 * The distribution after one more entry `e`: each node times each final state of its stage, merged by
 * parts. An event's mass: m q (it had happened) + (p - m) s (it happens in this stage).
 */
function nextStage(nodes: readonly LocalNode[], e: ScriptEntry, stageOf: (parts: readonly UnitState[], e: ScriptEntry) => readonly StageFinal[]): LocalNode[] {
  const out = new Map<string, LocalNode>();
  for (const x of nodes) {
    for (const f of stageOf(x.parts, e)) {
      const key = f.parts.map(unitStateKey).join(',');
      let y = out.get(key);
      if (y === undefined) {
        y = { parts: f.parts, p: ZERO, m: new Map() };
        out.set(key, y);
      }
      y.p = add(y.p, mul(x.p, f.q));
      for (const slot of new Set([...x.m.keys(), ...f.s.keys()])) {
        const m = x.m.get(slot) ?? ZERO;
        const s = f.s.get(slot) ?? ZERO;
        y.m.set(slot, add(y.m.get(slot) ?? ZERO, add(mul(m, f.q), mul(sub(x.p, m), s))));
      }
    }
  }
  return [...out.values()];
}

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
    unitKeys: [],
    unitEvents: units.map(() => 0),
    attack: 0,
    todo: [],
    losses: [],
    berserkLeaders: [],
    scripts: [],
    done: true,
    key,
  };
}
