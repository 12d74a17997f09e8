/**
 * Issue 38, words: what a player reads is in the rulebook's words (src/reports/glossary.ts, one glossary
 * for the page and the CLI's tables); identifiers stay in JSON and CSV.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { idsInWords, inputPathWords, optionLabel } from '../../src/reports/glossary.js';
import { outcomeKind, OUTCOME_COLORS } from '../../src/reports/outcome-chart.js';
import { placeholderNumbers } from '../../src/reports/summary.js';
import { bufferIO } from '../cli/buffer-io.js';

async function run(argv: string[]): Promise<string> {
  const io = bufferIO();
  expect(await runCli(argv, io), io.err).toBe(0);
  return io.out;
}

describe('players\' words', () => {
  it('labels options as the rulebook names them', () => {
    expect(optionLabel('drm')).toBe('DRM');
    expect(optionLabel('elr')).toBe('ELR');
    expect(optionLabel('fp')).toBe('Firepower (FP)');
    expect(optionLabel('th')).toBe('To Hit number');
    expect(optionLabel('attacker-cx')).toBe('Attacker CX');
    expect(optionLabel('some-new-option')).toBe('Some new option');
  });
  it('reads counter ids as the counter reads, and input paths as words', () => {
    expect(idsInWords('8 FP (8 column) DRM 0 directed by russian/8-1')).toBe('8 FP (8 column) DRM 0 directed by Russian 8-1');
    expect(idsInWords('german/4-6-7 + german/6+1 + finnish/10-2')).toBe('German 4-6-7 + German 6+1 + Finnish 10-2');
    expect(idsInWords('LMG (r) of finnish/6-4-8 fires as russian/lmg; british/mmg, german/hmg')).toBe('LMG (r) of Finnish 6-4-8 fires as Russian LMG; British MMG, German HMG');
    expect(inputPathWords('attacker.attackFP')).toBe('ATTACKER · attack FP');
    expect(inputPathWords('attacker.units.0.id')).toBe('ATTACKER · units · 1');
    expect(inputPathWords('toHitSource')).toBe('To Hit number from');
  });
  it('Close Combat opens with each side\'s odds column and Kill Number (A11.11)', async () => {
    const out = await run(['cc', '--attacker', 'german/4-6-7,german/4-6-7', '--defender', 'russian/4-4-7']);
    expect(out.split('\n')[0]).toBe('Close Combat (A11): ATTACKER 2-1, Kill Number 7; DEFENDER 1-2, Kill Number 4: exact (every dice path)');
  });
  it('the vehicle answer opens with the placeholder warning until the numbers are given or sourced', async () => {
    const out = await run(['vehicle', '--mg', 'hmg', '--range', '3', '--armor', '1']);
    expect(out.split('\n')[1]).toBe(
      'WARNING: Placeholder numbers, not from a verified source: HMG Normal Range, HMG B#, HMG basic To Kill number; give them from your own chart (--th, --tk, --normal-range, --breakdown) for figures you can rely on.',
    );
    const given = await run(['vehicle', '--mg', 'hmg', '--th', '7', '--tk', '5', '--breakdown', '12', '--normal-range', '16']);
    expect(given).not.toContain('WARNING');
    // driven by the query's per-number sources (input.placeholders)
    expect(placeholderNumbers({ placeholders: ['HMG B#'] })).toEqual(['HMG B#']);
    expect(placeholderNumbers({ sources: [] })).toEqual([]);
  });
  it('Stunned is an effect of its own in the vehicle chart', () => {
    expect(outcomeKind('AFV Stunned', 'vehicle')).toBe('Stunned');
    expect(outcomeKind('hit, no effect', 'vehicle')).toBe('passed / no effect');
    expect(OUTCOME_COLORS.Stunned).not.toBe(OUTCOME_COLORS['passed / no effect']);
  });
  it('rout --compare names events in words; its CSV keeps the identifiers', async () => {
    const text = await run(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--compare', 'crawl']);
    expect(text).toContain('event: Casualty Reduced');
    expect(text).not.toMatch(/casualtyReduction|heatOfBattle/);
    const csv = await run(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--compare', 'crawl', '--format', 'csv']);
    expect(csv).toContain('event,casualtyReduction,');
  });
});
