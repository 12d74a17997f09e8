/**
 * The checks of one deferred unit of a stack: a Personnel unit that is not a leader (squad, HS, crew,
 * hero), whose checks in a fire attack the attack chain records instead of rolling (attack-chain.ts,
 * `deferred`), to be resolved here on their own (attack-factored.ts).
 *
 * Why this is exact: in one fire attack a unit that is not a leader never changes what any other unit
 * rolls. Its check does not lend leadership (A10.7), its loss forces no LLMC (A10.2), it does not make
 * others check (A15.41 is a leader's), and Random Selection happens before any check (A.9). So, given
 * what the leaders did, the deferred units' histories are independent; each one's is fixed by its
 * state after the IFT result and the list of checks the leaders' history called for (its "script").
 *
 *   script entries, in order: the IFT result's direct effects on the unit if any ('effect': KIA,
 *   K/#, Random Selection, A7.301, A7.302, A.9: its state after them and their events, applied
 *   without a roll), its #MC or PTC (A7.301, A7.8), a Wound Severity dr (K/#, A17.11), then the waves the leaders' fall set off: LLMC / LLTC of a leader (A10.2), a berserk
 *   leader's Berserk check (A15.41), each with the leadership DRM that applied at that moment
 *   each check -> its Wound Severity dr, its Heat of Battle DR (A15.1; a hero created there, A15.21,
 *   takes the later waves too)
 */
import { ALL_DR } from '../dice/dice.js';
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import type { CheckSpec } from '../rules/check.js';
import type { MoraleContext } from '../rules/context.js';
import { isHoBEligible } from '../rules/heat-of-battle.js';
import { llmcFor, lltcFor } from '../rules/leader-loss.js';
import { isAlive, unitStateKey, type UnitState } from '../rules/unit-state.js';
import { checkFor } from '../chains/check-task.js';
import { berserkOutcome, checkOutcome, hobHeroOf, hobOutcome, lastOutcomeEvents, outcomeHoB, outcomeNext, outcomeWound, woundNext } from '../chains/check-table.js';
import { UNIT_CODES } from '../chains/unit-codes.js';

/**
 * One check (or Wound Severity dr) the leaders' history calls for on a deferred unit. `lead` is the
 * leadership DRM the best Good Order leader lent at that moment (0 to a berserk unit, A15.42); a LLMC /
 * LLTC names the lost leader by what A10.2 reads of him, his leadership DRM (`leaderDRM`) and the ML his
 * loss is measured against (`ml`); `key` identifies the entry (equal keys, equal effect).
 */
export type ScriptEntry =
  | { readonly k: 'mc'; readonly n: number; readonly lead: number; readonly key: string }
  | { readonly k: 'ptc'; readonly lead: number; readonly key: string }
  | { readonly k: 'llmc' | 'lltc'; readonly leaderDRM: number; readonly ml: number; readonly lead: number; readonly key: string }
  | { readonly k: 'berserk'; readonly leaderDRM: number; readonly key: string }
  | { readonly k: 'wnd'; readonly drm: number; readonly key: string }
  | { readonly k: 'effect'; readonly unit: UnitState; readonly events: number; readonly key: string };

/** A deferred unit's script: its entries in order and their key (the entries' keys, each with ';'). Immutable. */
export interface Script {
  readonly entries: readonly ScriptEntry[];
  readonly key: string;
}

/**
 * True for an entry that every part of the unit takes, heroes it created included (A15.21): a wave the
 * leaders' fall set off (LLMC / LLTC, A10.2; a berserk leader's Berserk check, A15.41). The other
 * entries (the IFT result's effect, #MC, PTC, Wound Severity dr) are the unit's own. Never throws.
 */
export function isWave(e: ScriptEntry): boolean {
  return e.k === 'llmc' || e.k === 'lltc' || e.k === 'berserk';
}

/** The script of no checks. */
export const EMPTY_SCRIPT: Script = Object.freeze({ entries: Object.freeze([]), key: '' });

/** `script` with `e` appended (a new script). Never throws. */
export function appendEntry(script: Script, e: ScriptEntry): Script {
  return { entries: [...script.entries, e], key: script.key + e.key + ';' };
}

/** The state of a deferred unit's chain. Immutable. */
export interface DeferredState {
  /** The unit (part 0), then heroes it created (A15.21), in order of creation. */
  readonly parts: readonly UnitState[];
  /** Index of the next script entry to start. */
  readonly next: number;
  /** Pending steps of the current entry; the first one needs a roll unless `done`. */
  readonly todo: readonly LocalTask[];
  readonly done: boolean;
  /**
   * Events the unit itself (part 0) had so far (bitmask of Ev), part of the key: the engine's `events`
   * are every part's, so a terminal tells both (the unit's own events, and any part's).
   */
  readonly own: number;
  readonly key: string;
}

