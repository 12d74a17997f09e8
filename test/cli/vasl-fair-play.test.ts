/**
 * Fair play and a save as someone else's file, as a player types it: `--as <side>` on every command
 * that reads a save, firing at a concealed stack (Area Fire, A7.23), and a command that never writes
 * over the save it reads (by any name: a symlink too), an unreadable save, options that do not apply.
 * Fixture: kehannan/ruleschat's Hazmo save (MIT): two concealed Russian 4-4-7 in 57-G2, a concealed
 * Finnish 6-4-8 with its LMG in 69-J1.
 */
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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
const block = (out: string, hex: string) => out.slice(out.indexOf(`\n${hex} `) + 1).split('\n\n')[0];

describe('--as: whose eyes read the save', () => {
  it('vasl without --as: the concealed stacks are "?" counters; the text says how to see your own', async () => {
    const { code, out } = await run(['vasl', F]);
    expect(code).toBe(0);
    expect(block(out, '57-G2')).toBe('57-G2  Russian\n  a concealed stack: 3 "?" counters (Russian)');
    expect(block(out, '69-J1')).toBe('69-J1  Finnish\n  a concealed stack: 4 "?" counters (Finnish)');
    expect(out).toContain('To see your own, add --as <your side>');
    expect(out).not.toMatch(/LMG.*\n.*69-J6|4-5-8 Esq\)?: concealed/);
  });

  it('vasl --as russian: his 4-4-7s shown, marked; the Finn\'s 69-J1 still a concealed stack', async () => {
    const { code, out } = await run(['vasl', F, '--as', 'russian']);
    expect(code).toBe(0);
    expect(block(out, '57-G2')).toBe(
      ['57-G2  Russian', '  1. russian/4-4-7 (4-4-7 1sq, printed 4-5-8 Esq): concealed', '  2. russian/4-4-7 (4-4-7 1sq, printed 4-5-8 Esq): concealed'].join('\n'),
    );
    expect(block(out, '69-J1')).toBe('69-J1  Finnish\n  a concealed stack: 4 "?" counters (Finnish)');
  });

  it('vasl --as finnish --at 69-J1 --json: his 6-4-8 and its LMG', async () => {
    const { code, out } = await run(['vasl', F, '--as', 'finnish', '--at', '69-J1', '--json']);
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(j.viewer).toEqual({ as: 'finnish', side: 'Finnish' });
    expect(j.locations[0].units.map((u: { id: string; markers: string[] }) => [u.id, u.markers])).toEqual([['finnish/6-4-8', ['concealed']]]);
    expect(j.locations[0].supportWeapons).toEqual([{ name: 'LMG', artSide: 'russian', possessor: 1 }]);
  });

  it('attack at a concealed stack: the command cannot know its units (exit 2, one line)', async () => {
    const { code, out, err } = await run(['attack', '--vasl', F, '--at', '57-G2', '--fp', '8']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(
      'asl-odds: error: --at 57-G2: a concealed stack: 3 "?" counters (Russian); what it holds cannot be known (A12). Fire on it as Area Fire (A7.23): name the units you assume with --target, e.g. --target russian/4-4-7\n',
    );
  });

  it('attack at a concealed stack with the units the player assumes: Area Fire (A7.23), the firer\'s FP halved', async () => {
    const assumed = await run(['attack', '--vasl', F, '--at', '57-G2', '--firer', 'finnish/6-4-8', '--range', '2', '--target', 'russian/4-4-7', '--target', 'russian/4-4-7']);
    const typed = await run(['attack', '--firer', 'finnish/6-4-8', '--range', '2', '--area-fire', '--target', 'russian/4-4-7', '--target', 'russian/4-4-7']);
    expect(assumed.code).toBe(0);
    expect(assumed.out).toContain('6 /2 Area Fire = 3');
    expect(assumed.err).toContain('57-G2: a concealed stack: 3 "?" counters (Russian): the target is the units you assumed (--target), fired on as Area Fire (A7.23: FP halved)');
    // The same odds as the question typed by hand.
    const odds = (s: string) => s.split('\n').filter((l) => /%/.test(l));
    expect(odds(assumed.out)).toEqual(odds(typed.out));
  });

  it('mc and cc at a concealed stack: the command cannot know its units', async () => {
    expect((await run(['mc', '--vasl', F, '--at', '69-J1'])).err).toMatch(/^asl-odds: error: --at 69-J1: a concealed stack: 4 "\?" counters \(Finnish\); what it holds cannot be known \(A12\)/);
    expect((await run(['cc', '--vasl', F, '--at', '69-J1'])).code).toBe(2);
  });

  it('plan --vasl at a concealed stack: the command cannot know its units; plan takes --as and never writes over the save', async () => {
    expect((await run(['plan', '--vasl', F, '--at', '57-G2', '--from', '57-H9'])).err).toBe(
      'asl-odds: error: --at 57-G2: a concealed stack: 3 "?" counters (Russian); what it holds cannot be known (A12): name the units you assume with --target instead of --at\n',
    );
    const ok = await run(['plan', '--vasl', F, '--at', '57-G3', '--from', '57-H9', '--as', 'finnish', '--quiet']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^Fire plans ranked by P\(at least one unit broken\)/);
  });

  it('mc --as russian at 57-G2: his own concealed 4-4-7 (unit 1)', async () => {
    const { code, out } = await run(['mc', '--vasl', F, '--as', 'russian', '--at', '57-G2', '--unit', '1']);
    expect(code).toBe(0);
    expect(out).toMatch(/4-4-7/);
  });

  it('an unknown side: one line naming what --as takes', async () => {
    const { code, err } = await run(['vasl', F, '--as', 'martians']);
    expect(code).toBe(2);
    expect(err).toBe("asl-odds: error: --as 'martians': not a side (german, russian, american, british, italian, japanese, finnish, french, partisan, axis minor, allied minor, chinese) nor a VASL player of this save\n");
  });

  it('--as without --vasl: refused', async () => {
    expect((await run(['mc', '--unit', 'russian/4-4-7', '--as', 'russian'])).err).toBe('asl-odds: error: --as needs --vasl <file> (a VASL saved game)\n');
  });

  it('scenario --from-vasl --as finnish: the Russian concealed stack is a FILL IN comment, not units', async () => {
    const { code, out } = await run(['scenario', '--from-vasl', F, '--as', 'finnish']);
    expect(code).toBe(0);
    expect(out).toContain('# 57-G2: a concealed stack: 3 "?" counters (Russian), not shown to you (the enemy\'s): FILL IN');
    expect(out).not.toContain('name: "57-G2"');
  });
});

