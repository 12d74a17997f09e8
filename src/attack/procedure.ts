/**
 * The fire attack's procedure, written once: a sequence of IFT attacks on one Location and everything
 * each result sets off in the stack there (A7, A7.9, A.9, A10.2-10.22, A10.31, A15, A17.11, A19), on
 * mutable state with unit codes (unit-codes.ts). Both engines drive it: the sampler (attack-sampler.ts:
 * a random stream, no canonical order) and the exact chain (attack-chain.ts: it loads an immutable
 * state, takes one step, and keeps its own keys, symmetry and memos).
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
 * The state is a stack of pending steps (`todo`, head at the end), the leader-loss queue and the
 * berserk leaders; after each roll, {@link AttackProcedure.settle} does the work that needs no dice (a
 * KIA on fewer units than its #, the skip of a check a unit is no longer subject to, the expansion of
 * leader-loss and Berserk checks, the next attack), so that the head always needs a roll. Every rule is
 * the rule modules' own function (leader-loss.ts, check-task.ts `checkFor`, random-selection.ts,
 * ift-casualties.ts); MC, TC, Berserk check, Wound Severity and HoB outcomes are read from
 * check-table.ts, rows made by `resolveCheck`, `resolveBerserkCheck`, `resolveWoundSeverity` and
 * `resolveHoB` (tested equal); what the steps ask of a unit (on the map, Good Order, pinned, a leader,
 * its check order) is read from its code's facts (unit-codes.ts, check-order-codes.ts).
 *
 * The exact engine's one need beyond this: units whose checks are recorded instead of rolled
 * ({@link DeferredHooks}, attack-factored.ts). The procedure does not change them; it hands their IFT
 * effects and their checks to the hooks, in the order it meets them.
 */
import { iftResultFor, type CompiledAttack } from './compiled-attack.js';
import { ALL_DR } from '../dice/dice.js';
import { berserkCheckTakers } from '../rules/berserk-leader.js';
import type { MoraleContext } from '../rules/context.js';
import { resolveK, resolveKIA, type CasualtyEffects } from '../rules/ift-casualties.js';
import type { IFTResult } from '../rules/infantry-fire-table.js';
import { leaderLossOf, llmcFor, lltcFor, type LeaderLossSource } from '../rules/leader-loss.js';
import { randomSelection } from '../rules/random-selection.js';
import { isAlive, isSMC, lentLeadershipDRM, withChanges, type UnitState } from '../rules/unit-state.js';
import { berserkOutcome, checkOutcome, hobHeroOf, hobOutcome, lastOutcomeEvents, outcomeHoB, outcomeNext, outcomeWound, woundNext } from '../chains/check-table.js';
import { checkFor, type CheckKind } from '../chains/check-task.js';
import { leadershipDRMOf, UNIT_CODES, type UnitCode } from '../chains/unit-codes.js';
import { checkOrderOfCodes } from '../chains/check-order-codes.js';

/** What a pending step is (`Step.k`). */
export const StepKind = {
  /** The IFT DR of the current attack (a dr for a fixed result). */
  IFT: 0,
  /** Random Selection (A.9): one dr per candidate. */
  RS: 1,
  /** One unit's check (#MC, PTC, LLMC, LLTC, Berserk check). */
  CHK: 2,
  /** A Wound Severity dr (A17.11). */
  WND: 3,
  /** A Heat of Battle DR (A15.1). */
  HOB: 4,
  /** A berserk leader forfeits his leadership DRM after his Berserk checks (A15.41); no roll. */
  FORFEIT: 5,
} as const;
export type StepKind = (typeof StepKind)[keyof typeof StepKind];

const { IFT, RS, CHK, WND, HOB, FORFEIT } = StepKind;

const CHECK_KINDS: readonly CheckKind[] = ['mc', 'ptc', 'llmc', 'lltc', 'berserk'];

/** A pending step, one shape for all kinds (fields a kind does not use hold a neutral value). Immutable but for `key`. */
export class Step {
  /** The exact chain's key of this step (attack-chain.ts `stepKey`), made on first use; null until then. */
  key: string | null = null;

