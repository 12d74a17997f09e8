import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { exactOddsResult } from '../../src/queries/exact-result.js';
import { integrityQuery } from '../../src/queries/integrity-query.js';
import { integrityCheckDRM, isELRLost, isELRRegained, lowerELR, regainReinforcementDRM } from '../../src/rules/battlefield-integrity.js';
import { bufferIO } from '../cli/buffer-io.js';
import { rs2e } from './helpers.js';

const none = { enemyArmor: false, enemyAir: false, friendlyArmor: false, friendlyAir: false };
const exact = (q: ReturnType<typeof integrityQuery>) => exactOddsResult(q.header.command, q.header.ruleSet, q.header.input, q.model, q.header.eventNames);

describe('A16.2 Integrity Check DRM', () => {
  it('A16.21 EX: first IB loss (+1), best Good Order leader 9-1 (-1): DRM 0', () => {
    expect(integrityCheckDRM({ ibLosses: 1, bestLeaderDRM: -1, ...none }, rs2e)).toBe(0);
  });
  it('+1 per IB loss; enemy armor/air +1 each; friendly -1 each; no leader: setting (+1)', () => {
    expect(integrityCheckDRM({ ibLosses: 3, bestLeaderDRM: 0, ...none, enemyArmor: true, enemyAir: true }, rs2e)).toBe(5);
    expect(integrityCheckDRM({ ibLosses: 2, bestLeaderDRM: -2, ...none, friendlyArmor: true, friendlyAir: true }, rs2e)).toBe(-2);
    expect(integrityCheckDRM({ ibLosses: 1, bestLeaderDRM: null, ...none }, rs2e)).toBe(2);
  });
  it('ELR is lost on Final DR >= 12, never below 0 (A16.21)', () => {
    expect(isELRLost(12, 0)).toBe(true);
    expect(isELRLost(11, 0)).toBe(false);
    expect(lowerELR(0)).toBe(0);
    expect(lowerELR(3)).toBe(2);
  });
});

describe('A16.3 regaining ELR', () => {
  it('A16.12 EX: 41 points of reinforcements on an Integrity Base of 40 give -2', () => {
    expect(regainReinforcementDRM(41, 40)).toBe(-2);
    expect(regainReinforcementDRM(40, 40)).toBe(-1);
    expect(regainReinforcementDRM(0, 40)).toBe(0);
  });
  it('success on Final DR <= 2, ignoring positive DRM', () => {
    expect(isELRRegained(2, 3)).toBe(true);
    expect(isELRRegained(4, -2)).toBe(true);
    expect(isELRRegained(5, -2)).toBe(false);
  });
});

describe('asl-odds integrity (exact)', () => {
  it('A16.21 EX: the Russians lose an ELR only on an Original 12: 1/36', () => {
    expect(exact(integrityQuery({ losses: 1, leader: 'russian/9-1' })).eventFractions!.elrLoss).toBe('1/36');
  });
  it('3 IB losses, no leader (+1), enemy armor (+1): Final >= 12 on Original >= 7: 7/12', () => {
    expect(exact(integrityQuery({ losses: 3, noLeader: true, enemyArmor: true })).eventFractions!.elrLoss).toBe('7/12');
  });
  it('ELR 0 cannot fall further: no elrLoss event', () => {
    expect(exact(integrityQuery({ losses: 5, elr: 0 })).events.elrLoss).toBe(0);
  });
  it('regain with the A16.12 reinforcements (-2): Original <= 4: 1/6', () => {
    const r = exact(integrityQuery({ regain: true, losses: 2, elr: 2, reinforcementBPV: 41, integrityBase: 40 }));
    expect(r.eventFractions!.elrRegain).toBe('1/6');
  });
  it('CLI: --no-leader, bad input exits 2 with one line', async () => {
    const io = bufferIO();
    expect(await runCli(['integrity', '--losses', '1', '--no-leader', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out).input.totalDRM).toBe(2);
    const bad = bufferIO();
    expect(await runCli(['integrity', '--losses', '1', '--leader', 'german/4-6-7'], bad)).toBe(2);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    const missing = bufferIO();
    expect(await runCli(['integrity', '--regain', '--losses', '1', '--reinforcement-bpv', '20'], missing)).toBe(2);
  });
});
