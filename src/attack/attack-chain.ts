/**
 * The fire-attack chain: the attack's procedure (procedure.ts: a sequence of IFT attacks on one
 * Location and everything each result sets off in the stack there, A7, A7.9, A.9, A10.2-10.22, A10.31,
 * A15, A17.11, A19) as a `ChainModel` (engine/chain.ts) for the exact engine. Used by `asl-odds attack`.
 *
 * The procedure is not written here: each `advance` loads an immutable state into the procedure's
 * mutable one, lets it take the roll at the head and settle (everything that needs no dice, so that
 * every non-final state begins with a roll; a fixed IFT result, `--result`, is applied on a dummy dr so
 * that its events are in the engine's mask too), then freezes the result into a keyed immutable state.
 * What belongs to the exact engine alone is here: the states' keys, symmetry, memos, each unit's events,
 * Random Selection's canonical drs, and the deferred units' scripts.
 *
 * Its state carries each tracked unit's event mask (`unitEvents`; the engine's single 32-bit `events`
 * is the OR of them for the steps after the first roll), so a result can report events per unit
 * (attack-summary.ts). Transitions report each unit's events (`partEvents`, renumbered by `partFrom`
 * when `canonicalize` exchanges identical units), so the exact engine's marginal mode can merge paths
 * with different histories.
 *
 * Cost (the exact engine's states): keys are canonical so that equal futures merge: Random Selection
 * drs that can no longer be selected are forgotten, units off the map keep only their counter and
 * status, and identical targets are kept sorted (symmetry, `canonicalize`); `advance` computes each
 * distinct effect of a roll once (`outcomeClass`, `outcomeSignature`; the check outcomes themselves are
 * check-table.ts's, made once per unit state, check, DRM and DR). The number of states still grows with
 * the product of the units' possible histories (a leader and 3 squads under 8 FP: 232,000 untracked);
 * for one attack the exact query therefore defers the units that are not leaders (`deferred`,
 * attack-factored.ts).
 */
import { ALL_DR } from '../dice/dice.js';
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import type { PathLabels } from './exact-graph.js';
import { TupleNumbers } from '../engine/tuple-numbers.js';
import { appendEntry, EMPTY_SCRIPT, type Script, type ScriptEntry } from './deferred-check-chain.js';
import { AttackProcedure, checkStepOutcome, iftResult, IFT_STEP, lossDRM, StepKind, type DeferredHooks, type LeaderLoss, type Step } from './procedure.js';
import type { CompiledAttack } from './compiled-attack.js';
import type { MoraleContext } from '../rules/context.js';
import { leadershipDRMFor } from '../rules/leadership.js';
import { randomSelection } from '../rules/random-selection.js';
import { MAX_COUNTED_CANDIDATES, selectionOfRange } from './selection-ranges.js';
import { describeUnit, isAlive, lentLeadershipDRM, offMapState, unitStateKey, withChanges, type UnitState } from '../rules/unit-state.js';
import { hobHeroOf, hobOutcome, lastOutcomeEvents, woundNext } from '../chains/check-table.js';
import { UNIT_CODES, type UnitCode } from '../chains/unit-codes.js';

export type { CompiledAttack } from './compiled-attack.js';

const { IFT, RS, CHK, WND, HOB } = StepKind;

/** The input of an attack chain. */
export interface AttackChainSpec {
  /** The units in the target Location, in stack (target) order; at least one. */
  readonly targets: readonly UnitState[];
  /** The attacks, in the order they are resolved; at least one. */
  readonly attacks: readonly CompiledAttack[];
  /** Rule set, the target side's ELR, situation (HoB substitutions). */
  readonly ctx: MoraleContext;
  /**
   * Target positions whose event masks the state carries (`unitEvents`); default all. Each tracked
   * unit multiplies the number of distinct states by the variety of its event histories, so the exact
   * query tracks none and takes events from the engine's marginal mode (attack-query.ts); Monte Carlo
   * (compiled or sampled) tracks all.
   */
  readonly track?: readonly number[];
  /**
   * Target positions whose checks are recorded, not rolled (default none): the IFT result's direct
   * effects on such a unit (its state after them and their events) and the checks it owes (its script,
   * an 'effect' entry then checks, resolved by deferred-check-chain.ts, attack-factored.ts) are not in
   * the states, which keep it as it started (its events are its own chain's, never the transitions'
   * `events` or `partEvents`; a check is recorded whatever befell it, its own chain tells whether it
   * is subject, so identical deferred MMC get the same entries after the IFT result's): each
   * transition gives what it recorded as its `label` (a {@link ScriptDelta}), for the exact engine's
   * labelled mode with {@link deferredScripts}. The leaders' rules never read a script, so states that differ only in
   * scripts merge. Only units that are not leaders, and only with one attack: then no other unit's
   * rolls depend on theirs.
   */
  readonly deferred?: readonly number[];
  /**
   * Exact engines (default false): a Random Selection (A.9) among up to MAX_COUNTED_CANDIDATES units
   * reads its drs as the digits of one number in [0, 6^n) and stops as soon as they decide the
   * selection (selection-ranges.ts `randomSelectionTable`): the same odds, exactly, with far fewer
   * states. Unset, every candidate rolls its own dr (A.9), as the sampler does.
   */
  readonly selectionByRanges?: boolean;
}