  constructor(
    readonly k: StepKind,
    /** The unit's position (CHK, WND, HOB, FORFEIT), else -1. */
    readonly u: number,
    readonly c: CheckKind,
    /** The # of a #MC; for RS the # of the K/#'s MC (0 for a KIA). */
    readonly n: number,
    /** The leader whose loss / berserk status causes the check, else -1. */
    readonly src: number,
    /** LLMC/LLTC: the lost leader's ML (leaderLossML), else 0. */
    readonly ml: number,
    /** LLMC/LLTC: the lost leader's leadership DRM as his loss recorded it, or null: his counter's now. */
    readonly ldrm: number | null,
    /** Wound Severity drm. */
    readonly drm: number,
    /** HoB of a broken unit (the broken +1). */
    readonly broken: boolean,
    /** RS: a #KIA (true) or a K/# (false). */
    readonly kia: boolean,
    /** RS: units the result calls for (# of a #KIA, 1 for a K/#). */
    readonly count: number,
    /** RS: candidate positions (units on the map), in stack order; else null. */
    readonly cand: readonly number[] | null,
  ) {}
}

/** The IFT DR of the next attack. */
export const IFT_STEP = new Step(IFT, -1, 'mc', 0, -1, 0, null, 0, false, false, 0, null);

/**
 * Steps are immutable, so they are made once and shared: checks by all their fields (a few small ones
 * in an array, the others in a map), Wound Severity by (position, drm), HoB by (position, broken), for
 * positions below {@link SHARED_POSITIONS}. The exact chain's states then share their steps and keys.
 */
const SHARED_POSITIONS = 64;
const SHARED_CHK: (Step | undefined)[] = [];
const OTHER_CHK = new Map<number, Step>();
const SHARED_WND: (Step | undefined)[] = [];
const SHARED_HOB: (Step | undefined)[] = [];

/**
 * The check step of unit `u` (interned).
 * @param n the # of a #MC, integer in [0, 16)
 * @param src the source leader's position, integer in [-1, 255)
 * @param ml LLMC/LLTC: the ML the loss is measured against, integer in [0, 64)
 * @param ldrm LLMC/LLTC: the recorded leadership DRM, integer in [-6, 6], or null
 * @throws Error when a value is out of those ranges (a caller's bug)
 */
function chkStep(u: number, c: CheckKind, n: number, src: number, ml: number, ldrm: number | null = null): Step {
  const kind = CHECK_KINDS.indexOf(c);
  if (src === -1 && ml === 0 && ldrm === null && u < SHARED_POSITIONS && n >= 0 && n < 8) {
    const at = (u * 8 + n) * 8 + kind;
    let t = SHARED_CHK[at];
    if (t === undefined) SHARED_CHK[at] = t = new Step(CHK, u, c, n, src, ml, null, 0, false, false, 0, null);
    return t;
  }
  if (n < 0 || n >= 16 || src < -1 || src >= 255 || ml < 0 || ml >= 64 || (ldrm !== null && (ldrm < -6 || ldrm > 6))) {
    throw new Error(`attack procedure: check step value out of range (${n}, ${src}, ${ml}, ${ldrm})`);
  }
  const code = ((((u * 8 + kind) * 16 + n) * 256 + (src + 1)) * 64 + ml) * 16 + (ldrm === null ? 0 : ldrm + 7);
  let t = OTHER_CHK.get(code);
  if (t === undefined) OTHER_CHK.set(code, (t = new Step(CHK, u, c, n, src, ml, ldrm, 0, false, false, 0, null)));
  return t;
}

function wndStep(u: number, drm: number): Step {
  if (u >= SHARED_POSITIONS || drm < -1 || drm > 1) return new Step(WND, u, 'mc', 0, -1, 0, null, drm, false, false, 0, null);
  const at = u * 3 + drm + 1;
  let t = SHARED_WND[at];
  if (t === undefined) SHARED_WND[at] = t = new Step(WND, u, 'mc', 0, -1, 0, null, drm, false, false, 0, null);
  return t;
}

function hobStep(u: number, broken: boolean): Step {
  if (u >= SHARED_POSITIONS) return new Step(HOB, u, 'mc', 0, -1, 0, null, 0, broken, false, 0, null);
  const at = u * 2 + (broken ? 1 : 0);
  let t = SHARED_HOB[at];
  if (t === undefined) SHARED_HOB[at] = t = new Step(HOB, u, 'mc', 0, -1, 0, null, 0, broken, false, 0, null);
  return t;
}

/** A leader's loss that forces checks on his Location (A10.2, leader-loss.ts `leaderLossOf`), and his position. */
export interface LeaderLoss extends LeaderLossSource {
  readonly leader: number;
}

