/**
 * Exact odds of one fire attack on a stack, factored: the leaders' history enumerated once, each other
 * unit's checks enumerated on their own, and the two combined by conditional independence.
 *
 *   1. the attack chain with every unit that is not a leader deferred (attack-chain.ts `deferred`): the
 *      IFT DR, Random Selection (by ranges) and the leaders' checks, cascades and Berserk checks, each
 *      deferred unit's checks recorded as a script (deferred-check-chain.ts), enumerated exactly in
 *      marginal mode and graph order, each distinct state once, the scripts carried as the paths'
 *      labels (the leaders' rules never read them; identical deferred units exchanged with theirs);
 *   2. per (deferred unit's start state, script): its own chain, a stage (script entry) at a time, each
 *      stage enumerated once per (unit state, entry) and each prefix of a script once (a trie of node
 *      lists); a node is the unit's state and where it created heroes, with the probability of having
 *      had each event on the way as sparse masses; each hero (independent of it once created, A15.21)
 *      has his own distribution over the entries after his creation, multiplied in at the end;
 *   3. per leader outcome: the product of the deferred units' distributions (they are independent given
 *      the leaders' history, see deferred-check-chain.ts), merged into the stack's final states.
 *
 * The result is the same distribution as enumerating the whole attack chain (tested equal on many
 * stacks): final states with exact probabilities, and the engine's marginals (P(event) for the stack
 * and per target). Its cost grows with the leaders' histories times the stack's distinct final states,
 * not with the product of every unit's histories; {@link summarizeAttackFactored} skips the final states
 * altogether (every 2-leader stack of 6 units measured under a second; 3 leaders 1-7 s,
 * benchmarks/README.md).
 */
import { AslOddsError } from '../errors.js';
import { enumerateChain, PROGRESS_EVERY, type ExactDistribution, type ExactTerminal, type TerminalMarks } from '../engine/exact.js';
import { add, complement, mul, ONE, sub, ZERO, type Prob6 } from '../engine/probability.js';
import { isAlive, offMapState, unitStateKey, type UnitState } from '../rules/unit-state.js';
import { averageOverClass, doubledBroken, doubledEliminated, EXACT_WEIGHTS, FINAL_STATUS_NAMES, finalStatusIndex, type AttackSummary } from './attack-summary.js';
import { EVENT_NAMES } from '../rules/events.js';
import { buildAttackChain, deferredScripts, identicalTargets, type AttackChainSpec, type AttackChainState } from './attack-chain.js';
import { buildDeferredChain, deferredMemo, type Script, type ScriptEntry } from './deferred-check-chain.js';

/** Event bits the engine's masks hold. */
const BITS = 32;

