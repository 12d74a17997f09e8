/**
 * `asl-odds log` as a player types it, on real logs (vasl-templates' fixtures, AGPL, vendored) and on
 * hostile ones written here with VASSAL's format (a zip whose `savedGame` is the plain command stream).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from './buffer-io.js';
import { encodeSequence } from '../support/vassal-writer.js';

const DIR = new URL('../fixtures/vasl-templates/analyze-vlog/', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'asl-odds-log-'));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = bufferIO();
  const code = await runCli(argv, io);
  return { code, out: io.out, err: io.err };
}

/** A log file of these chat lines (VASSAL's format: begin_save ... end_save, then LOG\tCHAT lines joined by ESC). */
function writeLog(name: string, chat: readonly string[]): string {
  // Encoded as VASSAL writes it (SequenceEncoder, twice: a LOG entry's command is itself encoded), so an
  // ESC inside a name stays in the name instead of splitting the stream.
  const text = encodeSequence(['begin_save', 'end_save', ...chat.map((c) => `LOG\t${encodeSequence([`CHAT${c}`], '\u001b')}`)], '\u001b');
  const path = join(tmp, name);
  writeFileSync(path, zipSync({ savedGame: strToU8(text), moduledata: strToU8('<data><version>6.6.8</version><name>VASL</name></data>') }));
  return path;
}

