/**
 * One fire attack sampled procedurally: the same dice, in the same order, with the same result as
 * `sampleChain(buildAttackChain({ targets, attacks: [attack], ctx, track: [] }), rng)` (attack-chain.ts),
 * without the chain's immutable states, canonical keys and transition memos. The scenario simulator
 * resolves thousands of attacks per playthrough; this is its fast path.
 *
 * It follows the chain step by step: a mutable stack of pending steps (`todo`, head at the end), the
 * leader-loss queue and the berserk leaders; after each roll the work that needs no dice ("settling")
 * and the chain's symmetry reduction (`canonicalize`), which may exchange identical targets (and
 * created heroes) between positions: later checks address positions, so which unit takes which roll,
 * and the positions of the returned units, depend on it. The reduction sorts by the chain's interned
 * unit-state codes (assigned in order of first appearance on the path); they are rebuilt here from
 * the interned codes of unit-codes.ts (integers, no strings), only when two units could change places.
 * Every rule is the rule modules' own function; MC and TC outcomes are read from check-table.ts, rows
 * made by `resolveCheck` (tested equal).
 */
import type { CompiledAttack } from '../chains/attack-chain.js';
import { ALL_DR, isDoubles } from '../dice/dice.js';
import type { Int32Source } from '../dice/streams.js';
import { berserkCheckTakers, resolveBerserkCheck } from '../rules/berserk-leader.js';
import { resolveWoundSeverity } from '../rules/casualty-reduction.js';
import { moraleCheck, type CheckSpec } from '../rules/check.js';
import { checkOrder } from '../rules/check-order.js';
import type { MoraleContext } from '../rules/context.js';
import { coweredColumn } from '../rules/cowering.js';
import { resolveHoB } from '../rules/heat-of-battle.js';
import { resolveK, resolveKIA, type CasualtyEffects } from '../rules/ift-casualties.js';
import { iftResultOf, NO_EFFECT, type IFTResult } from '../rules/infantry-fire-table.js';
import { leaderLossML, llmcFor, lltcFor } from '../rules/leader-loss.js';
import { leadershipDRMFor } from '../rules/leadership.js';
import { randomSelection } from '../rules/random-selection.js';
import { initialUnitState, isAlive, lentLeadershipDRM, type UnitState } from '../rules/unit-state.js';
import { checkOutcome, outcomeHoB, outcomeNext, outcomeWound } from './check-table.js';
import { UNIT_CODES, type UnitCode } from './unit-codes.js';

const TWO32 = 4294967296;
const REJECT = 4294967292;

/** One draw of `outcomes` (36: a DR index, 6: a dr index), exactly as engine/sample.ts draws it. */
function draw(rng: Int32Source, outcomes: number): number {
  let u = rng.int32() >>> 0;
  while (u >= REJECT) u = rng.int32() >>> 0;
  return Math.floor((u * outcomes) / TWO32);
}

const PTC: CheckSpec = Object.freeze({ kind: 'TC', strength: 0, failurePins: true, label: 'PTC' });
const MC_BY_STRENGTH: readonly CheckSpec[] = [0, 1, 2, 3, 4, 5, 6].map((n) => Object.freeze(moraleCheck(n)));

const IFT = 0;
const RS = 1;
const CHK = 2;
const WND = 3;
const HOB = 4;
const FORFEIT = 5;

type CheckKind = 'mc' | 'ptc' | 'llmc' | 'lltc' | 'berserk';

const CHECK_KINDS: readonly CheckKind[] = ['mc', 'ptc', 'llmc', 'lltc', 'berserk'];

/** The next signature for a step outside the packed ranges (negative: no packed signature). */
let unique = -1;

/** A pending step (the chain's `Task`, one shape for all kinds). */
class Step {
  /**
   * The step's pending-work signature (the chain's `pendingSignatures` token: `C<c><n>.<src>.<ml>;`,
   * `W0.<drm>;`, `H0<broken>;` or `F0;`) as an integer: equal exactly when the tokens are equal (over
   * the ranges that occur: # < 16, ML < 16, src < 255, Wound drm in [-1, 1]; outside them, -1 - a
   * unique number, equal to no other step's).
   */
  readonly sig: number;
  constructor(
    readonly k: number,
    readonly u: number,
    readonly c: CheckKind,
    /** # of a #MC; for RS the # of the K/#'s MC. */
    readonly n: number,
    readonly src: number,
    readonly ml: number,
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
  ) {
    switch (k) {
      case CHK:
        this.sig = n >= 0 && n < 16 && ml >= 0 && ml < 16 && src >= -1 && src < 254 ? 4 * (((CHECK_KINDS.indexOf(c) * 16 + n) * 256 + src + 1) * 16 + ml) : --unique;
        break;
      case WND:
        this.sig = drm >= -1 && drm <= 1 ? 4 * (drm + 1) + 1 : --unique;
        break;
      case HOB:
        this.sig = broken ? 6 : 2;
        break;
      default:
        this.sig = 3;
    }
  }
}