/** One deferred unit's distribution given its script. */
interface LocalDistribution {
  /** A small integer naming this distribution, unique within one attack. */
  readonly key: number;
  /** The unit's own final states (part 0) with probabilities, one per state. */
  readonly units: readonly { readonly unit: UnitState; readonly p: Prob6 }[];
  /** P(no part left on the map: the unit and every hero it created, A15.21). */
  readonly gone: Prob6;
  /**
   * Final parts (the unit, then the heroes it created, sorted) with probabilities; `ids`: their
   * interned states. Made when first asked for (only the joint distribution needs them).
   */
  readonly finals: () => readonly { readonly parts: readonly UnitState[]; readonly ids: readonly number[]; readonly p: Prob6 }[];
  /** P(no part had event bit b), for the bits some part may have; null: certainly none. */
  readonly none: readonly (Prob6 | null)[];
  /** The bits some part may have had (where `none` is not null). */
  readonly possible: number;
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
 * The leaders' history of an attack and each deferred unit's distribution given its script, with the
 * event marginals of the whole attack (the shared first steps of {@link enumerateAttackFactored} and
 * {@link summarizeAttackFactored}).
 */
interface Factored {
  /** The leaders' chain in marginal mode: terminals with `nodeMarks`. */
  readonly leaders: ExactDistribution<AttackChainState>;
  /** Positions of the deferred targets (not leaders), ascending. */
  readonly deferred: readonly number[];
  /** Deferred unit's distribution from `start` given `script` (memoised). */
  readonly localOf: (start: UnitState, script: Script) => LocalDistribution;
  /** The deferred targets' scripts at a terminal of `leaders` (by target position). */
  readonly scriptsOf: (t: ExactTerminal<AttackChainState>) => readonly Script[];
  /** Per terminal of `leaders` (same index), each deferred target's distribution (`deferred` order). */
  readonly terminalLocals: readonly (readonly LocalDistribution[])[];
  /** Interned id of a unit state. */
  readonly idOf: (u: UnitState) => number;
  /** Counts work against the budget. @throws AslOddsError `engine.tooManyStates` */
  readonly spend: (k: number) => void;
  /** Work so far. */
  readonly work: () => number;
  /** P(event bit b) for the stack, and per target. */
  readonly marginals: { readonly events: Prob6[]; readonly partEvents: Prob6[][] };
}

function factor(spec: AttackChainSpec, maxStates: number, onProgress?: (work: number) => void): Factored {
  if (!canFactorAttack(spec)) throw new Error('attack-factored: one attack and at least one unit that is not a leader');
  const targets = spec.targets;
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
  // The deferred units' scripts are the paths' labels (attack-chain.ts `deferredScripts`): states that
  // differ only in them merge, and each terminal's label names its scripts (`scriptsOf`).
  const scriptLabels = deferredScripts(targets.length);
  const leaders = enumerateChain(buildAttackChain({ ...spec, deferred, track: [], selectionByRanges: true }), {
    maxStates,
    marginal: true,
    onProgress,
    order: 'graph',
    labels: scriptLabels.labels,
  });
  spend(leaders.statesVisited);
  const scriptsOf = (t: ExactTerminal<AttackChainState>): readonly Script[] => scriptLabels.scripts(t.label ?? scriptLabels.labels.initial);

  // 2. Each deferred unit's chain, once per (start state, script).
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
  // A deferred unit's chain runs on the unit alone: a hero it creates (A15.21) takes the script's
  // later entries on his own, independently of it (deferred-check-chain.ts), so his figures are his own
  // distribution over the rest of the script, multiplied in at the end (`distributionOf`).
  // Unit states and lists of created heroes numbered, for the stage memo and the nodes' merges.
  const unitNumbers = new Map<string, number>();
  const unitNumberOf = (u: UnitState): number => {
    const k = unitStateKey(u);
    let x = unitNumbers.get(k);
    if (x === undefined) unitNumbers.set(k, (x = unitNumbers.size));
    return x;
  };
  const heroLists = new Map<string, number>([['', 0]]);
  const heroListNumber = (heroes: readonly HeroOrigin[]): number => {
    const k = heroes.map((h) => `${h.at}@${h.key}`).join(',');
    let x = heroLists.get(k);
    if (x === undefined) heroLists.set(k, (x = heroLists.size));
    return x;
  };
  // A script is run a stage (an entry) at a time: a stage from a unit state is enumerated once for the
  // whole attack (by entry key, then unit number), and the distribution after each prefix of a script
  // once (scripts share prefixes).
  const stages = new Map<string, (readonly StageFinal[] | undefined)[]>();
  const stagesOf = (e: ScriptEntry): (readonly StageFinal[] | undefined)[] => {
    let byUnit = stages.get(e.key);
    if (byUnit === undefined) stages.set(e.key, (byUnit = []));
    return byUnit;
  };
  const stageOf = (u: UnitState, e: ScriptEntry): readonly StageFinal[] => {
    const dist = enumerateChain(buildDeferredChain([u], [e], spec.ctx, memo), { maxStates });
    spend(dist.statesVisited);
    // The unit in canonical form, and the heroes it made in this stage (as created: they take none of
    // it); finals that then agree merged.
    const finals = new Map<string, StageFinal>();
    for (const t of dist.terminals) {
      const [first, ...made] = t.state.parts;
      const unit = isAlive(first) ? first : offMapState(first);
      const heroes = made.map((h) => ({ hero: h, key: unitStateKey(h) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const k = `${unitStateKey(unit)}|${heroes.map((h) => h.key).join(',')}|${t.state.own}`;
      const f = finals.get(k);
      if (f === undefined) finals.set(k, { unit, num: unitNumberOf(unit), made: heroes, q: t.probability, own: t.state.own });
      else f.q = add(f.q, t.probability);
    }
    return [...finals.values()];
  };
  // Scripts' suffixes (what a hero created at an entry takes), interned by key.
  const suffixes = new Map<string, Script>();
  const suffixesOf = new Map<Script, Script[]>();
  const suffixOf = (script: Script, from: number): Script => {
    let known = suffixesOf.get(script);
    if (known === undefined) suffixesOf.set(script, (known = []));
    return (known[from] ??= suffixByKey(script, from));
  };
  const suffixByKey = (script: Script, from: number): Script => {
    const entries = script.entries.slice(from);
    const key = entries.map((e) => `${e.key};`).join('');
    let x = suffixes.get(key);
    if (x === undefined) suffixes.set(key, (x = { entries, key }));
    return x;
  };
  // The distribution after each prefix of a script, once: node lists form a trie (start, then entry
  // by entry); a final node list gives one LocalDistribution, or one per script when heroes were made
  // (their figures depend on the entries after their creation).
  const starts = new Map<string, readonly LocalNode[]>();
  const after: Map<readonly LocalNode[], Map<string, readonly LocalNode[]>>[] = [];
  const byNodes = new Map<readonly LocalNode[], { readonly base: NodesBase; plain?: LocalDistribution; readonly byHeroes: Map<string, LocalDistribution> }>();
  // A hero's distribution: his own chain over the entries after the one he was created at.
  const heroDist =
    (script: Script) =>
    (h: HeroOrigin): LocalDistribution =>
      localOf(h.hero, suffixOf(script, h.at + 1));
  const byScript = new Map<Script, Map<string, LocalDistribution>>();
  let distributions = 0;
  const startKeys = new WeakMap<UnitState, string>();
  const localOf = (start: UnitState, script: Script): LocalDistribution => {
    let sk = startKeys.get(start);
    if (sk === undefined) startKeys.set(start, (sk = unitStateKey(start)));
    let forScript = byScript.get(script);
    if (forScript === undefined) byScript.set(script, (forScript = new Map()));
    let d = forScript.get(sk);
    if (d !== undefined) return d;
    let nodes = starts.get(sk);
    if (nodes === undefined) starts.set(sk, (nodes = [{ unit: start, num: unitNumberOf(start), heroes: [], hid: 0, p: ONE, fullOwn: 0, partial: null }]));
    script.entries.forEach((e, k) => {
      // By depth too: a stage that changes nothing returns its node list, met again one entry later.
      const atDepth = (after[k] ??= new Map());
      let next = atDepth.get(nodes!);
      if (next === undefined) atDepth.set(nodes!, (next = new Map()));
      let x = next.get(e.key);
      if (x === undefined) {
        x = nextStage(nodes!, k, e, stagesOf(e), stageOf, heroListNumber);
        spend(x.length);
        next.set(e.key, x);
      }
      nodes = x;
    });
    let known = byNodes.get(nodes);
    if (known === undefined) byNodes.set(nodes, (known = { base: nodesBase(nodes), byHeroes: new Map() }));
    if (known.base.heroNodes.length === 0) d = known.plain ??= distributionOf(known.base, distributions++, heroDist(script), idOf);
    else {
      // Scripts whose heroes' distributions agree give the same distribution (one key for the products).
      const heroes = heroDist(script);
      const sig = known.base.origins.map((h) => heroes(h).key).join(',');
      d = known.byHeroes.get(sig);
      if (d === undefined) known.byHeroes.set(sig, (d = distributionOf(known.base, distributions++, heroes, idOf)));
    }
    forScript.set(sk, d);
    return d;
  };

  // Events, from each final node of the leaders' chain with its masses (the probability m of reaching
  // it with the event): given the node, the deferred units are independent of how it was reached, so
  // P(event) = m + (p - m) x P(a deferred unit has it), where P(none has it) is the product of theirs;
  // and P(deferred unit j had it) = m_j + (p - m_j) x P(j had it in its own chain). Both are linear in
  // (p, m): the nodes are summed per tuple of distributions (the stack's events) and per unit's
  // distribution (its own) first, whole probabilities per full mask, and the products taken once each.
  const events: Prob6[] = Array.from({ length: BITS }, () => ZERO);
  const partEvents: Prob6[][] = targets.map(() => Array.from({ length: BITS }, () => ZERO));
  const terminalLocals = leaders.terminals.map((g) => {
    const scripts = scriptsOf(g);
    return deferred.map((i) => localOf(g.state.units[i], scripts[i]));
  });
  /** Sums of terminals: probability p, and masses per bit (partial ones, and whole p per full mask). */
  interface Sums {
    p: Prob6;
    readonly m: Prob6[];
    readonly full: Map<number, Prob6>;
  }
  const sums = (): Sums => ({ p: ZERO, m: Array.from({ length: BITS }, () => ZERO), full: new Map() });
  const addTo = (x: Sums, word: number, marks: TerminalMarks, p: Prob6): void => {
    const mask = marks.full[word] ?? 0;
    if (mask !== 0) x.full.set(mask, add(x.full.get(mask) ?? ZERO, p));
    for (const [slot, v] of marks.partial) if (slot >>> 5 === word) x.m[slot & (BITS - 1)] = add(x.m[slot & (BITS - 1)], v);
  };
  const spread = (x: Sums): void => {
    for (const [mask, v] of x.full) {
      for (let m = mask; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        x.m[b] = add(x.m[b], v);
      }
    }
  };
  const tuples = new Map<string, { readonly mine: readonly LocalDistribution[]; readonly sums: Sums }>();
  const byUnit = deferred.map(() => new Map<number, { readonly d: LocalDistribution; readonly sums: Sums }>());
  const leaderWords = targets.map((u, i) => (u.profile.kind === 'leader' ? i : -1)).filter((i) => i >= 0);
  const leaderSums = leaderWords.map(() => sums());
  leaders.terminals.forEach((g, t) => {
    const marks = leaders.nodeMarks![t];
    const p = g.probability;
    const mine = terminalLocals[t];
    const key = mine.map((d) => d.key).join(',');
    let x = tuples.get(key);
    if (x === undefined) tuples.set(key, (x = { mine, sums: sums() }));
    x.sums.p = add(x.sums.p, p);
    addTo(x.sums, 0, marks, p);
    mine.forEach((d, j) => {
      let u = byUnit[j].get(d.key);
      if (u === undefined) byUnit[j].set(d.key, (u = { d, sums: sums() }));
      u.sums.p = add(u.sums.p, p);
      addTo(u.sums, deferred[j] + 1, marks, p);
    });
    leaderWords.forEach((i, k) => addTo(leaderSums[k], i + 1, marks, p));
  });
  for (const { mine, sums: x } of tuples.values()) {
    spread(x);
    for (let b = 0; b < BITS; b++) {
      let none: Prob6 | null = null;
      for (const d of mine) if (d.none[b] !== null) none = none === null ? d.none[b] : mul(none, d.none[b]!);
      if (none !== null) events[b] = add(events[b], add(x.m[b], mul(sub(x.p, x.m[b]), complement(none))));
      else if (x.m[b].n !== 0n) events[b] = add(events[b], x.m[b]);
    }
  }
  byUnit.forEach((groups, j) => {
    const row = partEvents[deferred[j]];
    for (const { d, sums: x } of groups.values()) {
      spread(x);
      for (let b = 0; b < BITS; b++) {
        const own = d.own[b];
        if (own !== null) row[b] = add(row[b], add(x.m[b], mul(sub(x.p, x.m[b]), own)));
        else if (x.m[b].n !== 0n) row[b] = add(row[b], x.m[b]);
      }
    }
  });
  // A leader's events are the chain's own (no deferred part).
  leaderWords.forEach((i, k) => {
    spread(leaderSums[k]);
    partEvents[i] = leaderSums[k].m;
  });
  return { leaders, deferred, localOf, scriptsOf, terminalLocals, idOf, spend, work: () => work, marginals: { events, partEvents } };
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
  const f = factor(spec, maxStates, onProgress);
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
      const d = localOf(state.units[i], scripts[i]);
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

/** A hero a deferred unit created (A15.21): as created, at which script entry (index), and his key. */
interface HeroOrigin {
  readonly hero: UnitState;
  readonly at: number;
  readonly key: string;
}

/**
 * A deferred unit after a prefix of its script: its state (`num`: its number in this attack), the heroes
 * it created on the way (`hid`: the list's number), the probability p of reaching that and, per event
 * bit, the probability of reaching it with the unit having had the event (as the exact engine's
 * marginal mode keeps them, exact.ts): a bit in `fullOwn` has mass p (every path had it); one in
 * `partial` has that mass; any other has mass 0. Merging paths on (state, heroes) keeps the lists short.
 */
interface LocalNode {
  readonly unit: UnitState;
  readonly num: number;
  readonly heroes: readonly HeroOrigin[];
  readonly hid: number;
  p: Prob6;
  fullOwn: number;
  /** Masses of the bits had on some paths only; null while there are none. */
  partial: Map<number, Prob6> | null;
}

/** A final state of one stage from a unit state: probability q, the unit, heroes made, its events. */
interface StageFinal {
  readonly unit: UnitState;
  readonly num: number;
  /** Heroes made in the stage, as created, sorted by key. */
  readonly made: readonly { readonly hero: UnitState; readonly key: string }[];
  q: Prob6;
  readonly own: number;
}

/**
 * A deferred unit's parts in canonical form: every part off the map as {@link offMapState} gives it,
 * and the heroes it created (A15.21, interchangeable) sorted by key. The unit stays part 0. Nothing
 * the rest of its chain does, or the summary reads, tells the forms apart. Never throws.
 */
function canonicalParts(parts: readonly UnitState[]): readonly UnitState[] {
  if (parts.length === 1) return isAlive(parts[0]) ? parts : [offMapState(parts[0])];
  const heroes = parts.slice(1).map((u) => {
    const v = offMapState(u);
    return { u: v, k: unitStateKey(v) };
  });
  heroes.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return [offMapState(parts[0]), ...heroes.map((h) => h.u)];
}

/** The key of a deferred unit's parts. */
function partsKey(parts: readonly UnitState[]): string {
  return parts.length === 1 ? unitStateKey(parts[0]) : parts.map(unitStateKey).join(',');
}

/**
 * The distribution after entry `e` (index `k` of the script): each node times each final state of its
 * stage, merged on (unit, heroes made); the stage's events become full, masses had before scale with
 * its q. When every stage leaves its node as it is (the unit is not subject), the same nodes are returned.
 */
function nextStage(
  nodes: readonly LocalNode[],
  k: number,
  e: ScriptEntry,
  byUnit: (readonly StageFinal[] | undefined)[],
  stageOf: (u: UnitState, e: ScriptEntry) => readonly StageFinal[],
  heroListNumber: (heroes: readonly HeroOrigin[]) => number,
): readonly LocalNode[] {
  const stages = nodes.map((x) => (byUnit[x.num] ??= stageOf(x.unit, e)));
  if (stages.every((st, i) => isIdentity(st, nodes[i]))) return nodes;
  const out = new Map<number, LocalNode>();
  nodes.forEach((x, i) => {
    for (const f of stages[i]) {
      const certain = f.q.n === 1n && f.q.e === 0;
      let heroes = x.heroes;
      let hid = x.hid;
      if (f.made.length > 0) {
        heroes = [...x.heroes, ...f.made.map((h) => ({ hero: h.hero, at: k, key: h.key }))];
        hid = heroListNumber(heroes);
      }
      const y: LocalNode = { unit: f.unit, num: f.num, heroes, hid, p: certain ? x.p : mul(x.p, f.q), fullOwn: x.fullOwn | f.own, partial: null };
      if (x.partial !== null) {
        for (const [bit, v] of x.partial) {
          if ((y.fullOwn & (1 << bit)) !== 0) continue;
          (y.partial ??= new Map()).set(bit, certain ? v : mul(v, f.q));
        }
      }
      const key = f.num * 2 ** 24 + hid;
      const c = out.get(key);
      if (c === undefined) out.set(key, y);
      else mergeNode(c, y);
    }
  });
  return [...out.values()];
}

/** Merges node b into node a (same unit and heroes): a bit stays full only where both are. */
function mergeNode(a: LocalNode, b: LocalNode): void {
  const fa = a.fullOwn;
  const fb = b.fullOwn;
  // Bits full in one only: the other's mass there (partial or 0) plus the full one's p.
  for (let m = fa ^ fb; m !== 0; m &= m - 1) {
    const bit = 31 - Math.clz32(m & -m);
    const partial = (a.partial ??= new Map());
    if ((fa & (1 << bit)) !== 0) partial.set(bit, add(a.p, b.partial?.get(bit) ?? ZERO));
    else partial.set(bit, add(b.p, partial.get(bit) ?? ZERO));
  }
  a.fullOwn = fa & fb;
  if (b.partial !== null) {
    for (const [bit, x] of b.partial) {
      if ((fa & (1 << bit)) !== 0) continue; // counted above
      const partial = (a.partial ??= new Map());
      partial.set(bit, add(partial.get(bit) ?? ZERO, x));
    }
  }
  a.p = add(a.p, b.p);
}

/** The mass of event `bit` in node x: P(reach x with the unit having had it). */
function ownMass(x: LocalNode, bit: number): Prob6 {
  return (x.fullOwn & (1 << bit)) !== 0 ? x.p : (x.partial?.get(bit) ?? ZERO);
}

/** What a deferred unit's final nodes give whatever its heroes do (computed once per node list). */
interface NodesBase {
  readonly nodes: readonly LocalNode[];
  /** The unit's own final states, merged. */
  readonly units: readonly { readonly unit: UnitState; readonly p: Prob6 }[];
  /** P(the unit had event bit b). */
  readonly own: readonly Prob6[];
  /** The nodes where the unit created heroes. */
  readonly heroNodes: readonly LocalNode[];
  /** The heroes' distinct origins (entry, hero) in those nodes. */
  readonly origins: readonly HeroOrigin[];
  /** P(a node without heroes, its unit off the map). */
  readonly plainGone: Prob6;
}

/** The figures of a deferred unit's final nodes that do not depend on its heroes. */
function nodesBase(nodes: readonly LocalNode[]): NodesBase {
  const own: Prob6[] = Array.from({ length: BITS }, () => ZERO);
  // Full masses summed per mask first (nodes share masks), then per bit.
  const byOwn = new Map<number, Prob6>();
  const units = new Map<number, { unit: UnitState; p: Prob6 }>();
  let plainGone = ZERO;
  for (const x of nodes) {
    if (x.fullOwn !== 0) byOwn.set(x.fullOwn, add(byOwn.get(x.fullOwn) ?? ZERO, x.p));
    if (x.partial !== null) for (const [bit, v] of x.partial) own[bit] = add(own[bit], v);
    const u = units.get(x.num);
    if (u === undefined) units.set(x.num, { unit: x.unit, p: x.p });
    else u.p = add(u.p, x.p);
    if (x.heroes.length === 0 && !isAlive(x.unit)) plainGone = add(plainGone, x.p);
  }
  for (const [mask, p] of byOwn) {
    for (let m = mask; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      own[b] = add(own[b], p);
    }
  }
  const heroNodes = nodes.filter((x) => x.heroes.length > 0);
  const origins = new Map<string, HeroOrigin>();
  for (const x of heroNodes) for (const h of x.heroes) origins.set(`${h.at}@${h.key}`, h);
  return { nodes, units: [...units.values()], own, heroNodes, origins: [...origins.values()], plainGone };
}

/**
 * A deferred unit's distribution from its final nodes. Each hero it created is independent of it after
 * his creation, with his own distribution `heroDist` (his part of the script): so P(some part had event
 * b) = P(the unit had it) + the sum over nodes with heroes of (p - the unit's mass of b) x P(some hero
 * of the node had it), and P(no part left on the map) = the sum over nodes whose unit is off the map of
 * p x each hero's P(gone). The final parts (for the joint distribution) are the unit's times its heroes'
 * finals, made when asked for.
 */
function distributionOf(base: NodesBase, key: number, heroDistOf: (h: HeroOrigin) => LocalDistribution, idOf: (u: UnitState) => number): LocalDistribution {
  const byOrigin = new Map<string, LocalDistribution>();
  const heroDist = (h: HeroOrigin): LocalDistribution => {
    const k = `${h.at}@${h.key}`;
    let d = byOrigin.get(k);
    if (d === undefined) byOrigin.set(k, (d = heroDistOf(h)));
    return d;
  };
  const any = base.own.slice();
  let gone = base.plainGone;
  for (const x of base.heroNodes) {
    const hd = x.heroes.map(heroDist);
    if (!isAlive(x.unit)) gone = add(gone, hd.reduce((g, d) => mul(g, d.gone), x.p));
    let possible = 0;
    for (const d of hd) possible |= d.possible;
    for (let m = possible; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      let none = ONE;
      for (const d of hd) if (d.none[b] !== null) none = mul(none, d.none[b]!);
      any[b] = add(any[b], mul(sub(x.p, ownMass(x, b)), complement(none)));
    }
  }
  let finals: { readonly parts: readonly UnitState[]; readonly ids: readonly number[]; readonly p: Prob6 }[] | undefined;
  let possible = 0;
  any.forEach((x, b) => {
    if (x.n !== 0n) possible |= 1 << b;
  });
  return {
    key,
    units: base.units,
    gone,
    finals: () => (finals ??= finalParts(base.nodes, heroDist, idOf)),
    none: any.map((x) => (x.n === 0n ? null : complement(x))),
    possible,
    own: base.own.map((x) => (x.n === 0n ? null : x)),
  };
}

/** The final parts of a deferred unit's nodes: its state times each hero's final parts, canonical, merged. */
function finalParts(nodes: readonly LocalNode[], heroDist: (h: HeroOrigin) => LocalDistribution, idOf: (u: UnitState) => number): { readonly parts: readonly UnitState[]; readonly ids: readonly number[]; readonly p: Prob6 }[] {
  const out = new Map<string, { parts: readonly UnitState[]; ids: readonly number[]; p: Prob6 }>();
  for (const x of nodes) {
    let partial: { parts: readonly UnitState[]; p: Prob6 }[] = [{ parts: [x.unit], p: x.p }];
    for (const h of x.heroes) {
      const fs = heroDist(h).finals();
      partial = partial.flatMap((y) => fs.map((f) => ({ parts: [...y.parts, ...f.parts], p: mul(y.p, f.p) })));
    }
    for (const y of partial) {
      const parts = canonicalParts(y.parts);
      const k = partsKey(parts);
      const c = out.get(k);
      if (c === undefined) out.set(k, { parts, ids: parts.map(idOf), p: y.p });
      else c.p = add(c.p, y.p);
    }
  }
  return [...out.values()];
}

/** True when a stage leaves node `x` as it is: one final, the same unit, no hero made, no event. */
function isIdentity(st: readonly StageFinal[], x: LocalNode): boolean {
  return st.length === 1 && st[0].num === x.num && st[0].own === 0 && st[0].made.length === 0 && st[0].q.n === 1n && st[0].q.e === 0;
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
 * the same (start state, script) are merged first. Cost: the leaders' chain, plus each distinct
 * (start state, script)'s chain once, plus per merged terminal a convolution of at most 6 units.
 * @param maxStates most states (leaders' chain + deferred chains) before giving up
 * @param onProgress called now and then with the work done so far
 * @throws AslOddsError `engine.tooManyStates` (exit 2) past `maxStates`; Error when `spec` cannot be
 *   factored (see {@link canFactorAttack})
 * @example summarizeAttackFactored(spec).stack.leaderLost // { n, e }: P(a target leader left the map)
 */
export function summarizeAttackFactored(spec: AttackChainSpec, maxStates = Infinity, onProgress?: (work: number) => void): AttackSummary<Prob6> {
  const f = factor(spec, maxStates, onProgress);
  const { leaders, deferred, terminalLocals } = f;
  const targets = spec.targets;
  const n = targets.length;
  const ops = EXACT_WEIGHTS;
  const unitStatus = targets.map(() => FINAL_STATUS_NAMES.map(() => ZERO));
  let leaderLost = ZERO;
  // Per target's own figures, memoised per (position, local distribution): "broken at the start" is the
  // target's, not its start state's.
  const figures = new Map<string, LocalFigures>();
  const figuresOf = (i: number, d: LocalDistribution): LocalFigures => {
    const key = `${i}|${d.key}`;
    let x = figures.get(key);
    if (x === undefined) {
      const status = FINAL_STATUS_NAMES.map(() => ZERO);
      const broken = [ZERO, ZERO, ZERO];
      const eliminated = [ZERO, ZERO, ZERO];
      for (const { unit: u, p } of d.units) {
        const k = finalStatusIndex(u);
        status[k] = add(status[k], p);
        const b = doubledBroken(targets[i], u);
        broken[b] = add(broken[b], p);
        const e = doubledEliminated(targets[i], u);
        eliminated[e] = add(eliminated[e], p);
      }
      x = { status, broken, eliminated, gone: d.gone };
      figures.set(key, x);
    }
    return x;
  };
  // Merge the leaders' terminals by what the rest needs: the deferred units' distributions, and whether
  // everything the leaders' chain holds (leaders, heroes they made) has left the map.
  const groups = new Map<string, { locals: readonly LocalDistribution[]; leadersGone: boolean; p: Prob6 }>();
  leaders.terminals.forEach((g, t) => {
    const s = g.state;
    const p = g.probability;
    let lost = false;
    let leadersGone = true;
    for (let i = 0; i < s.units.length; i++) {
      if (i < n && targets[i].profile.kind !== 'leader') continue;
      const u = s.units[i];
      if (isAlive(u)) leadersGone = false;
      if (i >= n) continue;
      if (!isAlive(u)) lost = true;
      const k = finalStatusIndex(u);
      unitStatus[i][k] = add(unitStatus[i][k], p);
    }
    if (lost) leaderLost = add(leaderLost, p);
    const locals = terminalLocals[t];
    const key = `${leadersGone ? 1 : 0}|${locals.map((d) => d.key).join(',')}`;
    const c = groups.get(key);
    if (c) c.p = add(c.p, p);
    else groups.set(key, { locals, leadersGone, p });
  });
  const brokenCount = Array.from({ length: 2 * n + 1 }, () => ZERO);
  const eliminatedCount = Array.from({ length: 2 * n + 1 }, () => ZERO);
  let allEliminated = ZERO;
  for (const { locals, leadersGone, p } of groups.values()) {
    let broken: Prob6[] = [p];
    let eliminated: Prob6[] = [p];
    let gone: Prob6 | null = leadersGone ? p : null;
    deferred.forEach((i, j) => {
      const x = figuresOf(i, locals[j]);
      for (let k = 0; k < x.status.length; k++) if (x.status[k].n !== 0n) unitStatus[i][k] = add(unitStatus[i][k], mul(p, x.status[k]));
      broken = convolve(broken, x.broken);
      eliminated = convolve(eliminated, x.eliminated);
      if (gone !== null) gone = x.gone.n === 0n ? null : mul(gone, x.gone);
    });
    broken.forEach((w, k) => (brokenCount[k] = add(brokenCount[k], w)));
    eliminated.forEach((w, k) => (eliminatedCount[k] = add(eliminatedCount[k], w)));
    if (gone !== null) allEliminated = add(allEliminated, gone);
  }
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

/** The distribution of the sum of two independent counts (index = value), the first weighted. Never throws. */
function convolve(a: readonly Prob6[], b: readonly Prob6[]): Prob6[] {
  let top = b.length - 1;
  while (top > 0 && b[top].n === 0n) top--;
  const out: Prob6[] = Array.from({ length: a.length + top }, () => ZERO);
  for (let i = 0; i < a.length; i++) {
    if (a[i].n === 0n) continue;
    for (let j = 0; j <= top; j++) if (b[j].n !== 0n) out[i + j] = add(out[i + j], mul(a[i], b[j]));
  }
  return out;
}
