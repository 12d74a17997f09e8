/**
 * Issue 41 on the command line, as a player types it: `asl-odds vasl <file>` on the real Hazmo save
 * (kehannan/ruleschat fixture, MIT), and the odds commands taking a Location with `--vasl <file> --at
 * <hex>`. Oracle: the same question typed by hand (`--target ...`) gives the same odds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from './buffer-io.js';

const F = new URL('../fixtures/vasl/Hazmo-52-After-Finn-4.vsav', import.meta.url).pathname;

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = bufferIO();
  const code = await runCli(argv, io);
  return { code, out: io.out, err: io.err };
}

describe('asl-odds vasl <file>', () => {
  it('lists each occupied Location: hex, side, units top first with markers, pieces not mapped with the reason', async () => {
    const { code, out } = await run(['vasl', F]);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toBe('Hazmo-52-After-Finn-4.vsav: VASL 6.7.3 saved game, boards 69 (reversed), 57 (reversed); 20 occupied Locations');
    expect(lines[1]).toBe('Map read: Main Map (not read: Casualties); 53 pieces off the boards (in its margins).');
    expect(lines[2]).toBe(
      'Seen as neither side: no concealed or hidden (HIP) unit is identified. To see your own, add --as <your side> (a nationality, e.g. --as finnish, or your VASL player name).',
    );
    expect(lines[3]).toBe("Hex names checked against VASSAL's own records: 38 of 38 moved pieces' old Locations match.");
    const block = (hex: string) => out.slice(out.indexOf(`\n${hex} `) + 1).split('\n\n')[0];
    expect(block('57-E8')).toBe(
      [
        '57-E8  Russian',
        '  1. russian/3-2-8 (3-2-8 Ehs, printed 6-2-8 Esq): broken, DM, skis',
        '  SW: LMG, held by unit 1',
      ].join('\n'),
    );
    expect(block('57-K3')).toBe(['57-K3  Russian', '  1. russian/2-2-8 (2-2-8 Icr)', '  not mapped: 37L AT PTP obr. 30: a Gun (asl-odds has no Gun data)', ''].join('\n'));
    expect(block('57-G9')).toContain(
      [
        '57-G9  Finnish and Russian',
        '  1. finnish/2-4-8 (2-4-8 1hs, printed 6-4-8 1sq): melee',
        '  2. russian/commissar-10-0 (Commissar 10-0): melee',
        '  3. russian/2-3-7 (2-3-7 1hs, printed 4-5-8 Esq): melee',
      ].join('\n'),
    );
    // Every Personnel counter of the save is mapped; only Guns, vehicles, Snipers, markers and skis carried (OFF Skis, E4.21) are not; the SW are listed with the unit holding each (seen by neither side: what lies under the "?" counters of 69-J1 and 69-K7 is not shown).
    expect(out).not.toMatch(/not in the asl-odds catalog|a Commissar \(/);
    expect(out.match(/ {2}not mapped: /g)).toHaveLength(12);
    expect(out.match(/ {2}SW: /g)).toHaveLength(11);
  });

  it('--json: the interface of issue 41', async () => {
    const { code, out } = await run(['vasl', F, '--json']);
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(j.file).toBe('Hazmo-52-After-Finn-4.vsav');
    expect(j.boards.map((b: { name: string; reversed: boolean }) => [b.name, b.reversed])).toEqual([
      ['69', true],
      ['57', true],
    ]);
    expect(j.breadcrumbs).toEqual({ checked: 38, matched: 38, mismatches: [] });
    expect(j).toMatchObject({ kind: 'save', viewer: { as: null, side: null }, maps: { read: 'Main Map', others: ['Casualties'] }, offBoard: 53 });
    const e8 = j.locations.find((l: { hex: string }) => l.hex === '57-E8');
    expect(e8.units).toEqual([{ position: 1, id: 'russian/3-2-8', side: 'russian', counter: '3-2-8 Ehs', piece: '6-2-8 Esq', markers: ['broken', 'DM', 'skis'] }]);
    expect(e8.supportWeapons).toEqual([{ name: 'LMG', artSide: 'russian', possessor: 1 }]);
  });

  it('--at: one Location', async () => {
    const { code, out } = await run(['vasl', F, '--at', '57-H8', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out).locations.map((l: { hex: string }) => l.hex)).toEqual(['57-H8']);
  });
});

describe('the odds commands on a Location of the game', () => {
  it('attack --vasl --at 57-H8 --fp 8 --drm 2: the stack from the board, the same odds as typed by hand', async () => {
    const board = await run(['attack', '--vasl', F, '--at', '57-H8', '--fp', '8', '--drm', '2', '--json']);
    expect(board.code).toBe(0);
    const byHand = await run(['attack', '--target', 'russian/8-0,russian/4-4-7', '--fp', '8', '--drm', '2', '--json']);
    const a = JSON.parse(board.out);
    const b = JSON.parse(byHand.out);
    expect(a.input.gameFile).toBe('Hazmo-52-After-Finn-4.vsav');
    expect(a.input.location).toBe('57-H8');
    expect(a.units).toEqual(b.units);
    expect(a.stackEvents).toEqual(b.stackEvents);
    expect(board.err).toContain('note: 57-H8: units in a Foxhole (B27)');
  });

  it('the text report names the game file and the Location', async () => {
    const { code, out } = await run(['attack', '--vasl', F, '--at', '57-H8', '--fp', '8', '--drm', '2']);
    expect(code).toBe(0);
    expect(out).toContain('Input: game file Hazmo-52-After-Finn-4.vsav, location 57-H8,');
  });

  it('attack --from 57-H9 with --fp: the Location firers set only the Cowering (non-Conscript Finns never cower, A7.9)', async () => {
    const board = await run(['attack', '--vasl', F, '--at', '57-H8', '--fp', '8', '--drm', '2', '--from', '57-H9', '--json']);
    const byHand = await run(['attack', '--target', 'russian/8-0,russian/4-4-7', '--fp', '8', '--drm', '2', '--firer', 'finnish/6-4-8', '--json']);
    expect(board.code).toBe(0);
    expect(JSON.parse(board.out).stackEvents).toEqual(JSON.parse(byHand.out).stackEvents);
  });

  it('mc --vasl --at 57-E8: the broken 3-2-8 HS (a failed check Casualty Reduces it, A10.3), as typed by hand', async () => {
    const board = await run(['mc', '--vasl', F, '--at', '57-E8', '--json']);
    const byHand = await run(['mc', '--unit', 'russian/3-2-8', '--broken', '--json']);
    expect(board.code).toBe(0);
    expect(JSON.parse(board.out).outcomes).toEqual(JSON.parse(byHand.out).outcomes);
  });

  it('rally --vasl --at 57-E8 --unit 1 --self-rally: under DM (+4, A10.62), as typed by hand', async () => {
    const board = await run(['rally', '--vasl', F, '--at', '57-E8', '--unit', '1', '--self-rally', '--json']);
    const byHand = await run(['rally', '--unit', 'russian/3-2-8', '--dm', '--self-rally', '--json']);
    expect(board.code).toBe(0);
    expect(JSON.parse(board.out).outcomes).toEqual(JSON.parse(byHand.out).outcomes);
  });

  it('mc --unit 2 at 57-H8: the 4-4-7 with the 8-0 lending his DRM (A10.7)', async () => {
    const board = await run(['mc', '--vasl', F, '--at', '57-H8', '--unit', '2', '--check', '1MC', '--json']);
    const byHand = await run(['mc', '--unit', 'russian/4-4-7', '--leader', 'russian/8-0', '--check', '1MC', '--json']);
    expect(board.code).toBe(0);
    expect(JSON.parse(board.out).outcomes).toEqual(JSON.parse(byHand.out).outcomes);
  });

  it('cc --vasl --at 57-G9: the Melee from the board (Finnish 2-4-8 HS against a Commissar 10-0 and a 2-3-7 HS), as typed by hand; what A25.22 leaves out is said on stderr', async () => {
    const board = await run(['cc', '--vasl', F, '--at', '57-G9', '--json']);
    const byHand = await run(['cc', '--attacker', 'finnish/2-4-8', '--defender', 'russian/commissar-10-0,russian/2-3-7', '--json']);
    expect(board.code).toBe(0);
    expect(byHand.code).toBe(0);
    const b = JSON.parse(board.out);
    const h = JSON.parse(byHand.out);
    expect(b.outcomes).toEqual(h.outcomes);
    expect(b.outcomes.length).toBeGreaterThan(0);
    expect(b.input.location).toBe('57-G9');
    expect(board.err).toContain('note: 57-G9: ATTACKER Finnish, DEFENDER Russian (--attacker-side swaps them)');
    expect(board.err).toMatch(/note: 57-G9: Commissar \(A25\.22\): taken as a leader of his printed grade, .*his own rules \(his effect on the MC and Rally of Russians with him\) are not in asl-odds's rules texts and are left out/);
  });

  it('cc at 57-G9 with both sides named: the Melee Location and game file are reported', async () => {
    const { code, out } = await run(['cc', '--vasl', F, '--at', '57-G9', '--attacker', 'russian/2-3-7', '--defender', 'finnish/2-3-8', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out).input.location).toBe('57-G9');
  });

  it('cc at 57-G3 (one side only): refused with the reason', async () => {
    const { code, err } = await run(['cc', '--vasl', F, '--at', '57-G3']);
    expect(code).toBe(2);
    expect(err).toBe('asl-odds: error: --at 57-G3: Close Combat needs units of two sides in the Location; it holds russian\n');
  });
});

describe('bad input: one line, exit 2, nothing run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'asl-odds-vasl-'));
  const notZip = join(dir, 'not-a-zip.vsav');
  writeFileSync(notZip, 'this is definitely not a zip archive');

  it.each([
    ['a missing file', ['vasl', join(dir, 'missing.vsav')], /missing\.vsav: no such file$/m],
    ['not a zip', ['vasl', notZip], /not a VASL saved game \(a \.vsav is a zip archive/],
    ['a Location that does not exist', ['attack', '--vasl', F, '--at', '57-Z9', '--fp', '8'], /--at 57-Z9: no such hex on board 57/],
    ['an empty Location', ['mc', '--vasl', F, '--at', '57-A1'], /--at 57-A1: no unit in this Location/],
    ['a Location with no unit asl-odds knows', ['mc', '--vasl', F, '--at', '69-F1'], /--at 69-F1: no unit there that asl-odds knows \(T-26 M33: a vehicle/],
    ['--at without --vasl', ['attack', '--at', '57-H8', '--fp', '8'], /--at needs --vasl <file>/],
    ['--vasl without --at', ['attack', '--vasl', F, '--fp', '8'], /--vasl: give the Location with --at <hex>/],
    ['both --target and --at', ['attack', '--vasl', F, '--at', '57-H8', '--target', 'german/4-6-7', '--fp', '8'], /--target and --at: give the target stack one way/],
    ['--unit past the stack', ['mc', '--vasl', F, '--at', '57-H8', '--unit', '3'], /--unit 3: 57-H8 has units 1 russian\/8-0 \(foxhole\); 2 russian\/4-4-7 \(foxhole\)/],
    ['several units, none chosen', ['mc', '--vasl', F, '--at', '57-H8'], /2 units there; choose one with --unit <n>: 1 russian\/8-0 \(foxhole\); 2 russian\/4-4-7 \(foxhole\)/],
    ['rally of a unit that is not broken', ['rally', '--vasl', F, '--at', '57-H9', '--self-rally'], /finnish\/6-4-8 in 57-H9 is not broken/],
    ['no --target and no game', ['attack', '--fp', '8'], /^asl-odds: error: required option '--target <ids>' not specified\n$/],
  ])('%s', async (_, argv, message) => {
    const { code, out, err } = await run(argv as string[]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(err).toMatch(message);
  });
});
