/**
 * The Close Combat chain (A11): one CCPh in one Location, each side attacking all enemy units there.
 *
 *   simultaneous:  ATTACKER's CC DR, DEFENDER's CC DR  (odds, Kill Number and DRM fixed before either
 *                  result applies, A11.1) -> ATTACKER's result on the DEFENDER -> DEFENDER's on the ATTACKER
 *   Ambush (A11.4): the Ambushing side's DR and result first, then the survivors of the other side attack
 *   end of the CCPh: Disrupted units still in Melee are eliminated (A19.12)
 *   broken units do not attack (their FP still defends); a side with only broken units makes no attack
 *
 *   result on each unit attacked (rules/close-combat `ccResultsOn`: a broken unit's fate at Final DR - 2,
 *   A11.16, the A11.622 example): Final DR < Kill Number eliminated; == : Random Selection among the units
 *   at == (a dr per unit, highest selected, ties all selected; A.9) picks the unit(s) Casualty Reduced
 *   (rules/casualty-reduction: squad -> HS, HS/crew eliminated, SMC wounded then a Wound Severity dr,
 *   A17.11); > : no effect.
 *
 * Units of both sides live in one array (ATTACKER's first). Steps that need no dice are applied at once
 * (`settle`), so every state the engines see either rolls or is final. A `ChainModel`, so both engines run
 * the same rule functions.
 */
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import { drFromIndex } from '../dice/dice.js';
import { resolveCasualtyReduction, resolveWoundSeverity } from '../rules/casualty-reduction.js';
import { ccAttackFigures, ccResultsOn, isLeaderCreation, resolveCCAttack, type CCAttackFigures, type CCResult, type CCSideState } from '../rules/close-combat.js';
import { randomSelection } from '../rules/random-selection.js';
import type { RuleSet } from '../rules/rule-set.js';
import { describeUnit, isAlive, unitStateKey, withChanges, type UnitState } from '../rules/unit-state.js';
import { Ev } from '../rules/events.js';

/** What is fixed about one side for the whole CCPh: its units, CX, concealment, skis, other DRM. */
export interface CCSideInput extends CCSideState {
  readonly units: readonly UnitState[];
}

/** The chain's input. */
export interface CCChainInput {
  readonly attacker: CCSideInput;
  readonly defender: CCSideInput;
  /** Which side Ambushed the other (A11.4), if any. */
  readonly ambush: 'attacker' | 'defender' | null;
  /** Hand-to-Hand CC (J2.31): both sides use the red Kill Numbers. */
  readonly handToHand: boolean;
  readonly ruleSet: RuleSet;
}

export type { CCAttackFigures };

/** A state of the CC chain. */
export interface CCChainState {
  /** Both sides' units, ATTACKER's first (`attackerCount` of them). */
  readonly units: readonly UnitState[];
  /** Per unit: events it suffered (bitmask of `Ev`). */
  readonly unitEvents: readonly number[];
  /** Steps left: 'a'/'b' roll the ATTACKER's/DEFENDER's CC DR, 'A'/'B' apply its result, 'D' the A19.12 step. */
  readonly todo: string;
  /** Result of the ATTACKER's / DEFENDER's attack on each unit it attacks (the other side's, in order), once rolled. */
  readonly resultA: readonly CCResult[] | null;
  readonly resultB: readonly CCResult[] | null;
  /** Random Selection drs rolled so far for the step at the head of `todo`; drs below the highest kept as 0. */
  readonly selectionDrs: readonly number[];
  /** Wound Severity drs to roll: [unit index, drm]. */
  readonly wounds: readonly (readonly [number, number])[];
}

/**
 * Builds the chain.
 * @throws never (inputs are checked by queries/cc-query.ts)
 */
