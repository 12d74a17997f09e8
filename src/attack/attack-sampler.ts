/**
 * The attack sampler: a fire attack (or a sequence of attacks) on one Location sampled procedurally on
 * mutable state, with a random stream: the attack's procedure in the order of attack-chain.ts (the IFT
 * DR, Random Selection, each unit's check in check order with its Wound Severity dr and Heat of Battle
 * DR, the leader-loss waves, the berserk leaders' checks, the next attack), without the exact engine's
 * immutable states, canonical keys, symmetry reduction and memos. The one sampler of the attack rules:
 * `asl-odds attack --trials` samples whole sequences with events ({@link sampleAttacks},
 * attack-tally.ts), the scenario simulator one attack at a time ({@link sampleAttackCodes}). Its
 * agreement with the exact engine is tested statistically (test/attack/attack-sampler.test.ts: per-unit
 * and stack figures, z-scores, on random stacks and the rulebook's).
 *
 * It keeps a mutable stack of pending steps (`todo`, head at the end), the leader-loss queue and the
 * berserk leaders; after each roll it does the work that needs no dice ("settling"). Every rule is the
 * rule modules' own function (leader-loss.ts, check-task.ts's checks, random-selection.ts); MC, TC,
 * Berserk check, Wound Severity and HoB outcomes are read from check-table.ts, rows made by
 * `resolveCheck`, `resolveBerserkCheck`, `resolveWoundSeverity` and `resolveHoB` (tested equal); what
 * the steps ask of a unit (on the map, Good Order, pinned, a leader, its check order) is read from its
 * code's facts (unit-codes.ts, check-order-codes.ts), not recomputed from the state.
 */
import { iftResultFor, type CompiledAttack } from './compiled-attack.js';
import { ALL_DR } from '../dice/dice.js';
import { drawIndex } from '../dice/dice.js';
import type { Int32Source } from '../dice/streams.js';
import { berserkCheckTakers } from '../rules/berserk-leader.js';
import type { CheckSpec } from '../rules/check.js';
import type { MoraleContext } from '../rules/context.js';
import { resolveK, resolveKIA, type CasualtyEffects } from '../rules/ift-casualties.js';
import type { IFTResult } from '../rules/infantry-fire-table.js';
import { leaderLossOf, llmcFor, lltcFor, type LeaderLossSource } from '../rules/leader-loss.js';
import { randomSelection } from '../rules/random-selection.js';
import { isAlive, lentLeadershipDRM, withChanges, type UnitState } from '../rules/unit-state.js';
import { berserkOutcome, checkOutcome, hobHeroOf, hobOutcome, lastOutcomeEvents, outcomeHoB, outcomeNext, outcomeWound, woundNext } from '../chains/check-table.js';
import { MC_BY_STRENGTH, PTC, type CheckKind } from '../chains/check-task.js';
import { leadershipDRMOf, UNIT_CODES, type UnitCode } from '../chains/unit-codes.js';
import { checkOrderOfCodes } from '../chains/check-order-codes.js';


const IFT = 0;
const RS = 1;
const CHK = 2;
const WND = 3;
const HOB = 4;
const FORFEIT = 5;


const CHECK_KINDS: readonly CheckKind[] = ['mc', 'ptc', 'llmc', 'lltc', 'berserk'];

/** A pending step (the chain's `Task`, one shape for all kinds). */
class Step {
  constructor(
    readonly k: number,
    readonly u: number,
    readonly c: CheckKind,
    /** # of a #MC; for RS the # of the K/#'s MC. */
    readonly n: number,
    readonly src: number,
    readonly ml: number,
    /** LLMC/LLTC: the lost leader's leadership DRM as his loss recorded it, or null: his counter's now. */
    readonly ldrm: number | null,
    /** Wound Severity drm. */
    readonly drm: number,
    /** HoB of a broken unit. */
    readonly broken: boolean,
    /** RS: a #KIA (true) or a K/# (false). */
    readonly kia: boolean,
    /** RS: units the result calls for. */
    readonly count: number,
    /** RS: candidate positions. */
    readonly cand: readonly number[] | null,
  ) {}
}

const IFT_STEP = new Step(IFT, -1, 'mc', 0, -1, 0, null, 0, false, false, 0, null);