/**
 * The exact engine's deferred units (attack-chain.ts `deferred`): units that are not leaders, in a
 * single attack, whose checks are recorded, not rolled. The procedure leaves them as they started, and
 * hands the hooks what befalls them in the order it happens.
 */
export interface DeferredHooks {
  /** deferred[i]: target i's checks are recorded (same positions as the targets). */
  readonly deferred: readonly boolean[];
  /**
   * The IFT result's direct effects on deferred unit `i` (#KIA, K/#, A7.301, A7.302): `unit` its state
   * after them (the same object when unaffected), `events` theirs, `woundDRM` the drm of its Wound
   * Severity dr (A17.11) or null.
   */
  effect(i: number, unit: UnitState, events: number, woundDRM: number | null): void;
  /** Check step `t` of a deferred unit, reached at the head (recorded whatever befell the unit: its own chain tells whether it is subject). */
  check(t: Step): void;
}

/** The lost leader's leadership DRM a LLMC / LLTC step reads (A10.2): as his loss recorded it, or his counter's now; 0 for other checks. */
export function lossDRM(units: readonly UnitState[], t: Step): number {
  return t.ldrm ?? (t.src >= 0 ? units[t.src].profile.leadershipDRM : 0);
}

/**
 * The outcome (check-table.ts encoding) of check step `t` on the DR of index `index`, from the units as
 * they stand (nothing changed); its events are `lastOutcomeEvents()`. A Berserk check with the berserk
 * leader's leadership DRM (A15.41); any other the check of check-task.ts `checkFor`, with the leadership
 * DRM that applies now (A10.7).
 * @param index DR index, integer in [0, 36)
 * @param ctxId `UNIT_CODES.ctxId(ctx)`
 * @throws TypeError when the unit is no longer subject to the check (settleHead skips those first)
 */
export function checkStepOutcome(units: readonly UnitState[], codes: readonly UnitCode[], t: Step, index: number, ctx: MoraleContext, ctxId: number): number {
  if (t.c === 'berserk') {
    const leaderDRM = lentLeadershipDRM(units[t.src]) ?? units[t.src].profile.leadershipDRM;
    return berserkOutcome(UNIT_CODES, codes[t.u], leaderDRM, index, ctx, ctxId);
  }
  const s = checkFor(units[t.u], t.c, t.n, lossDRM(units, t), t.ml, ctx.ruleSet)!;
  return checkOutcome(UNIT_CODES, codes[t.u], s.check, s.drm + leadershipDRMOf(codes, t.u), index, ctx, ctxId);
}

/** The IFT result of `attack` on the roll of dice index `index` (a DR index, or a dr index for a fixed result). */
export function iftResult(a: CompiledAttack, index: number, ctx: MoraleContext): IFTResult {
  return a.fixedResult ?? iftResultFor(a, ALL_DR[index], ctx);
}

/** Placeholders between attacks (never read: the drivers set them). */
const NO_ATTACK: CompiledAttack = Object.freeze({ label: '', column: null, drm: 0, coweringShift: 0, fixedResult: null });
const NO_ATTACKS: readonly CompiledAttack[] = Object.freeze([NO_ATTACK]);
const NO_CONTEXT = {} as MoraleContext;

/** Scratch of applyIFTResult: the positions on the map. */
const ALIVE: number[] = [];
/** Scratch of checkOrderOfCodes (check-order-codes.ts): one check order, read at once. */
const ORDER: number[] = [];

/**
 * The mutable state of one attack sequence on a Location and its procedure. A driver sets the state
 * (the sampler with {@link reset}, the exact chain field by field from an immutable state), then
 * alternates {@link step} (one roll at the head) and {@link settle} until `done`.
 */
export class AttackProcedure {
  /** The units by position: the targets in target order, then heroes created by HoB (A15.21); canonical objects (unit-codes.ts). */
  units: UnitState[] = [];
  /** The codes of `units`, same positions. */
  codes: UnitCode[] = [];
  /** The attacks of the sequence, in order, and the one being resolved. */
  attacks: readonly CompiledAttack[] = NO_ATTACKS;
  attackIndex = 0;
  attack: CompiledAttack = NO_ATTACK;
  ctx: MoraleContext = NO_CONTEXT;
  /** `UNIT_CODES.ctxId(ctx)`. */
  ctxId = 0;
  /** Events per position since the driver last cleared them (bitmask of `Ev`, events.ts); created heroes' too. */
  unitEvents: number[] = [];
  /** Every event since then, OR over all units. */
  events = 0;
  /** Pending steps, head last. */
  todo: Step[] = [];
  /** Pending leader-loss checks (A10.2), first in first out. */
  losses: LeaderLoss[] = [];
  /** Leaders who went berserk and still owe their Location its Berserk checks (A15.41). */
  berserkLeaders: number[] = [];
  /** The sequence has ended. */
  done = false;
  /** Random Selection drs of the RS step at the head, as {@link step} rolls them. */
  readonly drs: number[] = [];
  /** The exact engine's deferred units, or null (none). */
  hooks: DeferredHooks | null = null;