/** A state of the attack chain. Immutable. */
export interface AttackChainState {
  /** The Location's units: the targets in target order, then heroes created by HoB (A15.21). */
  readonly units: readonly UnitState[];
  /** The codes of `units` (unit-codes.ts `UNIT_CODES`), same positions. */
  readonly codes: readonly UnitCode[];
  /** Events per unit so far (bitmask of `Ev`) for tracked units, 0 for the others; same positions as `units`. */
  readonly unitEvents: readonly number[];
  /** Index of the attack being resolved. */
  readonly attack: number;
  /** Pending steps of the current attack, head last (procedure.ts); the head needs a roll unless `done`. */
  readonly todo: readonly Step[];
  /** A Random Selection at the head: its drs so far, 0 where a dr can no longer be selected (see `selectionStep`); else empty. */
  readonly drs: readonly number[];
  /**
   * `selectionByRanges` only: the selection once decided before the last dr, else -1 (the drs left are
   * rolled for nothing, so that every path leaves the selection after the same number of rolls and the
   * engine, which merges states roll by roll, merges what follows; `drs` are then 0s).
   */
  readonly decided: number;
  /** Pending leader-loss checks (A10.2), first in first out. */
  readonly losses: readonly LeaderLoss[];
  /** Leaders who went berserk and still owe their Location its Berserk checks (A15.41). */
  readonly berserkLeaders: readonly number[];
  /** The chain has ended. */
  readonly done: boolean;
  /** Canonical key (ChainModel.key), computed once when the state is made. */
  readonly key: string;
}

/** What never changes during a chain: kept out of the state. */
interface ChainEnv {
  readonly attacks: readonly CompiledAttack[];
  readonly ctx: MoraleContext;
  /** `UNIT_CODES.ctxId(ctx)`. */
  readonly ctxId: number;
  /** tracked[i]: the state carries unit i's events. Created heroes are never tracked. */
  readonly tracked: readonly boolean[];
  /** Groups (size >= 2) of target positions that are interchangeable: same initial state and tracking. */
  readonly classes: readonly (readonly number[])[];
  /** Number of targets (positions from here on are created heroes). */
  readonly targets: number;
  /** deferred[i]: target i's checks are recorded, not rolled. */
  readonly deferred: readonly boolean[];
  /** AttackChainSpec.selectionByRanges. */
  readonly selectionByRanges: boolean;
  /** Some target is deferred: transitions give their ScriptDelta. */
  readonly anyDeferred: boolean;
  /** The transitions' script deltas, interned by content (`scriptDelta`). */
  readonly deltas: Map<string, ScriptDelta>;
  /** Small numbers of the script entries (interned objects), for the deltas' keys. */
  readonly entryNumbers: Map<ScriptEntry, number>;
  /** Script entries, interned by what they hold (`entryCode`). */
  readonly entryMemo: Map<number, ScriptEntry>;
  /** 'effect' script entries, interned by key (`effectEntry`). */
  readonly effectMemo: Map<string, ScriptEntry>;
}

/** The script entries recorded during one advance, per position (deferred targets only), or null: none. */
type Records = (ScriptEntry[] | undefined)[] | null;

/**
 * Builds the chain model of `spec`.
 * @throws Error when a deferred target is a leader, or targets are deferred in more than one attack (a caller's bug)
 * @example enumerateChain(buildAttackChain({ targets: [squad467], attacks: [oneMC], ctx })).terminals.length
 */
