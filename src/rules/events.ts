/**
 * Chain events: things that can happen to a unit in a chain, each reported as the probability that it
 * happens at least once. Carried through engines as a bitmask (bit i = EVENT_NAMES[i]) so that the
 * Monte Carlo kernel can OR them without allocating.
 *
 * Meanings (README "Events"):
 * - pass: the unit passed a check and was not pinned by it; pin: pinned (A7.8: Final DR == ML, or a
 *   failed PTC/TC); break: became broken (A10.3, including by Replacement, Casualty MC, HoB surrender);
 * - casualtyReduction (A10.31, A17.11), replacement (A19.13), disruption (A19.12), elimination, wound
 *   (A17.11, SMC);
 * - heatOfBattle: an HoB DR was made (A15.1); hero: a hero was created or a leader became heroic
 *   (A15.2); battleHardening (A15.3); fanatic: became Fanatic (A15.3, A10.8); berserk (A15.4);
 *   surrender: surrendered to an ADJACENT Known Good Order enemy (A15.5);
 * - rally: a broken unit returned to Good Order (Rally DR, berserk, Battle Hardening, heroic leader);
 * - arrived, failureToRout: rout outcomes (A10.5, A10.53);
 * - elrLoss, elrRegain: a side's ELR fell by an Integrity Check (A16.2) / was regained (A16.3);
 * - hit, killed, burning, stunned, malfunction: MG fire against a vehicle (A9.6, A9.61): a To Hit DR
 *   hit; the AFV was eliminated (burning: also a burning wreck); Stunned; the MG malfunctioned (A9.7);
 * - attackerEliminated, defenderEliminated, meleeContinues, leaderCreation: Close Combat (A11): every
 *   unit of that side eliminated; both sides still have units (Melee, A11.16); an Original CC DR of 2 by
 *   an attack including a MMC (Leader Creation, A18.1).
 */
export const EVENT_NAMES = [
  'pass',
  'pin',
  'break',
  'casualtyReduction',
  'replacement',
  'disruption',
  'elimination',
  'wound',
  'heatOfBattle',
  'hero',
  'battleHardening',
  'fanatic',
  'berserk',
  'surrender',
  'rally',
  'arrived',
  'failureToRout',
  'elrLoss',
  'elrRegain',
  'hit',
  'killed',
  'burning',
  'stunned',
  'malfunction',
  'attackerEliminated',
  'defenderEliminated',
  'meleeContinues',
  'leaderCreation',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Bit of each event in an event mask. */
export const Ev: { readonly [K in EventName]: number } = Object.freeze(
  Object.fromEntries(EVENT_NAMES.map((n, i) => [n, 1 << i])) as { [K in EventName]: number },
);

/** The events a morale command (`mc`, `rally`) reports, in output order. */
export const MORALE_EVENTS: readonly EventName[] = EVENT_NAMES.slice(0, 15);

/** Names of the bits set in `mask`, in EVENT_NAMES order. Never throws. */
export function eventsOf(mask: number): EventName[] {
  return EVENT_NAMES.filter((_, i) => (mask & (1 << i)) !== 0);
}
