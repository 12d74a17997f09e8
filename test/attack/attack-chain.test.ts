/**
 * The attack chain through the exact engine: totals, the rulebook's worked examples as stack cases
 * (A10.2 EX, A10.21 EX, A10.22 EX), the docs/rules-notes.md §3 PTC oracle, Cowering, leader direction, Fire
 * Lane and Snap Shot columns, berserk leaders (A15.41), the symmetry reduction and the linearity of
 * the summary. Oracles are hand-derived from the 36 DR (comments give the derivation).
 */
import { describe, expect, it } from 'vitest';
import { buildAttackChain, deferredScripts, type AttackChainState, type CompiledAttack } from '../../src/attack/attack-chain.js';
import { COUNT_WEIGHTS, EXACT_WEIGHTS, summarizeAttack } from '../../src/attack/attack-summary.js';
import { Ev, EVENT_NAMES, type EventName } from '../../src/rules/events.js';
import { getUnit } from '../../src/counters/catalog.js';
import { enumerateChain, type ExactTerminal } from '../../src/engine/exact.js';
import { add, toFraction, toNumber, ZERO, type Prob6 } from '../../src/engine/probability.js';
import { attackExact, attackQuery, type AttackInput } from '../../src/queries/attack-query.js';
import { resolveBerserkCheck } from '../../src/rules/berserk-leader.js';
import { resolveWoundSeverity } from '../../src/rules/casualty-reduction.js';
import { moraleCheck, type CheckSpec } from '../../src/rules/check.js';
import type { MoraleContext } from '../../src/rules/context.js';
import { isHoBEligible, resolveHoB } from '../../src/rules/heat-of-battle.js';
import { iftColumnOf, parseIFTResult } from '../../src/rules/infantry-fire-table.js';
import { leaderLossML, llmcFor, lltcFor } from '../../src/rules/leader-loss.js';
import { leadershipDRMFor } from '../../src/rules/leadership.js';
import { resolveCheck } from '../../src/rules/morale-check.js';
import { isAlive, lentLeadershipDRM, unitStateKey, type UnitState } from '../../src/rules/unit-state.js';
import type { ScriptEntry } from '../../src/attack/deferred-check-chain.js';
import { enumerateGraph } from '../../src/attack/exact-graph.js';
import { ctx, drOf, rs2e, unit } from '../rules/helpers.js';

/** p = n / 6^e. */
const p6 = (n: number, e: number): Prob6 => ({ n: BigInt(n), e });
const mul = (a: Prob6, b: Prob6): Prob6 => ({ n: a.n * b.n, e: a.e + b.e });
/** n/36 as n / 6^2. */
const d36 = (n: number): Prob6 => p6(n, 2);
/** Ways to roll each DR total 2..12 out of 36. */
const WAYS: Readonly<Record<number, number>> = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

const fixed = (label: string): CompiledAttack => ({ label, column: null, drm: 0, coweringShift: 0, fixedResult: parseIFTResult(label) });
const fire = (fp: number, drm = 0, coweringShift: 0 | 1 | 2 = 1): CompiledAttack => ({ label: `${fp}`, column: iftColumnOf(fp), drm, coweringShift, fixedResult: null });

function run(targets: UnitState[], attacks: CompiledAttack[], c: MoraleContext = ctx()) {
  const model = buildAttackChain({ targets, attacks, ctx: c });
  const dist = enumerateChain(model);
  const summary = summarizeAttack(targets, dist.terminals.map((t) => ({ state: t.state, events: t.events, weight: t.probability })), EXACT_WEIGHTS);
  return { model, dist, summary };
}

/** Exact P(target i had `event`), as a fraction. */
function unitEvent(r: ReturnType<typeof run>, i: number, event: EventName): string {
  return toFraction(r.summary.units[i][EVENT_NAMES.indexOf(event)]);
}

function outcomeFraction(r: ReturnType<typeof run>, state: string): string {
  return toFraction(r.summary.outcomes.get(state) ?? ZERO);
}

