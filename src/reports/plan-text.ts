/**
 * The fire plans comparison (queries/fire-plans.ts) as text: the ranked plans, each with its fire
 * groups in order, its attacks (FP, column, DRM, Cowering), the exact screen figure and the objective.
 */
import type { PlanComparison, PlanRow } from '../queries/fire-plans.js';
import { formatFP } from '../rules/fire-group.js';
import { signedDRM } from '../rules/drm.js';

function pct(p: number): string {
  return `${(100 * p).toFixed(1)}%`;
}

function shortId(id: string): string {
  const bare = id.slice(id.indexOf('/') + 1);
  return /^[lmh]mg/.test(bare) ? bare.toUpperCase() : bare;
}

/** One plan as a line: `[5-4-8 + 5-4-8] 8 FP/8 col +2, then [MMG] 5 FP/4 col +2`. Never throws. */
export function describePlan(r: PlanRow): string {
  return r.attacks
    .map((a) => {
      const col = a.column === null ? 'no attack' : `${formatFP(a.fp)} FP on the ${a.column} col ${signedDRM(a.drm)}`;
      const cow = a.directed ? ', directed' : a.cowering === 2 ? ', cowers 2' : a.cowering === 0 ? ', no Cowering' : '';
      return `[${a.firers.map(shortId).join(' + ')}] ${col}${cow}`;
    })
    .join(', then ');
}

/** The comparison as text, best plans first. Never throws. */
export function formatPlanComparison(c: PlanComparison): string {
  const lines: string[] = [];
  lines.push(`Fire plans ranked by ${c.objectiveWords}: ${c.plansConsidered} plans considered in ${c.seconds.toFixed(1)} s`);
  for (const w of c.warnings) lines.push(`warning: ${w}`);
  lines.push('');
  for (const r of c.plans) {
    const rank = r.rank === null ? '  -' : `${String(r.rank).padStart(3)}`;
    let figure = '';
    if (r.value !== undefined && c.objective !== 'nmc') {
      const v = c.objective === 'squads' ? r.value.toFixed(2) : pct(r.value);
      const ci = r.ci95 ? ` (95%: ${pct(r.ci95[0])}-${pct(r.ci95[1])})` : '';
      figure = `${v}${ci}${r.method === 'exact' ? ' exact' : ''}; `;
    }
    lines.push(`${rank}. ${figure}NMC or better ${pct(r.nmcOrBetter)} (${r.nmcOrBetterFraction})`);
    lines.push(`     ${describePlan(r)}${r.note ? `  [${r.note}]` : ''}`);
  }
  lines.push('');
  lines.push(`Monte Carlo plans: ${c.trials.toLocaleString('en-US')} trials each, seed ${c.seed} shared by every plan (common random numbers). The screen (NMC or better) is exact for every plan.`);
  return `${lines.join('\n')}\n`;
}
