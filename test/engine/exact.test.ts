import { describe, expect, it } from 'vitest';
import { Ev } from '../../src/rules/events.js';
import { buildMoraleChain } from '../../src/chains/morale-chain.js';
import { ALL_DR } from '../../src/dice/dice.js';
import type { ChainModel } from '../../src/engine/chain.js';
import { enumerateChain, summarizeExact, type TerminalMarks } from '../../src/engine/exact.js';
import { add, toFraction, toNumber, ZERO, type Prob6 } from '../../src/engine/probability.js';
import { moraleCheck, parseCheck } from '../../src/rules/check.js';
import { leadershipDRMFor } from '../../src/rules/leadership.js';
import { resolveCheck } from '../../src/rules/morale-check.js';
import type { UnitState } from '../../src/rules/unit-state.js';
import { ctx, unit } from '../rules/helpers.js';
import { buildAttackChain, deferredScripts, type AttackChainState, type CompiledAttack, type ScriptDelta } from '../../src/attack/attack-chain.js';
import { isAlive, offMapState, unitStateKey } from '../../src/rules/unit-state.js';
import { iftColumnOf } from '../../src/rules/infantry-fire-table.js';

function eventFraction<S>(model: ChainModel<S>, bit: number): string {
  const d = enumerateChain(model);
  let p: Prob6 = ZERO;
  for (const t of d.terminals) if (t.events & bit) p = add(p, t.probability);
  return toFraction(p);
}

describe('exact engine: probabilities sum to exactly 1', () => {
  for (const check of ['NMC', '1MC', '4MC', 'PTC', 'NTC']) {
    it(`german/4-6-7 ${check}`, () => {
      const model = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: parseCheck(check), drm: 0 }, ctx: ctx() });
      let p: Prob6 = ZERO;
      for (const t of enumerateChain(model).terminals) p = add(p, t.probability);
      expect(toFraction(p)).toBe('1');
    });
  }
});

describe('NMC on a German 4-6-7 (ML 7), ELR 3, Known enemy in LOS: hand-computed fractions', () => {
  const model = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: moraleCheck(0), drm: 0 }, ctx: ctx() });
  // Original DR 2..6 pass (15/36), 7 pins (6/36), 8..10 break (12/36), 11 fails by 4 > ELR: Replaced
  // (2/36), 12 Casualty MC (1/36). HoB follows the Original 2 (1/36) with DRM 0 (1st Line German):
  // HoB <= 6 hero (15/36), 5-8 Battle Hardening (20/36), 9-11 berserk (9/36), 12 surrender (1/36).
  it('pass 15/36, pin 6/36 (A10.1, A7.8)', () => {
    expect(eventFraction(model, Ev.pass)).toBe('5/12');
    expect(eventFraction(model, Ev.pin)).toBe('1/6');
  });
  it('break = 15/36 from the MC + 1/1296 from HoB surrender with no ADJACENT enemy (A15.5)', () => {
    expect(eventFraction(model, Ev.break)).toBe(toFraction({ n: 15n * 36n + 1n, e: 4 }));
  });
  it('heatOfBattle 1/36; hero 15/1296; battleHardening 20/1296; berserk 9/1296; disruption 1/1296', () => {
    expect(eventFraction(model, Ev.heatOfBattle)).toBe('1/36');
    expect(eventFraction(model, Ev.hero)).toBe(toFraction({ n: 15n, e: 4 }));
    expect(eventFraction(model, Ev.battleHardening)).toBe(toFraction({ n: 20n, e: 4 }));
    expect(eventFraction(model, Ev.berserk)).toBe(toFraction({ n: 9n, e: 4 }));
    expect(eventFraction(model, Ev.disruption)).toBe(toFraction({ n: 1n, e: 4 }));
    expect(eventFraction(model, Ev.surrender)).toBe('0');
  });
  it('casualtyReduction 1/36 (A10.31, Original 12 only)', () => {
    expect(eventFraction(model, Ev.casualtyReduction)).toBe('1/36');
  });
  it('with an ADJACENT enemy the HoB 12 captures instead (A15.5): surrender 1/1296', () => {
    const m = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: moraleCheck(0), drm: 0 }, ctx: ctx({ adjacentEnemy: true }) });
    expect(eventFraction(m, Ev.surrender)).toBe(toFraction({ n: 1n, e: 4 }));
    expect(eventFraction(m, Ev.disruption)).toBe('0');
  });
  it('outcomes are grouped by readable state and sum to 1', () => {
    const { outcomes } = summarizeExact(model, enumerateChain(model), []);
    const byState = Object.fromEntries(outcomes.map((o) => [o.state, toFraction(o.probability)]));
    expect(byState['broken 4-6-7']).toBe('1/3');
    expect(byState['pinned 4-6-7']).toBe('1/6');
    expect(byState['broken 4-4-7 (replaced)']).toBe('1/18');
    expect(outcomes.reduce((s, o) => s + toNumber(o.probability), 0)).toBeCloseTo(1, 12);
  });
});

