/**
 * `asl-odds units`: lists the counter catalog (ids to type, values, source and confidence).
 */
import { Command } from 'commander';
import { listUnits, parseNationality, underscoresOf, type Underscores } from '../../counters/catalog.js';
import type { CliContext } from '../io.js';

/** Builds the `units` subcommand. */
export function unitsCommand(cli: CliContext): Command {
  const io = cli.io;
  return new Command('units')
    .description('List the counter catalog: ids, Morale Levels, class, BPV, underscored FP/Range (Assault/Spraying Fire), source and confidence.')
    .option('--nationality <nat>', 'only this nationality')
    .option('--json', 'print JSON')
    .action((o: { nationality?: string; json?: boolean }) => {
      const units = listUnits(o.nationality ? { nationality: parseNationality(o.nationality) } : undefined);
      if (o.json) {
        io.stdout(JSON.stringify(units.map((u) => ({ ...u, underscores: underscoresOf(u) })), null, 2) + '\n');
        return;
      }
      // The source (where each value comes from) is the last column, as the help promises.
      const rows = units.map((u) => [u.id, u.kind, u.unitClass, `${u.ml}`, `${u.brokenML}`, u.bpv === undefined ? '-' : `${u.bpv}`, underscored(underscoresOf(u)), u.confidence, u.source]);
      const head = ['id', 'kind', 'class', 'ML', 'broken ML', 'BPV', 'underscored', 'confidence', 'source'];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
      const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
      io.stdout([line(head), ...rows.map(line)].join('\n') + '\n');
    });
}

/** `FP, Range`, `FP`, `Range`, `-` (neither) or `?` (not known, low): the underscores of a counter (A7.36, A7.34). */
function underscored(u: Underscores): string {
  if (u.assaultFire === null || u.sprayingFire === null) return '?';
  const parts = [u.assaultFire ? 'FP' : '', u.sprayingFire ? 'Range' : ''].filter((p) => p !== '');
  return parts.length === 0 ? '-' : parts.join(', ');
}