describe('asl-odds log', () => {
  it('asl-odds log full.vlog: words first (who rolled hot or cold, exact), then the rolls that mattered, the tables, every roll', async () => {
    const { code, out, err } = await run(['log', DIR + 'full.vlog']);
    expect([code, err]).toEqual([0, '']);
    const lines = out.split('\n');
    expect(lines[0]).toBe('1 log: full.vlog (VASL 6.5.1); 23 rolls (17 DR, 6 dr); players Alice, Bob');
    // Alice's 12 DR total 79: P(24 dice <= 79) exact.
    expect(lines[3]).toMatch(/^ {2}Alice, DR: hot \(low\): mean 6\.58 over 12 DR \(fair dice 7\); with fair dice 1 game in \d\.\d is this hot or hotter \(\d+\.\d%, one-sided, exact\)$/);
    expect(out).toContain('Bob: SA dr of 2, A14: 1 of 2; with fair dice 1 game in 3.3 has at least 1 (30.6%, exact) [medium confidence]');
    expect(out).toMatch(/\n {2}23 +full\.vlog +Axis 1 +DFPh +Alice +MC DR +1,2 \(3\)\n$/);
  });

  it('--json gives every roll and the exact tail as a fraction over 6^dice', async () => {
    const { code, out } = await run(['log', DIR + 'full.vlog', '--json']);
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(j.rolls).toHaveLength(23);
    expect(j.rolls[22]).toEqual({ file: 'full.vlog', index: 23, player: 'Alice', kind: 'MC', type: 'DR', dice: [1, 2], side: 'Axis', turn: 1, phase: 'DFPh' });
    const alice = j.groups.find((g: { player: string; type: string; kind: string | null }) => g.player === 'Alice' && g.type === 'DR' && g.kind === null);
    expect(alice.tail).toMatchObject({ direction: 'low', sided: 'one-sided', method: 'exact', denominator: String(6n ** 24n) });
    // Alice's MC: one DR of 3: P(DR <= 3) = 3/36.
    const mc = j.groups.find((g: { player: string; type: string; kind: string | null }) => g.player === 'Alice' && g.kind === 'MC');
    expect(mc.tail).toMatchObject({ numerator: '3', denominator: '36', probability: 3 / 36 });
  });

  it('several logs and --player: one player across them; --format csv lists the rolls', async () => {
    const { code, out } = await run(['log', DIR + 'multiple-1a.vlog', DIR + 'multiple-1b.vlog', DIR + 'multiple-2.vlog', '--player', 'Bob', '--format', 'csv']);
    expect(code).toBe(0);
    expect(out.split('\n').slice(0, 3)).toEqual(['file,index,player,kind,type,dice,total,side,turn,phase', 'multiple-1a.vlog,2,Bob,IFT,DR,2 6,8,,,', 'multiple-1a.vlog,5,Bob,IFT,DR,4 4,8,,,']);
    expect(out.trim().split('\n')).toHaveLength(1 + 5 + 2 + 3);
  });

  it('--format markdown has the sections as headings', async () => {
    const { code, out } = await run(['log', DIR + 'full.vlog', '--format', 'markdown']);
    expect(code).toBe(0);
    expect(out).toContain('## Who rolled hot or cold');
    expect(out).toContain('| # | file | turn | phase | player | kind | dice |');
  });

  it('--report writes the formats, both charts and index.html', async () => {
    const dir = join(tmp, 'report');
    const { code, err } = await run(['log', DIR + 'full.vlog', '--report', dir]);
    expect(code).toBe(0);
    expect(err).toMatch(/^report: /);
    for (const f of ['dice-log.txt', 'dice-log.md', 'dice-log.csv', 'dice-log.json', 'dice-log-distribution.svg', 'dice-log-running-mean.vl.json', 'index.html']) expect(existsSync(join(dir, f))).toBe(true);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('Who rolled hot or cold');
  });

  it('bad input: one line, exit 2, nothing printed on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [['log', DIR + 'full.vlog', '--player', 'Zed'], /--player Zed: no rolls of that player in these logs; the players are 'Alice', 'Bob'/],
      [['log', new URL('../fixtures/vasl-templates/analyze-vsav/basic.vsav', import.meta.url).pathname], /basic\.vsav: a saved game without a log/],
      [['log', join(tmp, 'missing.vlog')], /missing\.vlog: cannot read it \(ENOENT\)/],
      [['log', tmp], /not a file/],
      [['log', DIR + 'full.vlog', '--format', 'pdf'], /--format: unknown format 'pdf'; allowed: text, markdown, csv, json/],
      [['log', DIR + 'full.vlog', '--report', DIR + 'full.vlog'], /--report .*: is a file; expected a directory/],
    ];
    for (const [argv, message] of cases) {
      const { code, out, err } = await run(argv);
      expect({ argv, code, out }).toEqual({ argv, code: 2, out: '' });
      expect(err).toMatch(message);
      expect(err.trim().split('\n')).toHaveLength(1);
    }
  });

  it('a tampered log: a die of 7, a wrong count of dice, a control or bidirectional character in a name are no rolls, and said', async () => {
    const f = writeLog('tampered.vlog', [
      '*** (IFT DR) 3,5 ***   <Alice>',
      '*** (IFT DR) 3,7 ***   <Alice>',
      '*** (MC DR) 4 ***   <Alice>',
      '*** (MC DR) 4,4 ***   <Al\u001b[31mice>',
      '*** (RS dr) 6 ***   <Bob>',
      '*** (RS dr) 1 ***   <\u202eboB>',
      '* New: German Turn 2 - APh *',
      '*** (CC DR) 1,1 ***   <Bob>',
    ]);
    const { code, out } = await run(['log', f, '--json']);
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(j.rolls.map((r: { player: string; kind: string; dice: number[]; phase: string | null }) => `${r.player} ${r.kind} ${r.dice.join(',')} ${r.phase}`)).toEqual(['Alice IFT 3,5 null', 'Bob RS 6 null', 'Bob CC 1,1 APh']);
    expect(j.files[0].unreadable).toBe(4);
    const text = await run(['log', f]);
    expect(text.out).toContain('note: tampered.vlog: 4 chat line(s) began as a roll report but did not check');
  });

  it('a log of 100,001 rolls is refused in one line, exit 2', async () => {
    const f = writeLog('huge.vlog', Array.from({ length: 100_001 }, (_, i) => `*** (IFT DR) ${1 + (i % 6)},${1 + ((i * 5) % 6)} ***   <Alice>`));
    const { code, out, err } = await run(['log', f]);
    expect([code, out]).toEqual([2, '']);
    expect(err).toBe('asl-odds: error: huge.vlog: more than 100000 rolls in one log; refused\n');
  }, 60_000);
});