  /** Unit `i` becomes `state`, with `events` (bitmask of `Ev`): {@link setCode} with its code. */
  setUnit(i: number, state: UnitState, events: number): void {
    this.setCode(i, UNIT_CODES.intern(state), events);
  }

  /**
   * Unit `i` becomes code `c`, with `events`; notes the leader-loss consequences (A10.2): a leader
   * leaving the map queues a LLMC (replacing a pending LLTC of his), an unbroken leader breaking queues a
   * LLTC, a leader going berserk queues his Berserk checks (A15.41).
   */
  setCode(i: number, c: UnitCode, events: number): void {
    if (events !== 0) {
      this.unitEvents[i] |= events;
      this.events |= events;
    }
    const prev = this.units[i];
    const prevCode = this.codes[i];
    const next = c.unit;
    this.units[i] = next;
    this.codes[i] = c;
    if (!prevCode.leader) return;
    if ((prevCode.alive && !c.alive) || (prevCode.goodOrder && c.broken)) {
      const loss = leaderLossOf(prev, next, this.ctx.ruleSet)!;
      // An eliminated leader's LLMC replaces a pending LLTC of his.
      if (loss.kind === 'llmc') this.losses = this.losses.filter((l) => l.leader !== i);
      this.losses.push({ kind: loss.kind, ml: loss.ml, leaderDRM: loss.leaderDRM, leader: i });
    }
    if (!prevCode.berserk && c.berserk && c.alive) this.berserkLeaders.push(i);
  }

  /** Puts steps at the head in this order (the first of `front` becomes the head). */
  unshift(front: readonly Step[]): void {
    for (let j = front.length - 1; j >= 0; j--) this.todo.push(front[j]);
  }

  /** Turns an IFT result into the steps it calls for (A7.301, A7.302, A7.8, A10.1). */
  applyIFTResult(r: IFTResult): void {
    // The positions on the map, in a scratch array reused by every attack (a Random Selection, which
    // keeps them, gets a copy).
    const alive = ALIVE;
    let n = 0;
    const codes = this.codes;
    for (let i = 0; i < codes.length; i++) if (codes[i].alive) alive[n++] = i;
    if (alive.length !== n) alive.length = n;
    const todo = this.todo;
    switch (r.kind) {
      case 'none':
        return;
      case 'PTC': {
        // The checks go at the head in check order: pushed last first. Broken and already pinned units
        // are not affected by a PTC (A7.8, morale-check.ts takesPinTaskCheck).
        const order = ORDER;
        checkOrderOfCodes(codes, alive, n, order);
        for (let j = n - 1; j >= 0; j--) {
          const i = order[j];
          if (codes[i].goodOrder && !codes[i].pinned) todo.push(chkStep(i, 'ptc', 0, -1, 0));
        }
        return;
      }
      case 'MC': {
        const order = ORDER;
        checkOrderOfCodes(codes, alive, n, order);
        for (let j = n - 1; j >= 0; j--) todo.push(chkStep(order[j], 'mc', r.n, -1, 0));
        return;
      }
      case 'KIA':
        if (r.n >= n) return this.applyCasualties(resolveKIA(this.units, alive, this.ctx.ruleSet), 0);
        if (this.drs.length !== 0) this.drs.length = 0;
        todo.push(new Step(RS, -1, 'mc', 0, -1, 0, null, 0, false, true, r.n, alive.slice()));
        return;
      case 'K':
        if (n === 1) return this.applyCasualties(resolveK(this.units, alive, this.ctx.ruleSet), r.n);
        if (this.drs.length !== 0) this.drs.length = 0;
        todo.push(new Step(RS, -1, 'mc', r.n, -1, 0, null, 0, false, false, 1, alive.slice()));
        return;
    }
  }