const IFT_STEP = new Step(IFT, -1, 'mc', 0, -1, 0, 0, false, false, 0, null);

function chkStep(u: number, c: CheckKind, n: number, src: number, ml: number): Step {
  return new Step(CHK, u, c, n, src, ml, 0, false, false, 0, null);
}

interface LeaderLoss {
  readonly kind: 'llmc' | 'lltc';
  readonly leader: number;
  readonly ml: number;
}

/** Total DRM of the check returned by the last {@link checkOf} (no allocation per check). */
let checkDRM = 0;

/**
 * The CheckSpec of a check step, its total DRM left in `checkDRM`, or null when the unit is no longer
 * subject to it (the chain's `checkOf`).
 */
function checkOf(units: readonly UnitState[], ctx: MoraleContext, t: Step): CheckSpec | null {
  const u = units[t.u];
  if (!isAlive(u)) return null;
  switch (t.c) {
    case 'mc':
      checkDRM = leadershipDRMFor(u, units);
      return MC_BY_STRENGTH[t.n];
    case 'ptc':
      if (u.status !== 'good-order' || u.pinned) return null;
      checkDRM = leadershipDRMFor(u, units);
      return PTC;
    case 'llmc': {
      const l = llmcFor(u, units[t.src].profile, t.ml, ctx.ruleSet);
      if (l === null) return null;
      checkDRM = l.drm + leadershipDRMFor(u, units);
      return l.check;
    }
    case 'lltc': {
      const c = u.pinned ? null : lltcFor(u, units[t.src].profile, t.ml);
      if (c === null) return null;
      checkDRM = leadershipDRMFor(u, units);
      return c;
    }
    case 'berserk':
      return null;
  }
}

/** checkOf(units, ctx, t) !== null, without the leadership DRM. */
function subjectTo(units: readonly UnitState[], ctx: MoraleContext, t: Step): boolean {
  const u = units[t.u];
  if (!isAlive(u)) return false;
  switch (t.c) {
    case 'mc':
      return true;
    case 'ptc':
      return u.status === 'good-order' && !u.pinned;
    case 'llmc':
      return llmcFor(u, units[t.src].profile, t.ml, ctx.ruleSet) !== null;
    case 'lltc':
      return !u.pinned && lltcFor(u, units[t.src].profile, t.ml) !== null;
    case 'berserk':
      return false;
  }
}

/** The mutable state of one sampled attack. */
class FastAttack {
  /** The units by position: canonical objects (unit-codes.ts), so equal states are one object. */
  readonly units: UnitState[];
  /** The codes of `units`, same positions. */
  readonly codes: UnitCode[];
  /** `codes.ctxId(ctx)`. */
  readonly ctxId: number;
  /** Pending steps, head last. */
  readonly todo: Step[] = [];
  losses: LeaderLoss[] = [];
  readonly berserkLeaders: number[] = [];
  done = false;
  /** Random Selection drs of the RS step at the head. */
  readonly drs: number[] = [];
  readonly nTargets: number;
  /** Groups (size >= 2) of interchangeable target positions (the chain's `classes`), or null. */
  readonly classes: number[][] | null;
  /**
   * Bit i: target position i has held a new state. A class none of whose positions has is still all
   * one state (one code), which `canonicalize` leaves as it is (units only move within their class).
   */
  changed = 0;
  /**
   * The key ids (unit-codes.ts: equal exactly when the unitStateKeys are) of the unit states in the
   * order the chain interns them (codeOf): the targets, then each new state.
   */
  readonly seenKeys: number[];

