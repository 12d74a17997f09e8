/**
 * "Compare fire plans" under an attack built from its firers: the attack's own
 * command line read with `asl-odds plan`'s options, every partition of its firers into fire groups in
 * every order compared against the same stack (queries/fire-plans.ts, loaded when asked), the best
 * plans listed with the single group. Runs on this page's thread when the player asks; the CLI's
 * `asl-odds plan` gives the same figures for the same seed.
 */
import { useState } from 'preact/hooks';
import { longName, parseOptionEntries, takesValue } from '../../src/options/option-spec.js';
import type { PlanComparison, PlanObjective } from '../../src/queries/fire-plans.js';
import { splitWords } from './defaults.js';
import { errorInWords } from '../../src/reports/glossary.js';

const OBJECTIVES: readonly [PlanObjective, string][] = [
  ['any-broken', 'at least one unit broken'],
  ['squads', 'squad-equivalents broken or eliminated'],
  ['leader-lost', 'a leader lost'],
  ['whole-stack', 'the whole stack broken or eliminated'],
  ['nmc', 'an NMC or better IFT result'],
];

function pct(p: number): string {
  return `${(100 * p).toFixed(1)}%`;
}

export function PlanCompare({ commandLine }: { commandLine: string }) {
  const [objective, setObjective] = useState<PlanObjective>('any-broken');
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; c: PlanComparison; describe: (r: PlanComparison['plans'][number]) => string } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      const [{ PLAN_OPTIONS, planInputOf }, { comparePlans }, { describePlan }] = await Promise.all([
        import('../../src/calculators/plan.js'),
        import('../../src/queries/fire-plans.js'),
        import('../../src/reports/plan-text.js'),
      ]);
      // The attack's words that `plan` takes (its --fp/--drm/--then are the attack's own).
      const words = splitWords(commandLine).slice(2);
      const entries: [string, string][] = [];
      for (let i = 0; i < words.length; i++) {
        if (!words[i].startsWith('--')) continue;
        const spec = PLAN_OPTIONS.find((s) => longName(s) === words[i].slice(2));
        if (!spec) continue;
        const next = words[i + 1];
        const value = takesValue(spec) ? (next !== undefined && !next.startsWith('--') ? (i++, next) : '') : 'true';
        entries.push([longName(spec), value]);
      }
      entries.push(['objective', objective]);
      const c = await comparePlans(planInputOf(parseOptionEntries(PLAN_OPTIONS, entries)));
      setState({ kind: 'done', c, describe: describePlan });
    } catch (e) {
      setState({ kind: 'error', message: errorInWords((e as Error).message, (e as { code?: string }).code ?? '') });
    }
  };
  return (
    <section class="plans" aria-label="Compare fire plans">
      <div class="plan-controls">
        <label for="plan-objective">Compare fire plans by</label>{' '}
        <select id="plan-objective" value={objective} onChange={(e) => setObjective((e.currentTarget as HTMLSelectElement).value as PlanObjective)}>
          {OBJECTIVES.map(([k, words]) => (
            <option key={k} value={k}>
              {words}
            </option>
          ))}
        </select>{' '}
        <button type="button" onClick={run} disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Comparing…' : 'Compare fire plans'}
        </button>
      </div>
      {state.kind === 'error' && (
        <p class="error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && (
        <>
          <p class="note">
            {state.c.plansConsidered} plans, ranked by {state.c.objectiveWords}; Monte Carlo plans share one seed ({state.c.seed}, {state.c.trials.toLocaleString('en-US')} trials)
          </p>
          <ol class="plan-list">
          {state.c.plans.slice(0, 8).map((r, i) => (
            <li key={i} data-rank={r.rank ?? ''}>
              <strong>{r.value !== undefined && state.c.objective !== 'nmc' ? (state.c.objective === 'squads' ? r.value.toFixed(2) : pct(r.value)) : pct(r.nmcOrBetter)}</strong> {state.describe(r)}
              {r.note ? ` (${r.note})` : ''}
            </li>
          ))}
          </ol>
        </>
      )}
    </section>
  );
}
