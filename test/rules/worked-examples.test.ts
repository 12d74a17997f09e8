/**
 * The rulebook's worked examples (rules/001 A10, rules/003 A16) as table-driven tests, each row naming
 * its example. The A25.1 Replacement ladder oracle is in test/counters/ladders.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { getUnit, reducedOf } from '../../src/counters/catalog.js';
import { ALL_DR, originalDR } from '../../src/dice/dice.js';
import { mcExact } from '../../src/queries/morale-query.js';
import { integrityCheckDRM, isELRLost, regainReinforcementDRM } from '../../src/rules/battlefield-integrity.js';
import { leaderLossML, llmcFor } from '../../src/rules/leader-loss.js';
import { resolveCheck } from '../../src/rules/morale-check.js';
import { withChanges } from '../../src/rules/unit-state.js';
import { ctx, rs2e, unit } from './helpers.js';

interface LLMCRow {
  readonly example: string;
  readonly leader: string;
  readonly leaderBroken: boolean;
  readonly squad: string;
  readonly squadBroken: boolean;
  /** The # of the LLMC (0 = NMC), or null when the squad takes none. */
  readonly expected: number | null;
}

const LLMC_ROWS: readonly LLMCRow[] = [
  { example: 'A10.2 EX: 9-1 eliminated, broken 4-6-7 (ML 7 < 9) takes a 1MC', leader: 'german/9-1', leaderBroken: false, squad: 'german/4-6-7', squadBroken: true, expected: 1 },
  { example: 'A10.2 EX: 9-1 eliminated, broken SS 6-5-8 (broken ML 9, not < 9) takes none', leader: 'german/9-1', leaderBroken: false, squad: 'german/6-5-8', squadBroken: true, expected: null },
  { example: 'A10.21 EX: broken 8-0 eliminated, 4-6-7 takes a NMC', leader: 'german/8-0', leaderBroken: true, squad: 'german/4-6-7', squadBroken: false, expected: 0 },
  { example: 'A10.21 EX: broken 8-0 eliminated, 4-6-8 (ML 8, not < 8) takes none', leader: 'german/8-0', leaderBroken: true, squad: 'german/4-6-8', squadBroken: false, expected: null },
  { example: 'A10.21 EX: were the leader an 8-1, the 4-6-7 takes a 1MC', leader: 'german/8-1', leaderBroken: true, squad: 'german/4-6-7', squadBroken: false, expected: 1 },
  { example: 'A10.21 EX: were the leader an 8-1, the 4-6-8 still takes none', leader: 'german/8-1', leaderBroken: true, squad: 'german/4-6-8', squadBroken: false, expected: null },
  { example: 'A10.21 EX: were the leader a 9-1, the 4-6-8 takes a 1MC', leader: 'german/9-1', leaderBroken: true, squad: 'german/4-6-8', squadBroken: false, expected: 1 },
  { example: 'A10.21 EX: were the leader a 9-1, the 4-6-7 takes a 1MC', leader: 'german/9-1', leaderBroken: true, squad: 'german/4-6-7', squadBroken: false, expected: 1 },
];