describe('oracle: PTC on a 9-1 leader stacked with a ML 8 squad (docs/rules-notes.md §3, public implementation)', () => {
  // Leader checks first; the squad gets the leader's -1 only while he is unpinned.
  // Of 1,296 equally likely dice pairs: both pinned 60, leader only 156, squad only 180, neither 900.
  type S = { step: 0 | 1 | 2; leader: UnitState; squad: UnitState };
  const ptc = parseCheck('PTC');
  const model: ChainModel<S> = {
    initial: { step: 0, leader: unit('german/9-1'), squad: unit('german/4-6-8') },
    key: (s) => `${s.step}${+s.leader.pinned}${+s.squad.pinned}`,
    rollOf: (s) => (s.step === 2 ? null : 'DR'),
    advance(s, i) {
      if (s.step === 0) {
        const r = resolveCheck(s.leader, ptc, leadershipDRMFor(s.leader, [s.squad]), ALL_DR[i], ctx());
        return { state: { ...s, step: 1, leader: r.unit }, events: 0 };
      }
      const r = resolveCheck(s.squad, ptc, leadershipDRMFor(s.squad, [s.leader]), ALL_DR[i], ctx());
      return { state: { ...s, step: 2, squad: r.unit }, events: 0 };
    },
    describe: (s) => `${+s.leader.pinned}${+s.squad.pinned}`,
  };
  it('matches 60 / 156 / 180 / 900 of 1296', () => {
    const { outcomes } = summarizeExact(model, enumerateChain(model), []);
    const got = Object.fromEntries(outcomes.map((o) => [o.state, toNumber(o.probability) * 1296]));
    expect(got['11']).toBeCloseTo(60, 9);
    expect(got['10']).toBeCloseTo(156, 9);
    expect(got['01']).toBeCloseTo(180, 9);
    expect(got['00']).toBeCloseTo(900, 9);
  });
});

describe('properties', () => {
  const pPass = (ml: number, drm: number) => {
    const u = { ...unit('german/4-6-7'), profile: { ...unit('german/4-6-7').profile, ml } };
    const m = buildMoraleChain({ unit: u, start: { kind: 'check', check: moraleCheck(1), drm }, ctx: ctx() });
    const { events } = summarizeExact(m, enumerateChain(m), [Ev.pass, Ev.break]);
    return { pass: toNumber(events[0]), brk: toNumber(events[1]) };
  };
  it('raising ML never lowers P(pass)', () => {
    for (let ml = 2; ml < 10; ml++) expect(pPass(ml + 1, 0).pass).toBeGreaterThanOrEqual(pPass(ml, 0).pass);
  });
  it('a more negative DRM never hurts: P(pass) up, P(break) down', () => {
    for (let drm = 4; drm > -4; drm--) {
      expect(pPass(7, drm - 1).pass).toBeGreaterThanOrEqual(pPass(7, drm).pass);
      expect(pPass(7, drm - 1).brk).toBeLessThanOrEqual(pPass(7, drm).brk);
    }
  });
});

describe('marginal mode: events as exact masses instead of in the states', () => {
  it('gives every event the probability the ordinary mode sums from its terminals, for every check, DRM and ELR', () => {
    for (const check of ['NMC', '1MC', '3MC', 'PTC']) {
      for (const drm of [-2, 0, 2]) {
        for (const elr of [0, 3, 5]) {
          const model = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: parseCheck(check), drm }, ctx: ctx({ elr }) });
          const plain = enumerateChain(model);
          const marginal = enumerateChain(model, { marginal: true });
          for (let b = 0; b < 32; b++) {
            const want = plain.terminals.reduce((s, t) => (t.events & (1 << b) ? add(s, t.probability) : s), ZERO);
            expect(toFraction(marginal.marginals!.events[b])).toBe(toFraction(want));
          }
          // Merging paths by state alone: no more states than (state, events) pairs, and the same total.
          expect(marginal.terminals.length).toBeLessThanOrEqual(plain.terminals.length);
          expect(toFraction(marginal.terminals.reduce((s, t) => add(s, t.probability), ZERO))).toBe('1');
          expect(marginal.terminals.every((t) => t.events === 0)).toBe(true);
        }
      }
    }
  });
});