  /**
   * Applies #KIA / K/# effects (ift-casualties.ts): the units, then Wound Severity drs, then the K/#'s
   * MCs (`mc` its #, 0 for a KIA) in check order. A deferred unit's effects go to the hooks instead,
   * and a K/#'s MC goes to every deferred MMC, eliminated or not (its own chain skips it off the map:
   * identical ones then get the same entries, whatever befell each).
   */
  applyCasualties(e: CasualtyEffects, mc: number): void {
    const hooks = this.hooks;
    let takers = e.mcTakers;
    for (let i = 0; i < e.units.length; i++) {
      const u = e.units[i];
      if (hooks !== null && hooks.deferred[i]) {
        hooks.effect(i, u, e.events[i], e.woundSeverityDRM[i]);
        if (mc > 0 && !isAlive(u) && !isSMC(this.units[i])) takers = [...takers, i];
        continue;
      }
      if (u !== this.units[i] || e.events[i] !== 0) this.setUnit(i, u, e.events[i]);
    }
    const front: Step[] = [];
    e.woundSeverityDRM.forEach((drm, i) => {
      if (drm !== null && !(hooks !== null && hooks.deferred[i])) front.push(wndStep(i, drm));
    });
    const order = ORDER;
    const n = takers.length;
    checkOrderOfCodes(this.codes, takers, n, order);
    for (let j = 0; j < n; j++) front.push(chkStep(order[j], 'mc', mc, -1, 0));
    this.unshift(front);
  }

  /**
   * Resolves the Random Selection at the head (A.9; taken off `todo`) with its selection: `mask` over
   * its candidates (bit j: `cand[j]` selected), then applies the #KIA or K/# to the units selected.
   */
  applySelection(mask: number): void {
    const t = this.todo.pop()!;
    const cand = t.cand!;
    const selected: number[] = [];
    for (let j = 0; j < cand.length; j++) if ((mask & (1 << j)) !== 0) selected.push(cand[j]);
    if (t.kia) this.applyCasualties(resolveKIA(this.units, selected, this.ctx.ruleSet), 0);
    else this.applyCasualties(resolveK(this.units, selected, this.ctx.ruleSet), t.n);
  }

  /** True when the head step `t` needed no roll: done (or skipped) here and taken off `todo`. */
  settleHead(t: Step): boolean {
    switch (t.k) {
      case IFT:
        // A fixed result is applied on a dummy dr (all six alike), so that its events reach the exact
        // engine's event mask like any other step's; an attack below the 1 FP column has no effect.
        if (this.attack.fixedResult !== null || this.attack.column !== null) return false;
        this.todo.pop();
        return true;
      case RS:
        return false;
      case CHK: {
        const hooks = this.hooks;
        if (hooks !== null && hooks.deferred[t.u]) {
          this.todo.pop();
          hooks.check(t);
          return true;
        }
        const c = this.codes[t.u];
        const subject =
          t.c === 'berserk' ? c.alive && !c.berserk : checkFor(this.units[t.u], t.c, t.n, lossDRM(this.units, t), t.ml, this.ctx.ruleSet) !== null;
        if (subject) return false;
        this.todo.pop();
        return true;
      }
      case WND:
      case HOB:
        if (this.codes[t.u].alive) return false;
        this.todo.pop();
        return true;
      default:
        this.todo.pop();
        if (this.codes[t.u].alive) this.setUnit(t.u, withChanges(this.units[t.u], { noLeadership: true }), 0);
        return true;
    }
  }