describe('a save is someone else\'s file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'asl-odds-vasl-hostile-'));
  const g = join(dir, 'g.vsav');
  copyFileSync(F, g);
  const link = join(dir, 'link.vsav');
  symlinkSync(g, link);
  const original = readFileSync(F);

  it.each([
    ['scenario --from-vasl g.vsav --out g.vsav', ['scenario', '--from-vasl', g, '--out', g], `--out ${g}`],
    ['scenario --from-vasl g.vsav --out <a symlink to it>', ['scenario', '--from-vasl', g, '--out', link], `--out ${link}`],
    ['attack --vasl g.vsav ... --out g.vsav', ['attack', '--vasl', g, '--at', '57-H8', '--fp', '8', '--out', g], `--out ${g}`],
    ['cc --vasl <a symlink> --at 57-G9 --out g.vsav', ['cc', '--vasl', link, '--at', '57-G9', '--out', g], `--out ${g}`],
    ['mc --vasl g.vsav --checkpoint g.vsav', ['mc', '--vasl', g, '--at', '57-E8', '--checkpoint', g, '--trials', '1000'], `--checkpoint ${g}`],
    ['plan --vasl g.vsav ... --out g.vsav', ['plan', '--vasl', g, '--at', '57-G3', '--from', '57-H9', '--out', g], `--out ${g}`],
  ])('%s: refused, nothing written', async (_, argv, what) => {
    const { code, out, err } = await run(argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(`asl-odds: error: ${what}: is the VASL saved game (an input); give another file to write\n`);
    expect(readFileSync(g).equals(original)).toBe(true);
  });

  it('scenario --from-vasl g.vsav --trials 100: the options that do not apply are refused', async () => {
    const { code, err } = await run(['scenario', '--from-vasl', g, '--trials', '100', '--seed', 's']);
    expect(code).toBe(2);
    expect(err).toBe('asl-odds: error: scenario --from-vasl: --trials, --seed do not apply (writing a scenario from a save plays nothing); it takes --out, --as and --quiet\n');
  });

  // Root reads a chmod 000 file; /proc/1/mem is unreadable even to root in most containers.
  const unreadable = process.getuid?.() === 0 ? '/proc/1/mem' : join(dir, 'locked.vsav');
  if (unreadable !== '/proc/1/mem') {
    writeFileSync(unreadable, original);
    chmodSync(unreadable, 0);
  }
  it.skipIf(!existsSync(unreadable))('an unreadable save (EACCES, was: internal error): one line, exit 2', async () => {
    const { code, err } = await run(['vasl', unreadable]);
    expect(code).toBe(2);
    expect(err).toBe(`asl-odds: error: file ${unreadable}: permission denied (the file is not readable by you)\n`);
  });
});