describe("graph order: every distinct state once, the same distribution as roll by roll", () => {
  /** Everything a distribution states, as fractions keyed by state key and events. */
  function content<S>(model: ChainModel<S>, d: ReturnType<typeof enumerateChain<S>>) {
    const terminals = new Map<string, string>();
    for (const t of d.terminals) terminals.set(`${model.key(t.state)}#${t.events}`, toFraction(t.probability));
    return {
      terminals: [...terminals].sort(),
      events: d.marginals?.events.map(toFraction),
      partEvents: d.marginals?.partEvents.map((row) => row.map(toFraction)),
    };
  }

  it('morale chains (Heat of Battle and wound rolls on some paths only), plain and marginal', () => {
    for (const check of ['NMC', '2MC', 'PTC']) {
      for (const who of ['german/4-6-7', 'german/9-1']) {
        const model = buildMoraleChain({ unit: unit(who), start: { kind: 'check', check: parseCheck(check), drm: 0 }, ctx: ctx({ elr: 2 }) });
        for (const marginal of [false, true]) {
          const levels = enumerateChain(model, { marginal });
          const graph = enumerateChain(model, { marginal, order: 'graph' });
          expect(content(model, graph)).toEqual(content(model, levels));
          expect(graph.statesVisited).toBeLessThanOrEqual(levels.statesVisited);
        }
      }
    }
  });

  it("a stack's leaders' chain (deferred squads, parts renumbered by symmetry): terminals and per-part marginals", () => {
    const targets = ['german/9-1', 'german/8-1', 'german/4-6-7', 'german/4-6-7'].map((id) => unit(id));
    const attack: CompiledAttack = { label: '12 FP -1', column: iftColumnOf(12)!, drm: -1, coweringShift: 1, fixedResult: null };
    const model = buildAttackChain({ targets, attacks: [attack], ctx: ctx(), track: [], deferred: [2, 3], selectionByRanges: true });
    const levels = enumerateChain(model, { marginal: true });
    const graph = enumerateChain(model, { marginal: true, order: 'graph' });
    expect(content(model, graph)).toEqual(content(model, levels));
    expect(graph.statesVisited).toBeLessThan(levels.statesVisited);
  });

  it('a model whose states form a cycle is an engine.chainTooLong error', () => {
    const cycle: ChainModel<number> = { initial: 0, key: String, rollOf: (s) => (s < 3 ? 'dr' : null), advance: (s, i) => ({ state: i === 0 ? 3 : (s + 1) % 3, events: 0 }), describe: String };
    expect(() => enumerateChain(cycle, { order: 'graph' })).toThrow(/cycle/);
  });
});

