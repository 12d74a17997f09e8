/**
 * The fire-attack chain: a sequence of IFT attacks on one Location and everything each result sets off
 * in the stack there (A7, A7.9, A.9, A10.2-10.22, A10.31, A15, A17.11, A19). Used by `asl-odds attack`.
 *
 *   per attack: IFT DR (Cowering on doubles) -> result
 *     #KIA / K/#  -> Random Selection dr per unit -> eliminations / Casualty Reduction, others broken
 *                    (KIA) -> Wound Severity dr of each wounded SMC (K/#)
 *     #MC, NMC, PTC, and the #MC of a K/#  -> one check per unit in check order (leaders first, higher
 *                    ML first), each with the best unbroken unpinned leader's DRM at that moment, and
 *                    after it that unit's Wound Severity dr and Heat of Battle DR
 *     then the leader-loss checks, in the order the leaders fell: a leader eliminated -> LLMC, an
 *                    unbroken leader broken -> LLTC, on the units of lower ML (cascading)
 *     then each leader who went berserk -> his Berserk check on his Location (A15.41), then he forfeits
 *                    his leadership DRM
 *   -> the next attack of the sequence on what is left.
 *
 * The chain is a `ChainModel` (engine/chain.ts): both the exact engine and the Monte Carlo engine run
 * it. Its state carries each unit's event mask (`unitEvents`; the engine's single 32-bit `events` is
 * the OR of them for the steps after the first roll), so a result can report events per unit
 * (attack-summary.ts). Work that needs no dice (a KIA on fewer units than its #, the skip of a check a
 * unit is no longer subject to, the expansion of leader-loss and Berserk checks) is done inside
 * `advance` ("settling"), so that every non-final state begins with a roll; a fixed IFT result
 * (`--result`) is applied on a dummy dr so that its events are in the engine's mask too.
 *
 * Cost (the exact engine's states): keys are canonical so that equal futures merge: Random Selection
 * drs that can no longer be selected are forgotten, and identical targets are kept sorted (symmetry,
 * `canonicalize`); `advance` computes each distinct effect of a roll once (`outcomeClass`,
 * `outcomeSignature`), and each check's outcome once per (unit state, check, DRM, DR total) in the
 * chain (`checkMemo`). Transitions report each unit's events (`partEvents`, renumbered by `partFrom`
 * when `canonicalize` exchanges identical units), so the exact engine's marginal mode can merge paths
 * with different histories. The number of states still grows with the product of the units' possible
 * histories (a leader and 3 squads under 8 FP: 232,000 untracked); for one attack the exact query
 * therefore defers the units that are not leaders (`deferred`, attack-factored.ts).
 */
import { ALL_DR, type DR } from '../dice/dice.js';
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import type { PathLabels } from './exact-graph.js';
import { TupleNumbers } from '../engine/tuple-numbers.js';
import { appendEntry, EMPTY_SCRIPT, type Script, type ScriptEntry } from './deferred-check-chain.js';
import { checkFor, resolveBerserkTask, resolveCheckTask, type CheckKind, type CheckOutcome } from '../chains/check-task.js';
import { berserkCheckTakers } from '../rules/berserk-leader.js';
import { resolveWoundSeverity } from '../rules/casualty-reduction.js';
import type { CheckSpec } from '../rules/check.js';
import { checkOrder } from '../rules/check-order.js';
import type { MoraleContext } from '../rules/context.js';
import { resolveHoB } from '../rules/heat-of-battle.js';
import { resolveK, resolveKIA, type CasualtyEffects } from '../rules/ift-casualties.js';
import type { IFTResult } from '../rules/infantry-fire-table.js';
import { iftResultFor, type CompiledAttack } from './compiled-attack.js';

export type { CompiledAttack } from './compiled-attack.js';
import { leaderLossOf, llmcFor, lltcFor, type LeaderLossSource } from '../rules/leader-loss.js';
import { takesPinTaskCheck } from '../rules/morale-check.js';
import { leadershipDRMFor } from '../rules/leadership.js';
import { randomSelection } from '../rules/random-selection.js';
import { MAX_COUNTED_CANDIDATES, selectionOfRange } from './selection-ranges.js';
import { describeUnit, initialUnitState, isAlive, isSMC, lentLeadershipDRM, offMapState, unitStateKey, withChanges, type UnitState } from '../rules/unit-state.js';

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
   * selection (random-selection.ts `randomSelectionTable`): the same odds, exactly, with far fewer
   * states. Unset, every candidate rolls its own dr, as the samplers do (their dice match this chain's).
   */
  readonly selectionByRanges?: boolean;
}


/** One pending step of the chain, with its key (made by `task`). Immutable. */
type Task = TaskBody & { readonly key: string };

/** What a pending step is. */
type TaskBody =
  | { readonly k: 'ift' }
  | {
      readonly k: 'rs';
      /** A #KIA (true) or a K/# (false). */
      readonly kia: boolean;
      /** Units the result calls for: # of a #KIA, 1 for a K/#. */
      readonly count: number;
      /** The # of the K/#'s MC (0 for a KIA). */
      readonly mc: number;
      /** Candidate positions (units on the map), in stack order. */
      readonly cand: readonly number[];
      /** Random Selection drs so far; 0 = can no longer be selected (canonical form). */
      readonly drs: readonly number[];
      /**
       * `selectionByRanges` only: the selection once decided before the last dr (the drs left are
       * rolled for nothing, so that every path leaves the selection after the same number of rolls
       * and the engine, which merges states roll by roll, merges what follows); `drs` are then 0s.
       */
      readonly decided?: number;
    }
  | {
      readonly k: 'chk';
      readonly u: number;
      readonly c: CheckKind;
      /** The # of a #MC. */
      readonly n: number;
      /** The leader whose loss / berserk status causes the check, else -1. */
      readonly src: number;
      /** LLMC/LLTC: the lost leader's ML (leaderLossML), else 0. */
      readonly ml: number;
      /** LLMC/LLTC: the lost leader's leadership DRM as the loss recorded it, or null: his counter's now (leaderLossOf). */
      readonly ldrm: number | null;
    }
  | { readonly k: 'wnd'; readonly u: number; readonly drm: number }
  | { readonly k: 'hob'; readonly u: number; readonly broken: boolean }
  | { readonly k: 'forfeit'; readonly u: number };