function total(terminals: readonly ExactTerminal<AttackChainState>[]): string {
  return toFraction(terminals.reduce((s, t) => add(s, t.probability), ZERO));
}

describe('totals sum to exactly 1', () => {
  const cases: [string, () => UnitState[], CompiledAttack[], MoraleContext?][] = [
    ['NMC on 9-1, 4-6-7, 4-6-7', () => [unit('german/9-1'), unit('german/4-6-7'), unit('german/4-6-7')], [fixed('NMC')]],
    ['8 FP on 8-1, 4-6-7 (all IFT results, Random Selection)', () => [unit('german/8-1'), unit('german/4-6-7')], [fire(8)]],
    ['K/2 on 10-2, 9-1, 2-4-7 broken', () => [unit('german/10-2'), unit('german/9-1'), unit('german/2-4-7', { broken: true })], [fixed('K/2')]],
    ['2KIA on hero, berserk 4-6-7, 8-0, crew', () => [unit('german/hero'), unit('german/4-6-7', { berserk: true }), unit('german/8-0'), unit('german/crew')], [fixed('2KIA')]],
    ['6 FP then a Fire Lane 2 column on 4-6-7, 2-4-7', () => [unit('german/4-6-7'), unit('german/2-4-7')], [fire(6), fire(2, 0, 0)]],
    ['GIA, 4MC on 9-1, Italian 3-4-7, encircled', () => [unit('german/9-1', { encircled: true }), unit('italian/3-4-7', { encircled: true })], [fixed('4MC')], ctx({ rules: 'gi-anvil' })],
  ];
  for (const [name, targets, attacks, c] of cases) {
    it(name, () => {
      const r = run(targets(), attacks, c);
      expect(total(r.dist.terminals)).toBe('1');
      expect(toFraction(r.summary.total)).toBe('1');
      let outcomes = ZERO;
      for (const w of r.summary.outcomes.values()) outcomes = add(outcomes, w);
      expect(toFraction(outcomes)).toBe('1');
    });
  }
});

describe('docs/rules-notes.md §3 oracle: PTC on a 9-1 stacked with a ML 8 squad', () => {
  // Of 1,296 dice pairs: both pinned 60, leader only 156, squad only 180, neither 900 (leader checks
  // first; the squad has his -1 only while he is unpinned).
  const r = run([unit('german/9-1'), unit('german/4-6-8')], [fixed('PTC')]);
  it('matches the four counts', () => {
    expect(outcomeFraction(r, '9-1, 4-6-8')).toBe(toFraction(p6(900, 4)));
    expect(outcomeFraction(r, 'pinned 9-1, 4-6-8')).toBe(toFraction(p6(156, 4)));
    expect(outcomeFraction(r, '9-1, pinned 4-6-8')).toBe(toFraction(p6(180, 4)));
    expect(outcomeFraction(r, 'pinned 9-1, pinned 4-6-8')).toBe(toFraction(p6(60, 4)));
  });
});

/**
 * An independent oracle for one leader and one other unit taking the same #MC, written from the rules
 * with the resolver functions (not the chain): the leader checks first, unaided; the other unit checks
 * with the leader's DRM as he then stands; each check is followed by its Wound Severity dr and HoB DR;
 * then the unit takes the LLMC (leader eliminated) or LLTC (unbroken leader broken); then, if the leader
 * went berserk, the Berserk NTC with his DRM (A10.2, A10.21, A10.22, A15.1, A15.41, A17.11).
 * @returns P(the other unit had `event`)
 */