describe('labelled mode: a label the rules never read, kept out of the state key', () => {
  it("a stack's leaders' chain, the squads' scripts as labels: the same final stacks, scripts and events as the label put in the states", () => {
    const targets = ['german/9-1', 'german/8-1', 'german/7-0', 'german/4-6-7', 'german/4-6-7'].map((id) => unit(id));
    const deferred = [3, 4];
    const attack: CompiledAttack = { label: '16 FP -1', column: iftColumnOf(16)!, drm: -1, coweringShift: 1, fixedResult: null };
    const chain = () => buildAttackChain({ targets, attacks: [attack], ctx: ctx(), track: [], deferred, selectionByRanges: true });
    // The reference: the scripts (as key strings, folded here from each ScriptDelta, independently of
    // deferredScripts) put in the states, which then merge only where the scripts agree too.
    type Wrapped = { readonly inner: AttackChainState; readonly scripts: readonly { readonly key: string; readonly ended: boolean }[] };
    // A squad the IFT result eliminated takes nothing more: its script ends with that 'effect' entry.
    type Folded = { readonly key: string; readonly ended: boolean };
    const fold = (old: readonly Folded[], t: { readonly label?: unknown }): readonly Folded[] => {
      const d = t.label as ScriptDelta | undefined;
      if (d === undefined) return old;
      return old.map((_, j) => {
        let x = d.from === null ? old[j] : (old[d.from[j]] ?? { key: '', ended: false });
        for (const e of d.rec?.[j] ?? []) if (!x.ended) x = { key: `${x.key}${e.key};`, ended: e.k === 'effect' && !isAlive(e.unit) };
        return x;
      });
    };
    const inner = chain();
    const wrapped: ChainModel<Wrapped> = {
      initial: { inner: inner.initial, scripts: targets.map(() => ({ key: '', ended: false })) },
      key: (w) => `${inner.key(w.inner)}#${w.scripts.map((x) => x.key).join('/')}`,
      rollOf: (w) => inner.rollOf(w.inner),
      advance: (w, i) => {
        const t = inner.advance(w.inner, i);
        return { ...t, state: { inner: t.state, scripts: fold(w.scripts, t) } };
      },
      describe: (w) => inner.describe(w.inner, 0),
    };
    const stacks = (terms: readonly { units: readonly UnitState[]; scripts: readonly string[]; p: Prob6 }[]) => {
      const out = new Map<string, Prob6>();
      for (const x of terms) {
        // A unit off the map by counter and status (the chain keeps one of the equivalent forms); a
        // squad's state is in its script (its 'effect' entry): the state tells only whether it is on the map.
        const k = x.units
          .map((u, j) => `${deferred.includes(j) ? isAlive(u) : unitStateKey(isAlive(u) ? u : offMapState(u))}|${x.scripts[j] ?? ''}`)
          .sort()
          .join(',');
        out.set(k, add(out.get(k) ?? ZERO, x.p));
      }
      return [...out].map(([k, p]) => [k, toFraction(p)]).sort();
    };
    // The states each model is asked to advance.
    const advancing = <S,>(m: ChainModel<S>): { model: ChainModel<S>; states: Set<string> } => {
      const states = new Set<string>();
      return { model: { ...m, advance: (x, i) => (states.add(m.key(x)), m.advance(x, i)) }, states };
    };
    const referenceRun = advancing(wrapped);
    const reference = enumerateChain(referenceRun.model, { marginal: true, order: 'graph' });
    const scripts = deferredScripts(targets.length);
    const labelledRun = advancing(chain());
    const labelled = enumerateChain(labelledRun.model, { marginal: true, order: 'graph', labels: scripts.labels });
    expect(stacks(labelled.terminals.map((x) => ({ units: x.state.units, scripts: scripts.scripts(x.label ?? scripts.labels.initial).map((s) => s.key), p: x.probability })))).toEqual(
      stacks(reference.terminals.map((x) => ({ units: x.state.inner.units, scripts: x.state.scripts.map((y) => y.key), p: x.probability }))),
    );
    expect(labelled.marginals!.events.map(toFraction)).toEqual(reference.marginals!.events.map(toFraction));
    // Each terminal's masses of the stack's events (word 0), per final stack and scripts, as the reference's.
    const masses = (d: { terminals: readonly { probability: Prob6 }[]; nodeMarks?: readonly TerminalMarks[] }, terms: readonly { units: readonly UnitState[]; scripts: readonly string[] }[]) => {
      const byBit: { units: readonly UnitState[]; scripts: readonly string[]; p: Prob6 }[][] = Array.from({ length: 32 }, () => []);
      d.terminals.forEach((t, i) => {
        const m = d.nodeMarks![i];
        let k = 0;
        for (let b = 0; b < 32; b++) {
          const bit = 1 << b;
          const mass = (m.full & bit) !== 0 ? t.probability : (m.some & bit) !== 0 ? { n: m.masses[k++], e: t.probability.e } : ZERO;
          if ((m.some & bit) !== 0) expect(mass.n > 0n && mass.n < t.probability.n).toBe(true);
          if (mass.n !== 0n) byBit[b].push({ ...terms[i], p: mass });
        }
      });
      return byBit.map(stacks);
    };
    const labelledMasses = masses(labelled, labelled.terminals.map((x) => ({ units: x.state.units, scripts: scripts.scripts(x.label ?? scripts.labels.initial).map((s) => s.key) })));
    expect(labelledMasses.flat().length).toBeGreaterThan(50);
    expect(labelledMasses).toEqual(masses(reference, reference.terminals.map((x) => ({ units: x.state.inner.units, scripts: x.state.scripts.map((y) => y.key) }))));
    // The work counted is the same: each (state, label) is a path of its own, as costly as a state;
    // but the model advances far fewer states, those that differ only in the squads' scripts merging.
    expect(labelled.statesVisited).toBe(reference.statesVisited);
    expect(labelledRun.states.size * 4).toBeLessThan(referenceRun.states.size);
    // The identical squads' scripts sorted among themselves (attack-factored.ts): the same stacks, fewer paths.
    const sortedScripts = deferredScripts(targets.length, [deferred]);
    const sorted = enumerateChain(chain(), { marginal: true, order: 'graph', labels: sortedScripts.labels });
    expect(stacks(sorted.terminals.map((x) => ({ units: x.state.units, scripts: sortedScripts.scripts(x.label ?? sortedScripts.labels.initial).map((s) => s.key), p: x.probability })))).toEqual(
      stacks(reference.terminals.map((x) => ({ units: x.state.inner.units, scripts: x.state.scripts.map((y) => y.key), p: x.probability }))),
    );
    expect(sorted.marginals!.events.map(toFraction)).toEqual(reference.marginals!.events.map(toFraction));
    expect(sorted.terminals.length).toBeLessThan(labelled.terminals.length);
  });

  it("final classes: paths of one label whose final states share a class merge, each state's probability kept apart", () => {
    const targets = ['german/9-1', 'german/8-1', 'german/7-0', 'german/4-6-7', 'german/4-6-7'].map((id) => unit(id));
    const attack: CompiledAttack = { label: '8 FP +0', column: iftColumnOf(8)!, drm: 0, coweringShift: 1, fixedResult: null };
    const run = (finalClass?: (s: AttackChainState) => number) => {
      const scripts = deferredScripts(targets.length, [[3, 4]]);
      const model = buildAttackChain({ targets, attacks: [attack], ctx: ctx(), track: [], deferred: [3, 4], selectionByRanges: true });
      const d = enumerateChain(model, { marginal: true, order: 'graph', labels: scripts.labels, finalClass });
      // Labels are numbered per chain: a terminal is named by its scripts.
      return { d, named: d.terminals.map((t) => scripts.scripts(t.label!).map((x) => x.key).join('/')) };
    };
    // A class the leaders decide: how many of them are still in Good Order (0-3).
    const finalClass = (s: AttackChainState) => s.units.slice(0, 3).filter((u) => isAlive(u) && !u.status.startsWith('broken')).length;
    const whole = run();
    const merged = run(finalClass);
    // Per (class, scripts): probability, and per bit of the stack's events its mass, as fractions.
    const byClass = ({ d, named }: typeof whole) => {
      const out = new Map<string, Prob6>();
      const put = (k: string, p: Prob6) => out.set(k, add(out.get(k) ?? ZERO, p));
      d.terminals.forEach((t, i) => {
        const key = `${finalClass(t.state)}|${named[i]}`;
        put(key, t.probability);
        const m = d.nodeMarks![i];
        let k = 0;
        for (let b = 0; b < 32; b++) {
          if ((m.full & (1 << b)) !== 0) put(`${key}|${b}`, t.probability);
          else if ((m.some & (1 << b)) !== 0) put(`${key}|${b}`, { n: m.masses[k++], e: t.probability.e });
        }
      });
      return [...out].map(([k, p]) => [k, toFraction(p)]).sort();
    };
    const terminals = merged.d.terminals;
    expect(new Set(terminals.map((t, i) => `${finalClass(t.state)}|${merged.named[i]}`)).size).toBe(terminals.length);
    expect(terminals.length * 2).toBeLessThan(whole.d.terminals.length);
    expect(byClass(merged)).toEqual(byClass(whole));
    // Every final state's probability, over all its labels.
    const byState = new Map<string, Prob6>();
    for (const t of whole.d.terminals) byState.set(t.state.key, add(byState.get(t.state.key) ?? ZERO, t.probability));
    expect(new Map(merged.d.finalStates!.map((x) => [x.state.key, toFraction(x.probability)]))).toEqual(new Map([...byState].map(([k, p]) => [k, toFraction(p)])));
    expect(merged.d.marginals!.events.map(toFraction)).toEqual(whole.d.marginals!.events.map(toFraction));
  });

  it('needs the graph order', () => {
    const model = buildMoraleChain({ unit: unit('german/4-6-7'), start: { kind: 'check', check: parseCheck('NMC'), drm: 0 }, ctx: ctx() });
    expect(() => enumerateChain(model, { labels: { initial: 0, next: (l) => l } })).toThrow(/graph order/);
    // Final classes merge labelled paths' masses: they need the labels and the marginal mode.
    expect(() => enumerateChain(model, { order: 'graph', marginal: true, finalClass: () => 0 })).toThrow(/labelled marginal/);
    expect(() => enumerateChain(model, { order: 'graph', labels: { initial: 0, next: (l) => l }, finalClass: () => 0 })).toThrow(/labelled marginal/);
  });
});