/** A leader's loss that forces checks on his Location (A10.2, leader-loss.ts `leaderLossOf`), and his position. */
interface LeaderLoss extends LeaderLossSource {
  readonly leader: number;
}

/** A state of the attack chain. Immutable. */
export interface AttackChainState {
  /** The Location's units: the targets in target order, then heroes created by HoB (A15.21). */
  readonly units: readonly UnitState[];
  /** Interned unitStateKey of each unit, same positions as `units` (kept alongside: keys are built per state). */
  readonly unitKeys: readonly string[];
  /** Events per unit so far (bitmask of `Ev`) for tracked units, 0 for the others; same positions as `units`. */
  readonly unitEvents: readonly number[];
  /** Index of the attack being resolved. */
  readonly attack: number;
  /** Pending steps of the current attack; the first one needs a roll unless `done`. */
  readonly todo: readonly Task[];
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
interface WorkEnv {
  readonly attacks: readonly CompiledAttack[];
  readonly ctx: MoraleContext;
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
  /** Short codes of the unit state keys seen in this chain (short state keys hash faster). */
  readonly codes: Map<string, string>;
  /** Small numbers of the script entries (interned objects), for the deltas' keys. */
  readonly entryNumbers: Map<ScriptEntry, number>;
  /** Check outcomes already resolved, by (unit code, check, DRM), then by DR total (see `checkOutcome`). */
  readonly checkMemo: Map<string, (MemoOutcome | undefined)[]>;
  /** Script entries, interned by what they hold (`entryCode`). */
  readonly entryMemo: Map<number, ScriptEntry>;
  /** 'effect' script entries, interned by key (`effectEntry`). */
  readonly effectMemo: Map<string, ScriptEntry>;
  /** Heat of Battle outcomes, by (unit code, broken, DR total) (`hobOutcome`). */
  readonly hobMemo: Map<string, HoBOutcome>;
}

/** What resolveHoB gives, and its signature (outcomeSignature). */
type HoBOutcome = ReturnType<typeof resolveHoB> & { readonly signature: string };

/** resolveHoB of unit `i` for the DR total, once per (unit state, broken, total) in a chain. */
function hobOutcome(env: WorkEnv, units: readonly UnitState[], codes: readonly string[], i: number, total: number, broken: boolean): HoBOutcome {
  const k = `${codes[i]}|${broken ? 1 : 0}|${total}`;
  let r = env.hobMemo.get(k);
  if (r === undefined) {
    const x = resolveHoB(units[i], total, broken, env.ctx);
    r = { unit: x.unit, events: x.events, woundSeverityDRM: x.woundSeverityDRM, result: x.result, createdHero: x.createdHero, signature: `${unitStateKey(x.unit)}|${x.events}|${x.createdHero?.id ?? ''}` };
    env.hobMemo.set(k, r);
  }
  return r;
}

/** A check outcome and its signature (outcomeSignature), resolved once per unit state, check, DRM and DR total. */
interface MemoOutcome {
  readonly outcome: CheckOutcome;
  readonly signature: string;
}

/** The short code of a unit state in this chain (unitStateKey interned). */
function codeOf(env: WorkEnv, u: UnitState): string {
  const k = unitStateKey(u);
  let c = env.codes.get(k);
  if (c === undefined) {
    c = env.codes.size.toString(36);
    env.codes.set(k, c);
  }
  return c;
}

/** A mutable copy of a state, used inside one `advance`. */
class Work {
  units: UnitState[];
  keys: string[];
  ev: number[];
  attack: number;
  todo: Task[];
  losses: LeaderLoss[];
  berserkLeaders: number[];
  done: boolean;
  /** Events caused during this advance (OR over units). */
  delta = 0;
  /** Events caused during this advance per unit, same positions as `units` (Transition.partEvents). */
  unitDelta: number[];
  /** For each position, the position of its unit in the state advanced from (-1: created now). */
  from: number[];
  /** Deferred units: the script entries recorded during this advance, per position (Transition.label). */
  rec: (ScriptEntry[] | undefined)[] | null = null;

  /** @param env what never changes in this chain (read through `w.env`) */
  constructor(
    s: AttackChainState,
    readonly env: WorkEnv,
  ) {
    this.units = s.units.slice();
    this.keys = s.unitKeys.slice();
    this.ev = s.unitEvents.slice();
    this.attack = s.attack;
    this.todo = s.todo.slice();
    this.losses = s.losses.slice();
    this.berserkLeaders = s.berserkLeaders.slice();
    this.done = s.done;
    this.unitDelta = s.units.map(() => 0);
    this.from = s.units.map((_, i) => i);
  }

