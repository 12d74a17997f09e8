/**
 * The fire attack builder as an `attack` question: the firers and circumstances (rules/fire-group.ts)
 * become the attack's FP, DRM, directing leader and Cowering, asked through the public attack API
 * (attack-query.ts); the result gains the ledger (`fp`, `column`, `fpLedger`, `drm`, `drmLedger`,
 * `cowering`, `ledger`, `warnings`).
 *
 *   builder input -> resolveFireGroup -> AttackInput (fp, drm without the leader's, leader, a firer
 *   profile that cowers as the group does) -> attackQuery -> result + ledger fields
 */
import type { OddsResult } from '../result.js';
import { checkTargetSide, describeFireGroup, resolveFireGroup, type FireGroupAttack, type FireGroupInput } from '../rules/fire-group.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { attackQuery, type AttackInput } from './attack-query.js';
import type { OddsOutput, OddsQuery } from './compute-odds.js';

/** The builder's fields of a result (see OddsResult `fp` ... `warnings`). */
export type FireBuilderFields = Pick<OddsResult, 'fp' | 'column' | 'fpLedger' | 'drm' | 'drmLedger' | 'cowering' | 'ledger' | 'warnings'>;

/**
 * The group built with the rule set's setting `inexperiencedFireGroupCowering`.
 * @throws as resolveFireGroup; `input.rules`, `input.setting` for a bad rule set or setting
 */
export function buildFireGroup(input: FireGroupInput, rules: RuleSetId | undefined, settings: Readonly<Record<string, string | number | boolean>> | undefined): FireGroupAttack {
  const ruleSet = getRuleSet(rules ?? '2nd-edition', settings ?? {});
  return resolveFireGroup(input, ruleSet.settings.inexperiencedFireGroupCowering);
}

/**
 * The attack's fields that carry a built group to the attack engine: FP, DRM without the directing
 * leader's (the engine adds it, A7.531), the leader, and a firer profile whose Cowering is the
 * group's (A7.9): an exempt firer's, or the class that cowers the same number of columns.
 * Never throws.
 */
export function attackFieldsOf(g: FireGroupAttack, leader: string | undefined): Pick<AttackInput, 'fp' | 'drm' | 'leader' | 'firer' | 'firerClass' | 'firerNationality' | 'firerFanatic' | 'firerBerserk'> {
  const p = g.coweringProfile;
  const hero = p.heroAlone ? g.firers.find((f) => f.unit?.kind === 'hero')?.unit?.id : undefined;
  return {
    fp: g.fp,
    drm: g.drm - g.leaderDRM,
    ...(leader !== undefined ? { leader } : {}),
    ...(hero !== undefined ? { firer: hero } : {}),
    firerClass: p.unitClass,
    ...(p.nationality !== null ? { firerNationality: p.nationality } : {}),
    firerFanatic: p.fanatic,
    firerBerserk: p.berserk,
  };
}

/** The ledger fields of a built group, as the result carries them. Never throws. */
export function builderFieldsOf(g: FireGroupAttack): FireBuilderFields {
  return {
    fp: g.fp,
    column: g.column,
    fpLedger: g.fpLedger.map((l, i) => {
      const u = g.firers[i].underscores;
      return {
        firer: l.firer,
        printed: l.printed,
        steps: l.steps.map((s) => ({ label: s.label, fp: s.fp, rule: s.rule })),
        fp: l.fp,
        ...(u !== null ? { underscores: { assaultFire: u.assaultFire, sprayingFire: u.sprayingFire, source: u.source, confidence: u.confidence, ...(u.note !== undefined ? { note: u.note } : {}) } } : {}),
      };
    }),
    drm: g.drm,
    drmLedger: g.drmLedger,
    cowering: g.cowering,
    ledger: describeFireGroup(g),
    warnings: g.warnings,
  };
}

/**
 * A question whose every result (exact, summarized or Monte Carlo) also carries `fields`.
 * Never throws (the wrapped functions throw as the query's own).
 */
export function withResultFields<S>(q: OddsQuery<S>, fields: Record<string, unknown>): OddsQuery<S> {
  const add = (o: OddsOutput): OddsOutput => (o.kind === 'result' ? { kind: 'result', result: { ...o.result, ...fields } } : o);
  return {
    ...q,
    ...(q.extend ? { extend: (t, w, total) => ({ ...q.extend!(t, w, total), ...fields }) } : {}),
    ...(q.exact
      ? {
          exact: {
            ...q.exact,
            extend: (dist) => ({ ...q.exact!.extend(dist), ...fields }),
            ...(q.exact.summarize
              ? {
                  summarize: (maxStates, onProgress) => {
                    const s = q.exact!.summarize!(maxStates, onProgress);
                    return { events: s.events, figures: { ...s.figures, ...fields } };
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(q.monteCarlo ? { monteCarlo: async (m, plan, seed) => add(await q.monteCarlo!(m, plan, seed)) } : {}),
  };
}

/**
 * The `attack` question built from firers: the attack engine's question with the ledger in its result.
 * @param base the rest of the attack's input (targets, markers, situation, `then`, rule set)
 * @param group the firers and circumstances
 * @throws as resolveFireGroup and attackQuery; `input.targetSide` for a target of the firers' side (A7)
 */
export function fireBuilderQuery(base: Omit<AttackInput, 'fp' | 'drm' | 'leader' | 'firer'>, group: FireGroupInput): ReturnType<typeof attackQuery> {
  const g = buildFireGroup(group, base.rules, base.settings as Record<string, string> | undefined);
  checkTargetSide(g.firers[0].nationality, base.targets.map((t) => (typeof t === 'string' ? t : t.unit)));
  const q = attackQuery({ ...base, ...attackFieldsOf(g, group.leader) });
  return withResultFields(q, builderFieldsOf(g) as Record<string, unknown>);
}
