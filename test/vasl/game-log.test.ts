/**
 * The rolls of real VASL logs (vasl-templates' fixtures, AGPL, vendored unchanged). Oracle: what that
 * project's own tests state the logs hold (pacman-ghost/vasl-templates,
 * vasl_templates/webapp/tests/test_lfa.py): the rolls in order with player, kind and dice, the Turn
 * Track's phases, the per-player counts and means, the 2s, 12s and sniper dr of its hotness report.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGameLog, type GameLog } from '../../src/vasl/game-log.js';
import { analyzeDiceLogs } from '../../src/reports/dice-log.js';

const DIR = new URL('../fixtures/vasl-templates/analyze-vlog/', import.meta.url).pathname;
const read = (name: string): GameLog => readGameLog(new Uint8Array(readFileSync(DIR + name)), name);
/** `A: IFT 3,1` style, as test_lfa.py's comments list them. */
const brief = (g: GameLog) => g.rolls.map((r) => `${r.player}: ${r.kind} ${r.dice.join(',')}`);

describe('readGameLog on vasl-templates logs (test_lfa.py)', () => {
  it('full.vlog: the 23 rolls of test_full in order, with the phases of its Turn Track', () => {
    const g = read('full.vlog');
    expect(g.moduleVersion).toBe('6.5.1');
    expect(g.unreadable).toBe(0);
    // test_full: RPh A1..b2, PFPh A6..A11, DFPh B5, b5, A12 (A = Alice, B = Bob; lower case = dr).
    expect(brief(g)).toEqual([
      'Alice: Other 5,4', 'Alice: Rally 4,1', 'Alice: Rally 3,1', 'Bob: Rally 6,2', 'Alice: Rally 6,4', 'Alice: Other 6',
      'Alice: Rally 3,4', 'Bob: Rally 5,3', 'Bob: Other 2', 'Bob: Other 2',
      'Alice: IFT 3,1', 'Bob: MC 5,2', 'Alice: IFT 5,3', 'Bob: SA 4', 'Bob: RS 6', 'Bob: MC 1,6', 'Alice: TH 5,5', 'Alice: TK 2,3', 'Alice: IFT 3,3', 'Alice: IFT 4,4',
      'Bob: IFT 4,2', 'Bob: SA 2', 'Alice: MC 1,2',
    ]);
    expect(g.rolls.map((r) => r.phase ?? '-').join(' ')).toBe('- - - - - - - - - - PFPh PFPh PFPh PFPh PFPh PFPh PFPh PFPh PFPh PFPh DFPh DFPh DFPh');
    expect(g.rolls[10]).toMatchObject({ side: 'Axis', turn: 1, phase: 'PFPh', type: 'DR', index: 11 });
    // Its distribution: dr Alice (6.0), Bob (3.2); DR Alice (6.6) of 12, Bob (7.2) of 5; MC: Alice 3.0 of 1, Bob 7.0 of 2.
    const a = analyzeDiceLogs([g]);
    const group = (player: string, type: string, kind: string | null = null) => a.groups.find((x) => x.player === player && x.type === type && x.kind === kind)!;
    expect([group('Alice', 'dr').mean, group('Alice', 'dr').count]).toEqual([6, 1]);
    expect([group('Bob', 'dr').mean, group('Bob', 'dr').count]).toEqual([3.2, 5]);
    expect(group('Alice', 'DR').count).toBe(12);
    expect(group('Alice', 'DR').mean.toFixed(1)).toBe('6.6');
    expect([group('Bob', 'DR').mean, group('Bob', 'DR').count]).toEqual([7.2, 5]);
    expect([group('Alice', 'DR', 'MC').mean, group('Bob', 'DR', 'MC').mean, group('Bob', 'DR', 'MC').count]).toEqual([3, 7, 2]);
    // "distrib DR" of test_full: Alice's 12 DR in percent per total 2..12.
    expect(group('Alice', 'DR').distribution.map((d) => ((d.count / 12) * 100).toFixed(1))).toEqual(['0.0', '8.3', '16.7', '16.7', '8.3', '8.3', '16.7', '8.3', '16.7', '0.0', '0.0']);
    // SA: Bob's two dr, 2 and 4 (mean 3.0).
    expect(group('Bob', 'dr', 'SA')).toMatchObject({ count: 2, mean: 3 });
  });

  it('4players.vlog: 35 RS dr of four players (Alice 11, Bob 8, Dave 10, Chuck 6) and their means', () => {
    const a = analyzeDiceLogs([read('4players.vlog')]);
    expect(a.players).toEqual(['Alice', 'Bob', 'Dave', 'Chuck']);
    const dr = a.groups.filter((g) => g.kind === null && g.type === 'dr' && g.player !== null);
    expect(dr.map((g) => `${g.player} ${g.count} ${g.mean.toFixed(1)}`)).toEqual(['Alice 11 2.7', 'Bob 8 4.5', 'Dave 10 2.8', 'Chuck 6 3.2']);
    expect(a.rolls.every((r) => r.kind === 'RS' && r.type === 'dr')).toBe(true);
  });

  it('3d6.vlog: a 3d6 roll is a DR of its first two dice and a dr of the third, as vasl-templates counts it', () => {
    expect(brief(read('3d6.vlog'))).toEqual(['test: IFT 6,6', 'test: RS 2', 'test: 3d6 3,4', 'test: 3d6 1', 'test: IFT 6,5', 'test: TH 6,2', 'test: 3d6 2,4', 'test: 3d6 2']);
  });

  it('download-test.vlog: names with quotes and CJK, the UN Turn Track', () => {
    const g = read('download-test.vlog');
    expect(g.rolls.map((r) => [r.player, r.kind, r.dice.join(','), r.phase === null ? '' : `${r.side} ${r.turn} ${r.phase}`])).toEqual([
      ['Joey "The Lips" Blow', 'IFT', '4,1', ''],
      ['Joey "The Lips" Blow', 'IFT', '2,5', ''],
      ['Joey "The Lips" Blow', 'RS', '2', ''],
      ['\u65e5\u672c Guy', 'IFT', '4,6', 'UN 1 PFPh'],
      ['\u65e5\u672c Guy', 'IFT', '2,6', 'UN 1 PFPh'],
      ['\u65e5\u672c Guy', 'RS', '3', 'UN 1 PFPh'],
      ['Joey "The Lips" Blow', 'IFT', '2,6', 'UN 1 MPh'],
      ['Joey "The Lips" Blow', 'IFT', '2,3', 'UN 1 MPh'],
      ['Joey "The Lips" Blow', 'RS', '3', 'UN 1 MPh'],
    ]);
  });

  it('multiple-1a, 1b and 2: the rolls of test_multiple_files, and one player across logs', () => {
    expect(brief(read('multiple-1a.vlog'))).toEqual([
      'Alice: IFT 5,2', 'Bob: IFT 2,6', 'Alice: RS 6', 'Alice: IFT 4,1', 'Bob: IFT 4,4', 'Bob: RS 1', 'Alice: IFT 2,1', 'Bob: IFT 4,4', 'Alice: RS 2', 'Bob: SA 5',
    ]);
    expect(brief(read('multiple-1b.vlog'))).toEqual(['Alice: IFT 3,6', 'Bob: IFT 4,2', 'Alice: RS 2', 'Alice: IFT 4,3', 'Bob: IFT 6,4']);
    expect(brief(read('multiple-2.vlog'))).toEqual(['Bob: IFT 5,5', 'Chuck: IFT 6,5', 'Bob: SA 4', 'Bob: IFT 2,2', 'Chuck: IFT 5,4', 'Chuck: RS 5']);
    // Bob across 1a and 2: DR 8, 8, 8 then 10, 4 (timePlot of check_all_files).
    const bob = analyzeDiceLogs([read('multiple-1a.vlog'), read('multiple-2.vlog')], 'Bob');
    expect(bob.rolls.filter((r) => r.type === 'DR').map((r) => r.dice[0] + r.dice[1])).toEqual([8, 8, 8, 10, 4]);
    expect(bob.players).toEqual(['Bob']);
  });

  it('hotness-report-1 and -2: the 2s, 12s and sniper dr of test_hotness_report', () => {
    const a = analyzeDiceLogs([read('hotness-report-1.vlog'), read('hotness-report-2.vlog')]);
    const count = (player: string, what: string) => a.mattered.find((m) => m.player === player && m.what === what)?.count;
    // 2s: Chuck MC 1 and Rally 1; Bob TC 1 (Alice's and Bob's TH 2s are no MC, TC or Rally).
    expect([count('Alice', 'Original 2 on a MC or Rally DR'), count('Bob', 'Original 2 on a MC or Rally DR'), count('Chuck', 'Original 2 on a MC or Rally DR')]).toEqual([0, 0, 2]);
    expect(count('Bob', 'Original 2 on a TC DR')).toBe(1);
    // 12s: Bob Rally 1 (Fate), Chuck MC 1 (Casualty MC).
    expect([count('Bob', 'Original 12 on a Rally DR'), count('Chuck', 'Original 12 on a MC DR'), count('Alice', 'Original 12 on a MC DR')]).toEqual([1, 1, 0]);
    // Snipers: Alice dr 1: 1, dr 2: 1; Bob dr 1: 1; Chuck dr 1: 2, dr 2: 1.
    expect(['Alice', 'Bob', 'Chuck'].map((p) => [count(p, 'SA dr of 1'), count(p, 'SA dr of 2')])).toEqual([
      [1, 1],
      [1, 0],
      [2, 1],
    ]);
    const chuckHoB = a.mattered.find((m) => m.player === 'Chuck' && m.what === 'Original 2 on a MC or Rally DR')!;
    expect(chuckHoB.of).toBe(10);
    expect(chuckHoB.atLeast.probability).toBeCloseTo(1 - (35 / 36) ** 10 - (10 / 36) * (35 / 36) ** 9, 14);
  });

  it('empty.vlog: a log with no roll (a comment only)', () => {
    const g = read('empty.vlog');
    expect(g.rolls).toEqual([]);
    expect(g.loggedCommands).toBe(1);
  });

  it('a saved game without a log says so (vasl.noLog)', () => {
    const f = new URL('../fixtures/vasl-templates/analyze-vsav/basic.vsav', import.meta.url).pathname;
    expect(() => readGameLog(new Uint8Array(readFileSync(f)), 'basic.vsav')).toThrow(expect.objectContaining({ code: 'vasl.noLog', exitCode: 2 }));
  });
});
