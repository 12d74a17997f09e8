/**
 * Recovery of an unpossessed SW/Gun (A4.44, rules/004; docs/rules-notes.md §10).
 *
 * An unpinned Good Order Infantry unit in the SW's Location (and not in the same Location as an armed
 * Known enemy unit) Recovers it on a Final dr < 6. Recovery drm: +1 if CX, +1 at night, plus any other
 * (e.g. the jungle/kunai/bamboo drm of G.5, given as a number). No Original-dr exception is stated.
 * Who may try, and when (RPh, MPh for one extra MF, a SMC from a broken unit), is the player's business.
 */

/** What modifies a Recovery dr (A4.44). */
export interface RecoveryModifiers {
  /** The unit is CX: +1. */
  readonly cx: boolean;
  /** Night: +1. */
  readonly night: boolean;
  /** Any other drm, integer. */
  readonly otherDRM: number;
}

/** A Recovery succeeds on a Final dr below this (A4.44). */
export const RECOVERY_BELOW = 6;

/**
 * Total Recovery drm: +1 CX, +1 night, + other. Integer. Never throws.
 * @example recoveryDRM({ cx: true, night: true, otherDRM: 0 }) // 2
 */
export function recoveryDRM(m: RecoveryModifiers): number {
  return (m.cx ? 1 : 0) + (m.night ? 1 : 0) + m.otherDRM;
}

/**
 * Resolves one Recovery dr (A4.44): true when the Final dr (dr + drm) is < 6.
 * @param dr the die, integer in [1, 6]
 * @param drm total drm ({@link recoveryDRM}), integer
 * Never throws.
 * @example resolveRecovery(5, 0) // true
 * @example resolveRecovery(5, 1) // false (CX)
 */
export function resolveRecovery(dr: number, drm: number): boolean {
  return dr + drm < RECOVERY_BELOW;
}