/** Placeholders of a FastAttack between attacks (never read: reset sets them). */
const NO_ATTACK: CompiledAttack = Object.freeze({ label: '', column: null, drm: 0, coweringShift: 0, fixedResult: null });
const NO_ATTACKS: readonly CompiledAttack[] = Object.freeze([NO_ATTACK]);
/** The one-attack sequence of sampleAttackCodes, reused (its entry set per call). */
const ONE_ATTACK: CompiledAttack[] = [NO_ATTACK];
const NO_CONTEXT = {} as MoraleContext;

/**
 * Steps are immutable, so the common ones are made once and shared: checks with no source leader
 * (MC, PTC) by (position, kind, #), Wound Severity by (position, drm), HoB by (position, broken), for
 * positions below {@link SHARED_POSITIONS}.
 */
const SHARED_POSITIONS = 64;
const SHARED_CHK: (Step | undefined)[] = [];
const SHARED_WND: (Step | undefined)[] = [];
const SHARED_HOB: (Step | undefined)[] = [];

function chkStep(u: number, c: CheckKind, n: number, src: number, ml: number, ldrm: number | null = null): Step {
  if (src !== -1 || ml !== 0 || ldrm !== null || u >= SHARED_POSITIONS || n < 0 || n >= 8) return new Step(CHK, u, c, n, src, ml, ldrm, 0, false, false, 0, null);
  const at = (u * 8 + n) * 8 + CHECK_KINDS.indexOf(c);
  let t = SHARED_CHK[at];
  if (t === undefined) {
    t = new Step(CHK, u, c, n, src, ml, null, 0, false, false, 0, null);
    SHARED_CHK[at] = t;
  }
  return t;
}

function wndStep(u: number, drm: number): Step {
  if (u >= SHARED_POSITIONS || drm < -1 || drm > 1) return new Step(WND, u, 'mc', 0, -1, 0, null, drm, false, false, 0, null);
  const at = u * 3 + drm + 1;
  let t = SHARED_WND[at];
  if (t === undefined) {
    t = new Step(WND, u, 'mc', 0, -1, 0, null, drm, false, false, 0, null);
    SHARED_WND[at] = t;
  }
  return t;
}

function hobStep(u: number, broken: boolean): Step {
  if (u >= SHARED_POSITIONS) return new Step(HOB, u, 'mc', 0, -1, 0, null, 0, broken, false, 0, null);
  const at = u * 2 + (broken ? 1 : 0);
  let t = SHARED_HOB[at];
  if (t === undefined) {
    t = new Step(HOB, u, 'mc', 0, -1, 0, null, 0, broken, false, 0, null);
    SHARED_HOB[at] = t;
  }
  return t;
}

/** A leader's loss that forces checks on his Location (leader-loss.ts `leaderLossOf`), and his position. */
interface LeaderLoss extends LeaderLossSource {
  readonly leader: number;
}

/** The lost leader's leadership DRM a LLMC / LLTC step reads (A10.2): as his loss recorded it, or his counter's now. */
function lossDRM(units: readonly UnitState[], t: Step): number {
  return t.ldrm ?? units[t.src].profile.leadershipDRM;
}

/** Total DRM of the check returned by the last {@link checkOf} (no allocation per check). */
let checkDRM = 0;

/**
 * The CheckSpec of a check step, its total DRM left in `checkDRM`, or null when the unit is no longer
 * subject to it (the chain's `checkOf`).
 */
function checkOf(units: readonly UnitState[], codes: readonly UnitCode[], ctx: MoraleContext, t: Step): CheckSpec | null {
  const u = units[t.u];
  const uc = codes[t.u];
  if (!uc.alive) return null;
  switch (t.c) {
    case 'mc':
      checkDRM = leadershipDRMOf(codes, t.u);
      return MC_BY_STRENGTH[t.n];
    case 'ptc':
      if (!uc.goodOrder || uc.pinned) return null;
      checkDRM = leadershipDRMOf(codes, t.u);
      return PTC;
    case 'llmc': {
      const l = llmcFor(u, lossDRM(units, t), t.ml, ctx.ruleSet);
      if (l === null) return null;
      checkDRM = l.drm + leadershipDRMOf(codes, t.u);
      return l.check;
    }
    case 'lltc': {
      const l = lltcFor(u, lossDRM(units, t), t.ml, ctx.ruleSet);
      if (l === null) return null;
      checkDRM = l.drm + leadershipDRMOf(codes, t.u);
      return l.check;
    }
    case 'berserk':
      return null;
  }
}