describe('A10.2, A10.21 worked examples: Leader Loss Morale Checks', () => {
  it.each(LLMC_ROWS)('$example', (row) => {
    const leader = unit(row.leader, { broken: row.leaderBroken });
    const squad = unit(row.squad, { broken: row.squadBroken });
    const llmc = llmcFor(squad, leader.profile.leadershipDRM, leaderLossML(leader), rs2e);
    if (row.expected === null) {
      expect(llmc).toBeNull();
    } else {
      expect(llmc).not.toBeNull();
      expect(llmc!.check.kind).toBe('MC');
      expect(llmc!.check.label).toBe('LLMC');
      // `+ 0`: llmcFor gives -0 (not 0) for an 8-0 (`-leadershipDRM`); the same NMC either way.
      expect(llmc!.check.strength + 0).toBe(row.expected);
      expect(llmc!.drm).toBe(0);
    }
  });

  it('A10.2 with A15.21: an 8-1 made heroic (ML 9) is lost as a 9-1 is: the 4-6-8 the plain 8-1 spares takes the same 1MC', () => {
    const heroic81 = withChanges(unit('german/8-1'), { heroic: true });
    const plain91 = unit('german/9-1');
    const squad = unit('german/4-6-8');
    expect(leaderLossML(heroic81)).toBe(9);
    expect(leaderLossML(plain91)).toBe(9);
    // A10.2 reads of the lost leader his ML and leadership DRM alone: equal in both, the same check.
    const fromHeroic = llmcFor(squad, heroic81.profile.leadershipDRM, leaderLossML(heroic81), rs2e);
    expect(fromHeroic).toEqual(llmcFor(squad, plain91.profile.leadershipDRM, leaderLossML(plain91), rs2e));
    expect(fromHeroic!.check.strength).toBe(1);
    expect(fromHeroic!.drm).toBe(0);
    expect(llmcFor(squad, -1, leaderLossML(unit('german/8-1')), rs2e)).toBeNull();
  });

  it('A10.2 EX: the broken 4-6-7 failing its 1MC LLMC is Reduced to a broken HS (2-4-7): Final DR > broken ML, by the 36 DR', () => {
    const squad = unit('german/4-6-7', { broken: true });
    const llmc = llmcFor(squad, getUnit('german/9-1').leadershipDRM, 9, rs2e)!;
    const hs = reducedOf(getUnit('german/4-6-7'))!;
    const brokenML = getUnit('german/4-6-7').brokenML;
    let reduced = 0;
    for (const dr of ALL_DR) {
      const r = resolveCheck(squad, llmc.check, llmc.drm, dr, ctx());
      const fails = originalDR(dr) + 1 > brokenML;
      expect(r.passed).toBe(!fails);
      if (fails) {
        expect(r.unit.profile.id).toBe(hs.id);
        expect(r.unit.status).toBe('broken');
        reduced++;
      } else {
        expect(r.unit.profile.id).toBe('german/4-6-7');
      }
    }
    expect(hs.id).toBe('german/2-4-7');
    expect(reduced).toBe(21); // DR 7..12 with broken ML 7
  });

  it('A10.2 EX, exact: P(the broken 4-6-7 ends a broken HS) = 21/36 = 7/12 (mcExact, 1MC on the broken squad)', () => {
    const r = mcExact({ unit: 'german/4-6-7', broken: true, check: '1MC' });
    expect(r.eventFractions!.casualtyReduction).toBe('7/12');
    expect(r.outcomes.find((o) => o.state.includes('2-4-7'))?.fraction).toBe('7/12');
  });
});

interface LeaderMCRow {
  readonly example: string;
  readonly leaders: readonly string[];
  readonly leadershipDRM: number;
  /** P(pass) + P(pin) = P(Final DR <= 9), in 36ths. */
  readonly passOrPin: number;
  readonly pass: string;
  readonly pin: string;
}

const LEADER_MC_ROWS: readonly LeaderMCRow[] = [
  { example: 'A10.22 EX: the 9-1 alone must roll <= 9', leaders: [], leadershipDRM: 0, passOrPin: 30, pass: '13/18', pin: '1/9' },
  { example: 'A10.22 EX: with an unbroken 10-2 the 9-1 passes with a DR <= 11', leaders: ['german/10-2'], leadershipDRM: -2, passOrPin: 35, pass: '11/12', pin: '1/18' },
  { example: 'A10.22 EX: a 9-2 instead has no effect (same ML as the 9-1)', leaders: ['german/9-2'], leadershipDRM: 0, passOrPin: 30, pass: '13/18', pin: '1/9' },
];

describe('A10.22 worked example, exact odds (mcExact NMC on a 9-1)', () => {
  it.each(LEADER_MC_ROWS)('$example', (row) => {
    const r = mcExact({ unit: 'german/9-1', check: 'NMC', leaders: row.leaders });
    expect(r.input.leadershipDRM).toBe(row.leadershipDRM);
    expect(r.events.pass! + r.events.pin!).toBeCloseTo(row.passOrPin / 36, 12);
    expect(r.eventFractions!.pass).toBe(row.pass); // Final DR < 9 (A10.1)
    expect(r.eventFractions!.pin).toBe(row.pin); // Final DR == 9 (A7.8)
  });
});

describe('A16 worked examples: Battlefield Integrity', () => {
  const none = { enemyArmor: false, enemyAir: false, friendlyArmor: false, friendlyAir: false };

  it('A16.21 EX: first IB loss (+1), best Good Order leader a 9-1 (-1): DRM 0, ELR lost only on an Original 12, P = 1/36', () => {
    const drm = integrityCheckDRM({ ibLosses: 1, bestLeaderDRM: -1, ...none }, rs2e);
    expect(drm).toBe(0);
    const losing = ALL_DR.filter((dr) => isELRLost(originalDR(dr), drm));
    expect(losing).toEqual([{ white: 6, colored: 6 }]);
    expect(losing.length / ALL_DR.length).toBe(1 / 36);
  });

  it('A16.12 EX: 41 points of MMC reinforcements against an Integrity Base of 40 give -2 to regain ELR', () => {
    expect(regainReinforcementDRM(41, 40)).toBe(-2);
  });
});