  /**
   * Does every step that needs no dice until the next roll (or the end): skips, leader-loss checks once
   * the attack's own checks are done, Berserk checks after them, the next attack.
   */
  settle(): void {
    const units = this.units;
    const hooks = this.hooks;
    for (;;) {
      if (this.todo.length > 0) {
        if (this.settleHead(this.todo[this.todo.length - 1])) continue;
        return;
      }
      const loss = this.losses.shift();
      if (loss !== undefined) {
        const leaderDRM = loss.leaderDRM ?? units[loss.leader].profile.leadershipDRM;
        const takers: number[] = [];
        for (let i = 0; i < units.length; i++) {
          if (i === loss.leader) continue;
          // A deferred unit's own chain tells whether it is subject (its state here is its start state).
          // A pinned unit is left out of a LLTC: failing it would change nothing.
          if ((hooks !== null && hooks.deferred[i]) || (loss.kind === 'llmc' ? llmcFor : lltcFor)(units[i], leaderDRM, loss.ml, this.ctx.ruleSet) !== null) takers.push(i);
        }
        const order = ORDER;
        checkOrderOfCodes(this.codes, takers, takers.length, order);
        for (let j = takers.length - 1; j >= 0; j--) this.todo.push(chkStep(order[j], loss.kind, 0, loss.leader, loss.ml, loss.leaderDRM));
        continue;
      }
      const b = this.berserkLeaders.shift();
      if (b !== undefined) {
        const l = units[b];
        if (isAlive(l) && l.berserk && !l.noLeadership) {
          this.todo.push(new Step(FORFEIT, b, 'mc', 0, -1, 0, null, 0, false, false, 0, null));
          let takers = berserkCheckTakers(units, b, this.ctx.ruleSet);
          if (hooks !== null) {
            // Deferred units always (their own chain tells whether they are subject), in check order.
            const all = takers.filter((i) => !hooks.deferred[i]);
            for (let i = 0; i < units.length; i++) if (hooks.deferred[i]) all.push(i);
            takers = new Array<number>(all.length);
            checkOrderOfCodes(this.codes, all, all.length, takers);
          }
          for (let j = takers.length - 1; j >= 0; j--) this.todo.push(chkStep(takers[j], 'berserk', 0, b, 0));
        }
        continue;
      }
      if (this.attackIndex + 1 < this.attacks.length && anyAlive(this.codes)) {
        this.attack = this.attacks[++this.attackIndex];
        this.todo.push(IFT_STEP);
        continue;
      }
      this.done = true;
      return;
    }
  }

  /**
   * The step at the head with dice index `index` (of {@link outcomes} outcomes: a DR index in [0, 36)
   * or a dr index in [0, 6)); returns false while a Random Selection still rolls (its drs are kept
   * in `drs`, and nothing is to settle), else true (the driver then settles).
   */
  step(index: number): boolean {
    const todo = this.todo;
    const t = todo[todo.length - 1];
    const ctx = this.ctx;
    switch (t.k) {
      case IFT:
        todo.pop();
        this.applyIFTResult(iftResult(this.attack, index, ctx));
        return true;
      case RS: {
        const drs = this.drs;
        drs.push(index + 1);
        if (drs.length < t.cand!.length) return false;
        this.applySelection(randomSelection(drs, t.count));
        return true;
      }
      case CHK: {
        todo.pop();
        const o = checkStepOutcome(this.units, this.codes, t, index, ctx, this.ctxId);
        this.setCode(t.u, UNIT_CODES.byCode[outcomeNext(o)], lastOutcomeEvents());
        // Its Heat of Battle DR, then (head) its Wound Severity dr.
        const hob = outcomeHoB(o);
        if (hob !== 0) todo.push(hobStep(t.u, hob === 2));
        const w = outcomeWound(o);
        if (w >= 0) todo.push(wndStep(t.u, w));
        return true;
      }
      case WND: {
        todo.pop();
        const next = woundNext(UNIT_CODES, this.codes[t.u], t.drm, index + 1);
        this.setCode(t.u, UNIT_CODES.byCode[next], lastOutcomeEvents());
        return true;
      }
      case HOB: {
        todo.pop();
        const before = this.codes[t.u];
        const o = hobOutcome(UNIT_CODES, before, t.broken, index, ctx, this.ctxId);
        this.setCode(t.u, UNIT_CODES.byCode[outcomeNext(o)], lastOutcomeEvents());
        if ((o & 1) !== 0) {
          const hero = UNIT_CODES.byCode[hobHeroOf(UNIT_CODES, before, t.broken, index, this.ctxId)];
          this.units.push(hero.unit);
          this.codes.push(hero);
          this.unitEvents.push(0);
        }
        return true;
      }
      default:
        throw new Error('attack procedure: forfeit at the head'); // never: settle does it
    }
  }

  /** What the head rolls: 36 (a DR) or 6 (a dr). */
  outcomes(): number {
    const t = this.todo[this.todo.length - 1];
    if (t.k === IFT) return this.attack.fixedResult === null ? 36 : 6;
    return t.k === RS || t.k === WND ? 6 : 36;
  }
}

/** True when some unit is on the map. */
function anyAlive(codes: readonly UnitCode[]): boolean {
  for (let i = 0; i < codes.length; i++) if (codes[i].alive) return true;
  return false;
}