export function buildAttackChain(spec: AttackChainSpec): ChainModel<AttackChainState> {
  const track = spec.track ?? spec.targets.map((_, i) => i);
  const tracked = spec.targets.map((_, i) => track.includes(i));
  const groupsByKey = new Map<string, number[]>();
  spec.targets.forEach((u, i) => {
    const k = `${unitStateKey(u)}/${tracked[i]}`;
    groupsByKey.set(k, [...(groupsByKey.get(k) ?? []), i]);
  });
  const deferred = spec.targets.map((_, i) => spec.deferred?.includes(i) ?? false);
  if (deferred.some((d, i) => d && spec.targets[i].profile.kind === 'leader') || (deferred.some(Boolean) && spec.attacks.length !== 1)) {
    throw new Error('attack chain: only units that are not leaders, in a single attack, can be deferred');
  }
  // Identical deferred units are exchanged with their scripts (canonicalize), so they stay exchangeable.
  const classes = [...groupsByKey.values()].filter((c) => c.length > 1);
  const env: ChainEnv = {
    attacks: spec.attacks,
    ctx: spec.ctx,
    ctxId: UNIT_CODES.ctxId(spec.ctx),
    tracked,
    classes,
    targets: spec.targets.length,
    deferred,
    selectionByRanges: spec.selectionByRanges ?? false,
    anyDeferred: deferred.some(Boolean),
    deltas: new Map(),
    entryNumbers: new Map(),
    entryMemo: new Map(),
    effectMemo: new Map(),
  };

  // The one procedure object of this chain, loaded from a state at each step (`load`).
  const p = new AttackProcedure();
  p.attacks = spec.attacks;
  p.ctx = spec.ctx;
  p.ctxId = env.ctxId;
  /** The deferred units' entries recorded by the step being taken. */
  let rec: Records = null;
  const record = (i: number, e: ScriptEntry): void => {
    rec ??= p.units.map(() => undefined);
    (rec[i] ??= []).push(e);
  };
  const hooks: DeferredHooks = {
    deferred,
    effect(i, unit, events, woundDRM) {
      if (unit !== p.units[i] || events !== 0) record(i, effectEntry(env, unit, events));
      if (woundDRM !== null) {
        const code = entryCode(0, woundDRM, 0, 0);
        record(i, env.entryMemo.get(code) ?? remember(env, code, { k: 'wnd', drm: woundDRM, key: `W${woundDRM}` }));
      }
    },
    check(t) {
      record(t.u, scriptEntryOf(env, p.units, t));
    },
  };
  p.hooks = env.anyDeferred ? hooks : null;

  /** Sets the procedure to state `s`, its events cleared (this step's are each unit's delta). */
  function load(s: AttackChainState): void {
    p.units = s.units.slice();
    p.codes = s.codes.slice();
    p.unitEvents = s.units.map(() => 0);
    p.events = 0;
    p.attackIndex = s.attack;
    p.attack = spec.attacks[s.attack];
    p.todo = s.todo.slice();
    p.losses = s.losses.slice();
    p.berserkLeaders = s.berserkLeaders.slice();
    p.done = s.done;
    rec = null;
  }

  /** The transition from `s` to the procedure's state (loaded from `s`, then stepped and settled). */
  function freeze(s: AttackChainState): Transition<AttackChainState> {
    const n0 = s.units.length;
    const n = p.units.length;
    const delta = p.unitEvents;
    const ev = s.unitEvents.slice();
    const from = s.units.map((_, i) => i);
    for (let i = 0; i < n0; i++) if (env.tracked[i]) ev[i] |= delta[i];
    for (let i = n0; i < n; i++) {
      ev.push(0);
      from.push(-1);
    }
    if (rec !== null) while (rec.length < n) rec.push(undefined);
    canonicalize(env, p, ev, delta, from, rec);
    const state = makeState(p.units, p.codes, ev, p.attackIndex, p.todo, NO_DRS, -1, p.losses, p.berserkLeaders, p.done, deferred);
    const renumbered = from.some((f, i) => f !== i);
    const label = env.anyDeferred && (rec !== null || renumbered) ? scriptDelta(env, rec, renumbered ? from : null) : undefined;
    // Every transition one object shape (the engine reads each of its fields per transition).
    return { state, events: p.events, partEvents: delta, partFrom: renumbered ? from : undefined, label };
  }

  const codes = spec.targets.map((u) => UNIT_CODES.intern(u));
  const start: AttackChainState = makeState(
    codes.map((c) => c.unit),
    codes,
    codes.map(() => 0),
    0,
    [IFT_STEP],
    NO_DRS,
    -1,
    [],
    [],
    false,
    deferred,
  );
  load(start);
  p.settle();
  if (rec !== null) throw new Error('attack chain: a script entry recorded before the first roll');
  const initial = freeze(start).state;
  // advance() is called for every dice index of a state in turn; dice that resolve alike (same DR
  // total, and same doubles where Cowering can apply) give the same transition, computed once.
  let memoState: AttackChainState | null = null;
  const byClass: (Transition<AttackChainState> | undefined)[] = [];
  const bySignature = new Map<string, Transition<AttackChainState>>();
  // The dr that completes a Random Selection: its transition depends on the state before the drs and
  // the units selected only, whatever drs got there (A.9), so it is shared across those states.
  const bySelection = new Map<string, Transition<AttackChainState>>();
  /** The key of `memoState` without its Random Selection drs (computed at its first last dr). */
  let selectionBase: string | undefined;

  return {
    initial,
    key(s) {
      return s.key;
    },
    rollOf(s): Roll | null {
      if (s.done) return null;
      const t = s.todo[s.todo.length - 1];
      if (t.k === IFT) return spec.attacks[s.attack].fixedResult === null ? 'DR' : 'dr';
      return t.k === RS || t.k === WND ? 'dr' : 'DR';
    },
    advance(s, index): Transition<AttackChainState> {
      if (memoState !== s) {
        memoState = s;
        byClass.length = 0;
        bySignature.clear();
        selectionBase = undefined;
      }
      // Two levels: dice of the same class (outcomeClass) resolve alike; distinct classes with the same
      // effect (outcomeSignature) give the same transition object.
      const c = outcomeClass(s, index, spec.attacks);
      const known = byClass[c];
      if (known !== undefined) return known;
      const head = s.todo[s.todo.length - 1];
      if (head.k === RS) {
        const r = selectionStep(s, head, index + 1, env.selectionByRanges);
        if (r.mask < 0) {
          // Not the last dr: only the drs change (nothing settles, and candidates are never exchanged
          // while they roll: pendingSignatures marks them).
          const next = makeState(s.units, s.codes, s.unitEvents, s.attack, s.todo, r.drs, r.decided, s.losses, s.berserkLeaders, s.done, deferred);
          return (byClass[c] = { state: next, events: 0, partEvents: undefined, partFrom: undefined, label: undefined });
        }
        selectionBase ??= makeState(s.units, s.codes, s.unitEvents, s.attack, s.todo, NO_DRS, -1, s.losses, s.berserkLeaders, s.done, deferred).key;
        const key = `${r.mask}|${selectionBase}`;
        let t = bySelection.get(key);
        if (t === undefined) {
          load(s);
          p.applySelection(r.mask);
          p.settle();
          t = freeze(s);
          bySelection.set(key, t);
        }
        return (byClass[c] = t);
      }
      const sig = outcomeSignature(s, head, index, env);
      let t = bySignature.get(sig);
      if (t === undefined) {
        load(s);
        p.step(index);
        p.settle();
        t = freeze(s);
        bySignature.set(sig, t);
      }
      byClass[c] = t;
      return t;
    },
    describe(s) {
      return describeAttackOutcome(s, spec.targets);
    },
  };
}

