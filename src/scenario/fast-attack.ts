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
 * unit-state codes (assigned in order of first appearance on the path); they are rebuilt here lazily,
 * only when two units could change places. Every rule is the rule modules' own function.
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
import { resolveCheck } from '../rules/morale-check.js';
import { randomSelection } from '../rules/random-selection.js';
import { initialUnitState, isAlive, lentLeadershipDRM, unitStateKey, type UnitState } from '../rules/unit-state.js';

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

/** A pending step (the chain's `Task`, one shape for all kinds). */
class Step {
  /** The pending-work signature of the step (the chain's `pendingSignatures` text), made on first use. */
  private s: string | null = null;
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
  ) {}

  sig(): string {
    if (this.s === null) {
      switch (this.k) {
        case CHK:
          this.s = `C${this.c}${this.n}.${this.src}.${this.ml};`;
          break;
        case WND:
          this.s = `W0.${this.drm};`;
          break;
        case HOB:
          this.s = `H0${this.broken ? 1 : 0};`;
          break;
        default:
          this.s = 'F0;';
      }
    }
    return this.s;
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

/** The CheckSpec and total DRM of a check step, or null when the unit is no longer subject to it (the chain's `checkOf`). */
function checkOf(units: readonly UnitState[], ctx: MoraleContext, t: Step): { check: CheckSpec; drm: number } | null {
  const u = units[t.u];
  if (!isAlive(u)) return null;
  switch (t.c) {
    case 'mc':
      return { check: MC_BY_STRENGTH[t.n], drm: leadershipDRMFor(u, units) };
    case 'ptc':
      return u.status === 'good-order' && !u.pinned ? { check: PTC, drm: leadershipDRMFor(u, units) } : null;
    case 'llmc': {
      const l = llmcFor(u, units[t.src].profile, t.ml, ctx.ruleSet);
      return l === null ? null : { check: l.check, drm: l.drm + leadershipDRMFor(u, units) };
    }
    case 'lltc': {
      const c = u.pinned ? null : lltcFor(u, units[t.src].profile, t.ml);
      return c === null ? null : { check: c, drm: leadershipDRMFor(u, units) };
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
  readonly units: UnitState[];
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
  /** Unit states in the order the chain interns them (codeOf): the targets, then each new state. */
  readonly seen: UnitState[];
  /** unitStateKey of `seen[0..]`, made lazily (only when two units may change places). */
  private readonly seenKeys: string[] = [];

  constructor(
    readonly targets: readonly UnitState[],
    readonly attack: CompiledAttack,
    readonly ctx: MoraleContext,
  ) {
    this.units = targets.slice();
    this.seen = targets.slice();
    const n = targets.length;
    this.nTargets = n;
    if (n < 2) {
      this.classes = null;
      return;
    }
    const keys: string[] = new Array<string>(n);
    for (let i = 0; i < n; i++) keys[i] = keyOf(targets[i]);
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
  setUnit(i: number, next: UnitState): void {
    const prev = this.units[i];
    this.units[i] = next;
    if (next !== prev) {
      this.seen.push(next);
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
        const a = this.attack;
        let r = a.fixedResult;
        if (r === null) {
          const dr = ALL_DR[index];
          const col = a.column === null ? null : coweredColumn(a.column, isDoubles(dr), a.coweringShift, ctx.ruleSet.settings.coweringOnOneFP);
          r = col === null ? NO_EFFECT : iftResultOf(col, dr.white + dr.colored + a.drm);
        }
        this.applyIFTResult(r);
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
        const dr = ALL_DR[index];
        const u = units[t.u];
        let next: UnitState;
        let wound: number | null;
        let hob = 0;
        if (t.c === 'berserk') {
          const leaderDRM = lentLeadershipDRM(units[t.src]) ?? units[t.src].profile.leadershipDRM;
          const r = resolveBerserkCheck(u, leaderDRM, dr, ctx);
          next = r.unit;
          wound = r.woundSeverityDRM;
        } else {
          const spec = checkOf(units, ctx, t)!;
          const r = resolveCheck(u, spec.check, spec.drm, dr, ctx);
          next = r.unit;
          wound = r.woundSeverityDRM;
          hob = r.heatOfBattle ? (r.unit.status === 'broken' ? 2 : 1) : 0;
        }
        this.setUnit(t.u, next);
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
          const hero = initialUnitState(r.createdHero);
          units.push(hero);
          this.seen.push(hero);
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
   * A string that orders like the chain's interned code of `u` (codeOf: the base-36 rank of its key's
   * first appearance on the path). With at most 36 states seen every code is one base-36 digit, so the
   * position of that first appearance orders alike; beyond, the code itself.
   */
  codeOf(u: UnitState): string {
    const seen = this.seen;
    const keys = this.seenKeys;
    for (let j = keys.length; j < seen.length; j++) keys.push(j < this.nTargets ? keyOf(seen[j]) : unitStateKey(seen[j]));
    let at = seen.length - 1;
    while (seen[at] !== u) at--;
    const first = keys.indexOf(keys[at]);
    if (seen.length <= 36) return String.fromCharCode(48 + first);
    let rank = 0;
    for (let j = 0; j < first; j++) if (keys.indexOf(keys[j]) === j) rank++;
    return rank.toString(36);
  }

  /** The chain's `canonicalize` (nothing tracked: every event mask is 0). */
  canonicalize(): void {
    const units = this.units;
    const heroes = units.length - this.nTargets;
    if (this.classes === null && heroes < 2) return;
    let sig: string[] | null = null;
    if (this.classes !== null) {
      for (const g of this.classes) {
        // Units that are all one state (or one object) cannot change places: no signatures needed.
        if (!this.touched(g) || allSame(units, g)) continue;
        sig ??= this.signatures();
        this.sortGroup(g, sig);
      }
    }
    if (heroes >= 2) {
      const g: number[] = [];
      for (let i = this.nTargets; i < units.length; i++) g.push(i);
      if (allSame(units, g)) return;
      this.sortGroup(g, sig ?? this.signatures());
    }
  }

  /** True when a position of target class `g` has held a new state. */
  touched(g: readonly number[]): boolean {
    if (this.changed === -1) return true;
    for (const i of g) if ((this.changed & (1 << i)) !== 0) return true;
    return false;
  }

  /** The chain's `pendingSignatures`. */
  signatures(): string[] {
    const sig: string[] = new Array<string>(this.units.length).fill('');
    for (let j = this.todo.length - 1; j >= 0; j--) {
      const t = this.todo[j];
      switch (t.k) {
        case IFT:
          break;
        case RS:
          for (const i of t.cand!) sig[i] += '!';
          break;
        case CHK:
          sig[t.u] += t.sig();
          if (t.src >= 0) sig[t.src] += '!';
          break;
        default:
          sig[t.u] += t.sig();
      }
    }
    for (const l of this.losses) sig[l.leader] += '!';
    for (const b of this.berserkLeaders) sig[b] += '!';
    return sig;
  }

  /** Sorts the units of each same-signature subset of group `g` by code (stable), as `canonicalize` does. */
  sortGroup(g: readonly number[], sig: readonly string[]): void {
    const units = this.units;
    const leader = units[g[0]].profile.kind === 'leader';
    const m = g.length;
    let taken = 0; // bitmask over g (groups are small)
    for (let a = 0; a < m; a++) {
      const i = g[a];
      if ((taken & (1 << a)) !== 0) continue;
      const s = sig[i];
      if (s.includes('!') || (leader && s !== '')) continue;
      let pos: number[] | null = null;
      let differ = false;
      for (let b = a + 1; b < m; b++) {
        const j = g[b];
        if ((taken & (1 << b)) === 0 && sig[j] === s) {
          taken |= 1 << b;
          if (pos === null) pos = [i];
          pos.push(j);
          if (units[j] !== units[i]) differ = true;
        }
      }
      if (pos === null || !differ) continue;
      const items = pos.map((p) => units[p]);
      const codes = items.map((u) => this.codeOf(u));
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
      for (let x = 0; x < pos.length; x++) units[pos[x]] = items[x];
    }
  }
}

/** unitStateKey, cached per (immutable) unit state: targets recur from one attack to the next. */
const KEYS = new WeakMap<UnitState, string>();
function keyOf(u: UnitState): string {
  let k = KEYS.get(u);
  if (k === undefined) {
    k = unitStateKey(u);
    KEYS.set(u, k);
  }
  return k;
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
 * @returns a new array: the targets' final states in the chain's positions, then any heroes created
 * @throws never on valid input
 * @example sampleAttack([leader91, squad467], attack8FP, ctx, streamFor('s', 0))[1].status // 'broken' or ...
 */
export function sampleAttack(targets: readonly UnitState[], attack: CompiledAttack, ctx: MoraleContext, rng: Int32Source): UnitState[] {
  const w = new FastAttack(targets, attack, ctx);
  w.todo.push(IFT_STEP);
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