type LocalTask =
  | { readonly k: 'chk'; readonly part: number; readonly entry: number }
  | { readonly k: 'wnd'; readonly part: number; readonly drm: number }
  | { readonly k: 'hob'; readonly part: number; readonly broken: boolean };

/** The leadership DRM entry `e` lends unit `u`: none to a berserk unit (A15.42). */
function leadFor(u: UnitState, e: { readonly lead: number }): number {
  return u.berserk ? 0 : e.lead;
}

/** The check entry `e` (an MC, PTC, LLMC or LLTC) calls for on unit `u` with its DRM, or null when `u` is not subject to it. */
function checkOfEntry(u: UnitState, e: ScriptEntry, ctx: MoraleContext): { check: CheckSpec; drm: number } | null {
  switch (e.k) {
    case 'mc':
    case 'ptc':
    case 'llmc':
    case 'lltc': {
      const s = e.k === 'mc' ? checkFor(u, 'mc', e.n, 0, 0, ctx.ruleSet) : e.k === 'ptc' ? checkFor(u, 'ptc', 0, 0, 0, ctx.ruleSet) : checkFor(u, e.k, 0, e.leaderDRM, e.ml, ctx.ruleSet);
      return s === null ? null : { check: s.check, drm: s.drm + leadFor(u, e) };
    }
    default:
      return null;
  }
}

/** Whether a part in state `u` is among the takers of entry `e` when it starts (an 'effect' has none: it is applied). */
function takes(u: UnitState, e: ScriptEntry, ctx: MoraleContext): boolean {
  switch (e.k) {
    case 'effect':
      return false;
    case 'llmc':
      return llmcFor(u, e.leaderDRM, e.ml, ctx.ruleSet) !== null;
    case 'lltc':
      return lltcFor(u, e.leaderDRM, e.ml, ctx.ruleSet) !== null;
    case 'berserk':
      return isHoBEligible(u, ctx.ruleSet);
    default:
      return isAlive(u);
  }
}

/** Whether a part in state `u` with entry `e`'s check at the head of its queue is no longer subject to it (skipped, no roll). */
function skipsCheck(u: UnitState, e: ScriptEntry, ctx: MoraleContext): boolean {
  if (e.k === 'berserk') return !(isAlive(u) && !u.berserk);
  if (e.k === 'wnd') return !isAlive(u);
  return checkOfEntry(u, e, ctx) === null;
}

/** What decides the outcome of entry `e`'s check on unit `u` besides the DR (the check, its strength and DRM): the outcome memo's key. */
function checkKey(u: UnitState, e: ScriptEntry, ctx: MoraleContext): string {
  if (e.k === 'berserk') return `B${e.leaderDRM}`;
  const c = checkOfEntry(u, e, ctx)!;
  return `${c.check.label}.${c.check.kind}${c.check.strength}${c.check.failurePins ? 'p' : ''}.${c.drm}`;
}

/**
 * What entry `e` does to a unit in state `u` taking it alone (one stage of its script, from no
 * heroes): entries with equal keys give the same chain from `u` (tested). '' when the unit is not
 * subject to it (the chain rolls nothing); an effect's own key (applied without a roll); else the
 * check's (its DRM included) or the Wound Severity dr's DRM. Used to enumerate a stage once per
 * (unit state, key). Never throws.
 */
export function stageKey(u: UnitState, e: ScriptEntry, ctx: MoraleContext): string {
  if (e.k === 'effect') return `E${e.key}`;
  if (!takes(u, e, ctx)) return '';
  if (e.k === 'wnd') return isAlive(u) ? `W${e.drm}` : '';
  return skipsCheck(u, e, ctx) ? '' : `C${checkKey(u, e, ctx)}`;
}

/**
 * The chain of one deferred unit: every entry of its script in order (an 'effect' applied without a
 * roll, each check with its follow-ups). A transition's `events` are any part's; the state keeps the
 * unit's own (`own`, an effect's events included), so that the exact engine's terminals tell both. A
 * script can be run a stage at a time: the chain of `[e]` from the unit a prefix left is the next
 * stage (deferred-distribution.ts does so, backwards over the script's suffixes).
 * @param parts the unit as the attack found it (or as an earlier stage left it), then any heroes it
 *   created in earlier stages
 * @param script the entries, in the order the attack chain met them
 * @param ctx the attack's rule set, ELR and situation
 * Never throws.
 */