const NO_DRS: readonly number[] = Object.freeze([]);

/** A state of these fields, with its key: one object literal (one shape for every state). */
function makeState(
  units: readonly UnitState[],
  codes: readonly UnitCode[],
  unitEvents: readonly number[],
  attack: number,
  todo: readonly Step[],
  drs: readonly number[],
  decided: number,
  losses: readonly LeaderLoss[],
  berserkLeaders: readonly number[],
  done: boolean,
  deferred: readonly boolean[],
): AttackChainState {
  const key = stateKey(codes, unitEvents, attack, todo, drs, decided, losses, berserkLeaders, done, deferred);
  return { units, codes, unitEvents, attack, todo, drs, decided, losses, berserkLeaders, done, key };
}

/**
 * The class of a dice index whose transitions are equal from state `s`: the dr value for a dr; for a
 * DR its total, and for an IFT DR that may Cower also whether it is doubles (A7.9).
 */
function outcomeClass(s: AttackChainState, index: number, attacks: readonly CompiledAttack[]): number {
  const t = s.todo[s.todo.length - 1];
  if (t.k === IFT && attacks[s.attack].fixedResult !== null) return 0;
  if (t.k === RS || t.k === WND) return index;
  const dr = ALL_DR[index];
  const total = dr.white + dr.colored;
  if (t.k === IFT && attacks[s.attack].coweringShift > 0) return total * 2 + (dr.white === dr.colored ? 1 : 0);
  return total;
}

/**
 * What dice index `index` does from state `s` (head step `t`, not a Random Selection), as a string:
 * equal strings give equal transitions (the IFT result; a check's, HoB's or wound's outcome and events
 * on its unit, read from check-table.ts as the procedure's step reads them), so that `advance` takes
 * the step once per distinct effect.
 */
