/**
 * The MG-vs-vehicle chain (A9.6, A9.61): an optional To Hit DR, then a To Kill DR.
 *
 *   To Hit DR (armored facing, or an AFV Kill attack) --miss--> no effect
 *        | hit (Final DR <= TH#); Original DR >= B#: MG malfunctions (A9.7)
 *        v
 *   To Kill DR (AP To Kill Table, or the IFT Vehicle line) --> burning | eliminated | Stunned | no effect
 *
 * Without a To Hit DR (unarmored facing, ordinary fire, A9.6) the chain starts at the IFT DR, which can
 * malfunction the MG too, and a DR equal to the Kill Number Immobilizes the vehicle (A7.308; A9.61's Stun
 * is the AFV Kill attack's; docs/rules-notes.md §12). A `ChainModel`, so both engines run the same rule functions.
 */
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import { drFromIndex } from '../dice/dice.js';
import type { RuleSet } from '../rules/rule-set.js';
import { isMalfunction, resolveToHit, resolveToKill, type ToKillResult } from '../rules/vehicle-fire.js';
import { Ev } from '../rules/events.js';

/** What the chain needs, resolved to numbers. */
export interface VehicleChainInput {
  /** Modified To Hit number, or null when no To Hit DR is made (IFT Vehicle line, A9.6). */
  readonly toHit: number | null;
  /** To Hit DRM, integer. */
  readonly toHitDRM: number;
  /** Final Kill Number: AP To Kill number less Armor Factor, or the Vehicle line's number. */
  readonly kill: number;
  /** DRM of the To Kill DR (or of the IFT DR on the Vehicle line), integer. */
  readonly toKillDRM: number;
  /** The MG's Breakdown number B#, integer in [2, 13] (13: never). */
  readonly breakdown: number;
  readonly ruleSet: RuleSet;
}

/** A state of the chain. */
export interface VehicleChainState {
  readonly phase: 'toHit' | 'toKill' | 'done';
  /** Final result, meaningful once done: 'miss' when the To Hit DR missed; 'immobilized' on the Vehicle line. */
  readonly result: ToKillResult | 'immobilized' | 'miss';
  readonly malfunctioned: boolean;
}

/** Outcome names. */
const VEHICLE_OUTCOMES: Readonly<Record<VehicleChainState['result'], string>> = {
  burning: 'AFV eliminated, burning',
  eliminated: 'AFV eliminated',
  stunned: 'AFV Stunned',
  immobilized: 'vehicle Immobilized',
  none: 'hit, no effect',
  miss: 'missed',
};

/**
 * Builds the chain. Never throws.
 * @example enumerateChain(buildVehicleChain({ toHit: 10, toHitDRM: 0, kill: 4, toKillDRM: 0, breakdown: 12, ruleSet })) // eliminated 33/36 x 3/36 ...
 */
export function buildVehicleChain(input: VehicleChainInput): ChainModel<VehicleChainState> {
  const misses = input.ruleSet.settings.vehicleMalfunctionShot === 'misses';
  return {
    initial: { phase: input.toHit === null ? 'toKill' : 'toHit', result: 'none', malfunctioned: false },
    key: (s) => `${s.phase}/${s.result}/${s.malfunctioned ? 1 : 0}`,
    rollOf: (s): Roll | null => (s.phase === 'done' ? null : 'DR'),
    advance: (s, index): Transition<VehicleChainState> => {
      const { white, colored } = drFromIndex(index);
      const original = white + colored;
      // Only the MG's own attack DR can malfunction it: the To Hit DR, or the IFT DR on the Vehicle line.
      const attackDR = s.phase === 'toHit' || input.toHit === null;
      const broke = attackDR && isMalfunction(original, input.breakdown);
      const events = broke ? Ev.malfunction : 0;
      const lost = broke && misses;
      if (s.phase === 'toHit') {
        if (lost || !resolveToHit(original + input.toHitDRM, input.toHit as number)) {
          return { state: { phase: 'done', result: 'miss', malfunctioned: broke }, events };
        }
        return { state: { phase: 'toKill', result: 'none', malfunctioned: broke }, events: events | Ev.hit };
      }
      const toKill = lost ? 'none' : resolveToKill(original + input.toKillDRM, input.kill, input.ruleSet);
      const result = toKill === 'stunned' && input.toHit === null ? 'immobilized' : toKill;
      let ev = events;
      if (result === 'burning') ev |= Ev.killed | Ev.burning;
      else if (result === 'eliminated') ev |= Ev.killed;
      else if (result === 'stunned') ev |= Ev.stunned;
      return { state: { phase: 'done', result, malfunctioned: s.malfunctioned || broke }, events: ev };
    },
    describe: (s) => {
      const base = s.result === 'none' && input.toHit === null ? 'no effect' : VEHICLE_OUTCOMES[s.result];
      return s.malfunctioned ? `${base}, MG malfunctioned` : base;
    },
  };
}