  constructor(
    targets: readonly UnitState[],
    readonly attack: CompiledAttack,
    readonly ctx: MoraleContext,
    ctxId: number,
  ) {
    const n = targets.length;
    const units: UnitState[] = new Array<UnitState>(n);
    const codes: UnitCode[] = new Array<UnitCode>(n);
    const keys: number[] = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const c = UNIT_CODES.of(targets[i]);
      codes[i] = c;
      units[i] = c.unit;
      keys[i] = c.keyId;
    }
    this.units = units;
    this.codes = codes;
    this.seenKeys = keys.slice();
    this.ctxId = ctxId;
    this.nTargets = n;
    if (n < 2) {
      this.classes = null;
      return;
    }
    let classes: number[][] | null = null;
    const grouped: boolean[] = new Array<boolean>(n).fill(false);
    for (let i = 0; i < n; i++) {
      if (grouped[i]) continue;
      let g: number[] | null = null;
      for (let j = i + 1; j < n; j++) {
        if (!grouped[j] && keys[j] === keys[i]) {
          if (g === null) g = [i];
          g.push(j);
          grouped[j] = true;
        }
      }
      if (g !== null) (classes ??= []).push(g);
    }
    this.classes = classes;
  }

  /** The chain's `setUnit` (no event masks: nothing is tracked). */
  setUnit(i: number, state: UnitState): void {
    this.setCode(i, UNIT_CODES.intern(state));
  }

  /** {@link setUnit} with the new state's code. */
  setCode(i: number, c: UnitCode): void {
    const prev = this.units[i];
    const next = c.unit;
    this.units[i] = next;
    this.codes[i] = c;
    if (next !== prev) {
      this.seenKeys.push(c.keyId);
      if (i < 31) this.changed |= 1 << i;
      else this.changed = -1;
    }
    if (prev.profile.kind !== 'leader') return;
    if (isAlive(prev) && !isAlive(next)) {
      this.losses = this.losses.filter((l) => l.leader !== i);
      this.losses.push({ kind: 'llmc', leader: i, ml: leaderLossML(prev) });
    } else if (prev.status === 'good-order' && next.status === 'broken') {
      this.losses.push({ kind: 'lltc', leader: i, ml: leaderLossML(prev) });
    }
    if (!prev.berserk && next.berserk && isAlive(next)) this.berserkLeaders.push(i);
  }

  /** Puts steps at the head in this order (the chain's `todo.unshift(...front)`). */
  unshift(front: readonly Step[]): void {
    for (let j = front.length - 1; j >= 0; j--) this.todo.push(front[j]);
  }

  applyIFTResult(r: IFTResult): void {
    const units = this.units;
    const alive: number[] = [];
    for (let i = 0; i < units.length; i++) if (isAlive(units[i])) alive.push(i);
    const front: Step[] = [];
    switch (r.kind) {
      case 'none':
        return;
      case 'PTC':
        for (const i of checkOrder(units, alive)) {
          if (units[i].status === 'good-order' && !units[i].pinned) front.push(chkStep(i, 'ptc', 0, -1, 0));
        }
        break;
      case 'MC':
        for (const i of checkOrder(units, alive)) front.push(chkStep(i, 'mc', r.n, -1, 0));
        break;
      case 'KIA':
        if (r.n >= alive.length) return this.applyCasualties(resolveKIA(units, alive, this.ctx.ruleSet), 0);
        this.drs.length = 0;
        front.push(new Step(RS, -1, 'mc', 0, -1, 0, 0, false, true, r.n, alive));
        break;
      case 'K':
        if (alive.length === 1) return this.applyCasualties(resolveK(units, alive, this.ctx.ruleSet), r.n);
        this.drs.length = 0;
        front.push(new Step(RS, -1, 'mc', r.n, -1, 0, 0, false, false, 1, alive));
        break;
    }
    this.unshift(front);
  }

  applyCasualties(e: CasualtyEffects, mc: number): void {
    for (let i = 0; i < e.units.length; i++) {
      const u = e.units[i];
      if (u !== this.units[i] || e.events[i] !== 0) this.setUnit(i, u);
    }
    const front: Step[] = [];
    e.woundSeverityDRM.forEach((drm, i) => {
      if (drm !== null) front.push(new Step(WND, i, 'mc', 0, -1, 0, drm, false, false, 0, null));
    });
    for (const i of checkOrder(this.units, e.mcTakers)) front.push(chkStep(i, 'mc', mc, -1, 0));
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
        const u = this.units[t.u];
        const subject = t.c === 'berserk' ? isAlive(u) && !u.berserk : subjectTo(this.units, this.ctx, t);
        if (subject) return false;
        this.todo.pop();
        return true;
      }
      case WND:
      case HOB:
        if (isAlive(this.units[t.u])) return false;
        this.todo.pop();
        return true;
      default:
        this.todo.pop();
        if (isAlive(this.units[t.u])) this.setUnit(t.u, { ...this.units[t.u], noLeadership: true });
        return true;
    }
  }

  /** The chain's `settle` for a single attack. */
  settle(): void {
    const units = this.units;
    for (;;) {
      if (this.todo.length > 0) {
        if (this.settleHead(this.todo[this.todo.length - 1])) continue;
        return;
      }
      const loss = this.losses.shift();
      if (loss !== undefined) {
        const leader = units[loss.leader].profile;
        const takers: number[] = [];
        for (let i = 0; i < units.length; i++) {
          if (i === loss.leader) continue;
          const u = units[i];
          const subject = loss.kind === 'llmc' ? llmcFor(u, leader, loss.ml, this.ctx.ruleSet) !== null : !u.pinned && lltcFor(u, leader, loss.ml) !== null;
          if (subject) takers.push(i);
        }
        const order = checkOrder(units, takers);
        for (let j = order.length - 1; j >= 0; j--) this.todo.push(chkStep(order[j], loss.kind, 0, loss.leader, loss.ml));
        continue;
      }
      const b = this.berserkLeaders.shift();
      if (b !== undefined) {
        const l = units[b];
        if (isAlive(l) && l.berserk && !l.noLeadership) {
          this.todo.push(new Step(FORFEIT, b, 'mc', 0, -1, 0, 0, false, false, 0, null));
          const takers = berserkCheckTakers(units, b, this.ctx.ruleSet);
          for (let j = takers.length - 1; j >= 0; j--) this.todo.push(chkStep(takers[j], 'berserk', 0, b, 0));
        }
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
        const mask = randomSelection(canonicalDrs(drs, t.count), t.count);
        const selected: number[] = [];
        for (let j = 0; j < cand.length; j++) if ((mask & (1 << j)) !== 0) selected.push(cand[j]);
        if (t.kia) this.applyCasualties(resolveKIA(units, selected, ctx.ruleSet), 0);
        else this.applyCasualties(resolveK(units, selected, ctx.ruleSet), t.n);
        return true;
      }
      case CHK: {
        this.todo.pop();
        const u = units[t.u];
        let wound: number | null;
        let hob = 0;
        if (t.c === 'berserk') {
          const leaderDRM = lentLeadershipDRM(units[t.src]) ?? units[t.src].profile.leadershipDRM;
          const r = resolveBerserkCheck(u, leaderDRM, ALL_DR[index], ctx);
          this.setUnit(t.u, r.unit);
          wound = r.woundSeverityDRM;
        } else {
          const check = checkOf(units, ctx, t)!;
          const o = checkOutcome(UNIT_CODES, this.codes[t.u], check, checkDRM, index, ctx, this.ctxId);
          this.setCode(t.u, UNIT_CODES.byCode[outcomeNext(o)]);
          const w = outcomeWound(o);
          wound = w < 0 ? null : w;
          hob = outcomeHoB(o);
        }
        if (hob !== 0) this.todo.push(new Step(HOB, t.u, 'mc', 0, -1, 0, 0, hob === 2, false, 0, null));
        if (wound !== null) this.todo.push(new Step(WND, t.u, 'mc', 0, -1, 0, wound, false, false, 0, null));
        return true;
      }
      case WND: {
        this.todo.pop();
        this.setUnit(t.u, resolveWoundSeverity(units[t.u], index + 1, t.drm).unit);
        return true;
      }
      case HOB: {
        this.todo.pop();
        const dr = ALL_DR[index];
        const r = resolveHoB(units[t.u], dr.white + dr.colored, t.broken, ctx);
        this.setUnit(t.u, r.unit);
        if (r.createdHero !== null) {
          const hero = UNIT_CODES.intern(initialUnitState(r.createdHero));
          units.push(hero.unit);
          this.codes.push(hero);
          this.seenKeys.push(hero.keyId);
        }
        return true;
      }
      default:
        throw new Error('fast-attack: forfeit at the head'); // never: settle does it
    }
  }

  /** What the head rolls: 36 (DR) or 6 (dr). */
  outcomes(): number {
    const t = this.todo[this.todo.length - 1];
    if (t.k === IFT) return this.attack.fixedResult === null ? 36 : 6;
    return t.k === RS || t.k === WND ? 6 : 36;
  }

  /**
   * A string that orders like the chain's interned code of the state at position `i` (codeOf: the
   * base-36 rank of its key's first appearance on the path). With at most 36 states seen every code is
   * one base-36 digit, so the position of that first appearance orders alike; beyond, the code itself.
   */
  codeOf(i: number): string {
    const keys = this.seenKeys;
    const first = keys.indexOf(this.codes[i].keyId);
    if (keys.length <= 36) return String.fromCharCode(48 + first);
    let rank = 0;
    for (let j = 0; j < first; j++) if (keys.indexOf(keys[j]) === j) rank++;
    return rank.toString(36);
  }

  /** The chain's `canonicalize` (nothing tracked: every event mask is 0). */
  canonicalize(): void {
    const units = this.units;
    const heroes = units.length - this.nTargets;
    if (this.classes === null && heroes < 2) return;
    let signed = false;
    if (this.classes !== null) {
      for (const g of this.classes) {
        // Units that are all one state (or one object) cannot change places: no signatures needed.
        if (!this.touched(g) || allSame(units, g)) continue;
        if (!signed) this.signatures();
        signed = true;
        this.sortGroup(g);
      }
    }
    if (heroes >= 2) {
      const g: number[] = [];
      for (let i = this.nTargets; i < units.length; i++) g.push(i);
      if (allSame(units, g)) return;
      if (!signed) this.signatures();
      this.sortGroup(g);
    }
  }

  /** True when a position of target class `g` has held a new state. */
  touched(g: readonly number[]): boolean {
    if (this.changed === -1) return true;
    for (const i of g) if ((this.changed & (1 << i)) !== 0) return true;
    return false;
  }

  /**
   * The chain's `pendingSignatures`, into `SIG_SEQ` and `SIG_BANG`: per position, the signatures of
   * its pending steps from the head on, and whether a `!` token marks it (a Random Selection candidate,
   * a check's source leader, a pending leader loss or berserk leader). Two positions without `!` have
   * equal chain signatures exactly when their sequences are equal (tokens end with `;`, so a text is
   * one sequence of tokens).
   */
  signatures(): void {
    const n = this.units.length;
    while (SIG_SEQ.length < n) SIG_SEQ.push([]);
    for (let i = 0; i < n; i++) {
      SIG_LEN[i] = 0;
      SIG_BANG[i] = 0;
    }
    for (let j = this.todo.length - 1; j >= 0; j--) {
      const t = this.todo[j];
      switch (t.k) {
        case IFT:
          break;
        case RS:
          for (const i of t.cand!) SIG_BANG[i] = 1;
          break;
        case CHK:
          SIG_SEQ[t.u][SIG_LEN[t.u]++] = t.sig;
          if (t.src >= 0) SIG_BANG[t.src] = 1;
          break;
        default:
          SIG_SEQ[t.u][SIG_LEN[t.u]++] = t.sig;
      }
    }
    for (const l of this.losses) SIG_BANG[l.leader] = 1;
    for (const b of this.berserkLeaders) SIG_BANG[b] = 1;
  }

  /**
   * Sorts the units of each same-signature subset of group `g` by code (stable), as `canonicalize`
   * does; reads the signatures {@link signatures} left.
   */
  sortGroup(g: readonly number[]): void {
    const units = this.units;
    const leader = units[g[0]].profile.kind === 'leader';
    const m = g.length;
    let taken = 0; // bitmask over g (groups are small)
    for (let a = 0; a < m; a++) {
      const i = g[a];
      if ((taken & (1 << a)) !== 0) continue;
      if (SIG_BANG[i] !== 0 || (leader && SIG_LEN[i] !== 0)) continue;
      let pos: number[] | null = null;
      let differ = false;
      for (let b = a + 1; b < m; b++) {
        const j = g[b];
        if ((taken & (1 << b)) === 0 && SIG_BANG[j] === 0 && sameSeq(i, j)) {
          taken |= 1 << b;
          if (pos === null) pos = [i];
          pos.push(j);
          if (units[j] !== units[i]) differ = true;
        }
      }
      if (pos === null || !differ) continue;
      const items = pos.map((p) => this.codes[p]);
      const codes = pos.map((p) => this.codeOf(p));
      // stable insertion sort by code
      for (let x = 1; x < items.length; x++) {
        const u = items[x];
        const c = codes[x];
        let y = x - 1;
        while (y >= 0 && codes[y] > c) {
          items[y + 1] = items[y];
          codes[y + 1] = codes[y];
          y--;
        }
        items[y + 1] = u;
        codes[y + 1] = c;
      }
      for (let x = 0; x < pos.length; x++) {
        units[pos[x]] = items[x].unit;
        this.codes[pos[x]] = items[x];
      }
    }
  }
}