function outcomeSignature(s: AttackChainState, t: Step, index: number, env: ChainEnv): string {
  switch (t.k) {
    case IFT:
      return iftResult(env.attacks[s.attack], index, env.ctx).label;
    case CHK: {
      const o = checkStepOutcome(s.units, s.codes, t, index, env.ctx, env.ctxId);
      return `${o}.${lastOutcomeEvents()}`;
    }
    case WND:
      return `${woundNext(UNIT_CODES, s.codes[t.u], t.drm, index + 1)}.${lastOutcomeEvents()}`;
    case HOB: {
      const o = hobOutcome(UNIT_CODES, s.codes[t.u], t.broken, index, env.ctx, env.ctxId);
      const ev = lastOutcomeEvents();
      return (o & 1) === 0 ? `${o}.${ev}` : `${o}.${ev}.${hobHeroOf(UNIT_CODES, s.codes[t.u], t.broken, index, env.ctxId)}`;
    }
    default:
      return '';
  }
}

/** The key of a unit off the map, by code: made on first use (`offMapKey`). */
const OFF_MAP_KEYS: (string | undefined)[] = [];
/**
 * The key of a unit off the map: its counter and status alone. Nothing else about it can matter again
 * (describeUnit shows no more), so paths that differ only there merge.
 */
function offMapKey(c: UnitCode): string {
  let k = OFF_MAP_KEYS[c.code];
  if (k === undefined) OFF_MAP_KEYS[c.code] = k = `~${UNIT_CODES.intern(offMapState(c.unit)).keyId}`;
  return k;
}

/** The key of a pending step (without the position of a unit's own wound, HoB or forfeit when `own`: see pendingSignatures). */
function stepKey(t: Step): string {
  if (t.key !== null) return t.key;
  let k: string;
  switch (t.k) {
    case IFT:
      k = 'I';
      break;
    case RS:
      k = `R${t.kia ? 'k' : 'c'}${t.count}.${t.n}:${t.cand!.join('.')}`;
      break;
    case CHK:
      k = `C${t.u}${t.c}${t.n}.${t.src}.${t.ml}${t.ldrm === null ? '' : `.${t.ldrm}`}`;
      break;
    case WND:
      k = `W${t.u}.${t.drm}`;
      break;
    case HOB:
      k = `H${t.u}${t.broken ? 1 : 0}`;
      break;
    default:
      k = `F${t.u}`;
  }
  t.key = k;
  return k;
}

/** The canonical key of a state given its fields (units by their `keyId`: equal exactly when their unitStateKeys are). */
function stateKey(
  codes: readonly UnitCode[],
  unitEvents: readonly number[],
  attack: number,
  todo: readonly Step[],
  drs: readonly number[],
  decided: number,
  losses: readonly LeaderLoss[],
  berserkLeaders: readonly number[],
  done: boolean,
  deferred: readonly boolean[],
): string {
  // Parts joined once: a flat string, hashed by the engine's map without flattening a chain of
  // concatenations first.
  const parts: (string | number)[] = [done ? 'D' : attack, '|'];
  // A deferred unit is in its script (its 'effect' entry and checks): the state keeps it as it started.
  for (let i = 0; i < codes.length; i++) {
    if (i > 0) parts.push(',');
    parts.push(deferred[i] === true ? 'd' : codes[i].alive ? codes[i].keyId : offMapKey(codes[i]));
  }
  parts.push('|');
  for (let i = 0; i < unitEvents.length; i++) if (unitEvents[i] !== 0) parts.push(i, ':', unitEvents[i], ',');
  if (done) return parts.join('');
  parts.push('|');
  for (let i = todo.length - 1; i >= 0; i--) parts.push(stepKey(todo[i]), ';');
  if (drs.length > 0) parts.push(drs.join(''), '=', decided);
  parts.push('|');
  for (const l of losses) parts.push(l.kind, l.leader, '.', l.ml, ';');
  parts.push('|');
  for (const b of berserkLeaders) parts.push(b, '.');
  return parts.join('');
}

/**
 * The pending work on each position, as a signature with the position itself left out: equal
 * signatures mean equal futures for equal units. Positions a leader loss or berserk leader refers to,
 * or that are a check's source or a Random Selection's candidates, get a unique mark (never permuted).
 */
function pendingSignatures(p: AttackProcedure): string[] {
  const sig = p.units.map(() => '');
  for (let j = p.todo.length - 1; j >= 0; j--) {
    const t = p.todo[j];
    switch (t.k) {
      case IFT:
        break;
      case RS:
        for (const i of t.cand!) sig[i] += '!';
        break;
      case CHK:
        sig[t.u] += `C${t.c}${t.n}.${t.src}.${t.ml}.${t.ldrm};`;
        if (t.src >= 0) sig[t.src] += '!';
        break;
      case WND:
        sig[t.u] += `W${t.drm};`;
        break;
      case HOB:
        sig[t.u] += `H${t.broken ? 1 : 0};`;
        break;
      default:
        sig[t.u] += 'F;';
    }
  }
  for (const l of p.losses) sig[l.leader] += '!';
  for (const b of p.berserkLeaders) sig[b] += '!';
  return sig;
}

