/**
 * The catalog's underscores (A7.36 Assault Fire, A7.34 Spraying Fire): one entry for every counter,
 * each with its source and confidence, the values the VASL counter art shows as read by
 * kehannan/ruleschat app/asl/unit_capabilities.py (its spot checks against the rulebook included).
 */
import { describe, expect, it } from 'vitest';
import { getUnit, listUnits, underscoresOf } from '../../src/counters/catalog.js';
import { scannedUnderscoreIds } from '../../src/counters/underscores.js';

describe('underscoresOf: every catalog row, with source and confidence', () => {
  it('every row has an entry; every scanned id is a row; an unknown one is low and says so', () => {
    for (const u of listUnits()) {
      const s = underscoresOf(u);
      expect(s.source.length, u.id).toBeGreaterThan(0);
      if (s.assaultFire === null || s.sprayingFire === null) expect([u.id, s.confidence]).toEqual([u.id, 'low']);
    }
    const ids = new Set(listUnits().map((u) => u.id));
    for (const id of scannedUnderscoreIds()) expect(ids.has(id), id).toBe(true);
  });
  it("the peer's spot checks: A7.31 EX (American 6-6-6, German 5-4-8 have Assault Fire); A25.11 (SS 6-5-8 none printed, a note); A25 Russian note (the regular SMG 6-2-8 has it)", () => {
    expect(underscoresOf(getUnit('american/6-6-6')).assaultFire).toBe(true);
    expect(underscoresOf(getUnit('german/5-4-8')).assaultFire).toBe(true);
    const ss = underscoresOf(getUnit('german/6-5-8'));
    expect([ss.assaultFire, ss.sprayingFire]).toEqual([false, true]);
    expect(ss.note).toMatch(/A25\.11/);
    expect(underscoresOf(getUnit('russian/6-2-8')).assaultFire).toBe(true);
  });
  it('the issue\'s German 4-6-7: no Assault Fire, Spraying Fire (art ge467S); the Finnish 6-4-8 both (fi648S); leaders and heroes neither (high)', () => {
    expect(underscoresOf(getUnit('german/4-6-7'))).toMatchObject({ assaultFire: false, sprayingFire: true, confidence: 'medium' });
    expect(underscoresOf(getUnit('finnish/6-4-8'))).toMatchObject({ assaultFire: true, sprayingFire: true });
    expect(underscoresOf(getUnit('german/9-1'))).toMatchObject({ assaultFire: false, sprayingFire: false, confidence: 'high' });
    expect(underscoresOf(getUnit('german/hero'))).toMatchObject({ assaultFire: false, sprayingFire: false, confidence: 'high' });
    expect(underscoresOf(getUnit('axis-minor/4-5-8'))).toMatchObject({ assaultFire: null, confidence: 'low' });
  });
});

describe('asl-odds units shows the underscores', () => {
  it('text: an "underscored" column (German 4-6-7 Range, 5-4-8 FP, Range, a leader -); JSON: each row with source and confidence', async () => {
    const { runCli } = await import('../../src/cli/main.js');
    const { bufferIO } = await import('../cli/buffer-io.js');
    const io = bufferIO();
    expect(await runCli(['units', '--nationality', 'german'], io)).toBe(0);
    const row = (id: string) => io.out.split('\n').find((l) => l.startsWith(`${id} `));
    expect(io.out.split('\n')[0]).toMatch(/\bBPV\s+underscored\s+confidence\s+source$/);
    expect(row('german/4-6-7')).toMatch(/\s8\s+Range\s+low\s/);
    expect(row('german/5-4-8')).toMatch(/\sFP, Range\s+low\s/);
    expect(row('german/9-1')).toMatch(/\s-\s+\w+\s/);
    const json = bufferIO();
    expect(await runCli(['units', '--nationality', 'finnish', '--json'], json)).toBe(0);
    const units = JSON.parse(json.out) as { id: string; underscores: { assaultFire: boolean | null; confidence: string } }[];
    expect(units.find((u) => u.id === 'finnish/6-4-8')?.underscores).toMatchObject({ assaultFire: true, confidence: 'medium' });
    expect(units.find((u) => u.id === 'finnish/5-4-8')?.underscores).toMatchObject({ assaultFire: null, confidence: 'low' });
  });
});