/**
 * Pending-step signatures per position (FastAttack.signatures): the first `SIG_LEN[i]` entries of
 * `SIG_SEQ[i]`. Reused from one call to the next (no allocation once grown).
 */
const SIG_SEQ: number[][] = [];
const SIG_LEN: number[] = [];
/** Per position: 1 when a `!` token marks it (FastAttack.signatures). */
const SIG_BANG: number[] = [];

/** True when the signature sequences of positions `i` and `j` are equal. */
function sameSeq(i: number, j: number): boolean {
  const n = SIG_LEN[i];
  if (SIG_LEN[j] !== n) return false;
  const a = SIG_SEQ[i];
  const b = SIG_SEQ[j];
  for (let x = 0; x < n; x++) if (a[x] !== b[x]) return false;
  return true;
}

/** The IFT result of `attack` on the roll of dice index `index` (a DR index, or a dr index for a fixed result). */
function iftResult(a: CompiledAttack, index: number, ctx: MoraleContext): IFTResult {
  if (a.fixedResult !== null) return a.fixedResult;
  const dr = ALL_DR[index];
  const col = a.column === null ? null : coweredColumn(a.column, isDoubles(dr), a.coweringShift, ctx.ruleSet.settings.coweringOnOneFP);
  return col === null ? NO_EFFECT : iftResultOf(col, dr.white + dr.colored + a.drm);
}

