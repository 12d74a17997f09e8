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
 * (attack-summary.ts). Work that needs no dice (a fixed IFT result, a KIA on fewer units than its #,
 * the skip of a check a unit is no longer subject to) is done inside `advance` ("settling"), so that
 * every non-final state begins with a roll; keys are canonical (Random Selection drs that can no longer
 * be selected are forgotten) so that equal futures merge.
 */
import { ALL_DR, isDoubles, type DR } from '../dice/dice.js';
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import { berserkCheckTakers, resolveBerserkCheck } from '../rules/berserk-leader.js';
import { resolveWoundSeverity } from '../rules/casualty-reduction.js';
import { moraleCheck, type CheckSpec } from '../rules/check.js';
import { checkOrder } from '../rules/check-order.js';
import type { MoraleContext } from '../rules/context.js';
import { coweredColumn } from '../rules/cowering.js';
import { resolveHoB } from '../rules/heat-of-battle.js';
import { resolveK, resolveKIA, type CasualtyEffects } from '../rules/ift-casualties.js';
import { iftResultOf, NO_EFFECT, type IFTColumn, type IFTResult } from '../rules/infantry-fire-table.js';
import { leaderLossML, llmcFor, lltcFor } from '../rules/leader-loss.js';
import { leadershipDRMFor } from '../rules/leadership.js';
import { resolveCheck } from '../rules/morale-check.js';
import { randomSelection } from '../rules/random-selection.js';
import { initialUnitState, isAlive, lentLeadershipDRM, unitStateKey, type UnitState } from '../rules/unit-state.js';

/** One attack of the sequence, compiled from the user's input (attack-query.ts). */
export interface CompiledAttack {
  /** Readable label, e.g. `8 FP, DRM -1, directed by 9-1` or `Fire Lane Residual 4 FP`. */
  readonly label: string;
  /** FP column before Cowering (after Area Fire halving, Fire Lane shift), or null: below the table, no effect. */
  readonly column: IFTColumn | null;
  /** Total IFT DRM (terrain, hindrance, other, directing leader), integer. */
  readonly drm: number;
  /** Columns the attack shifts left on Original doubles (cowering.ts), 0..2. */
  readonly coweringShift: 0 | 1 | 2;
  /** A fixed IFT result used instead of an IFT DR, or null. */
  readonly fixedResult: IFTResult | null;
}

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
   * query enumerates once with none tracked (outcomes, stack events) and once per target with only
   * that target tracked (attack-query.ts); a sampler can track all.
   */
  readonly track?: readonly number[];
}

/** What a check task is. */
type CheckKind = 'mc' | 'ptc' | 'llmc' | 'lltc' | 'berserk';

/** One pending step of the chain. Immutable. */
type Task =
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
    }
  | { readonly k: 'wnd'; readonly u: number; readonly drm: number }
  | { readonly k: 'hob'; readonly u: number; readonly broken: boolean }
  | { readonly k: 'forfeit'; readonly u: number };

/** A leader's loss that forces checks on his Location (A10.2). */
interface LeaderLoss {
  readonly kind: 'llmc' | 'lltc';
  readonly leader: number;
  readonly ml: number;
}

/** A state of the attack chain. Immutable. */
export interface AttackChainState {
  /** The Location's units: the targets in target order, then heroes created by HoB (A15.21). */
  readonly units: readonly UnitState[];
  /** Events per unit so far (bitmask of `Ev`) for tracked units, 0 for the others; same positions as `units`. */
  readonly unitEvents: readonly number[];
  /** Events (OR over units) of the steps settled before the first roll: constant for a chain. */
  readonly initialEvents: number;
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
}

const PTC: CheckSpec = Object.freeze({ kind: 'TC', strength: 0, failurePins: true, label: 'PTC' });
const MC_BY_STRENGTH: readonly CheckSpec[] = [0, 1, 2, 3, 4, 5, 6].map((n) => Object.freeze(moraleCheck(n)));

/** What never changes during a chain: kept out of the state. */
interface WorkEnv {
  readonly attacks: readonly CompiledAttack[];
  readonly ctx: MoraleContext;
  /** tracked[i]: the state carries unit i's events. Created heroes are never tracked. */
  readonly tracked: readonly boolean[];
}

/** A mutable copy of a state, used inside one `advance`. */
class Work {
  readonly attacks: readonly CompiledAttack[];
  readonly ctx: MoraleContext;
  readonly tracked: readonly boolean[];
  readonly initialEvents: number;
  units: UnitState[];
  ev: number[];
  attack: number;
  todo: Task[];
  losses: LeaderLoss[];
  berserkLeaders: number[];
  done: boolean;
  /** Events caused during this advance (OR over units). */
  delta = 0;