/** checkOf(units, codes, ctx, t) !== null, without the leadership DRM. */
function subjectTo(units: readonly UnitState[], codes: readonly UnitCode[], ctx: MoraleContext, t: Step): boolean {
  const uc = codes[t.u];
  if (!uc.alive) return false;
  switch (t.c) {
    case 'mc':
      return true;
    case 'ptc':
      return uc.goodOrder && !uc.pinned;
    case 'llmc':
      return llmcFor(units[t.u], lossDRM(units, t), t.ml, ctx.ruleSet) !== null;
    case 'lltc':
      return lltcFor(units[t.u], lossDRM(units, t), t.ml, ctx.ruleSet) !== null;
    case 'berserk':
      return false;
  }
}

/**
 * The mutable state of one sampled attack. One instance serves every attack in turn ({@link reset}):
 * the simulator resolves thousands of attacks per playthrough, and its work lists are reused instead
 * of made anew (sampleAttackCodes is not re-entered: nothing it calls samples an attack).
 */
class FastAttack {
  /** The units by position: canonical objects (unit-codes.ts), so equal states are one object. */
  units: UnitState[] = [];
  /** The codes of `units`, same positions (a new array per attack: it is the result). */
  codes: UnitCode[] = [];
  /** The attacks of the sequence, in order, and the one being resolved. */
  attacks: readonly CompiledAttack[] = NO_ATTACKS;
  attackIndex = 0;
  attack: CompiledAttack = NO_ATTACK;
  ctx: MoraleContext = NO_CONTEXT;
  /**
   * Events per position so far (bitmask of `Ev`, events.ts; the chain's `unitEvents` of a tracked
   * target); created heroes' too.
   */
  unitEvents: number[] = [];
  /** Every event so far, OR over all units (the engine's event mask of the chain's path). */
  events = 0;
  /** `codes.ctxId(ctx)`. */
  ctxId = 0;
  /** Pending steps, head last. */
  readonly todo: Step[] = [];
  losses: LeaderLoss[] = [];
  readonly berserkLeaders: number[] = [];
  done = false;
  /** Random Selection drs of the RS step at the head. */
  readonly drs: number[] = [];
  /** The arrays `reset` reuses for `units` and `codes` when asked to (sampleAttacks). */
  private readonly unitsBuffer: UnitState[] = [];
  private readonly codesBuffer: UnitCode[] = [];

  /**
   * Starts a new sequence of `attacks` (at least one) on `targets` (codes, stack order).
   * @param reuse true: `units` and `codes` are this object's own arrays, overwritten by the next reset
   *   (sampleAttacks); false: new arrays (sampleAttackCodes returns `codes`)
   */
  reset(targets: readonly UnitCode[], attacks: readonly CompiledAttack[], ctx: MoraleContext, ctxId: number, reuse = false): void {
    const n = targets.length;
    let units: UnitState[];
    let codes: UnitCode[];
    if (reuse) {
      // The caller reads the result before the next attack: the same two arrays serve every attack.
      units = this.unitsBuffer;
      codes = this.codesBuffer;
      if (units.length !== n) units.length = n;
      if (codes.length !== n) codes.length = n;
    } else {
      units = new Array<UnitState>(n);
      codes = new Array<UnitCode>(n);
    }
    const ev = this.unitEvents;
    ev.length = n;
    for (let i = 0; i < n; i++) ev[i] = 0;
    this.events = 0;
    for (let i = 0; i < n; i++) {
      const c = targets[i];
      codes[i] = c;
      units[i] = c.unit;
    }
    this.units = units;
    this.codes = codes;
    this.attacks = attacks;
    this.attackIndex = 0;
    this.attack = attacks[0];
    this.ctx = ctx;
    this.ctxId = ctxId;
    // Empty after a finished attack; emptied here only after an exception (no builtin call otherwise).
    if (this.todo.length !== 0) this.todo.length = 0;
    if (this.losses.length !== 0) this.losses = [];
    if (this.berserkLeaders.length !== 0) this.berserkLeaders.length = 0;
    this.done = false;
    if (this.drs.length !== 0) this.drs.length = 0;
  }

