/**
 * The summary the page shows first. TEMPORARY until reports/summary.ts (issue 13, helper a13) lands
 * on main: then this file re-exports its buildOddsSummary and is deleted.
 */
import type { OddsResult } from '../../src/result.js';

export interface SummaryFigure {
  readonly label: string;
  readonly kind: 'probability' | 'expectation';
  readonly value: number;
  readonly fraction?: string;
  readonly ci95?: readonly [number, number];
}
export interface SummarySection {
  readonly heading: string | null;
  readonly figures: readonly SummaryFigure[];
}
export interface OddsSummary {
  readonly question: string;
  readonly method: string;
  readonly sections: readonly SummarySection[];
  readonly notes: readonly string[];
}

export function buildOddsSummary(r: OddsResult): OddsSummary {
  const figures: SummaryFigure[] = Object.entries(r.events)
    .filter(([, p]) => (p ?? 0) > 0)
    .map(([k, p]) => ({ label: k, kind: 'probability', value: p ?? 0, fraction: r.eventFractions?.[k as never], ci95: (r.eventStats as Record<string, { ci95: [number, number] }> | undefined)?.[k]?.ci95 }));
  return { question: r.command, method: r.method, sections: [{ heading: null, figures }], notes: [] };
}