export function buildDeferredChain(parts: readonly UnitState[], script: readonly ScriptEntry[], ctx: MoraleContext): ChainModel<DeferredState> {
  const ctxId = UNIT_CODES.ctxId(ctx);
  /**
   * The parts that take entry `i`, as the attack chain picks a wave's takers when it starts: every part
   * for a wave ({@link isWave}), the unit itself for the IFT result's own steps (an 'effect' is applied
   * by `make`, never taken).
   */
  function takers(parts: readonly UnitState[], i: number): number[] {
    const e = script[i];
    const candidates = isWave(e) ? parts.map((_, p) => p) : [0];
    return candidates.filter((p) => takes(parts[p], e, ctx));
  }

  /** True when the head task needs no roll (it is skipped: the part is no longer subject). */
  function skip(parts: readonly UnitState[], t: LocalTask): boolean {
    const u = parts[t.part];
    return t.k !== 'chk' ? !isAlive(u) : skipsCheck(u, script[t.entry], ctx);
  }

  function make(parts: readonly UnitState[], next: number, todo: LocalTask[], own: number): DeferredState {
    // Settle: skip what needs no roll, start the next entry when the current one is done.
    for (;;) {
      while (todo.length > 0 && skip(parts, todo[0])) todo.shift();
      if (todo.length > 0 || next >= script.length) break;
      const e = script[next];
      if (e.k === 'effect') {
        // The IFT result's direct effects on the unit (A7.301, A7.302, A.9): no roll of its own.
        parts = [e.unit, ...parts.slice(1)];
        own |= e.events;
        next++;
        continue;
      }
      todo = takers(parts, next).map((part): LocalTask => (e.k === 'wnd' ? { k: 'wnd', part, drm: e.drm } : { k: 'chk', part, entry: next }));
      next++;
    }
    const done = todo.length === 0;
    const units = parts.map(unitStateKey).join(',');
    const key = done ? `D|${units}|${own}` : `${next}|${units}|${own}|${todo.map((t) => (t.k === 'chk' ? `c${t.part}.${t.entry}` : t.k === 'wnd' ? `w${t.part}.${t.drm}` : `h${t.part}${t.broken ? 1 : 0}`)).join(';')}`;
    return { parts, next, todo, done, own, key };
  }

  const initial = make(parts, 0, [], 0);
  let memoState: DeferredState | null = null;
  /** The check of `memoState`'s head task (checkOfEntry), once asked for. */
  let check: { check: CheckSpec; drm: number } | undefined;
  const byClass: (Transition<DeferredState> | undefined)[] = [];

  /**
   * One roll from `s`: the outcome of its head task, read from check-table.ts as the attack's
   * procedure reads it (procedure.ts), the check's Wound Severity dr and Heat of Battle DR queued after it.
   */
  function step(s: DeferredState, index: number): Transition<DeferredState> {
    const parts = s.parts.slice();
    const todo = s.todo.slice();
    const t = todo.shift()!;
    const c = UNIT_CODES.intern(parts[t.part]);
    let o: number;
    if (t.k === 'wnd') o = woundNext(UNIT_CODES, c, t.drm, index + 1) * 16;
    else if (t.k === 'hob') o = hobOutcome(UNIT_CODES, c, t.broken, index, ctx, ctxId);
    else {
      const e = script[t.entry];
      if (e.k === 'berserk') o = berserkOutcome(UNIT_CODES, c, e.leaderDRM, index, ctx, ctxId);
      else {
        check ??= checkOfEntry(parts[t.part], e, ctx)!;
        o = checkOutcome(UNIT_CODES, c, check.check, check.drm, index, ctx, ctxId);
      }
    }
    const events = lastOutcomeEvents();
    parts[t.part] = UNIT_CODES.byCode[outcomeNext(o)].unit;
    const own = t.part === 0 ? s.own | events : s.own;
    if (t.k === 'hob') {
      if ((o & 1) !== 0) parts.push(UNIT_CODES.byCode[hobHeroOf(UNIT_CODES, c, t.broken, index, ctxId)].unit);
    } else if (t.k === 'chk') {
      const follow: LocalTask[] = [];
      if (outcomeWound(o) >= 0) follow.push({ k: 'wnd', part: t.part, drm: outcomeWound(o) });
      if (outcomeHoB(o) !== 0) follow.push({ k: 'hob', part: t.part, broken: outcomeHoB(o) === 2 });
      todo.unshift(...follow);
    }
    return { state: make(parts, s.next, todo, own), events };
  }

  return {
    initial,
    key: (s) => s.key,
    rollOf(s): Roll | null {
      if (s.done) return null;
      return s.todo[0].k === 'wnd' ? 'dr' : 'DR';
    },
    advance(s, index) {
      // Checks and HoB depend on the DR total only; a dr on its value.
      if (memoState !== s) {
        memoState = s;
        byClass.length = 0;
        check = undefined;
      }
      const c = s.todo[0].k === 'wnd' ? index : ALL_DR[index].white + ALL_DR[index].colored;
      return (byClass[c] ??= step(s, index));
    },
    describe: (s) => s.parts.map(unitStateKey).join(', '),
  };
}