  freeze(): AttackChainState {
    canonicalize(this);
    return {
      units: this.units,
      unitKeys: this.keys,
      unitEvents: this.ev,
      attack: this.attack,
      todo: this.todo,
      losses: this.losses,
      berserkLeaders: this.berserkLeaders,
      done: this.done,
      key: stateKey(this.units, this.keys, this.ev, this.attack, this.todo, this.losses, this.berserkLeaders, this.done, this.env.deferred),
    };
  }
}

/**
 * Replaces unit `i` and records its events; notes the leader-loss consequences (A10.2): a leader
 * leaving the map queues a LLMC (replacing a pending LLTC of his), an unbroken leader breaking queues a
 * LLTC, a leader going berserk queues his Berserk checks (A15.41).
 */
function setUnit(w: Work, i: number, next: UnitState, events: number): void {
  const prev = w.units[i];
  w.units[i] = next;
  if (next !== prev) w.keys[i] = codeOf(w.env, next);
  if (w.env.tracked[i]) w.ev[i] |= events;
  w.delta |= events;
  w.unitDelta[i] |= events;
  if (prev.profile.kind !== 'leader') return;
  const loss = leaderLossOf(prev, next, w.env.ctx.ruleSet);
  if (loss !== null) {
    // An eliminated leader's LLMC replaces a pending LLTC of his.
    if (loss.kind === 'llmc') w.losses = w.losses.filter((l) => l.leader !== i);
    w.losses.push({ ...loss, leader: i });
  }
  if (!prev.berserk && next.berserk && isAlive(next)) w.berserkLeaders.push(i);
}

/** Positions of the units on the map. */
function onMap(w: Work): number[] {
  const out: number[] = [];
  w.units.forEach((u, i) => {
    if (isAlive(u)) out.push(i);
  });
  return out;
}

const CHECK_KINDS: readonly CheckKind[] = ['mc', 'ptc', 'llmc', 'lltc', 'berserk'];
const CHECK_TASKS = new Map<number, Task>();
/**
 * The check task, interned (states share their tasks; each key is built once).
 * @throws Error when a value is out of the code's range (a caller's bug)
 */
function checkTask(u: number, c: CheckKind, n = 0, src = -1, ml = 0, ldrm: number | null = null): Task {
  if (n < 0 || n >= 16 || src < -1 || src >= 255 || ml < 0 || ml >= 64 || (ldrm !== null && (ldrm < -6 || ldrm > 6))) {
    throw new Error(`attack chain: check task value out of range (${n}, ${src}, ${ml}, ${ldrm})`);
  }
  const code = ((((u * 8 + CHECK_KINDS.indexOf(c)) * 16 + n) * 256 + (src + 1)) * 64 + ml) * 16 + (ldrm === null ? 0 : ldrm + 7);
  let t = CHECK_TASKS.get(code);
  if (t === undefined) CHECK_TASKS.set(code, (t = shaped({ k: 'chk', u, c, n, src, ml, ldrm }, `C${u}${c}${n}.${src}.${ml}${ldrm === null ? '' : `.${ldrm}`}`)));
  return t;
}

/** Turns an IFT result into the steps it calls for (A7.301, A7.302, A7.8, A10.1). */
function applyIFTResult(w: Work, r: IFTResult): void {
  const alive = onMap(w);
  const front: Task[] = [];
  switch (r.kind) {
    case 'none':
      return;
    case 'PTC':
      // Broken and already pinned units are not affected by a PTC (the same rule as resolveCheck's).
      for (const i of checkOrder(w.units, alive)) {
        if (takesPinTaskCheck(w.units[i])) front.push(checkTask(i, 'ptc'));
      }
      break;
    case 'MC':
      for (const i of checkOrder(w.units, alive)) front.push(checkTask(i, 'mc', r.n));
      break;
    case 'KIA':
      if (r.n >= alive.length) return applyCasualties(w, resolveKIA(w.units, alive, w.env.ctx.ruleSet), 0);
      front.push(task({ k: 'rs', kia: true, count: r.n, mc: 0, cand: alive, drs: [] }));
      break;
    case 'K':
      if (alive.length === 1) return applyCasualties(w, resolveK(w.units, alive, w.env.ctx.ruleSet), r.n);
      front.push(task({ k: 'rs', kia: false, count: 1, mc: r.n, cand: alive, drs: [] }));
      break;
  }
  w.todo.unshift(...front);
}

/**
 * Applies #KIA / K/# effects: the units, then Wound Severity drs, then the K/#'s MCs in check order.
 * A deferred unit's effects go to its script instead (an 'effect' entry, then its Wound Severity dr):
 * its own chain applies them and reports their events; the state keeps it as it started.
 */
function applyCasualties(w: Work, e: CasualtyEffects, mc: number): void {
  const mcTakers = e.mcTakers.slice();
  e.units.forEach((u, i) => {
    if (!w.env.deferred[i]) {
      if (u !== w.units[i] || e.events[i] !== 0) setUnit(w, i, u, e.events[i]);
      return;
    }
    if (u !== w.units[i] || e.events[i] !== 0) record(w, i, effectEntry(w.env, u, codeOf(w.env, u), e.events[i]));
    const drm = e.woundSeverityDRM[i];
    if (drm !== null) {
      const code = entryCode(0, drm, 0, 0);
      record(w, i, w.env.entryMemo.get(code) ?? remember(w.env, code, { k: 'wnd', drm, key: `W${drm}` }));
    }
    // A K/#'s MC goes to every deferred MMC, eliminated or not (its own chain skips it off the map):
    // identical ones then get the same entries, whatever befell each (attack-factored.ts sorts them).
    if (mc > 0 && !isAlive(u) && !isSMC(w.units[i])) mcTakers.push(i);
  });
  const front: Task[] = [];
  e.woundSeverityDRM.forEach((drm, i) => {
    if (drm !== null && !w.env.deferred[i]) front.push(task({ k: 'wnd', u: i, drm }));
  });
  for (const i of checkOrder(w.units, mcTakers)) front.push(checkTask(i, 'mc', mc));
  w.todo.unshift(...front);
}

type CheckTask = Extract<Task, { readonly k: 'chk' }>;

/** The lost leader's leadership DRM a LLMC / LLTC task reads (A10.2): as his loss recorded it, or his counter's now; 0 for other checks. */
function lossDRM(units: readonly UnitState[], t: CheckTask): number {
  return t.ldrm ?? (t.src >= 0 ? units[t.src].profile.leadershipDRM : 0);
}

/** The CheckSpec and total DRM of a check task, or null when the unit is no longer subject to it. */
function checkOf(units: readonly UnitState[], ctx: MoraleContext, t: CheckTask): { check: CheckSpec; drm: number } | null {
  if (t.c === 'berserk') return null; // resolved by resolveBerserkTask
  const u = units[t.u];
  return checkFor(u, t.c, t.n, () => leadershipDRMFor(u, units), lossDRM(units, t), t.ml, ctx);
}

/**
 * The outcome of check task `t` with the dice `dr`, from the units as they stand (no change made).
 * A check's outcome depends only on the unit's state, the check, its total DRM and the DR total, so it
 * is resolved once per such combination in a chain (`memo`, keyed by the unit's interned code) and
 * shared by every state where it recurs; "unchanged" in the signature means a unit with the same code.
 */
function checkOutcome(units: readonly UnitState[], codes: readonly string[], ctx: MoraleContext, memo: WorkEnv['checkMemo'], t: CheckTask, dr: DR): MemoOutcome {
  return rowOutcome(checkRow(units, codes, ctx, memo, t), dr);
}

/** The memo row of check task `t` from the units as they stand: its outcomes by DR total, and how to resolve one. */
interface CheckRow {
  readonly u: UnitState;
  readonly byTotal: (MemoOutcome | undefined)[];
  readonly resolve: (dr: DR) => CheckOutcome;
}

function checkRow(units: readonly UnitState[], codes: readonly string[], ctx: MoraleContext, memo: WorkEnv['checkMemo'], t: CheckTask): CheckRow {
  const u = units[t.u];
  let key: string;
  let resolve: (dr: DR) => CheckOutcome;
  if (t.c === 'berserk') {
    const leaderDRM = lentLeadershipDRM(units[t.src]) ?? units[t.src].profile.leadershipDRM;
    key = `${codes[t.u]}|berserk|${leaderDRM}`;
    resolve = (dr) => resolveBerserkTask(u, leaderDRM, dr, ctx);
  } else {
    const spec = checkOf(units, ctx, t)!;
    key = `${codes[t.u]}|${spec.check.label}.${spec.check.kind}${spec.check.strength}${spec.check.failurePins ? 'p' : ''}|${spec.drm}`;
    resolve = (dr) => resolveCheckTask(u, spec.check, spec.drm, dr, ctx);
  }
  let byTotal = memo.get(key);
  if (byTotal === undefined) {
    byTotal = [];
    memo.set(key, byTotal);
  }
  return { u, byTotal, resolve };
}

/** The outcome of a check row's check with the dice `dr` (resolved once per DR total). */
function rowOutcome(row: CheckRow, dr: DR): MemoOutcome {
  const total = dr.white + dr.colored;
  let m = row.byTotal[total];
  if (m === undefined) {
    const outcome = row.resolve(dr);
    const signature = `${outcome.unit === row.u ? '=' : unitStateKey(outcome.unit)}|${outcome.events}|${outcome.woundSeverityDRM}|${outcome.hob}`;
    m = { outcome, signature };
    row.byTotal[total] = m;
  }
  return m;
}

/** Resolves the check task `t` (already taken off `todo`) with the dice `dr`. */
function runCheck(w: Work, t: CheckTask, dr: DR): void {
  const m = checkOutcome(w.units, w.keys, w.env.ctx, w.env.checkMemo, t, dr);
  const r = m.outcome;
  // Unchanged (the memo may hold an equal unit of another state): keep this state's object.
  setUnit(w, t.u, m.signature.startsWith('=') ? w.units[t.u] : r.unit, r.events);
  queueFollowUps(w, t, r);
}

/** Queues a check's Wound Severity dr and Heat of Battle DR, in that order, at the head of `todo`. */
function queueFollowUps(w: Work, t: CheckTask, r: CheckOutcome): void {
  const follow: Task[] = [];
  if (r.woundSeverityDRM !== null) follow.push(task({ k: 'wnd', u: t.u, drm: r.woundSeverityDRM }));
  if (r.hob !== 0) follow.push(task({ k: 'hob', u: t.u, broken: r.hob === 2 }));
  w.todo.unshift(...follow);
}

/** True when the task at the head needs no roll: done deterministically (or skipped) by `settle`. */
function settleHead(w: Work, t: Task): boolean {
  switch (t.k) {
    case 'ift': {
      // A fixed result is applied on a dummy dr (all six alike), so that its events reach the engine's
      // event mask like any other step's; an attack below the 1 FP column has no effect at all.
      const a = w.env.attacks[w.attack];
      if (a.fixedResult !== null || a.column !== null) return false;
      w.todo.shift();
      return true;
    }
    case 'rs':
      return false;
    case 'chk': {
      const u = w.units[t.u];
      if (w.env.deferred[t.u]) {
        // Recorded whatever befell the unit: its own chain tells whether it is subject.
        w.todo.shift();
        record(w, t.u, scriptEntryOf(w, t));
        return true;
      }
      const subject = t.c === 'berserk' ? isAlive(u) && !u.berserk : checkOf(w.units, w.env.ctx, t) !== null;
      if (subject) return false;
      w.todo.shift();
      return true;
    }
    case 'wnd':
    case 'hob':
      if (isAlive(w.units[t.u])) return false;
      w.todo.shift();
      return true;
    case 'forfeit':
      w.todo.shift();
      if (isAlive(w.units[t.u])) setUnit(w, t.u, withChanges(w.units[t.u], { noLeadership: true }), 0);
      return true;
  }
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
function scriptDelta(env: WorkEnv, rec: readonly (readonly ScriptEntry[] | undefined)[] | null, from: readonly number[] | null): ScriptDelta {
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

/** Records `e` for deferred target `i` (this advance's ScriptDelta). */
function record(w: Work, i: number, e: ScriptEntry): void {
  w.rec ??= w.units.map(() => undefined);
  (w.rec[i] ??= []).push(e);
}

/**
 * The deferred units' scripts as the exact engine's path labels (exact.ts `labels`, graph order): a
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
 * The script entry of check task `t` on a deferred unit: the check, with what the leaders make of it
 * now (the leadership DRM they lend a unit that is not a leader, A10.7; the lost leader; the berserk
 * leader's DRM, A15.41). Whether the unit is subject to it is for its own chain to tell.
 */
function scriptEntryOf(w: Work, t: CheckTask): ScriptEntry {
  const u = w.units[t.u];
  const env = w.env;
  // No closures here: this runs for every check of every deferred unit the chain records.
  switch (t.c) {
    case 'mc': {
      const l = leadershipDRMFor(u.berserk ? withChanges(u, { berserk: false }) : u, w.units);
      const code = entryCode(1, t.n, 0, l);
      return env.entryMemo.get(code) ?? remember(env, code, { k: 'mc', n: t.n, lead: l, key: `M${t.n}.${l}` });
    }
    case 'ptc': {
      const l = leadershipDRMFor(u.berserk ? withChanges(u, { berserk: false }) : u, w.units);
      const code = entryCode(2, 0, 0, l);
      return env.entryMemo.get(code) ?? remember(env, code, { k: 'ptc', lead: l, key: `P${l}` });
    }
    case 'llmc':
    case 'lltc': {
      const l = leadershipDRMFor(u.berserk ? withChanges(u, { berserk: false }) : u, w.units);
      // Of the lost leader, A10.2 reads his ML and leadership DRM alone: leaders equal in both make one entry.
      const leaderDRM = lossDRM(w.units, t);
      const k = t.c;
      const code = entryCode(k === 'llmc' ? 3 : 4, t.ml, leaderDRM, l);
      return env.entryMemo.get(code) ?? remember(env, code, { k, leaderDRM, ml: t.ml, lead: l, key: `${k}${leaderDRM}.${t.ml}.${l}` });
    }
    case 'berserk': {
      const leaderDRM = lentLeadershipDRM(w.units[t.src]) ?? w.units[t.src].profile.leadershipDRM;
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

/** The 'effect' entry of a deferred unit left as `u` (code `code`) with `events` by the IFT result, once per chain. */
function effectEntry(env: WorkEnv, u: UnitState, code: string, events: number): ScriptEntry {
  const key = `E${code}.${events}`;
  let e = env.effectMemo.get(key);
  if (e === undefined) env.effectMemo.set(key, (e = { k: 'effect', unit: u, events, key }));
  return e;
}

/**
 * Keeps `e` as this chain's entry `code` and returns it: callers look the code up in `env.entryMemo`
 * first and make the entry only when it is not there (one object per entry).
 */
function remember(env: WorkEnv, code: number, e: ScriptEntry): ScriptEntry {
  env.entryMemo.set(code, e);
  return e;
}

/**
 * Does every step that needs no dice until the next roll (or the end): skips, fixed results,
 * leader-loss checks once the attack's own checks are done, Berserk checks after them, the next attack.
 */
function settle(w: Work): void {
  for (;;) {
    if (w.todo.length > 0) {
      if (settleHead(w, w.todo[0])) continue;
      return;
    }
    const loss = w.losses.shift();
    if (loss !== undefined) {
      const leaderDRM = loss.leaderDRM ?? w.units[loss.leader].profile.leadershipDRM;
      const takers: number[] = [];
      w.units.forEach((u, i) => {
        if (i === loss.leader) return;
        // A deferred unit's own chain tells whether it is subject (its state here is its start state).
        if (w.env.deferred[i]) return void takers.push(i);
        // A pinned unit is left out of a LLTC: failing it would change nothing.
        const subject = (loss.kind === 'llmc' ? llmcFor : lltcFor)(u, leaderDRM, loss.ml, w.env.ctx.ruleSet) !== null;
        if (subject) takers.push(i);
      });
      w.todo = checkOrder(w.units, takers).map((i) => checkTask(i, loss.kind, 0, loss.leader, loss.ml, loss.leaderDRM));
      continue;
    }
    const b = w.berserkLeaders.shift();
    if (b !== undefined) {
      const l = w.units[b];
      if (isAlive(l) && l.berserk && !l.noLeadership) {
        const takers = berserkCheckTakers(w.units, b, w.env.ctx.ruleSet).filter((i) => !w.env.deferred[i]);
        w.units.forEach((_, i) => {
          if (w.env.deferred[i]) takers.push(i);
        });
        w.todo = [...checkOrder(w.units, takers).map((i) => checkTask(i, 'berserk', 0, b)), task({ k: 'forfeit', u: b })];
      }
      continue;
    }
    if (w.attack + 1 < w.env.attacks.length && w.units.some(isAlive)) {
      w.attack++;
      w.todo = [IFT_TASK];
      continue;
    }
    w.done = true;
    return;
  }
}

/** `t` with its key. */
function task<T extends TaskBody>(t: T): T & { readonly key: string } {
  return shaped(t, taskKey(t)) as T & { readonly key: string };
}

/** Every field any task has, for {@link shaped}. */
type AnyTaskFields = { -readonly [K in keyof UnionFields<TaskBody>]?: UnionFields<TaskBody>[K] };
type UnionFields<T> = { [K in T extends unknown ? keyof T : never]: T extends { readonly [P in K]?: infer V } ? V : never };
const NO_POSITIONS: readonly number[] = [];

/**
 * Task `t` with key `key`, every field of every kind present (unused ones at a neutral value) in one
 * order: one object shape for all tasks, which the chain reads at every step.
 */
function shaped(t: TaskBody, key: string): Task {
  const f = t as AnyTaskFields;
  return {
    k: t.k,
    u: f.u ?? -1,
    c: f.c ?? 'mc',
    n: f.n ?? 0,
    src: f.src ?? -1,
    ml: f.ml ?? 0,
    ldrm: f.ldrm ?? null,
    drm: f.drm ?? 0,
    broken: f.broken ?? false,
    kia: f.kia ?? false,
    count: f.count ?? 0,
    mc: f.mc ?? 0,
    cand: f.cand ?? NO_POSITIONS,
    drs: f.drs ?? NO_POSITIONS,
    decided: f.decided,
    key,
  } as Task;
}

/** The IFT DR of the next attack. */
const IFT_TASK: Task = task({ k: 'ift' });

function taskKey(t: TaskBody): string {
  switch (t.k) {
    case 'ift':
      return 'I';
    case 'rs':
      return `R${t.kia ? 'k' : 'c'}${t.count}.${t.mc}:${t.cand.join('.')}:${t.drs.join('')}${t.decided === undefined ? '' : `=${t.decided}`}`;
    case 'chk':
      return `C${t.u}${t.c}${t.n}.${t.src}.${t.ml}${t.ldrm === null ? '' : `.${t.ldrm}`}`;
    case 'wnd':
      return `W${t.u}.${t.drm}`;
    case 'hob':
      return `H${t.u}${t.broken ? 1 : 0}`;
    case 'forfeit':
      return `F${t.u}`;
  }
}

/**
 * One more Random Selection dr (A.9): the task that rolls next, or the selection (a mask over the
 * candidates) after the last dr. Each candidate's own dr (canonical, see canonicalDrs); or, with
 * `byRanges` and few enough candidates, the digits of one number read against randomSelectionTable
 * (the same odds; once decided, the drs left change nothing, see the task's `decided`).
 */
function selectionStep(t: RandomSelectionTask, dr: number, byRanges: boolean): { readonly next: RandomSelectionTask } | { readonly mask: number } {
  const n = t.cand.length;
  if (byRanges && n <= MAX_COUNTED_CANDIDATES) {
    const drs = t.decided === undefined ? [...t.drs, dr] : [...t.drs, 0];
    const mask = t.decided ?? selectionOfRange(drs, n, t.count);
    if (drs.length === n) return { mask: mask! }; // all n digits decide it
    return mask === null ? { next: task({ ...t, drs }) } : { next: task({ ...t, drs: drs.map(() => 0), decided: mask }) };
  }
  const drs = canonicalDrs([...t.drs, dr], t.count);
  return drs.length < n ? { next: task({ ...t, drs }) } : { mask: randomSelection(drs, t.count) };
}

type RandomSelectionTask = Extract<Task, { readonly k: 'rs' }>;

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
 * Builds the chain model of `spec`.
 * @throws never (an empty target list or attack list is the query's `input.*` error)
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
  const env: WorkEnv = {
    attacks: spec.attacks,
    ctx: spec.ctx,
    tracked,
    classes,
    targets: spec.targets.length,
    deferred,
    selectionByRanges: spec.selectionByRanges ?? false,
    anyDeferred: deferred.some(Boolean),
    deltas: new Map(),
    codes: new Map(),
    entryNumbers: new Map(),
    checkMemo: new Map(),
    entryMemo: new Map(),
    effectMemo: new Map(),
    hobMemo: new Map(),
  };
  const work = (s: AttackChainState): Work => new Work(s, env);
  const start = work({
    units: spec.targets.slice(),
    unitKeys: spec.targets.map((u) => codeOf(env, u)),
    unitEvents: spec.targets.map(() => 0),
    attack: 0,
    todo: [IFT_TASK],
    losses: [],
    berserkLeaders: [],
    done: false,
    key: '',
  });
  settle(start);
  if (start.rec !== null) throw new Error('attack chain: a script entry recorded before the first roll');
  const initial = start.freeze();
  // advance() is called for every dice index of a state in turn; dice that resolve alike (same DR
  // total, and same doubles where Cowering can apply) give the same transition, computed once.
  let memoState: AttackChainState | null = null;
  /** The check row of `memoState`'s head check, once asked for. */
  let memoRow: CheckRow | undefined;
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
      const t = s.todo[0];
      if (t.k === 'ift') return spec.attacks[s.attack].fixedResult === null ? 'DR' : 'dr';
      return t.k === 'rs' || t.k === 'wnd' ? 'dr' : 'DR';
    },
    advance(s, index): Transition<AttackChainState> {
      if (memoState !== s) {
        memoState = s;
        byClass.length = 0;
        bySignature.clear();
        selectionBase = undefined;
        memoRow = undefined;
      }
      // Two levels: dice of the same class (outcomeClass) resolve alike; distinct classes with the same
      // effect (outcomeSignature) give the same transition object.
      const c = outcomeClass(s, index, spec.attacks);
      const known = byClass[c];
      if (known !== undefined) return known;
      const head = s.todo[0];
      if (head.k === 'rs') {
        const r = selectionStep(head, index + 1, env.selectionByRanges);
        if ('next' in r) {
          // Not the last dr: only the task changes (nothing settles, and candidates are never exchanged
          // while they roll: pendingSignatures marks them), as `step` would do it.
          return (byClass[c] = { state: withTodo(s, [r.next, ...s.todo.slice(1)], env.deferred), events: 0, partEvents: undefined, partFrom: undefined, label: undefined });
        }
        selectionBase ??= withTodo(s, [task({ ...head, drs: [], decided: undefined }), ...s.todo.slice(1)], env.deferred).key;
        const key = `${r.mask}|${selectionBase}`;
        let t = bySelection.get(key);
        if (t === undefined) {
          t = step(s, index);
          bySelection.set(key, t);
        }
        return (byClass[c] = t);
      }
      const sig =
        head.k === 'chk' ? rowOutcome((memoRow ??= checkRow(s.units, s.unitKeys, spec.ctx, env.checkMemo, head)), ALL_DR[index]).signature : outcomeSignature(s, index, env);
      let t = bySignature.get(sig);
      if (t === undefined) {
        t = step(s, index);
        bySignature.set(sig, t);
      }
      byClass[c] = t;
      return t;
    },
    describe(s) {
      return describeAttackOutcome(s, spec.targets);
    },
  };

  /** One roll from `s`: the step at the head of `todo`, then everything that needs no dice. */
  function step(s: AttackChainState, index: number): Transition<AttackChainState> {
    const w = work(s);
    const t = w.todo.shift()!;
    switch (t.k) {
      case 'ift': {
        const a = w.env.attacks[w.attack];
        applyIFTResult(w, a.fixedResult ?? iftResultFor(a, ALL_DR[index], w.env.ctx));
        break;
      }
      case 'rs': {
        const r = selectionStep(t, index + 1, env.selectionByRanges);
        if ('next' in r) {
          w.todo.unshift(r.next);
          break;
        }
        const mask = r.mask;
        const selected = t.cand.filter((_, j) => (mask & (1 << j)) !== 0);
        if (t.kia) applyCasualties(w, resolveKIA(w.units, selected, w.env.ctx.ruleSet), 0);
        else applyCasualties(w, resolveK(w.units, selected, w.env.ctx.ruleSet), t.mc);
        break;
      }
      case 'chk':
        runCheck(w, t, ALL_DR[index]);
        break;
      case 'wnd': {
        const r = resolveWoundSeverity(w.units[t.u], index + 1, t.drm);
        setUnit(w, t.u, r.unit, r.events);
        break;
      }
      case 'hob': {
        const dr = ALL_DR[index];
        const r = hobOutcome(w.env, w.units, w.keys, t.u, dr.white + dr.colored, t.broken);
        setUnit(w, t.u, r.unit, r.events);
        if (r.createdHero !== null) {
          const hero = initialUnitState(r.createdHero);
          w.units.push(hero);
          w.keys.push(codeOf(w.env, hero));
          w.ev.push(0);
          w.unitDelta.push(0);
          w.from.push(-1);
          w.rec?.push(undefined);
        }
        break;
      }
      case 'forfeit':
        break; // never at the head after settle
    }
    settle(w);
    const state = w.freeze();
    const renumbered = w.from.some((f, i) => f !== i);
    const label = env.anyDeferred && (w.rec !== null || renumbered) ? scriptDelta(env, w.rec, renumbered ? w.from : null) : undefined;
    // Every transition one object shape (the engine reads each of its fields per transition).
    return { state, events: w.delta, partEvents: w.unitDelta, partFrom: renumbered ? w.from : undefined, label };
  }
}

/**
 * The class of a dice index whose transitions are equal from state `s`: the dr value for a dr; for a
 * DR its total, and for an IFT DR that may Cower also whether it is doubles (A7.9).
 */
function outcomeClass(s: AttackChainState, index: number, attacks: readonly CompiledAttack[]): number {
  const t = s.todo[0];
  if (t.k === 'ift' && attacks[s.attack].fixedResult !== null) return 0;
  if (t.k === 'rs' || t.k === 'wnd') return index;
  const dr = ALL_DR[index];
  const total = dr.white + dr.colored;
  if (t.k === 'ift' && attacks[s.attack].coweringShift > 0) return total * 2 + (dr.white === dr.colored ? 1 : 0);
  return total;
}

/**
 * What a dice index does from state `s`, as a string: equal strings give equal transitions (the IFT
 * result; a check's, HoB's or wound's effect on its unit; the Random Selection dr). Computed with the
 * same rule functions as the step itself, so that `advance` does the step once per distinct effect.
 */
function outcomeSignature(s: AttackChainState, index: number, env: WorkEnv): string {
  const { attacks, ctx } = env;
  const t = s.todo[0];
  switch (t.k) {
    case 'ift':
      return (attacks[s.attack].fixedResult ?? iftResultFor(attacks[s.attack], ALL_DR[index], ctx)).label;
    case 'rs':
      return String(index); // not reached: advance resolves Random Selection drs first (selectionStep)
    case 'chk':
      return checkOutcome(s.units, s.unitKeys, ctx, env.checkMemo, t, ALL_DR[index]).signature;
    case 'wnd':
      return resolveWoundSeverity(s.units[t.u], index + 1, t.drm).unit.status;
    case 'hob': {
      const dr = ALL_DR[index];
      return hobOutcome(env, s.units, s.unitKeys, t.u, dr.white + dr.colored, t.broken).signature;
    }
    case 'forfeit':
      return '';
  }
}

const OFF_MAP_KEYS = new Map<string, string>();
const OFF_MAP_KEY_OF = new WeakMap<UnitState, string>();
/**
 * The key of a unit off the map: its counter and status alone. Nothing else about it can matter again
 * (describeUnitAfter shows no more), so paths that differ only there merge. (Its code, which orders
 * identical units in `canonicalize`, is unchanged: samplers follow the same paths.)
 */
function offMapKey(u: UnitState): string {
  const known = OFF_MAP_KEY_OF.get(u);
  if (known !== undefined) return known;
  const full = unitStateKey(u);
  let k = OFF_MAP_KEYS.get(full);
  if (k === undefined) {
    k = '~' + unitStateKey(offMapState(u));
    OFF_MAP_KEYS.set(full, k);
  }
  OFF_MAP_KEY_OF.set(u, k);
  return k;
}

/**
 * State `s` with `todo` for its pending steps, and its key. The same literal as `Work.freeze` (one
 * object shape for every state).
 */
function withTodo(s: AttackChainState, todo: readonly Task[], deferred: readonly boolean[]): AttackChainState {
  return {
    units: s.units,
    unitKeys: s.unitKeys,
    unitEvents: s.unitEvents,
    attack: s.attack,
    todo,
    losses: s.losses,
    berserkLeaders: s.berserkLeaders,
    done: s.done,
    key: stateKey(s.units, s.unitKeys, s.unitEvents, s.attack, todo, s.losses, s.berserkLeaders, s.done, deferred),
  };
}

/** The canonical key of a state given its fields. */
function stateKey(
  units: readonly UnitState[],
  unitKeys: readonly string[],
  unitEvents: readonly number[],
  attack: number,
  todo: readonly Task[],
  losses: readonly LeaderLoss[],
  berserkLeaders: readonly number[],
  done: boolean,
  deferred: readonly boolean[],
): string {
  // Parts joined once: a flat string, hashed by the engine's map without flattening a chain of
  // concatenations first.
  const parts: (string | number)[] = [done ? 'D' : attack, '|'];
  // A deferred unit is in its script (its 'effect' entry and checks): the state keeps it as it started.
  for (let i = 0; i < units.length; i++) {
    if (i > 0) parts.push(',');
    parts.push(deferred[i] === true ? 'd' : isAlive(units[i]) ? unitKeys[i] : offMapKey(units[i]));
  }
  parts.push('|');
  for (let i = 0; i < unitEvents.length; i++) if (unitEvents[i] !== 0) parts.push(i, ':', unitEvents[i], ',');
  if (done) return parts.join('');
  parts.push('|');
  for (let i = 0; i < todo.length; i++) {
    if (i > 0) parts.push(';');
    parts.push(todo[i].key);
  }
  parts.push('|');
  for (const l of losses) parts.push(l.kind, l.leader, '.', l.ml, ';');
  parts.push('|');
  for (const b of berserkLeaders) parts.push(b, '.');
  return parts.join('');
}

/**
 * The pending work on each position, as a signature with the position itself left out: equal
 * signatures mean equal futures for equal units. Positions a leader loss or berserk leader refers to,
 * or that are a check's source, get a unique mark (never permuted).
 */
function pendingSignatures(w: Work): string[] {
  const sig = w.units.map(() => '');
  w.todo.forEach((t) => {
    switch (t.k) {
      case 'ift':
        return;
      case 'rs':
        t.cand.forEach((i) => (sig[i] += '!'));
        return;
      case 'chk':
        sig[t.u] += `C${t.c}${t.n}.${t.src}.${t.ml}.${t.ldrm};`;
        if (t.src >= 0) sig[t.src] += '!';
        return;
      default:
        sig[t.u] += `${taskKey({ ...t, u: 0 } as TaskBody)};`;
    }
  });
  for (const l of w.losses) sig[l.leader] += '!';
  for (const b of w.berserkLeaders) sig[b] += '!';
  return sig;
}

/**
 * Symmetry reduction: units that started identical (same counter, markers and tracking) are
 * interchangeable, so within each such class the (state, events) of the positions with the same
 * pending work are sorted, and paths that differ only by which of two identical squads broke merge.
 * Leaders are permuted only when no work is pending on them (their check order depends on their current
 * ML); MMC and heroes also while checks are pending (their checks never affect one another). Created
 * heroes form one class. Per-unit results of a class are its average, which equals each member's own
 * (they are exchangeable).
 */
function canonicalize(w: Work): void {
  const heroes: number[] = [];
  for (let i = w.env.targets; i < w.units.length; i++) heroes.push(i);
  const groups = heroes.length > 1 ? [...w.env.classes, heroes] : w.env.classes;
  // Sorting only moves units that differ (in state or events): nothing to do while none do.
  if (!groups.some((g) => g.some((i) => w.keys[i] !== w.keys[g[0]] || w.ev[i] !== w.ev[g[0]]))) return;
  const sig = pendingSignatures(w);
  for (const g of groups) {
    const leader = w.units[g[0]].profile.kind === 'leader';
    const bySig = new Map<string, number[]>();
    for (const i of g) {
      if (sig[i].includes('!') || (leader && sig[i] !== '')) continue;
      const same = bySig.get(sig[i]);
      if (same) same.push(i);
      else bySig.set(sig[i], [i]);
    }
    for (const pos of bySig.values()) {
      if (pos.length < 2) continue;
      // A deferred unit's script goes with it (`from` and this advance's records: the labels follow).
      const items = pos.map((i) => ({ u: w.units[i], k: w.keys[i], ev: w.ev[i], d: w.unitDelta[i], f: w.from[i], r: w.rec?.[i], s: `${w.keys[i]}#${w.ev[i]}` }));
      items.sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : 0));
      pos.forEach((i, j) => {
        w.units[i] = items[j].u;
        w.keys[i] = items[j].k;
        w.ev[i] = items[j].ev;
        w.unitDelta[i] = items[j].d;
        w.from[i] = items[j].f;
        if (w.rec !== null) w.rec[i] = items[j].r;
      });
    }
  }
}

/**
 * One unit after the chain, in the words of every other command (describeUnit): `pinned 9-1`,
 * `broken 4-6-7`, `broken, Disrupted 2-4-7`, `broken, wounded 9-1`, `eliminated 4-6-7`, `berserk heroic 9-1`.
 * Never throws.
 */
export function describeUnitAfter(u: UnitState): string {
  return describeUnit(u);
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
  const parts = s.units.slice(0, n).map(describeUnitAfter);
  for (const g of identicalTargets(targets)) {
    const sorted = g.map((i) => parts[i]).sort();
    g.forEach((i, j) => (parts[i] = sorted[j]));
  }
  let text = parts.join(', ');
  const heroes = s.units.slice(n).map(describeUnitAfter).sort();
  for (const h of heroes) text += ` + hero ${h}`;
  return text;
}

