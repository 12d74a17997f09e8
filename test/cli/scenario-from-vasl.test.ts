/**
 * Issue 41: `asl-odds scenario --from-vasl setup.vsav` writes a scenario file's order of battle from a
 * VASL save, which the scenario parser (schema and catalog) accepts as written, for a designer to
 * complete. Fixture: kehannan/ruleschat's Hazmo save (MIT).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { parseScenario } from '../../src/scenario/scenario-file.js';
import { bufferIO } from './buffer-io.js';

const F = new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url).pathname;

describe('scenario --from-vasl', () => {
  it('writes each side\'s stacks by Location; the file loads as a scenario', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'asl-odds-from-vasl-')), 'hazmo.yaml');
    const io = bufferIO();
    // Seen as the Russian (fair play): his concealed 4-4-7s of 57-G2 are his to write.
    expect(await runCli(['scenario', '--from-vasl', F, '--as', 'russian', '--out', out], io)).toBe(0);
    expect(io.err).toMatch(/^wrote .*hazmo\.yaml: 20 Locations of Hazmo-52-After-Finn-4\.vsav; complete the FILL IN fields\n$/);
    const text = readFileSync(out, 'utf8');
    const s = parseScenario(text, 'hazmo.yaml');
    expect(s.sides.map((side) => side.id)).toEqual(['russian', 'finnish']);
    const russian = s.sides[0];
    const h8 = russian.stacks.find((st) => st.name === '57-H8')!;
    expect(h8.units.map((u) => [u.id, u.count])).toEqual([
      ['russian/8-0', 1],
      ['russian/4-4-7', 1],
    ]);
    // Fair play (A12): the Russian's own concealed 4-4-7s of 57-G2 are written; the Finn's concealed 69-J1 is
    // a concealed stack, its units not named, the file says so.
    expect(russian.stacks.find((st) => st.name === '57-G2')!.units.map((u) => [u.id, u.count])).toEqual([['russian/4-4-7', 2]]);
    expect(s.sides[1].stacks.find((st) => st.name === '69-J1')).toBeUndefined();
    expect(text).toContain('# 69-J1: a concealed stack: 4 "?" counters (Finnish), not shown to you (the enemy\'s): FILL IN');
    // A SW with the unit holding it, as a comment (asl-odds's scenarios hold no SW).
    expect(text).toContain('          # SW not taken: LMG (held by russian/3-2-8)');
    // What asl-odds cannot take is said, not dropped.
    // 57-K3: the Gun's 2-2-8 crew is a unit (VASL module data, docs/rules-notes.md §9); the Gun is a comment under it.
    expect(russian.stacks.find((st) => st.name === '57-K3')!.units.map((u) => [u.id, u.count])).toEqual([['russian/2-2-8', 1]]);
    expect(text).toContain('          - "russian/2-2-8"\n          # not taken: 37L AT PTP obr. 30: a Gun (asl-odds has no Gun data)');
    // 57-G9: the Commissar is taken with the Russian HS of the Melee.
    expect(russian.stacks.find((st) => st.name === '57-G9')!.units.map((u) => u.id)).toEqual(['russian/commissar-10-0', 'russian/2-3-7']);
    expect(text).toContain('# in the save russian/3-2-8 (unit 1) is broken, DM');
  });

  it('a scenario file and --from-vasl together: one line, exit 2', async () => {
    const io = bufferIO();
    expect(await runCli(['scenario', 'x.yaml', '--from-vasl', F], io)).toBe(2);
    expect(io.err).toBe('asl-odds: error: scenario: give a scenario file or --from-vasl <setup.vsav>, not both\n');
  });
});
