/**
 * The answer first: the few figures that answer a command's question, in the players' words, built as
 * data from a result and then rendered as text, markdown or HTML (the same order everywhere).
 *
 * Pipeline: OddsResult (+ rout categories) -> {@link OddsSummary} (this file, pure: no Node imports, so
 * the web page builds the same summary in the browser) -> {@link formatSummaryText} |
 * {@link formatSummaryMarkdown} | the HTML report's summary block.
 *
 * Per command:
 * - `mc`, `rally`: the check's outcome (passes / pinned / broken; rallied) and the rarer events that happened;
 * - `attack`: the stack (at least one unit broken, a leader lost, the whole stack gone, squads broken
 *   on average and "at least k" when the result has the distribution), then each unit broken /
 *   eliminated / pinned (identical units once, "each of 2 ...");
 * - `rout`: arrives intact / arrives reduced / eliminated (Interdiction or Failure to Rout) / the rest;
 * - `integrity`: ELR lost (or regained); `recovery`: recovered.
 * Every figure is a probability with its exact fraction (exact runs) or its 95% interval (Monte Carlo),
 * except expectations (`kind: 'expectation'`).
 */
import { EVENT_NAMES, type EventName } from '../rules/events.js';
import type { OddsResult } from '../result.js';
import type { ScenarioResult } from '../scenario/run-scenario.js';
import { wilsonInterval } from '../stats/wilson-interval.js';
import { eventWords, idsInWords, stackEventWords, unitWords } from './glossary.js';
import { formatOneIn, formatPercent, formatPlusMinus, readableFraction } from './format-probability.js';

/** One figure of a summary. */
export interface SummaryFigure {
  /** What the figure is, in players' words: `broken`, `German 9-1 eliminated`, `at least 2 squads broken`. */
  readonly label: string;
  /** `probability`: in [0, 1]; `expectation`: a mean count (squads broken on average), >= 0. */
  readonly kind: 'probability' | 'expectation';
  readonly value: number;
  /** Exact runs: the exact fraction `n/d` (may be long: renderers shorten it, see readableFraction). */
  readonly fraction?: string;
  /** Monte Carlo runs, probabilities: the 95% Wilson interval `[lo, hi]`. */
  readonly ci95?: readonly [number, number];
}

/** A group of figures under an optional heading (`Stack`, `German 9-1`). */
export interface SummarySection {
  readonly heading: string | null;
  readonly figures: readonly SummaryFigure[];
}

/** The summary of a result: the question, how it was computed, the figures, and what to know. */
export interface OddsSummary {
  /** The question answered, e.g. `German 4-6-7 takes a 1MC`. */
  readonly question: string;
  /** `exact (every dice path)` or `Monte Carlo, 1,000,000 trials (95% intervals)`. */
  readonly method: string;
  readonly sections: readonly SummarySection[];
  /** Notes a player needs to read the figures (what "arrives" means, rules not modelled). */
  readonly notes: readonly string[];
  /**
   * What a player must know before reading any figure, shown first (`vehicle`: which built-in numbers
   * are placeholders, {@link placeholderNumbers}); absent or empty when there is none.
   */
  readonly warnings?: readonly string[];
}

/** Extra fields some commands' results carry (rout). */
interface SummarySource extends OddsResult {
  readonly categories?: Readonly<Record<string, number>>;
  readonly categoryFractions?: Readonly<Record<string, string>>;
  readonly leaderEliminated?: number;
  readonly leaderEliminatedFraction?: string;
}

/**
 * Builds the summary of a result.
 * Cost: O(events + units). Never throws.
 * @param result any odds result (mc, rally, attack, rout, integrity, recovery; others get their events)
 * @returns the summary; `sections` is never empty for a result with outcomes
 * @example buildOddsSummary(mcResult).sections[0].figures[0] // { label: 'passes (not pinned)', kind: 'probability', value: 0.4167, fraction: '5/12' }
 */