export function buildCCChain(input: CCChainInput): ChainModel<CCChainState> {
  const nA = input.attacker.units.length;
  const ruleSet = input.ruleSet;
  const sideOf = (i: number) => (i < nA ? 'a' : 'b');
  const alive = (units: readonly UnitState[], side: 'a' | 'b') => units.filter((u, i) => sideOf(i) === side && isAlive(u));
  /** The units of `side` that attack: on the map and unbroken (broken units do not attack in CC). */
  const attacking = (units: readonly UnitState[], side: 'a' | 'b') => alive(units, side).filter((u) => u.status === 'good-order');
  const aliveIndices = (units: readonly UnitState[], side: 'a' | 'b') => units.map((u, i) => (sideOf(i) === side && isAlive(u) ? i : -1)).filter((i) => i >= 0);

  /** Odds column, Kill Number and DRM of `side`'s attack with the units as they now stand. */
  function figures(units: readonly UnitState[], side: 'a' | 'b'): CCAttackFigures {
    const [own, other] = side === 'a' ? [input.attacker, input.defender] : [input.defender, input.attacker];
    const ambushes = input.ambush === (side === 'a' ? 'attacker' : 'defender');
    const ambushed = input.ambush === (side === 'a' ? 'defender' : 'attacker');
    return attackFigures(input, own, other, attacking(units, side), alive(units, side === 'a' ? 'b' : 'a'), ambushes, ambushed);
  }

  /** Applies every step that needs no dice; returns the state and the events that caused. */
  function settle(s0: CCChainState): { state: CCChainState; events: number } {
    let s = s0;
    let events = 0;
    for (;;) {
      if (s.wounds.length > 0) break;
      const head = s.todo[0];
      if (head === undefined) break;
      if (head === 'a' || head === 'b') {
        if (attacking(s.units, head).length === 0 || alive(s.units, head === 'a' ? 'b' : 'a').length === 0) {
          // No unbroken unit left to attack (an Ambushed side wiped out, A11.4; only broken units), or none to attack.
          s = { ...s, todo: s.todo.slice(1) };
          continue;
        }
        break; // roll its DR
      }
      if (head === 'D') {
        // A19.12: Disrupted units still in Melee at the end of the CCPh are eliminated.
        const units = s.units.slice();
        const unitEvents = s.unitEvents.slice();
        units.forEach((u, i) => {
          const enemy = sideOf(i) === 'a' ? 'b' : 'a';
          if (isAlive(u) && u.disrupted && alive(s.units, enemy).length > 0) {
            units[i] = withChanges(u, { status: 'eliminated', pinned: false });
            unitEvents[i] |= Ev.elimination;
            events |= Ev.elimination;
          }
        });
        s = { ...s, units, unitEvents, todo: s.todo.slice(1) };
        continue;
      }
      const results = head === 'A' ? s.resultA : s.resultB;
      const targetIdx = aliveIndices(s.units, head === 'A' ? 'b' : 'a');
      // Rolled on these targets (none of them can fall between the DR and its result): eliminated ones
      // and those at a Partial Kill, among whom Random Selection picks (A11.11, A.9).
      const killed = results === null ? [] : targetIdx.filter((_, k) => results[k] === 'eliminate');
      const partial = results === null ? [] : targetIdx.filter((_, k) => results[k] === 'casualtyReduction');
      if (killed.length === 0 && partial.length === 0) {
        s = { ...s, todo: s.todo.slice(1) };
        continue;
      }
      let reduced: readonly number[];
      if (partial.length <= 1) reduced = partial;
      else if (s.selectionDrs.length < partial.length) break; // roll Random Selection drs (A.9)
      else {
        const mask = randomSelection(s.selectionDrs, 1);
        reduced = partial.filter((_, k) => (mask & (1 << k)) !== 0);
      }
      const selected = [...killed, ...reduced];
      const units = s.units.slice();
      const unitEvents = s.unitEvents.slice();
      const wounds: [number, number][] = [];
      for (const i of selected) {
        if (killed.includes(i)) {
          units[i] = withChanges(units[i], { status: 'eliminated', pinned: false });
          unitEvents[i] |= Ev.elimination;
          events |= Ev.elimination;
        } else {
          const r = resolveCasualtyReduction(units[i], ruleSet);
          units[i] = r.unit;
          unitEvents[i] |= r.events;
          events |= r.events;
          if (r.woundSeverityDRM !== null) wounds.push([i, r.woundSeverityDRM]);
        }
      }
      s = { ...s, units, unitEvents, todo: s.todo.slice(1), selectionDrs: [], wounds };
    }
    if (s.todo.length === 0 && s.wounds.length === 0) {
      const aLeft = alive(s.units, 'a').length > 0;
      const bLeft = alive(s.units, 'b').length > 0;
      if (!aLeft) events |= Ev.attackerEliminated;
      if (!bLeft) events |= Ev.defenderEliminated;
      if (aLeft && bLeft) events |= Ev.meleeContinues;
    }
    return { state: s, events };
  }

  const units0 = [...input.attacker.units, ...input.defender.units];
  const order = (input.ambush === 'attacker' ? 'aAbB' : input.ambush === 'defender' ? 'bBaA' : 'abAB') + 'D';
  const initial = settle({
    units: units0,
    unitEvents: units0.map(() => 0),
    todo: order,
    resultA: null,
    resultB: null,
    selectionDrs: [],
    wounds: [],
  }).state;

  return {
    initial,
    key: (s) =>
      `${s.units.map(unitStateKey).join(',')}|${s.unitEvents.join(',')}|${s.todo}|${s.resultA?.join(' ')}|${s.resultB?.join(' ')}|${s.selectionDrs.join('')}|${s.wounds.map((w) => w.join(':')).join(',')}`,
    rollOf: (s): Roll | null => {
      if (s.wounds.length > 0) return 'dr';
      const head = s.todo[0];
      if (head === undefined) return null;
      return head === 'a' || head === 'b' ? 'DR' : 'dr'; // 'A'/'B' waiting here need Random Selection drs
    },
    advance: (s, index): Transition<CCChainState> => {
      if (s.wounds.length > 0) {
        const [i, drm] = s.wounds[0];
        const r = resolveWoundSeverity(s.units[i], index + 1, drm);
        const units = s.units.slice();
        const unitEvents = s.unitEvents.slice();
        units[i] = r.unit;
        unitEvents[i] |= r.events;
        const settled = settle({ ...s, units, unitEvents, wounds: s.wounds.slice(1) });
        return { state: settled.state, events: r.events | settled.events };
      }
      const head = s.todo[0];
      if (head === 'a' || head === 'b') {
        const { white, colored } = drFromIndex(index);
        const original = white + colored;
        const f = figures(s.units, head);
        const result = ccResultsOn(original + f.drm, f, s.units.filter((u, i) => sideOf(i) !== head && isAlive(u)));
        const events = isLeaderCreation(original, attacking(s.units, head)) ? Ev.leaderCreation : 0;
        const next = { ...s, todo: s.todo.slice(1), ...(head === 'a' ? { resultA: result } : { resultB: result }) };
        const settled = settle(next);
        return { state: settled.state, events: events | settled.events };
      }
      // Random Selection dr (A.9). Only the highest dr so far and who rolled it can matter from here on, so
      // lower drs are kept as 0 ("cannot be selected" for randomSelection): equal futures, one state.
      const dr = index + 1;
      const max = s.selectionDrs.reduce((m, x) => Math.max(m, x), 0);
      const drs = dr > max ? [...s.selectionDrs.map(() => 0), dr] : [...s.selectionDrs, dr === max ? dr : 0];
      const settled = settle({ ...s, selectionDrs: drs });
      return { state: settled.state, events: settled.events };
    },
    describe: (s) => `ATTACKER ${sideText(s.units.slice(0, nA))} | DEFENDER ${sideText(s.units.slice(nA))}`,
  };
}