/** True when the units at positions `g` are all one object. */
function allSame(units: readonly UnitState[], g: readonly number[]): boolean {
  const u = units[g[0]];
  for (let x = 1; x < g.length; x++) if (units[g[x]] !== u) return false;
  return true;
}

/** The chain's canonical Random Selection drs (a dr below the count-th highest can never be selected). */
function canonicalDrs(drs: readonly number[], count: number): number[] {
  if (drs.length < count) return drs.slice();
  const threshold = [...drs].sort((a, b) => b - a)[count - 1];
  return drs.map((d) => (d >= threshold ? d : 0));
}

/**
 * Samples one fire attack on a Location: exactly the dice draws and the final units of
 * `sampleChain(buildAttackChain({ targets, attacks: [attack], ctx, track: [] }), rng).state.units`.
 * @param targets the Location's units, in stack order (at least one)
 * @param attack the attack (an IFT column and DRM, or a fixed result)
 * @param ctx rule set, the target side's ELR, situation
 * @param rng the stream; consumes one int32 per roll (plus rejections), as engine/sample.ts
 * @param ctxId `UNIT_CODES.ctxId(ctx)` (unit-codes.ts), when the caller has it
 * @returns a new array: the targets' final states (canonical objects, unit-codes.ts) in the chain's
 * positions, then any heroes created
 * @throws never on valid input
 * @example sampleAttack([leader91, squad467], attack8FP, ctx, streamFor('s', 0))[1].status // 'broken' or ...
 */