  constructor(s: AttackChainState, env: WorkEnv) {
    this.attacks = env.attacks;
    this.ctx = env.ctx;
    this.tracked = env.tracked;
    this.initialEvents = s.initialEvents;
    this.units = s.units.slice();
    this.ev = s.unitEvents.slice();
    this.attack = s.attack;
    this.todo = s.todo.slice();
    this.losses = s.losses.slice();
    this.berserkLeaders = s.berserkLeaders.slice();
    this.done = s.done;
  }

  freeze(): AttackChainState {
    return {
      units: this.units,
      unitEvents: this.ev,
      initialEvents: this.initialEvents,
      attack: this.attack,
      todo: this.todo,
      losses: this.losses,
      berserkLeaders: this.berserkLeaders,
      done: this.done,
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
  if (w.tracked[i]) w.ev[i] |= events;
  w.delta |= events;
  if (prev.profile.kind !== 'leader') return;
  if (isAlive(prev) && !isAlive(next)) {
    w.losses = w.losses.filter((l) => l.leader !== i);
    w.losses.push({ kind: 'llmc', leader: i, ml: leaderLossML(prev) });
  } else if (prev.status === 'good-order' && next.status === 'broken') {
    w.losses.push({ kind: 'lltc', leader: i, ml: leaderLossML(prev) });
  }
  if (!prev.berserk && next.berserk && isAlive(next)) w.berserkLeaders.push(i);
}

/** The IFT result of an attack for one IFT DR (A7, A7.9). */
function iftResultFor(a: CompiledAttack, dr: DR, ctx: MoraleContext): IFTResult {
  if (a.column === null) return NO_EFFECT;
  const col = coweredColumn(a.column, isDoubles(dr), a.coweringShift, ctx.ruleSet.settings.coweringOnOneFP);
  return col === null ? NO_EFFECT : iftResultOf(col, dr.white + dr.colored + a.drm);
}

/** Positions of the units on the map. */
function onMap(w: Work): number[] {
  const out: number[] = [];
  w.units.forEach((u, i) => {
    if (isAlive(u)) out.push(i);
  });
  return out;
}

function checkTask(u: number, c: CheckKind, n = 0, src = -1, ml = 0): Task {
  return { k: 'chk', u, c, n, src, ml };
}

/** Turns an IFT result into the steps it calls for (A7.301, A7.302, A7.8, A10.1). */
function applyIFTResult(w: Work, r: IFTResult): void {
  const alive = onMap(w);
  const front: Task[] = [];
  switch (r.kind) {
    case 'none':
      return;
    case 'PTC':
      // Broken and already pinned units are not affected by a PTC.
      for (const i of checkOrder(w.units, alive)) {
        if (w.units[i].status === 'good-order' && !w.units[i].pinned) front.push(checkTask(i, 'ptc'));
      }
      break;
    case 'MC':
      for (const i of checkOrder(w.units, alive)) front.push(checkTask(i, 'mc', r.n));
      break;
    case 'KIA':
      if (r.n >= alive.length) return applyCasualties(w, resolveKIA(w.units, alive, w.ctx.ruleSet), 0);
      front.push({ k: 'rs', kia: true, count: r.n, mc: 0, cand: alive, drs: [] });
      break;
    case 'K':
      if (alive.length === 1) return applyCasualties(w, resolveK(w.units, alive, w.ctx.ruleSet), r.n);
      front.push({ k: 'rs', kia: false, count: 1, mc: r.n, cand: alive, drs: [] });
      break;
  }
  w.todo.unshift(...front);
}

/** Applies #KIA / K/# effects: the units, then Wound Severity drs, then the K/#'s MCs in check order. */
function applyCasualties(w: Work, e: CasualtyEffects, mc: number): void {
  e.units.forEach((u, i) => {
    if (u !== w.units[i] || e.events[i] !== 0) setUnit(w, i, u, e.events[i]);
  });
  const front: Task[] = [];
  e.woundSeverityDRM.forEach((drm, i) => {
    if (drm !== null) front.push({ k: 'wnd', u: i, drm });
  });
  for (const i of checkOrder(w.units, e.mcTakers)) front.push(checkTask(i, 'mc', mc));
  w.todo.unshift(...front);
}

/** The CheckSpec and total DRM of a check task, or null when the unit is no longer subject to it. */
function checkOf(w: Work, t: Extract<Task, { k: 'chk' }>): { check: CheckSpec; drm: number } | null {
  const u = w.units[t.u];
  if (!isAlive(u)) return null;
  const lead = (): number => leadershipDRMFor(u, w.units);
  switch (t.c) {
    case 'mc':
      return { check: MC_BY_STRENGTH[t.n], drm: lead() };
    case 'ptc':
      return u.status === 'good-order' && !u.pinned ? { check: PTC, drm: lead() } : null;
    case 'llmc': {
      const l = llmcFor(u, w.units[t.src].profile, t.ml, w.ctx.ruleSet);
      return l === null ? null : { check: l.check, drm: l.drm + lead() };
    }
    case 'lltc': {
      const c = u.pinned ? null : lltcFor(u, w.units[t.src].profile, t.ml);
      return c === null ? null : { check: c, drm: lead() };
    }
    case 'berserk':
      return null; // resolved by resolveBerserkCheck
  }
}

/** Resolves the check task at the head of `todo` with the dice `dr`. */
function runCheck(w: Work, t: Extract<Task, { k: 'chk' }>, dr: DR): void {
  const u = w.units[t.u];
  if (t.c === 'berserk') {
    const leaderDRM = lentLeadershipDRM(w.units[t.src]) ?? w.units[t.src].profile.leadershipDRM;
    const r = resolveBerserkCheck(u, leaderDRM, dr, w.ctx);
    setUnit(w, t.u, r.unit, r.events);
    if (r.woundSeverityDRM !== null) w.todo.unshift({ k: 'wnd', u: t.u, drm: r.woundSeverityDRM });
    return;
  }
  const spec = checkOf(w, t)!;
  const r = resolveCheck(u, spec.check, spec.drm, dr, w.ctx);
  setUnit(w, t.u, r.unit, r.events);
  const follow: Task[] = [];
  if (r.woundSeverityDRM !== null) follow.push({ k: 'wnd', u: t.u, drm: r.woundSeverityDRM });
  if (r.heatOfBattle) follow.push({ k: 'hob', u: t.u, broken: r.unit.status === 'broken' });
  w.todo.unshift(...follow);
}

/** True when the task at the head needs no roll: done deterministically (or skipped) by `settle`. */
function settleHead(w: Work, t: Task): boolean {
  switch (t.k) {
    case 'ift': {
      const a = w.attacks[w.attack];
      if (a.fixedResult === null && a.column !== null) return false;
      w.todo.shift();
      applyIFTResult(w, a.fixedResult ?? NO_EFFECT);
      return true;
    }
    case 'rs':
      return false;
    case 'chk': {
      const u = w.units[t.u];
      const subject = t.c === 'berserk' ? isAlive(u) && !u.berserk : checkOf(w, t) !== null;
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
      if (isAlive(w.units[t.u])) setUnit(w, t.u, { ...w.units[t.u], noLeadership: true }, 0);
      return true;
  }
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
      const leader = w.units[loss.leader].profile;
      const takers: number[] = [];
      w.units.forEach((u, i) => {
        if (i === loss.leader) return;
        // A pinned unit is left out of a LLTC: failing it would change nothing.
        const subject = loss.kind === 'llmc' ? llmcFor(u, leader, loss.ml, w.ctx.ruleSet) !== null : !u.pinned && lltcFor(u, leader, loss.ml) !== null;
        if (subject) takers.push(i);
      });
      w.todo = checkOrder(w.units, takers).map((i) => checkTask(i, loss.kind, 0, loss.leader, loss.ml));
      continue;
    }
    const b = w.berserkLeaders.shift();
    if (b !== undefined) {
      const l = w.units[b];
      if (isAlive(l) && l.berserk && !l.noLeadership) {
        w.todo = [...berserkCheckTakers(w.units, b, w.ctx.ruleSet).map((i) => checkTask(i, 'berserk', 0, b)), { k: 'forfeit', u: b }];
      }
      continue;
    }
    if (w.attack + 1 < w.attacks.length && w.units.some(isAlive)) {
      w.attack++;
      w.todo = [{ k: 'ift' }];
      continue;
    }
    w.done = true;
    return;
  }
}

function taskKey(t: Task): string {
  switch (t.k) {
    case 'ift':
      return 'I';
    case 'rs':
      return `R${t.kia ? 'k' : 'c'}${t.count}.${t.mc}:${t.cand.join('.')}:${t.drs.join('')}`;
    case 'chk':
      return `C${t.u}${t.c}${t.n}.${t.src}.${t.ml}`;
    case 'wnd':
      return `W${t.u}.${t.drm}`;
    case 'hob':
      return `H${t.u}${t.broken ? 1 : 0}`;
    case 'forfeit':
      return `F${t.u}`;
  }
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

/** unitStateKey, memoised per (immutable) unit state object: unchanged units are shared between states. */
const UNIT_KEYS = new WeakMap<UnitState, string>();
function unitKey(u: UnitState): string {
  let k = UNIT_KEYS.get(u);
  if (k === undefined) {
    k = unitStateKey(u);
    UNIT_KEYS.set(u, k);
  }
  return k;
}

/**
 * Builds the chain model of `spec`.
 * @throws never (an empty target list or attack list is the query's `input.*` error)
 * @example enumerateChain(buildAttackChain({ targets: [squad467], attacks: [oneMC], ctx })).terminals.length
 */
export function buildAttackChain(spec: AttackChainSpec): ChainModel<AttackChainState> {
  const track = spec.track ?? spec.targets.map((_, i) => i);
  const env: WorkEnv = { attacks: spec.attacks, ctx: spec.ctx, tracked: spec.targets.map((_, i) => track.includes(i)) };
  const work = (s: AttackChainState): Work => new Work(s, env);
  const start = work({
    units: spec.targets.slice(),
    unitEvents: spec.targets.map(() => 0),
    initialEvents: 0,
    attack: 0,
    todo: [{ k: 'ift' }],
    losses: [],
    berserkLeaders: [],
    done: false,
  });
  settle(start);
  const initial = { ...start.freeze(), initialEvents: start.delta };

  return {
    initial,
    key(s) {
      if (s.done) return `D|${s.units.map(unitKey).join(',')}|${s.unitEvents.join(',')}`;
      return (
        `${s.attack}|${s.units.map(unitKey).join(',')}|${s.unitEvents.join(',')}|` +
        `${s.todo.map(taskKey).join(';')}|${s.losses.map((l) => `${l.kind}${l.leader}.${l.ml}`).join(';')}|${s.berserkLeaders.join('.')}`
      );
    },
    rollOf(s): Roll | null {
      if (s.done) return null;
      const t = s.todo[0];
      return t.k === 'rs' || t.k === 'wnd' ? 'dr' : 'DR';
    },
    advance(s, index): Transition<AttackChainState> {
      const w = work(s);
      const t = w.todo.shift()!;
      switch (t.k) {
        case 'ift':
          applyIFTResult(w, iftResultFor(w.attacks[w.attack], ALL_DR[index], w.ctx));
          break;
        case 'rs': {
          const drs = canonicalDrs([...t.drs, index + 1], t.count);
          if (drs.length < t.cand.length) {
            w.todo.unshift({ ...t, drs });
            break;
          }
          const mask = randomSelection(drs, t.count);
          const selected = t.cand.filter((_, j) => (mask & (1 << j)) !== 0);
          if (t.kia) applyCasualties(w, resolveKIA(w.units, selected, w.ctx.ruleSet), 0);
          else applyCasualties(w, resolveK(w.units, selected, w.ctx.ruleSet), t.mc);
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
          const r = resolveHoB(w.units[t.u], dr.white + dr.colored, t.broken, w.ctx);
          setUnit(w, t.u, r.unit, r.events);
          if (r.createdHero !== null) {
            w.units.push(initialUnitState(r.createdHero));
            w.ev.push(0);
          }
          break;
        }
        case 'forfeit':
          break; // never at the head after settle
      }
      settle(w);
      return { state: w.freeze(), events: w.delta };
    },
    describe(s) {
      return describeAttackOutcome(s, spec.targets.length);
    },
  };
}

/**
 * One unit after the chain, counter name first: `9-1 pinned`, `4-6-7 broken`, `2-4-7 broken Disrupted`,
 * `8-1 wounded`, `4-6-7 eliminated`, `9-1 heroic berserk`. Never throws.
 */
export function describeUnitAfter(u: UnitState): string {
  if (u.status === 'eliminated' || u.status === 'captured') return `${u.profile.name} ${u.status}`;
  const marks: string[] = [u.profile.name];
  if (u.heroic) marks.push('heroic');
  if (u.status === 'broken') marks.push('broken');
  if (u.disrupted) marks.push('Disrupted');
  if (u.pinned) marks.push('pinned');
  if (u.berserk) marks.push('berserk');
  if (u.fanatic) marks.push('Fanatic');
  if (u.wounded) marks.push('wounded');
  return marks.join(' ');
}

/**
 * Readable final state of the Location: the targets in target order, then any hero created, e.g.
 * `9-1 pinned, 4-6-7 broken + hero 1-4-9`. Never throws.
 * @param targets how many of `s.units` are targets (the rest are created heroes)
 */
export function describeAttackOutcome(s: AttackChainState, targets: number): string {
  let text = s.units.slice(0, targets).map(describeUnitAfter).join(', ');
  for (const h of s.units.slice(targets)) text += ` + hero ${describeUnitAfter(h)}`;
  return text;
}

