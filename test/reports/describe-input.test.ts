import { describe, expect, it } from 'vitest';
import { mcExact, rallyExact } from '../../src/queries/morale-query.js';
import { describeInputLine } from '../../src/reports/describe-input.js';
import { formatOddsTable } from '../../src/reports/odds-table.js';

describe('describeInputLine: the Input line of the odds tables, for players', () => {
  it('npm start example: unit with its MLs, check, leader with his DRM, total DRM, ELR, LOS', () => {
    const r = mcExact({ unit: 'german/4-6-7', check: '1MC', leaders: ['german/8-1'] });
    expect(describeInputLine(r)).toBe(
      'unit German 4-6-7 (ML 7, broken 7), check 1MC, leader German 8-1 (-1), total DRM 0, ELR 3, Known enemy in LOS',
    );
  });

  it('the text and markdown tables use it: no JSON, no catalog source, no default settings', () => {
    const r = mcExact({ unit: 'german/4-6-7', check: '1MC', leaders: ['german/8-1'] });
    for (const format of ['text', 'markdown'] as const) {
      const line = formatOddsTable(r, { format }).split('\n').find((l) => l.startsWith('Input:'))!;
      expect(line).toContain('German 8-1 (-1)');
      expect(line).not.toMatch(/[{}"]|source|jASL|setting/);
    }
  });

  it('markers, a changed current ML, other DRM, flags and only the settings that differ from the rule set', () => {
    const r = rallyExact({
      unit: 'russian/4-4-7',
      selfRally: true,
      dm: true,
      fanatic: true,
      drm: -1,
      knownEnemyInLOS: false,
      settings: { japaneseHoBDRM: '2', casualtyMCAlsoReplaces: 'true' },
    });
    expect(describeInputLine(r)).toBe(
      'unit Russian 4-4-7 (ML 7, broken 7), broken, Fanatic, DM, current ML 8, Self-Rally, terrain open, other DRM -1, total DRM +4, ELR 3, no Known enemy in LOS, Japanese HoB DRM: 2 (setting japaneseHoBDRM)',
    );
  });

  it('recovery: CX in the rulebook\'s capitals (issue 13: "cx")', () => {
    expect(describeInputLine({ ruleSet: '2nd-edition', input: { cx: true, night: false, drm: 0, totalDRM: 1 } })).toBe('CX, total DRM +1');
  });

  it('a GIA default is not a change (japaneseHoBDRM 3); several leaders print with the DRM that applies', () => {
    const r = mcExact({ unit: 'german/4-6-7', leaders: ['german/8-0', 'german/9-2'], adjacentEnemy: true, rules: 'gi-anvil', settings: { japaneseHoBDRM: '3' } });
    expect(describeInputLine(r)).toBe(
      'unit German 4-6-7 (ML 7, broken 7), check NMC, leaders German 8-0 + German 9-2 (-2), total DRM -2, ELR 3, Known enemy in LOS, Known enemy ADJACENT',
    );
  });

  it('other commands: spelt-out keys, signed DRM, counters by id', () => {
    const input = { kind: 'check', losses: 1, leader: { id: 'russian/9-1', leadershipDRM: -1, source: 'x' }, bestLeaderDRM: -1, noLeader: false, elr: 3, totalDRM: 0, routeMF: [1, 1] };
    expect(describeInputLine({ ruleSet: '2nd-edition', input })).toBe(
      'check, losses 1, leader Russian 9-1 (-1), best leader DRM -1, ELR 3, total DRM 0, route MF 1 + 1',
    );
    expect(describeInputLine({ ruleSet: 'unknown', input: { settings: { a: 1 }, nested: { x: 1 } } })).toBe('');
  });
});