function pairOracle(leader0: UnitState, unit0: UnitState, mc: number, event: EventName, c: MoraleContext = ctx()): Prob6 {
  type Branch = { p: Prob6; u: UnitState; ev: number };
  const afterCheck = (u: UnitState, check: CheckSpec, drm: number): Branch[] => {
    const out: Branch[] = [];
    for (let dr = 2; dr <= 12; dr++) {
      const r = resolveCheck(u, check, drm, drOf(dr), c);
      let branches: Branch[] = [{ p: d36(WAYS[dr]), u: r.unit, ev: r.events }];
      const wound = r.woundSeverityDRM;
      if (wound !== null) {
        branches = branches.flatMap((b) => [1, 2, 3, 4, 5, 6].map((d) => {
          const w = resolveWoundSeverity(b.u, d, wound);
          return { p: mul(b.p, p6(1, 1)), u: w.unit, ev: b.ev | w.events };
        }));
      }
      if (r.heatOfBattle) {
        branches = branches.flatMap((b) => (!isAlive(b.u) ? [b] : [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((h) => {
          const hob = resolveHoB(b.u, h, r.unit.status === 'broken', c);
          return { p: mul(b.p, d36(WAYS[h])), u: hob.unit, ev: b.ev | hob.events };
        })));
      }
      out.push(...branches);
    }
    return out;
  };
  const bit = Ev[event];
  let total = ZERO;
  for (const L of afterCheck(leader0, moraleCheck(mc), 0)) {
    for (const S of afterCheck(unit0, moraleCheck(mc), leadershipDRMFor(unit0, [L.u]))) {
      let finals: Branch[] = [{ p: mul(L.p, S.p), u: S.u, ev: S.ev }];
      const ml = leaderLossML(leader0);
      if (isAlive(leader0) && !isAlive(L.u)) {
        finals = finals.flatMap((f) => {
          const l = llmcFor(f.u, leader0.profile.leadershipDRM, ml, c.ruleSet);
          return l === null ? [f] : afterCheck(f.u, l.check, l.drm).map((b) => ({ p: mul(f.p, b.p), u: b.u, ev: f.ev | b.ev }));
        });
      } else if (leader0.status === 'good-order' && L.u.status === 'broken') {
        finals = finals.flatMap((f) => {
          const t = lltcFor(f.u, leader0.profile.leadershipDRM, ml, c.ruleSet);
          return t === null ? [f] : afterCheck(f.u, t.check, t.drm).map((b) => ({ p: mul(f.p, b.p), u: b.u, ev: f.ev | b.ev }));
        });
      }
      if (!leader0.berserk && L.u.berserk && isAlive(L.u)) {
        finals = finals.flatMap((f) => {
          if (!isAlive(f.u) || !isHoBEligible(f.u, c.ruleSet)) return [f];
          return [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((dr) => {
            const r = resolveBerserkCheck(f.u, lentLeadershipDRM(L.u) ?? L.u.profile.leadershipDRM, drOf(dr), c);
            return { p: mul(f.p, d36(WAYS[dr])), u: r.unit, ev: f.ev | r.events };
          });
        });
      }
      for (const f of finals) if (f.ev & bit) total = add(total, f.p);
    }
  }
  return total;
}

describe('A10.22 EX: a 9-1 with a 10-2 passes his NMC on <= 11; a 9-2 does not help him', () => {
  const r = run([unit('german/10-2'), unit('german/9-1')], [fixed('NMC')]);
  it('after a clean 10-2 (DR 3..9, 29/36) the 9-1 is pinned only on 11 (2/36) and never broken but by a 12', () => {
    expect(outcomeFraction(r, '10-2, pinned 9-1')).toBe(toFraction(mul(d36(29), d36(2))));
    expect(outcomeFraction(r, '10-2, broken 9-1')).toBe('0');
    expect(outcomeFraction(r, '10-2, 9-1')).toBe(toFraction(mul(d36(29), d36(32)))); // 9-1 DR 3..10
  });
  it('the 10-2 checks first and unaided: as if alone', () => {
    const solo = run([unit('german/10-2')], [fixed('NMC')]);
    for (const e of ['pass', 'pin', 'break', 'heatOfBattle'] as const) expect(unitEvent(r, 0, e)).toBe(unitEvent(solo, 0, e));
  });
  it('the 9-1\'s events match the independent pair oracle', () => {
    for (const e of ['pass', 'pin', 'break', 'casualtyReduction', 'elimination', 'heatOfBattle', 'berserk'] as const) {
      expect(unitEvent(r, 1, e)).toBe(toFraction(pairOracle(unit('german/10-2'), unit('german/9-1'), 0, e)));
    }
  });
  it('with a 9-2 (same ML) the 9-1 breaks on 10 and 11 after a clean 9-2: as alone', () => {
    const r2 = run([unit('german/9-2'), unit('german/9-1')], [fixed('NMC')]);
    expect(outcomeFraction(r2, '9-2, broken 9-1')).toBe(toFraction(mul(d36(25), d36(5)))); // 9-2 DR 3..8, 9-1 DR 10..11
    expect(unitEvent(r2, 1, 'break')).toBe(toFraction(pairOracle(unit('german/9-2'), unit('german/9-1'), 0, 'break')));
  });
});

describe('A10.2 EX: 1KIA on a Good Order 9-1, a 6-5-8 and a 4-6-7', () => {
  const r = run([unit('german/9-1'), unit('german/6-5-8'), unit('german/4-6-7')], [fixed('1KIA')]);
  const b467 = getUnit('german/4-6-7').brokenML;
  it('Random Selection picks the leader alone in 55/216 (sum over v of (1/6)((v-1)/6)^2); the broken 4-6-7 then fails its 1MC LLMC into a broken HS', () => {
    let fail = 0;
    for (let dr = 2; dr <= 12; dr++) if (dr + 1 > b467) fail += WAYS[dr];
    expect(outcomeFraction(r, 'eliminated 9-1, broken 6-5-8, broken 2-4-7')).toBe(toFraction(mul(p6(55, 3), d36(fail))));
  });
  it('the broken SS squad (ML 9, not < 9) never takes a LLMC: never Reduced', () => {
    for (const state of r.summary.outcomes.keys()) expect(state).not.toContain('3-4-8');
  });
  it('leaderLost = P(the leader ties for the highest dr) = sum over v of (1/6)(v/6)^2 = 91/216; all units always broken or eliminated', () => {
    expect(toFraction(r.summary.stack.leaderLost)).toBe('91/216');
    expect(unitEvent(r, 1, 'break')).toBe('125/216');
  });
});

describe('A10.21 EX: a broken leader eliminated by a 1MC result, stacked with a 4-6-8 and a 4-6-7', () => {
  // The broken leader fails the 1MC, is Casualty Reduced (wounded) and dies on a Wound Severity dr of
  // 5-6; the squads take the 1MC, then the LLMC if their ML is below the leader's Good Order ML.
  const c = ctx();
  it('who takes which LLMC: 8-0: only the 4-6-7, a NMC; 8-1: the 4-6-7, a 1MC; 9-1: both, a 1MC', () => {
    const llmc = (leader: string, squad: string) => llmcFor(unit(squad), getUnit(leader).leadershipDRM, leaderLossML(unit(leader, { broken: true })), rs2e)?.check.strength ?? null;
    expect(llmc('german/8-0', 'german/4-6-8')).toBeNull();
    expect(llmc('german/8-0', 'german/4-6-7')).toBe(0);
    expect(llmc('german/8-1', 'german/4-6-8')).toBeNull();
    expect(llmc('german/8-1', 'german/4-6-7')).toBe(1);
    expect(llmc('german/9-1', 'german/4-6-8')).toBe(1);
    expect(llmc('german/9-1', 'german/4-6-7')).toBe(1);
  });
  for (const leader of ['german/8-0', 'german/8-1', 'german/9-1']) {
    it(`${leader} broken: each squad's events as the pair oracle (the other squad does not matter)`, () => {
      const r = run([unit(leader, { broken: true }), unit('german/4-6-8'), unit('german/4-6-7')], [fixed('1MC')], c);
      for (const [i, squad] of [[1, 'german/4-6-8'], [2, 'german/4-6-7']] as const) {
        for (const e of ['pass', 'pin', 'break', 'casualtyReduction', 'replacement', 'heatOfBattle', 'berserk'] as const) {
          expect(unitEvent(r, i, e)).toBe(toFraction(pairOracle(unit(leader, { broken: true }), unit(squad), 1, e, c)));
        }
      }
    });
  }
  it('the LLMC adds breaks: a 4-6-7 under a broken 9-1 breaks more often than its 1MC alone', () => {
    const r = run([unit('german/9-1', { broken: true }), unit('german/4-6-7')], [fixed('1MC')], c);
    expect(toNumber(r.summary.units[1][EVENT_NAMES.indexOf('break')])).toBeGreaterThan(21 / 36 + 1 / 1296);
  });
});

describe('A15.41: a leader going berserk makes the others in his Location take a Berserk NTC', () => {
  it('NMC on 9-1 and 4-6-7: the 4-6-7\'s events as the pair oracle (own HoB, LLMC HoB, Berserk NTC at -1)', () => {
    const r = run([unit('german/9-1'), unit('german/4-6-7')], [fixed('NMC')]);
    for (const e of ['berserk', 'rally', 'break', 'pin', 'heatOfBattle'] as const) {
      expect(unitEvent(r, 1, e)).toBe(toFraction(pairOracle(unit('german/9-1'), unit('german/4-6-7'), 0, e)));
    }
  });
  it('the Berserk NTC adds berserk units: more than the squad\'s own HoB berserk (9/1296) and any LLMC HoB', () => {
    const r = run([unit('german/9-1'), unit('german/4-6-7')], [fixed('NMC')]);
    const alone = run([unit('german/4-6-7')], [fixed('NMC')]);
    expect(toNumber(r.summary.units[1][EVENT_NAMES.indexOf('berserk')])).toBeGreaterThan(toNumber(alone.summary.units[0][EVENT_NAMES.indexOf('berserk')]) + 0.004);
  });
  it('GIA: the same with the DM MC (identical odds of going berserk: a 12 fails either way)', () => {
    const r = run([unit('german/9-1'), unit('german/4-6-7')], [fixed('NMC')], ctx({ rules: 'gi-anvil' }));
    expect(unitEvent(r, 1, 'berserk')).toBe(toFraction(pairOracle(unit('german/9-1'), unit('german/4-6-7'), 0, 'berserk', ctx({ rules: 'gi-anvil' }))));
  });
});

describe('Cowering, leader direction, Fire Lane and Snap Shot columns (through attackQuery)', () => {
  const untouched = (input: AttackInput) => {
    const q = attackQuery(input);
    const d = enumerateChain(q.model);
    return toFraction(d.terminals.filter((t) => t.state.unitEvents[0] === 0).reduce((s, t) => add(s, t.probability), ZERO));
  };
  it('1 FP on a 4-6-7: results on DR 2 (1MC), 3 (1MC), 4 (NMC), 5 (PTC); doubles 1-1 and 2-2 cower off the table (no-effect)', () => {
    expect(untouched({ targets: ['german/4-6-7'], fp: 1 })).toBe('7/9'); // 26/36 + 2/36
  });
  it('... or stay on the 1 column (coweringOnOneFP=stay), and a Fanatic firer never cowers', () => {
    expect(untouched({ targets: ['german/4-6-7'], fp: 1, settings: { coweringOnOneFP: 'stay' } })).toBe('13/18');
    expect(untouched({ targets: ['german/4-6-7'], fp: 1, firerFanatic: true })).toBe('13/18');
    expect(untouched({ targets: ['german/4-6-7'], fp: 1, firer: 'british/4-5-8' })).toBe('13/18');
  });
  const outcomes = (input: AttackInput) => Object.fromEntries(attackExact({ ...input, outcomes: true }).outcomes.map((o) => [o.state, o.fraction]));
  it('a directing leader adds his DRM and stops Cowering: 8 FP led by a 9-1 = 8 FP at -1 by a Fanatic firer', () => {
    expect(outcomes({ targets: ['german/4-6-7'], fp: 8, leader: 'german/9-1' })).toEqual(outcomes({ targets: ['german/4-6-7'], fp: 8, drm: -1, firerFanatic: true }));
    expect(attackQuery({ targets: ['german/4-6-7'], fp: 8, leader: 'german/9-1' }).header.input.attacks).toEqual(['8 FP (8 column) DRM -1 directed by german/9-1']);
  });
  it('A9.22 Fire Lane Residual: one column left of the MG\'s (5 FP: 4 -> 2), never cowers', () => {
    expect(outcomes({ targets: ['german/4-6-7'], fp: 5, kind: 'fire-lane' })).toEqual(outcomes({ targets: ['german/4-6-7'], fp: 2, firerFanatic: true }));
  });
  it('A8.15 Snap Shot: Area Fire halves the FP (5 -> 2.5: the 2 column)', () => {
    expect(outcomes({ targets: ['german/4-6-7'], fp: 5, kind: 'snap-shot' })).toEqual(outcomes({ targets: ['german/4-6-7'], fp: 2 }));
  });
  it('an Inexperienced firer cowers two columns: 4 FP on doubles uses the 1 column', () => {
    // DR 4 (2-2 doubles, 1/36): a Green firer's 4 FP attack reads the 1 column (NMC) instead of 4 (1MC).
    const green = outcomes({ targets: ['german/4-6-7'], fp: 4, firerClass: 'green' });
    const first = outcomes({ targets: ['german/4-6-7'], fp: 4 });
    expect(green).not.toEqual(first);
  });
});

describe('sequences of attacks (--then)', () => {
  it('a unit eliminated by the first attack is left alone by the next', () => {
    const r = run([unit('german/4-6-7')], [fixed('1KIA'), fire(30)]);
    expect([...r.summary.outcomes.keys()]).toEqual(['eliminated 4-6-7']);
  });
  it('a second NMC on a squad broken by the first Casualty Reduces it on failure (A10.3)', () => {
    const r = run([unit('german/4-6-7')], [fixed('1KIA'), fire(30)]);
    expect(total(r.dist.terminals)).toBe('1');
    const two = run([unit('german/4-6-7')], [fixed('NMC'), fixed('NMC')]);
    expect(toNumber(two.summary.units[0][EVENT_NAMES.indexOf('casualtyReduction')])).toBeGreaterThan(toNumber(run([unit('german/4-6-7')], [fixed('NMC')]).summary.units[0][EVENT_NAMES.indexOf('casualtyReduction')]));
  });
});

describe('symmetry reduction and linear summary', () => {
  it('two identical 4-6-7 taking a NMC: each as alone (pass 5/12), the mixed outcome 2 x P(broken) x P(good)', () => {
    const r = run([unit('german/4-6-7'), unit('german/4-6-7')], [fixed('NMC')]);
    const solo = run([unit('german/4-6-7')], [fixed('NMC')]);
    for (const e of EVENT_NAMES) {
      expect(unitEvent(r, 0, e)).toBe(unitEvent(solo, 0, e));
      expect(unitEvent(r, 1, e)).toBe(unitEvent(solo, 0, e));
    }
    const pb = solo.summary.outcomes.get('broken 4-6-7')!;
    const pg = solo.summary.outcomes.get('4-6-7')!;
    const mixed = add(r.summary.outcomes.get('4-6-7, broken 4-6-7') ?? ZERO, r.summary.outcomes.get('broken 4-6-7, 4-6-7') ?? ZERO);
    expect(toFraction(mixed)).toBe(toFraction(mul(mul(pb, pg), p6(2, 0))));
  });
  it('the summary is linear in the weights: doubling the weights doubles every figure', () => {
    const targets = [unit('german/8-1'), unit('german/4-6-7')];
    const { dist } = run(targets, [fire(8)]);
    const terms = dist.terminals.map((t) => ({ state: t.state, events: t.events, weight: toNumber(t.probability) }));
    const one = summarizeAttack(targets, terms, COUNT_WEIGHTS);
    const two = summarizeAttack(targets, [...terms, ...terms], COUNT_WEIGHTS);
    expect(two.total).toBeCloseTo(2 * one.total, 12);
    expect(two.squadsBroken).toBeCloseTo(2 * one.squadsBroken, 12);
    expect(two.stack.anyBroken).toBeCloseTo(2 * one.stack.anyBroken, 12);
    two.units[1].forEach((w, b) => expect(w).toBeCloseTo(2 * one.units[1][b], 12));
  });
});

describe('Random Selection by ranges (exact engines) gives the odds of one dr per unit (A.9)', () => {
  // The leaders' chain of the exact summary (squads deferred, attack-factored.ts): every final state
  // and every event's mass, fraction for fraction, with and without ranges.
  const stacks: [string, () => UnitState[]][] = [
    ['six different units', () => ['german/9-1', 'german/8-1', 'german/4-6-7', 'german/4-6-8', 'german/4-4-7', 'german/2-4-7'].map((id) => unit(id))],
    ['a leader and three identical squads', () => ['american/9-2', 'american/6-6-6', 'american/6-6-6', 'american/6-6-6'].map((id) => unit(id))],
  ];
  for (const [name, targets] of stacks) {
    for (const attacks of [[fixed('1KIA')], [fixed('2KIA')], [fixed('3KIA')], [fixed('K/2')], [fire(20, -2)]]) {
      it(`${name}, ${attacks[0].label}: every final state and event, fraction for fraction`, () => {
        const t = targets();
        const deferred = t.flatMap((u, i) => (u.profile.kind === 'leader' ? [] : [i]));
        const run = (selectionByRanges: boolean) => {
          const labels = deferredScripts(t.length);
          const dist = enumerateGraph(buildAttackChain({ targets: t, attacks, ctx: ctx(), track: [], deferred, selectionByRanges }), { labels: labels.labels });
          const m = dist.marginals;
          // Final states by their units and scripts (the paths' labels), identical squads as a sorted list.
          // A squad's state after the IFT result is its script's 'effect' entry (the state tells only
          // whether it is on the map), read by its unit's key: entry keys use the chain's own codes.
          const finals = new Map<string, Prob6>();
          const entryText = (e: ScriptEntry): string => (e.k === 'effect' ? `effect ${unitStateKey(e.unit)} ${e.events};` : `${e.key};`);
          for (const x of dist.terminals) {
            const scripts = labels.scripts(x.label);
            const k = x.state.units
              .map((u, i) => (deferred.includes(i) ? `~${isAlive(u)}|${(scripts[i]?.entries ?? []).map(entryText).join('')}` : `${unitStateKey(u)}|`))
              .sort()
              .join(',');
            finals.set(k, add(finals.get(k) ?? ZERO, x.probability));
          }
          // Per-unit events summed over the squads (identical squads share them out by their order).
          const squads = EVENT_NAMES.map((_, b) => toFraction(deferred.reduce((sum, i) => add(sum, m.partEvents[i]?.[b] ?? ZERO), ZERO)));
          return {
            finals: new Map([...finals].map(([k, p]): [string, string] => [k, toFraction(p)]).sort()),
            events: m.events.map(toFraction),
            leaders: t.map((_, i) => (deferred.includes(i) ? [] : (m.partEvents[i] ?? []).map(toFraction))),
            squads,
            states: dist.statesVisited,
          };
        };
        const dice = run(false);
        const ranges = run(true);
        const { states: rangeStates, ...byRanges } = ranges;
        const { states: diceStates, ...byDice } = dice;
        expect(byRanges).toEqual(byDice);
        // Fewer states where more than one unit is selected (one: each dr's own form is as small).
        if (attacks[0].label === '2KIA' || attacks[0].label === '3KIA') expect(rangeStates).toBeLessThan(diceStates);
      });
    }
  }
});
