/**
 * The arithmetic of an attack built from its firers: the ledger line as the CLI's text opens
 * with it, each firer's FP steps, the DRM line by line with its rule, the Cowering and the warnings.
 * Renders nothing for an answer without a ledger.
 */
import type { OddsResult } from '../../src/result.js';
import { PlanCompare } from './plan-compare.js';
import { signedDRM } from '../../src/rules/drm.js';
import { optionsInWords } from '../../src/reports/glossary.js';
import { idWords } from './unit-words.js';

export function FireLedger({ result, commandLine }: { result: OddsResult; commandLine: string }) {
  if (result.ledger === undefined) return null;
  return (
    <section class="ledger" aria-label="Fire attack">
      <p class="ledger-line">
        <strong>Fire attack:</strong> {optionsInWords(result.ledger)}
      </p>
      {(result.warnings ?? []).map((w, i) => (
        <p class="note warning" key={i}>
          {optionsInWords(w)}
        </p>
      ))}
      <details>
        <summary>FP and DRM, step by step</summary>
        <ol class="ledger-steps">
          {(result.fpLedger ?? []).map((l, i) => (
            <li key={`fp${i}`}>
              {idWords(l.firer)}: {[String(l.printed), ...l.steps.map((s) => `${s.label} = ${s.fp} (${s.rule})`)].join(', ')} → {l.fp} FP
            </li>
          ))}
          <li>
            total {result.fp} FP → {result.column === null ? 'no attack' : `the ${result.column} column`}
          </li>
          {(result.drmLedger ?? []).map((l, i) => (
            <li key={`drm${i}`}>
              {signedDRM(l.drm)} {optionsInWords(l.label)} ({l.rule})
            </li>
          ))}
          <li>
            DRM {signedDRM(result.drm ?? 0)}; {result.cowering?.reason}
          </li>
        </ol>
      </details>
      {(result.fpLedger?.length ?? 0) > 1 && <PlanCompare commandLine={commandLine} />}
    </section>
  );
}