export function buildOddsSummary(result: OddsResult): OddsSummary {
  const r = result as SummarySource;
  const input = r.input;
  const f = figureMaker(r);
  const notes: string[] = [];
  const warnings: string[] = [];
  const sections: SummarySection[] = [];
  const ev = (name: EventName, label?: string) => f(label ?? eventWords(name), r.events[name] ?? 0, r.eventFractions?.[name], r.eventStats?.[name]?.ci95);
  const nonZero = (names: readonly EventName[]) => names.filter((n) => (r.events[n] ?? 0) > 0).map((n) => ev(n));
  /** The events of `names` that can happen, and always the first (the headline, even at 0). */
  const nonZeroOrFirst = (names: readonly EventName[]) => names.filter((n, i) => i === 0 || (r.events[n] ?? 0) > 0).map((n) => ev(n));
  let question: string;
  switch (r.command) {
    case 'mc': {
      const unit = unitLabel(input.unit);
      question = `${unit} takes a ${String(input.check ?? 'MC')}`;
      const broken = Array.isArray(input.markers) && input.markers.includes('broken');
      const main: EventName[] = broken ? ['pass', 'casualtyReduction', 'elimination'] : ['pass', 'pin', 'break'];
      sections.push({ heading: null, figures: [...main.map((n) => ev(n)), ...nonZero(['replacement', 'disruption', 'casualtyReduction', 'elimination', 'wound', 'surrender', 'heatOfBattle', 'hero', 'battleHardening', 'berserk'].filter((n) => !main.includes(n as EventName)) as EventName[])] });
      break;
    }
    case 'rally': {
      question = `${unitLabel(input.unit)} tries to rally`;
      sections.push({ heading: null, figures: [ev('rally'), ...nonZero(['casualtyReduction', 'elimination', 'replacement', 'heatOfBattle', 'hero', 'battleHardening', 'berserk', 'surrender'])] });
      break;
    }
    case 'attack':
      question = attackQuestion(input);
      sections.push(...attackSections(r, f));
      break;
    case 'rout': {
      question = `${unitLabel(input.unit)} routs along ${String(input.route ?? input.path ?? 'its route')}`;
      sections.push({ heading: null, figures: routFigures(r, f) });
      notes.push(
        'Arrives = ends its rout in the last hex of the route; a pin in that last hex still counts as arriving (it is there). ' +
          '"Intact" = not Casualty Reduced on the way; "reduced" = a squad arrives as a HS.',
      );
      break;
    }
    case 'integrity': {
      const regain = input.kind === 'regain';
      question = regain ? `regaining a lost ELR level (ELR ${String(input.elr)})` : `a Battlefield Integrity Check (losses ${String(input.losses)}, ELR ${String(input.elr)})`;
      sections.push({ heading: null, figures: [regain ? ev('elrRegain', 'ELR regained (+1)') : ev('elrLoss', 'ELR lost (-1)')] });
      break;
    }
    case 'recovery': {
      question = 'recovering a SW or Gun';
      const p = r.outcomes.find((o) => o.state === 'recovered');
      sections.push({ heading: null, figures: [f('recovered', p?.probability ?? 0, p?.fraction, p?.ci95)] });
      break;
    }
    case 'cc': {
      // the odds column and Kill Number of each side's attack first (A11.11 CCT), as a player reads the table
      const atk = typeof input.attackerAttack === 'string' ? input.attackerAttack : null;
      const dfn = typeof input.defenderAttack === 'string' ? input.defenderAttack : null;
      question = atk && dfn ? `Close Combat (A11): ATTACKER ${atk}; DEFENDER ${dfn}` : 'Close Combat (A11)';
      sections.push({ heading: null, figures: nonZeroOrFirst(['defenderEliminated', 'attackerEliminated', 'meleeContinues', 'leaderCreation']) });
      for (const u of r.units ?? []) {
        const figs = (['elimination', 'casualtyReduction', 'wound'] as const).filter((e) => (u.events[e] ?? 0) > 0).map((e) => f(eventWords(e), u.events[e] ?? 0, u.eventFractions?.[e], u.eventStats?.[e]?.ci95));
        if (figs.length > 0) sections.push({ heading: unitWords(u.id), figures: figs });
      }
      // every CC figure's source and confidence (queries/cc-query.ts), a low-confidence one as a warning
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
      notes.push(...strings(input.sources).map(idsInWords));
      warnings.push(...strings(input.lowConfidence).map(idsInWords));
      break;
    }
    case 'vehicle': {
      question = 'MG fire against a vehicle (A9.6, A9.61)';
      const placeholders = placeholderNumbers(input);
      if (placeholders.length > 0) {
        warnings.push(
          `Placeholder ${placeholders.length === 1 ? 'number' : 'numbers'}, not from a verified source: ${placeholders.join(', ')}; give them from your own chart (--th, --tk, --normal-range, --breakdown) for figures you can rely on.`,
        );
      }
      sections.push({ heading: null, figures: nonZeroOrFirst(['killed', 'burning', 'stunned', 'hit', 'malfunction']) });
      break;
    }
    default:
      question = `asl-odds ${r.command}`;
      sections.push({ heading: null, figures: EVENT_NAMES.filter((n) => (r.events[n] ?? 0) > 0).map((n) => ev(n)) });
  }
  notes.push(...ruleNotes(r));
  return { question, method: methodWords(r), sections, notes, ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * The summary of a scenario run: each side's victory (and neither side's) with its 95% interval, then
 * the chance that each side's ELR falls.
 * @param r a scenario result
 * @param value with `--sweep`: the swept field and the value this result is for (`sides.german.elr = 2`),
 *   named in the question so that no figure is read as another value's
 * Never throws.
 */
export function buildScenarioSummary(r: ScenarioResult, value?: { path: string; value: number | boolean }): OddsSummary {
  const fig = (label: string, e: { probability: number; ci95: readonly [number, number] }): SummaryFigure => ({ label, kind: 'probability', value: e.probability, ci95: e.ci95 });
  const victory = Object.entries(r.victory).map(([side, e]) => fig(side === 'neither' ? 'neither side wins' : `${sideWords(side)} wins`, e));
  const elr = Object.entries(r.elrFell).map(([side, e]) => fig(`${sideWords(side)} ELR falls`, e));
  return {
    question: `${r.title}${value ? `, with ${value.path} = ${String(value.value)}` : ''}: who wins`,
    method: `Monte Carlo, ${r.trials.toLocaleString('en-US')} playthroughs (95% intervals)`,
    sections: [
      { heading: null, figures: victory },
      { heading: 'ELR', figures: elr },
    ],
    notes: r.interrupted ? [`Interrupted: ${r.trials} of ${r.trialsRequested ?? r.trials} playthroughs.`] : [],
  };
}

/** A side id as a name: `german` -> `German`. */
function sideWords(side: string): string {
  return side.length === 0 ? side : side[0].toUpperCase() + side.slice(1);
}

type FigureMaker = (label: string, p: number, fraction?: string, ci95?: readonly [number, number]) => SummaryFigure;

/** Figures carry the fraction (exact) or an interval (Monte Carlo: given, or Wilson from p x trials). */
function figureMaker(r: OddsResult): FigureMaker {
  return (label, p, fraction, ci95) => {
    const fig: { -readonly [K in keyof SummaryFigure]: SummaryFigure[K] } = { label, kind: 'probability', value: p };
    if (r.method === 'exact' && fraction !== undefined) fig.fraction = fraction;
    if (r.method === 'monte-carlo' && r.trials) fig.ci95 = ci95 ?? wilsonInterval(Math.round(p * r.trials), r.trials);
    return fig;
  };
}

function methodWords(r: OddsResult): string {
  if (r.method === 'exact') return 'exact (every dice path)';
  return `Monte Carlo, ${(r.trials ?? 0).toLocaleString('en-US')} trials (95% intervals)`;
}

/** `German 4-6-7` from a resolved counter `{id, ...}` or an id string. */
function unitLabel(unit: unknown): string {
  if (typeof unit === 'string') return unitWords(unit);
  if (typeof unit === 'object' && unit !== null && typeof (unit as { id?: unknown }).id === 'string') return unitWords((unit as { id: string }).id);
  return 'the unit';
}

/**
 * The numbers of a `vehicle` input that are still placeholders (`input.placeholders`, written by the
 * vehicle query from each number's source and confidence, docs/rules-notes.md §12), e.g.
 * `HMG basic To Kill number`; a number the player gave (`--th`, `--tk`, `--normal-range`,
 * `--breakdown`) never is, and sourced numbers replace the warning. Never throws.
 * @example placeholderNumbers({ placeholders: ['HMG B#'] }) // ['HMG B#']
 */
export function placeholderNumbers(input: Readonly<Record<string, unknown>>): string[] {
  return Array.isArray(input.placeholders) ? input.placeholders.map(String) : [];
}

function attackQuestion(input: Record<string, unknown>): string {
  const targets = Array.isArray(input.targets) ? input.targets.map(String) : [];
  const attacks = Array.isArray(input.attacks) ? input.attacks.map((a) => idsInWords(String(a))) : [];
  const stack = targets.length > 0 ? targets.map(unitWords).join(', ') : 'the stack';
  return `${attacks.length > 0 ? attacks.join(', then ') : 'a fire attack'} on ${stack}`;
}

function attackSections(r: SummarySource, f: FigureMaker): SummarySection[] {
  const out: SummarySection[] = [];
  const stack: SummaryFigure[] = [];
  const se = r.stackEvents ?? {};
  const sf = r.stackEventFractions ?? {};
  const ss = r.stackEventStats ?? {};
  if (se.anyBroken !== undefined) stack.push(f(stackEventWords('anyBroken'), se.anyBroken, sf.anyBroken, ss.anyBroken?.ci95));
  const hasLeader = (r.units ?? []).some((u) => isLeaderId(r, u.position));
  if (se.leaderLost !== undefined && hasLeader) stack.push(f(stackEventWords('leaderLost'), se.leaderLost, sf.leaderLost, ss.leaderLost?.ci95));
  if (se.allEliminated !== undefined) stack.push(f(stackEventWords('allEliminated'), se.allEliminated, sf.allEliminated, ss.allEliminated?.ci95));
  stack.push(...atLeastSquads(r, f));
  if (se.expectedSquadsBroken !== undefined) {
    stack.push({ label: stackEventWords('expectedSquadsBroken'), kind: 'expectation', value: se.expectedSquadsBroken, ...(r.method === 'exact' && sf.expectedSquadsBroken ? { fraction: sf.expectedSquadsBroken } : {}) });
  }
  if (stack.length > 0) out.push({ heading: 'The stack', figures: stack });
  // Each unit: broken, eliminated, pinned; identical units (same id, same figures) once.
  const seen = new Map<string, number>();
  const units = r.units ?? [];
  for (const u of units) {
    const key = unitKey(u);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const done = new Set<string>();
  for (const u of units) {
    const key = unitKey(u);
    if (done.has(key)) continue;
    done.add(key);
    const n = seen.get(key) ?? 1;
    const name = unitWords(u.id);
    const heading = n > 1 ? `each of the ${n} ${name}` : name;
    // The unit's status at the end when the result has it (a partition), else its events.
    const fs = u.finalStatus;
    const figs: SummaryFigure[] = fs
      ? ([['broken', 'broken at the end'], ['eliminated', 'eliminated or captured'], ['pinned', 'pinned at the end']] as const).map(([k, words]) =>
          f(words, fs[k], u.finalStatusFractions?.[k], u.finalStatusStats?.[k]?.ci95),
        )
      : (['break', 'elimination', 'pin'] as const).map((e) => f(eventWords(e), u.events[e] ?? 0, u.eventFractions?.[e], u.eventStats?.[e]?.ci95));
    for (const e of ['wound', 'casualtyReduction'] as const) if ((u.events[e] ?? 0) > 0) figs.push(f(eventWords(e), u.events[e] ?? 0, u.eventFractions?.[e], u.eventStats?.[e]?.ci95));
    out.push({ heading, figures: figs });
  }
  return out;
}

/** Units with the same id and the same figures are listed once. */
function unitKey(u: NonNullable<OddsResult['units']>[number]): string {
  return JSON.stringify([u.id, u.finalStatus ?? null, u.events.break, u.events.elimination, u.events.pin, u.events.wound, u.events.casualtyReduction]);
}

/** True when target `position` (from 1) is a leader, from the resolved counters of the input. */
function isLeaderId(r: OddsResult, position: number): boolean {
  const counters = r.input.counters as Record<string, { kind?: unknown }> | undefined;
  return counters?.[String(position)]?.kind === 'leader';
}

/** "at least k squads broken" (and eliminated) for whole k >= 1 from the result's "at least" rows. */
function atLeastSquads(r: SummarySource, f: FigureMaker): SummaryFigure[] {
  const out: SummaryFigure[] = [];
  for (const [rows, verb] of [[r.squadsBroken, 'broken'], [r.squadsEliminated, 'eliminated']] as const) {
    for (const row of rows ?? []) {
      // Whole squads; eliminations only where they are not negligible (below 0.05% they print as <0.1%).
      if (!Number.isInteger(row.squads) || row.atLeast <= 0 || (verb === 'eliminated' && row.atLeast < 0.0005)) continue;
      out.push(f(`at least ${row.squads} ${row.squads === 1 ? 'squad' : 'squads'} ${verb}`, row.atLeast, row.atLeastFraction, row.atLeastStats?.ci95));
    }
  }
  return out;
}

function routFigures(r: SummarySource, f: FigureMaker): SummaryFigure[] {
  const c = r.categories;
  if (!c) return EVENT_NAMES.filter((n) => (r.events[n] ?? 0) > 0).map((n) => f(eventWords(n), r.events[n] ?? 0, r.eventFractions?.[n]));
  const cf = r.categoryFractions ?? {};
  const figs = [
    f('arrives intact', c['arrived intact'] ?? 0, cf['arrived intact']),
    f('arrives reduced', c['arrived reduced'] ?? 0, cf['arrived reduced']),
    f('eliminated (Interdiction or Failure to Rout)', (c['eliminated by Interdiction'] ?? 0) + (c['eliminated for Failure to Rout'] ?? 0), sumFractions(cf['eliminated by Interdiction'], cf['eliminated for Failure to Rout'])),
  ];
  const rest: [string, string][] = [
    ['pinned short of the goal', 'pinned short of the goal'],
    ['out of MF short of the goal', 'out of MF short of the goal'],
    ['captured', 'captured'],
    ['HoB: battle hardened', 'Battle Hardened (rout ends, Good Order)'],
    ['HoB: berserk', 'goes berserk (rout ends)'],
    ['HoB: heroic leader', 'leader heroic (rout ends)'],
  ];
  for (const [key, words] of rest) if ((c[key] ?? 0) > 0) figs.push(f(words, c[key], cf[key]));
  if (r.leaderEliminated !== undefined) figs.push(f('the leader routing with it eliminated', r.leaderEliminated, r.leaderEliminatedFraction));
  return figs;
}

/** a/b + c/d as a reduced fraction (BigInt), or undefined when either is missing. */
function sumFractions(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined || b === undefined) return undefined;
  const parse = (t: string): [bigint, bigint] | undefined => {
    const m = /^(\d+)(?:\/(\d+))?$/.exec(t);
    return m ? [BigInt(m[1]), BigInt(m[2] ?? '1')] : undefined;
  };
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return undefined;
  const [an, ad] = x;
  const [bn, bd] = y;
  let n = an * bd + bn * ad;
  let d = ad * bd;
  const g = gcd(n < 0n ? -n : n, d);
  if (g > 1n) {
    n /= g;
    d /= g;
  }
  return `${n}/${d}`;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

/** Notes on rules that are not modelled or do not apply, from the units in the input. */
function ruleNotes(r: OddsResult): string[] {
  const notes: string[] = [];
  const nats = new Set<string>();
  const units: unknown[] = [];
  const input = r.input;
  if (input.unit) units.push(input.unit);
  if (input.counters && typeof input.counters === 'object') units.push(...Object.values(input.counters as Record<string, unknown>));
  for (const u of units) {
    const nat = typeof u === 'object' && u !== null ? (u as { nationality?: unknown; kind?: unknown }) : undefined;
    if (nat && typeof nat.nationality === 'string' && nat.kind !== 'leader' && nat.kind !== 'hero') nats.add(nat.nationality);
  }
  if (nats.has('japanese')) {
    notes.push('Japanese Step Reduction (G1.12x) is not modelled: Japanese MMC here break and are Replaced as other nationalities\' do.');
  }
  return notes;
}

// ------------------------------------------------------------------------------------------ rendering

function capitalise(t: string): string {
  return t === '' ? t : t[0].toUpperCase() + t.slice(1);
}

/** The value of a figure as text: `41.7%` or `0.26`. */
function valueText(fig: SummaryFigure): string {
  return fig.kind === 'expectation' ? fig.value.toFixed(2) : formatPercent(fig.value);
}

/** The detail of a figure: odds and exact fraction, or odds and interval. */
function detailCells(fig: SummaryFigure): [string, string] {
  if (fig.kind === 'expectation') return ['', fig.fraction ? readableFraction(fig.fraction) : ''];
  const extra = fig.ci95 ? formatPlusMinus(fig.ci95) : fig.fraction ? readableFraction(fig.fraction) : '';
  return [formatOneIn(fig.value), extra];
}

/**
 * The summary as aligned text lines: the question, then each section (heading, figures indented),
 * then the notes. Ends with a newline.
 * @example formatSummaryText(buildOddsSummary(nmcOnMl7)).split('\n')[0] // 'German 4-6-7 takes a NMC (exact (every dice path)):'
 */
export function formatSummaryText(s: OddsSummary): string {
  const rows: { indent: string; cells: string[] }[] = [];
  const lines: string[] = [`${capitalise(s.question)}: ${s.method}`, ...(s.warnings ?? []).map((w) => `WARNING: ${w}`)];
  const out: (string | number)[] = [];
  for (const sec of s.sections) {
    const indent = sec.heading === null ? '  ' : '    ';
    if (sec.heading !== null) out.push(`  ${sec.heading}:`);
    for (const fig of sec.figures) {
      out.push(rows.length);
      rows.push({ indent, cells: [fig.label, valueText(fig), ...detailCells(fig)] });
    }
  }
  const widths = [0, 1, 2, 3].map((i) => Math.max(0, ...rows.map((r) => r.cells[i].length + (i === 0 ? r.indent.length : 0))));
  for (const item of out) {
    if (typeof item === 'string') {
      lines.push(item);
      continue;
    }
    const r = rows[item];
    const [label, value, odds, extra] = r.cells;
    lines.push(`${(r.indent + label).padEnd(widths[0])}  ${value.padStart(widths[1])}  ${odds.padEnd(widths[2])}  ${extra.padStart(widths[3])}`.trimEnd());
  }
  for (const n of s.notes) lines.push(`Note: ${n}`);
  return `${lines.join('\n')}\n`;
}

/** The summary as GitHub markdown: `## Summary`, the question, one table, notes as a list. */
export function formatSummaryMarkdown(s: OddsSummary, escape: (t: string) => string): string[] {
  const lines = ['## Summary', '', escape(`${s.question}: ${s.method}`), '', ...(s.warnings ?? []).flatMap((w) => [`**Warning:** ${escape(w)}`, ''])];
  const exactCol = s.sections.some((sec) => sec.figures.some((f) => f.fraction !== undefined || f.ci95 !== undefined));
  const mc = s.sections.some((sec) => sec.figures.some((f) => f.ci95 !== undefined));
  lines.push(`| What | Probability | Odds |${exactCol ? (mc ? ' 95% CI |' : ' Exact |') : ''}`, `| :--- | ---: | :--- |${exactCol ? ' ---: |' : ''}`);
  for (const sec of s.sections) {
    for (const fig of sec.figures) {
      const label = sec.heading === null ? fig.label : `${sec.heading}: ${fig.label}`;
      const [odds, extra] = detailCells(fig);
      lines.push(`| ${[label, valueText(fig), odds, ...(exactCol ? [extra] : [])].map(escape).join(' | ')} |`);
    }
  }
  if (s.notes.length > 0) lines.push('', ...s.notes.map((n) => `- ${escape(n)}`));
  return lines;
}

/**
 * The summary as headline figures for the HTML report's figures block: per section its heading, per
 * figure its label, value (`43.4%`, `0.52`) and a detail line (`1 in 2.3 · 7721/839808`, `1 in 2.3 · ±0.1 pp`).
 */
export function summaryFigures(s: OddsSummary): { groups: { heading: string | null; rows: { label: string; value: string; detail: string }[] }[] } {
  return {
    groups: s.sections.map((sec) => ({
      heading: sec.heading,
      rows: sec.figures.map((fig) => {
        const [odds, extra] = detailCells(fig);
        return { label: fig.label, value: valueText(fig), detail: [odds, extra].filter((t) => t !== '').join(' · ') };
      }),
    })),
  };
}