/**
 * Symmetry reduction: units that started identical (same counter, markers and tracking) are
 * interchangeable, so within each such class the (state, events) of the positions with the same
 * pending work are sorted, and paths that differ only by which of two identical squads broke merge.
 * Leaders are permuted only when no work is pending on them (their check order depends on their current
 * ML); MMC and heroes also while checks are pending (their checks never affect one another). Created
 * heroes form one class. Per-unit results of a class are its average, which equals each member's own
 * (they are exchangeable). Moves, with each unit, its events `ev`, this step's `delta`, `from` and the
 * deferred units' records `rec` (the labels follow).
 */
function canonicalize(env: ChainEnv, p: AttackProcedure, ev: number[], delta: number[], from: number[], rec: Records): void {
  const { units, codes } = p;
  const heroes: number[] = [];
  for (let i = env.targets; i < units.length; i++) heroes.push(i);
  const groups = heroes.length > 1 ? [...env.classes, heroes] : env.classes;
  // Sorting only moves units that differ (in state or events): nothing to do while none do.
  if (!groups.some((g) => g.some((i) => codes[i].keyId !== codes[g[0]].keyId || ev[i] !== ev[g[0]]))) return;
  const sig = pendingSignatures(p);
  for (const g of groups) {
    const leader = codes[g[0]].leader;
    const bySig = new Map<string, number[]>();
    for (const i of g) {
      if (sig[i].includes('!') || (leader && sig[i] !== '')) continue;
      const same = bySig.get(sig[i]);
      if (same) same.push(i);
      else bySig.set(sig[i], [i]);
    }
    for (const pos of bySig.values()) {
      if (pos.length < 2) continue;
      const items = pos.map((i) => ({ u: units[i], c: codes[i], ev: ev[i], d: delta[i], f: from[i], r: rec?.[i] }));
      items.sort((a, b) => a.c.keyId - b.c.keyId || a.ev - b.ev);
      pos.forEach((i, j) => {
        units[i] = items[j].u;
        codes[i] = items[j].c;
        ev[i] = items[j].ev;
        delta[i] = items[j].d;
        from[i] = items[j].f;
        if (rec !== null) rec[i] = items[j].r;
      });
    }
  }
}

/**
 * One more Random Selection dr (A.9) on state `s` (head `t`): the drs that follow, or after the last
 * dr the selection (`mask` over the candidates; -1 while more drs are to roll). Each candidate's own
 * dr (canonical, see canonicalDrs); or, with `byRanges` and few enough candidates, the digits of one
 * number read against randomSelectionTable (the same odds; once decided, the drs left change nothing,
 * see AttackChainState `decided`).
 */
function selectionStep(s: AttackChainState, t: Step, dr: number, byRanges: boolean): { readonly drs: readonly number[]; readonly decided: number; readonly mask: number } {
  const n = t.cand!.length;
  if (byRanges && n <= MAX_COUNTED_CANDIDATES) {
    const drs = s.decided < 0 ? [...s.drs, dr] : [...s.drs, 0];
    const mask = s.decided >= 0 ? s.decided : selectionOfRange(drs, n, t.count);
    if (drs.length === n) return { drs, decided: -1, mask: mask! }; // all n digits decide it
    return mask === null ? { drs, decided: -1, mask: -1 } : { drs: drs.map(() => 0), decided: mask, mask: -1 };
  }
  const drs = canonicalDrs([...s.drs, dr], t.count);
  return { drs, decided: -1, mask: drs.length < n ? -1 : randomSelection(drs, t.count) };
}

/**
 * Canonical Random Selection drs: a dr below the count-th highest so far can never be selected (later
 * drs only raise that threshold), so it is replaced by 0 and paths that differ only there merge.
 */
function canonicalDrs(drs: readonly number[], count: number): number[] {
  if (drs.length < count) return drs.slice();
  const threshold = [...drs].sort((a, b) => b - a)[count - 1];
  return drs.map((d) => (d >= threshold ? d : 0));
}

/**
 * What one roll does to the deferred units' scripts (the transition's `label`, AttackChainSpec.deferred): each
 * position's script is the one of position `from[j]` before the roll (null: the same position), then
 * the entries `rec[j]` recorded by the roll (null: none). Interned by content, so that a label's next
 * value can be memoised per delta. Immutable.
 */
