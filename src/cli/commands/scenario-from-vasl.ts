/**
 * `asl-odds scenario --from-vasl <setup.vsav>`: a scenario file's order of battle read from a VASL
 * saved game: each side's stacks by Location (the stack's name is its hex, `57-H8`), with the
 * units and leaders asl-odds knows; what it cannot take (Guns, vehicles, SW, counters the catalog lacks)
 * and what the save shows but a setup does not hold (broken, DM) are comments. A designer completes the
 * rest (terrain, turns, who moves first, ELR, fire, rout, victory conditions), marked `FILL IN`.
 *
 * The file written is checked by the scenario parser (schema, catalog ids) before it is printed or
 * written, so it loads as it stands.
 */
import { writeFileAtomic } from '../../io/atomic-write.js';
import { inputError } from '../../errors.js';
import { parseScenario } from '../../scenario/scenario-file.js';
import { locationModel } from '../../vasl/location.js';
import type { VaslGame } from '../../vasl/read-game.js';
import type { CliContext } from '../io.js';
import { checkOutputPaths } from '../output-paths.js';
import { concealedText, readVaslFile } from '../vasl-game.js';

/** YAML double-quoted string. */
const q = (s: string) => JSON.stringify(s);

/**
 * The scenario text for a game.
 * @throws AslOddsError `vasl.sides` when the game does not hold units of exactly two sides
 */
export function scenarioFromVasl(game: VaslGame): string {
  // Each Location as every command reads it (vasl/location.ts): its sides apart, concealed units unnamed.
  const models = game.locations.map((l) => locationModel(l));
  const sides: string[] = [];
  for (const m of models) for (const s of m.sides) if ((s.units.length > 0 || s.concealed > 0) && !sides.includes(s.side)) sides.push(s.side);
  if (sides.length !== 2) {
    throw inputError('vasl.sides', `--from-vasl ${game.file}: a scenario has two sides; the save's units are of ${sides.length === 0 ? 'no side asl-odds knows' : sides.join(', ')}`);
  }
  const title = game.file.replace(/\.vsav$/i, '');
  const out: string[] = [
    '# yaml-language-server: $schema=./scenario.schema.json',
    `# Order of battle read from the VASL saved game ${game.file} (VASL ${game.moduleVersion ?? '?'}, boards ${game.boards.map((b) => b.name).join(', ')})`,
    '# by asl-odds scenario --from-vasl. FILL IN for the designer: each stack\'s terrain (written as open), the',
    '# turns, who moves first, each side\'s ELR, fire, rout and victory conditions. Pieces asl-odds cannot',
    '# take are listed as comments under their stack.',
    ...game.locations.flatMap((l) => (l.concealed ? [`# ${l.hex}: ${concealedText(l.concealed)}, not shown to you (${game.viewer.as === null ? 'give --as <your side> to see your own' : 'the enemy\'s'}): FILL IN`] : [])),
    `title: ${q(title)}`,
    `description: ${q(`Order of battle read from the VASL saved game ${game.file}.`)}`,
    'rules: 2nd-edition',
    'turns: 6              # FILL IN: the scenario\'s Game Turns',
    `movesFirst: ${sides[0]}    # FILL IN: the side that sets up second and moves first`,
    'sides:',
  ];
  for (const side of sides) {
    out.push(
      `  - id: ${side}`,
      `    nationality: ${side}`,
      '    # elr: 3            # FILL IN: the side\'s ELR (A19.1)',
      '    victory: { any: [ { casualtyBPVInflicted: 20 } ] }   # FILL IN: the scenario\'s victory conditions (a placeholder)',
      '    stacks:',
    );
    for (const [i, loc] of game.locations.entries()) {
      const own = models[i].sides.find((s) => s.side === side);
      const mine = own?.units ?? [];
      if (own !== undefined && own.concealed > 0) out.push(`      # ${loc.hex}: ${own.concealed === 1 ? 'a concealed unit' : `${own.concealed} concealed units`} (A12), not named`);
      if (mine.length === 0) {
        // A Location of this side with nothing asl-odds takes (a Gun and its crew, a vehicle): said.
        for (const u of loc.unmapped) if (u.side === side) out.push(`      # ${loc.hex}, not taken: ${u.name}: ${u.reason}`);
        continue;
      }
      out.push(`      - name: ${q(loc.hex)}`, '        terrain: open       # FILL IN: the Location\'s terrain', '        units:');
      // Same counters together: `russian/4-4-7 x2`; a Fanatic unit (A10.8) as a mapping.
      const lines = new Map<string, { id: string; fanatic: boolean; count: number }>();
      for (const u of mine) {
        const fanatic = u.markers.includes('fanatic');
        const key = `${u.id}${fanatic ? ' fanatic' : ''}`;
        const line = lines.get(key) ?? { id: u.id, fanatic, count: 0 };
        line.count++;
        lines.set(key, line);
      }
      for (const l of lines.values()) {
        out.push(l.fanatic ? `          - { id: ${l.id}, count: ${l.count}, fanatic: true }` : `          - ${q(l.count > 1 ? `${l.id} x${l.count}` : l.id)}`);
      }
      for (const u of mine) {
        const shown = u.markers.filter((m) => m !== 'fanatic' && m !== 'foxhole' && m !== 'concealed');
        if (shown.length > 0) out.push(`          # in the save ${u.id} (unit ${u.position}) is ${shown.join(', ')}`);
      }
      for (const u of loc.unmapped) if (u.side === side || (u.side === undefined && !/marker|Sniper/.test(u.reason))) out.push(`          # not taken: ${u.name}: ${u.reason}`);
      for (const w of own?.supportWeapons ?? []) out.push(`          # SW not taken: ${w.name}${w.possessor ? ` (held by ${w.possessor.id})` : ''}`);
    }
  }
  return out.join('\n') + '\n';
}

/**
 * Runs `scenario --from-vasl`: prints the scenario, or writes it atomically to `--out`.
 * @throws AslOddsError from reading the save, `vasl.sides`, and `scenario.*` if the text does not parse
 *   (a bug: it is checked before it is shown)
 */
export async function runScenarioFromVasl(file: string, out: string | undefined, cli: CliContext, as?: string): Promise<void> {
  // A command never writes over the save it reads (by real path: links and other names too).
  checkOutputPaths({ out }, [{ what: 'the VASL saved game', path: file }]);
  const game = await readVaslFile(file, '--from-vasl', as);
  const text = scenarioFromVasl(game);
  parseScenario(text, out ?? 'scenario.yaml');
  if (out) {
    await writeFileAtomic(out, text);
    cli.io.stderr(`wrote ${out}: ${game.locations.length} Locations of ${game.file}; complete the FILL IN fields\n`);
  } else cli.io.stdout(text);
}