export function sampleAttack(targets: readonly UnitState[], attack: CompiledAttack, ctx: MoraleContext, rng: Int32Source, ctxId = UNIT_CODES.ctxId(ctx)): UnitState[] {
  let w: FastAttack;
  if (attack.fixedResult === null && attack.column !== null) {
    // The IFT DR is the first roll, and nothing happens before it (no step to settle; no unit has
    // changed, so the reduction leaves the units where they are): roll it before building anything,
    // and stop at once on no effect, the commonest result.
    const r = iftResult(attack, draw(rng, 36), ctx);
    if (r.kind === 'none') {
      const same: UnitState[] = new Array<UnitState>(targets.length);
      for (let i = 0; i < targets.length; i++) same[i] = UNIT_CODES.of(targets[i]).unit;
      return same;
    }
    w = new FastAttack(targets, attack, ctx, ctxId);
    w.applyIFTResult(r);
  } else {
    w = new FastAttack(targets, attack, ctx, ctxId);
    w.todo.push(IFT_STEP);
  }
  w.settle();
  w.canonicalize();
  while (!w.done) {
    // While a Random Selection still rolls, nothing changes but its drs: the chain's canonical form is
    // unchanged, so the reduction is not repeated.
    if (!w.step(draw(rng, w.outcomes()))) continue;
    w.settle();
    w.canonicalize();
  }
  return w.units;
}