function unbroken(u: UnitState): boolean {
  return u.status === 'good-order';
}

function sideText(units: readonly UnitState[]): string {
  const left = units.filter(isAlive);
  // Sorted, so that the same survivors read the same whichever of two identical units was hit.
  return left.length === 0 ? 'eliminated' : left.map(describeUnit).sort().join(', ');
}

/** The figures of an attack by `attackers` (of side `own`) on `targets` (rules/close-combat `ccAttackFigures`). */
function attackFigures(
  input: CCChainInput,
  own: CCSideInput,
  other: CCSideInput,
  attackers: readonly UnitState[],
  targets: readonly UnitState[],
  ambushes: boolean,
  targetsAttackedFirst: boolean,
): CCAttackFigures {
  return ccAttackFigures(attackers, targets, { own, other, ambush: ambushes, handToHand: input.handToHand, targetsAttackedFirst }, input.ruleSet);
}

/**
 * The figures of each side's attack with every unit present (what a player reads off the CCT), each term
 * with its source; null for a side with no unbroken unit (it makes no attack, A11.16). Never throws.
 */
export function ccOpeningFigures(input: CCChainInput): { attacker: CCAttackFigures | null; defender: CCAttackFigures | null } {
  const { attacker: a, defender: d } = input;
  return {
    attacker: a.units.some(unbroken) ? attackFigures(input, a, d, a.units.filter(unbroken), d.units, input.ambush === 'attacker', input.ambush === 'defender') : null,
    defender: d.units.some(unbroken) ? attackFigures(input, d, a, d.units.filter(unbroken), a.units, input.ambush === 'defender', input.ambush === 'attacker') : null,
  };
}

/** A state of {@link buildCCAttackChain}. */
export type CCAttackState = CCResult | 'roll';

/**
 * One attack on the CC Table (A11.11) as a chain: a DR against `kill` with `drm`; outcomes `eliminated`,
 * `Casualty Reduction`, `no effect`, events elimination / casualtyReduction. What the CCT gives for one
 * column and DRM (`asl-odds table cc`), through the same rule function as the full chain. Never throws.
 * @example enumerateChain(buildCCAttackChain(6, 0)) // eliminated 5/18 (3-2, Kill Number 6)
 */
export function buildCCAttackChain(kill: number, drm: number): ChainModel<CCAttackState> {
  const names: Record<CCResult, string> = { eliminate: 'eliminated', casualtyReduction: 'Casualty Reduction', none: 'no effect' };
  return {
    initial: 'roll',
    key: (s) => s,
    rollOf: (s): Roll | null => (s === 'roll' ? 'DR' : null),
    advance: (_s, index): Transition<CCAttackState> => {
      const { white, colored } = drFromIndex(index);
      const result = resolveCCAttack(white + colored + drm, kill);
      return { state: result, events: result === 'eliminate' ? Ev.elimination : result === 'casualtyReduction' ? Ev.casualtyReduction : 0 };
    },
    describe: (s) => (s === 'roll' ? 'roll' : names[s]),
  };
}