export interface ScriptDelta {
  readonly rec: readonly (readonly ScriptEntry[] | undefined)[] | null;
  readonly from: readonly number[] | null;
}

/** The interned delta of `rec` and `from`. */
function scriptDelta(env: ChainEnv, rec: readonly (readonly ScriptEntry[] | undefined)[] | null, from: readonly number[] | null): ScriptDelta {
  let k = from === null ? '#' : `${from.join(',')}#`;
  if (rec !== null) {
    for (let j = 0; j < rec.length; j++) {
      const r = rec[j];
      if (r === undefined) continue;
      k += `${j}:`;
      for (const e of r) {
        let x = env.entryNumbers.get(e);
        if (x === undefined) env.entryNumbers.set(e, (x = env.entryNumbers.size));
        k += `${x};`;
      }
    }
  }
  let d = env.deltas.get(k);
  if (d === undefined) env.deltas.set(k, (d = { rec, from }));
  return d;
}

/**
 * The deferred units' scripts as the exact engine's path labels (exact-graph.ts `PathLabels`): a
 * label numbers a tuple of scripts (one per target position, each interned), and a transition's
 * {@link ScriptDelta} moves them and appends what it recorded. `scripts(label)` gives them back.
 * @param n the number of targets
 * @param exchangeable groups of positions whose scripts may be sorted among themselves (identical
 *   deferred MMC, which the chain gives the same entries after the IFT result's: their order then
 *   changes nothing but the number of labels); default none
 * Never throws.
 */
export function deferredScripts(n: number, exchangeable: readonly (readonly number[])[] = []): { readonly labels: PathLabels; readonly scripts: (label: number) => readonly Script[] } {
  const appended = new Map<Script, Map<ScriptEntry, Script>>();
  const append = (s: Script, e: ScriptEntry): Script => {
    // A unit the IFT result eliminated takes nothing more (its own chain would skip it): its script ends.
    const first = s.entries[0];
    if (first !== undefined && first.k === 'effect' && !isAlive(first.unit)) return s;
    let next = appended.get(s);
    if (next === undefined) appended.set(s, (next = new Map()));
    let x = next.get(e);
    if (x === undefined) next.set(e, (x = appendEntry(s, e)));
    return x;
  };
  const scriptIds = new Map<Script, number>();
  const scriptId = (s: Script): number => {
    let x = scriptIds.get(s);
    if (x === undefined) scriptIds.set(s, (x = scriptIds.size));
    return x;
  };
  // Tuples numbered by their scripts' ids.
  const tuples: (readonly Script[])[] = [];
  const numbers = new TupleNumbers();
  const tupleOf = (scripts: readonly Script[]): number => {
    const x = numbers.numberOf(scripts.length, (j) => scriptId(scripts[j]));
    if (x === tuples.length) tuples.push(scripts);
    return x;
  };
  const initial = tupleOf(Array.from({ length: n }, () => EMPTY_SCRIPT));
  // A label's next value, once per (delta, label): deltas are interned by the chain.
  const memo = new Map<ScriptDelta, Map<number, number>>();
  return {
    labels: {
      initial,
      next(label, t) {
        const delta = t.label as ScriptDelta | undefined;
        if (delta === undefined) return label;
        let byLabel = memo.get(delta);
        if (byLabel === undefined) memo.set(delta, (byLabel = new Map()));
        let x = byLabel.get(label);
        if (x === undefined) {
          const old = tuples[label];
          const scripts = old.map((_, j) => {
            const from = delta.from === null ? j : delta.from[j];
            let s = from >= 0 && from < n ? old[from] : EMPTY_SCRIPT;
            for (const e of delta.rec?.[j] ?? []) s = append(s, e);
            return s;
          });
          for (const g of exchangeable) {
            const sorted = g.map((i) => scripts[i]).sort((a, b) => scriptId(a) - scriptId(b));
            g.forEach((i, k) => (scripts[i] = sorted[k]));
          }
          byLabel.set(label, (x = tupleOf(scripts)));
        }
        return x;
      },
    },
    scripts: (label) => tuples[label],
  };
}

/**
 * The script entry of check step `t` on a deferred unit: the check, with what the leaders make of it
 * now (the leadership DRM they lend a unit that is not a leader, A10.7; the lost leader; the berserk
 * leader's DRM, A15.41). Whether the unit is subject to it is for its own chain to tell.
 */