  /** The chain's `setUnit`: unit `i` becomes `state`, with `events` (bitmask of `Ev`). */
  setUnit(i: number, state: UnitState, events: number): void {
    this.setCode(i, UNIT_CODES.intern(state), events);
  }

  /** {@link setUnit} with the new state's code. */
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

  /** Puts steps at the head in this order (the chain's `todo.unshift(...front)`). */
  unshift(front: readonly Step[]): void {
    for (let j = front.length - 1; j >= 0; j--) this.todo.push(front[j]);
  }

  applyIFTResult(r: IFTResult): void {
    const units = this.units;
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
        // The checks go at the head in check order (the chain's todo.unshift(...front)): pushed last first.
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
        if (r.n >= alive.length) return this.applyCasualties(resolveKIA(units, alive, this.ctx.ruleSet), 0);
        if (this.drs.length !== 0) this.drs.length = 0;
        todo.push(new Step(RS, -1, 'mc', 0, -1, 0, null, 0, false, true, r.n, alive.slice()));
        return;
      case 'K':
        if (alive.length === 1) return this.applyCasualties(resolveK(units, alive, this.ctx.ruleSet), r.n);
        if (this.drs.length !== 0) this.drs.length = 0;
        todo.push(new Step(RS, -1, 'mc', r.n, -1, 0, null, 0, false, false, 1, alive.slice()));
        return;
    }
  }

  applyCasualties(e: CasualtyEffects, mc: number): void {
    for (let i = 0; i < e.units.length; i++) {
      const u = e.units[i];
      if (u !== this.units[i] || e.events[i] !== 0) this.setUnit(i, u, e.events[i]);
    }
    const front: Step[] = [];
    e.woundSeverityDRM.forEach((drm, i) => {
      if (drm !== null) front.push(wndStep(i, drm));
    });
    const order = ORDER;
    const n = e.mcTakers.length;
    checkOrderOfCodes(this.codes, e.mcTakers, n, order);
    for (let j = 0; j < n; j++) front.push(chkStep(order[j], 'mc', mc, -1, 0));
    this.unshift(front);
  }

  /** The chain's `settleHead`: true when the head needed no roll (done or skipped). */
  settleHead(t: Step): boolean {
    switch (t.k) {
      case IFT:
        if (this.attack.fixedResult !== null || this.attack.column !== null) return false;
        this.todo.pop();
        return true;
      case RS:
        return false;
      case CHK: {
        const c = this.codes[t.u];
        const subject = t.c === 'berserk' ? c.alive && !c.berserk : subjectTo(this.units, this.codes, this.ctx, t);
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

  /** The chain's `settle`: after an attack's own checks, its leader-loss and Berserk checks, then the next attack. */
  settle(): void {
    const units = this.units;
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
          const u = units[i];
          const subject = (loss.kind === 'llmc' ? llmcFor : lltcFor)(u, leaderDRM, loss.ml, this.ctx.ruleSet) !== null;
          if (subject) takers.push(i);
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
          const takers = berserkCheckTakers(units, b, this.ctx.ruleSet);
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

  /** The step at the head with dice index `index`; returns false while a Random Selection still rolls. */
  step(index: number): boolean {
    const t = this.todo[this.todo.length - 1];
    const units = this.units;
    const ctx = this.ctx;
    switch (t.k) {
      case IFT: {
        this.todo.pop();
        this.applyIFTResult(iftResult(this.attack, index, ctx));
        return true;
      }
      case RS: {
        const drs = this.drs;
        drs.push(index + 1);
        const cand = t.cand!;
        if (drs.length < cand.length) return false;
        this.todo.pop();
        const mask = randomSelection(drs, t.count);
        const selected: number[] = [];
        for (let j = 0; j < cand.length; j++) if ((mask & (1 << j)) !== 0) selected.push(cand[j]);
        if (t.kia) this.applyCasualties(resolveKIA(units, selected, ctx.ruleSet), 0);
        else this.applyCasualties(resolveK(units, selected, ctx.ruleSet), t.n);
        return true;
      }
      case CHK: {
        this.todo.pop();
        let wound: number | null;
        let hob = 0;
        if (t.c === 'berserk') {
          const leaderDRM = lentLeadershipDRM(units[t.src]) ?? units[t.src].profile.leadershipDRM;
          const o = berserkOutcome(UNIT_CODES, this.codes[t.u], leaderDRM, index, ctx, this.ctxId);
          this.setCode(t.u, UNIT_CODES.byCode[outcomeNext(o)], lastOutcomeEvents());
          const w = outcomeWound(o);
          wound = w < 0 ? null : w;
        } else {
          const check = checkOf(units, this.codes, ctx, t)!;
          const o = checkOutcome(UNIT_CODES, this.codes[t.u], check, checkDRM, index, ctx, this.ctxId);
          this.setCode(t.u, UNIT_CODES.byCode[outcomeNext(o)], lastOutcomeEvents());
          const w = outcomeWound(o);
          wound = w < 0 ? null : w;
          hob = outcomeHoB(o);
        }
        if (hob !== 0) this.todo.push(hobStep(t.u, hob === 2));
        if (wound !== null) this.todo.push(wndStep(t.u, wound));
        return true;
      }
      case WND: {
        this.todo.pop();
        const next = woundNext(UNIT_CODES, this.codes[t.u], t.drm, index + 1);
        this.setCode(t.u, UNIT_CODES.byCode[next], lastOutcomeEvents());
        return true;
      }
      case HOB: {
        this.todo.pop();
        const before = this.codes[t.u];
        const o = hobOutcome(UNIT_CODES, before, t.broken, index, ctx, this.ctxId);
        this.setCode(t.u, UNIT_CODES.byCode[outcomeNext(o)], lastOutcomeEvents());
        if ((o & 1) !== 0) {
          const hero = UNIT_CODES.byCode[hobHeroOf(UNIT_CODES, before, t.broken, index, this.ctxId)];
          units.push(hero.unit);
          this.codes.push(hero);
          this.unitEvents.push(0);
        }
        return true;
      }
      default:
        throw new Error('attack-sampler: forfeit at the head'); // never: settle does it
    }
  }

  /** What the head rolls: 36 (DR) or 6 (dr). */
  outcomes(): number {
    const t = this.todo[this.todo.length - 1];
    if (t.k === IFT) return this.attack.fixedResult === null ? 36 : 6;
    return t.k === RS || t.k === WND ? 6 : 36;
  }

}

/** The IFT result of `attack` on the roll of dice index `index` (a DR index, or a dr index for a fixed result). */
function iftResult(a: CompiledAttack, index: number, ctx: MoraleContext): IFTResult {
  return a.fixedResult ?? iftResultFor(a, ALL_DR[index], ctx);
}

/** Scratch of FastAttack.applyIFTResult: the positions on the map. */
const ALIVE: number[] = [];

/** Scratch of checkOrderOfCodes (check-order-codes.ts): one check order, read at once. */
const ORDER: number[] = [];

/** The one attack state, reused (FastAttack). */
const ATTACK = new FastAttack();

/** True when some unit is on the map. */
function anyAlive(codes: readonly UnitCode[]): boolean {
  for (let i = 0; i < codes.length; i++) if (codes[i].alive) return true;
  return false;
}

/**
 * Samples one fire attack on a Location: the units at the end of one path of the attack's procedure,
 * drawn with its odds (those of the exact attack chain, attack-chain.ts, tested statistically).
 * @param targets the Location's units, in stack order (at least one)
 * @param attack the attack (an IFT column and DRM, or a fixed result)
 * @param ctx rule set, the target side's ELR, situation
 * @param rng the stream; consumes one int32 per roll (plus rejections), as engine/sample.ts
 * @param ctxId `UNIT_CODES.ctxId(ctx)` (unit-codes.ts), when the caller has it
 * @returns a new array: the targets' final states (canonical objects, unit-codes.ts) in their
 * positions, then any heroes created
 * @throws never on valid input
 * @example sampleAttack([leader91, squad467], attack8FP, ctx, streamFor('s', 0))[1].status // 'broken' or ...
 */
export function sampleAttack(targets: readonly UnitState[], attack: CompiledAttack, ctx: MoraleContext, rng: Int32Source, ctxId = UNIT_CODES.ctxId(ctx)): UnitState[] {
  const codes: UnitCode[] = new Array<UnitCode>(targets.length);
  for (let i = 0; i < targets.length; i++) codes[i] = UNIT_CODES.of(targets[i]);
  const after = sampleAttackCodes(codes, attack, ctx, rng, ctxId);
  const out: UnitState[] = new Array<UnitState>(after.length);
  for (let i = 0; i < after.length; i++) out[i] = after[i].unit;
  return out;
}

/**
 * {@link sampleAttack} on unit codes (unit-codes.ts `UNIT_CODES`), the scenario simulator's form:
 * the same dice and the same final states, as codes.
 * @param targets the codes of the Location's units, in stack order (at least one)
 * @param ctxId `UNIT_CODES.ctxId(ctx)`
 * @param ift null, or the IFT results of `attack` by DR index, shared by every use of this attack in
 *   one rule set (fire-attacks.ts): read, and filled by `iftResult` where still undefined
 * @returns the final codes in target order, then any heroes created: `targets` itself when
 * the attack had no effect (the IFT DR is its only roll), else a new array
 * @throws never on valid input
 */
export function sampleAttackCodes(
  targets: readonly UnitCode[],
  attack: CompiledAttack,
  ctx: MoraleContext,
  rng: Int32Source,
  ctxId: number,
  ift: (IFTResult | undefined)[] | null = null,
): readonly UnitCode[] {
  let w: FastAttack;
  if (attack.fixedResult === null && attack.column !== null) {
    // The IFT DR is the first roll, and nothing happens before it (no step to settle): roll it before
    // building anything, and stop at once on no effect, the commonest result.
    const index = drawIndex(rng, 36);
    let r = ift === null ? undefined : ift[index];
    if (r === undefined) {
      r = iftResult(attack, index, ctx);
      if (ift !== null) ift[index] = r;
    }
    if (r.kind === 'none') return targets;
    w = ATTACK;
    ONE_ATTACK[0] = attack;
    w.reset(targets, ONE_ATTACK, ctx, ctxId);
    w.applyIFTResult(r);
  } else {
    w = ATTACK;
    ONE_ATTACK[0] = attack;
    w.reset(targets, ONE_ATTACK, ctx, ctxId);
    w.todo.push(IFT_STEP);
  }
  finish(w, rng);
  return w.codes;
}

/** Rolls until the attack state `w` is done (after its first settle, which it does). */
function finish(w: FastAttack, rng: Int32Source): void {
  w.settle();
  while (!w.done) {
    // While a Random Selection still rolls, nothing else happens: nothing to settle.
    if (w.step(drawIndex(rng, w.outcomes()))) w.settle();
  }
}

/** What {@link sampleAttacks} returns: views of the sampler's state, valid until its next call. */
export interface AttackSample {
  /** The final codes in target order, then any heroes created. */
  readonly codes: readonly UnitCode[];
  /** Events per position, same positions as `codes` (bitmask of `Ev`, events.ts). */
  readonly unitEvents: readonly number[];
  /** Every event of the path, OR over all units (the engine's event mask). */
  readonly events: number;
}

/**
 * Samples a sequence of fire attacks on one Location with each unit's events (each unit's own, in
 * target order: what the exact engine's marginal mode counts per unit).
 * The one attack sampler: `asl-odds attack --trials` and, one attack at a time, the scenario simulator
 * ({@link sampleAttackCodes}).
 * @param targets the codes of the Location's units (UNIT_CODES), in stack order (at least one)
 * @param attacks the attacks, in order (at least one)
 * @param ctxId `UNIT_CODES.ctxId(ctx)`
 * @returns views of the sampler's own arrays, overwritten by the next call (no allocation per trial
 * beyond the codes array)
 * @throws never on valid input
 */
export function sampleAttacks(targets: readonly UnitCode[], attacks: readonly CompiledAttack[], ctx: MoraleContext, rng: Int32Source, ctxId: number): AttackSample {
  const w = ATTACK;
  w.reset(targets, attacks, ctx, ctxId, true);
  w.todo.push(IFT_STEP);
  finish(w, rng);
  return w;
}