function scriptEntryOf(env: ChainEnv, units: readonly UnitState[], t: Step): ScriptEntry {
  const u = units[t.u];
  // No closures here: this runs for every check of every deferred unit the chain records.
  switch (t.c) {
    case 'mc': {
      const l = leadershipDRMFor(u.berserk ? withChanges(u, { berserk: false }) : u, units);
      const code = entryCode(1, t.n, 0, l);
      return env.entryMemo.get(code) ?? remember(env, code, { k: 'mc', n: t.n, lead: l, key: `M${t.n}.${l}` });
    }
    case 'ptc': {
      const l = leadershipDRMFor(u.berserk ? withChanges(u, { berserk: false }) : u, units);
      const code = entryCode(2, 0, 0, l);
      return env.entryMemo.get(code) ?? remember(env, code, { k: 'ptc', lead: l, key: `P${l}` });
    }
    case 'llmc':
    case 'lltc': {
      const l = leadershipDRMFor(u.berserk ? withChanges(u, { berserk: false }) : u, units);
      // Of the lost leader, A10.2 reads his ML and leadership DRM alone: leaders equal in both make one entry.
      const leaderDRM = lossDRM(units, t);
      const k = t.c;
      const code = entryCode(k === 'llmc' ? 3 : 4, t.ml, leaderDRM, l);
      return env.entryMemo.get(code) ?? remember(env, code, { k, leaderDRM, ml: t.ml, lead: l, key: `${k}${leaderDRM}.${t.ml}.${l}` });
    }
    case 'berserk': {
      const leaderDRM = lentLeadershipDRM(units[t.src]) ?? units[t.src].profile.leadershipDRM;
      const code = entryCode(5, 0, 0, leaderDRM);
      return env.entryMemo.get(code) ?? remember(env, code, { k: 'berserk', leaderDRM, key: `B${leaderDRM}` });
    }
  }
}

/**
 * A number naming a script entry in one chain: its kind (0 wnd, 1 mc, 2 ptc, 3 llmc, 4 lltc, 5 berserk),
 * then up to three small integers (each in [-32, 32): #, ML, DRMs).
 */
function entryCode(kind: number, a: number, b: number, c: number): number {
  if (Math.max(Math.abs(a), Math.abs(b), Math.abs(c)) >= 32) throw new Error(`attack chain: script entry value out of range (${a}, ${b}, ${c})`);
  return ((kind * 64 + (a + 32)) * 64 + (b + 32)) * 64 + (c + 32);
}

/** The 'effect' entry of a deferred unit left as `u` with `events` by the IFT result, once per chain (by unitStateKey). */
function effectEntry(env: ChainEnv, u: UnitState, events: number): ScriptEntry {
  const key = `E${UNIT_CODES.intern(u).keyId}.${events}`;
  let e = env.effectMemo.get(key);
  if (e === undefined) env.effectMemo.set(key, (e = { k: 'effect', unit: u, events, key }));
  return e;
}

/**
 * Keeps `e` as this chain's entry `code` and returns it: callers look the code up in `env.entryMemo`
 * first and make the entry only when it is not there (one object per entry).
 */
function remember(env: ChainEnv, code: number, e: ScriptEntry): ScriptEntry {
  env.entryMemo.set(code, e);
  return e;
}

const CLASSES = new WeakMap<readonly UnitState[], readonly (readonly number[])[]>();
/** Groups (size >= 2) of positions of identical targets (same unitStateKey), memoised per array. */
export function identicalTargets(targets: readonly UnitState[]): readonly (readonly number[])[] {
  let c = CLASSES.get(targets);
  if (c === undefined) {
    const byKey = new Map<string, number[]>();
    targets.forEach((u, i) => {
      const k = unitStateKey(u);
      byKey.set(k, [...(byKey.get(k) ?? []), i]);
    });
    c = [...byKey.values()].filter((g) => g.length > 1);
    CLASSES.set(targets, c);
  }
  return c;
}

/**
 * Readable final state of the Location: the targets in target order, then any hero created, e.g.
 * `pinned 9-1, broken 4-6-7 + hero 1-4-9`. Canonical: identical targets are interchangeable, so their
 * descriptions are sorted among their positions, and heroes' among themselves; equal stacks read alike
 * however the chain ordered them. Never throws.
 * @param targets the targets as they were at the start (the rest of `s.units` are created heroes)
 */
export function describeAttackOutcome(s: Pick<AttackChainState, 'units'>, targets: readonly UnitState[]): string {
  const n = targets.length;
  const parts = s.units.slice(0, n).map(describeUnit);
  for (const g of identicalTargets(targets)) {
    const sorted = g.map((i) => parts[i]).sort();
    g.forEach((i, j) => (parts[i] = sorted[j]));
  }
  let text = parts.join(', ');
  const heroes = s.units.slice(n).map(describeUnit).sort();
  for (const h of heroes) text += ` + hero ${h}`;
  return text;
}

