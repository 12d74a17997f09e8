/**
 * The attack's exact enumerator (src/attack/exact-graph.ts): the graph order against the exact engine's
 * levels order (engine/exact.ts), the paths' labels against the labels put in the states, and final
 * classes against every final state kept apart; fraction for fraction.
 */
import { describe, expect, it } from 'vitest';
import { buildAttackChain, deferredScripts, type AttackChainState, type CompiledAttack, type ScriptDelta } from '../../src/attack/attack-chain.js';
import { enumerateGraph, type PathLabels, type TerminalMarks } from '../../src/attack/exact-graph.js';
import { buildMoraleChain } from '../../src/chains/morale-chain.js';
import type { ChainModel } from '../../src/engine/chain.js';
import { enumerateChain, type EventMarginals } from '../../src/engine/exact.js';
import { add, toFraction, ZERO, type Prob6 } from '../../src/engine/probability.js';
import { parseCheck } from '../../src/rules/check.js';
import { iftColumnOf } from '../../src/rules/infantry-fire-table.js';
import { isAlive, offMapState, unitStateKey, type UnitState } from '../../src/rules/unit-state.js';
import { ctx, unit } from '../rules/helpers.js';

/** One label for every path: the graph order alone. */
const NO_LABELS: PathLabels = { initial: 0, next: () => 0 };

describe("graph order: every distinct state once, the same distribution as the exact engine's levels order", () => {
  /** Everything a distribution states, as fractions keyed by state key. */
  function content<S>(model: ChainModel<S>, d: { terminals: readonly { state: S; probability: Prob6 }[]; marginals?: EventMarginals }) {
    const terminals = new Map<string, string>();
    for (const t of d.terminals) terminals.set(model.key(t.state), toFraction(t.probability));
    return {
      terminals: [...terminals].sort(),
      events: d.marginals?.events.map(toFraction),
      partEvents: d.marginals?.partEvents.map((row) => row.map(toFraction)),
    };
  }

  it('morale chains (Heat of Battle and wound rolls on some paths only): terminals and event marginals', () => {
    for (const check of ['NMC', '2MC', 'PTC']) {
      for (const who of ['german/4-6-7', 'german/9-1']) {
        const model = buildMoraleChain({ unit: unit(who), start: { kind: 'check', check: parseCheck(check), drm: 0 }, ctx: ctx({ elr: 2 }) });
        const levels = enumerateChain(model, { marginal: true });
        const graph = enumerateGraph(model, { labels: NO_LABELS });
        expect(content(model, graph)).toEqual(content(model, levels));
        expect(graph.statesVisited).toBeLessThanOrEqual(levels.statesVisited);
        // One label: each final state's paths are one terminal, with the state's own probability.
        expect(graph.finalStates.map((x) => toFraction(x.probability))).toEqual(graph.terminals.map((x) => toFraction(x.probability)));
      }
    }
  });

  it("a stack's leaders' chain (deferred squads, parts renumbered by symmetry): terminals and per-part marginals", () => {
    const targets = ['german/9-1', 'german/8-1', 'german/4-6-7', 'german/4-6-7'].map((id) => unit(id));
    const attack: CompiledAttack = { label: '12 FP -1', column: iftColumnOf(12)!, drm: -1, coweringShift: 1, fixedResult: null };
    const model = buildAttackChain({ targets, attacks: [attack], ctx: ctx(), track: [], deferred: [2, 3], selectionByRanges: true });
    const levels = enumerateChain(model, { marginal: true });
    const graph = enumerateGraph(model, { labels: NO_LABELS });
    expect(content(model, graph)).toEqual(content(model, levels));
    expect(graph.statesVisited).toBeLessThan(levels.statesVisited);
  });

  it('a model whose states form a cycle is an engine.chainTooLong error', () => {
    const cycle: ChainModel<number> = { initial: 0, key: String, rollOf: (s) => (s < 3 ? 'dr' : null), advance: (s, i) => ({ state: i === 0 ? 3 : (s + 1) % 3, events: 0 }), describe: String };
    expect(() => enumerateGraph(cycle, { labels: NO_LABELS })).toThrow(/cycle/);
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
    const reference = enumerateGraph(referenceRun.model, { labels: NO_LABELS });
    const scripts = deferredScripts(targets.length);
    const labelledRun = advancing(chain());
    const labelled = enumerateGraph(labelledRun.model, { labels: scripts.labels });
    expect(stacks(labelled.terminals.map((x) => ({ units: x.state.units, scripts: scripts.scripts(x.label).map((s) => s.key), p: x.probability })))).toEqual(
      stacks(reference.terminals.map((x) => ({ units: x.state.inner.units, scripts: x.state.scripts.map((y) => y.key), p: x.probability }))),
    );
    expect(labelled.marginals.events.map(toFraction)).toEqual(reference.marginals.events.map(toFraction));
    // Each terminal's masses of the stack's events (word 0), per final stack and scripts, as the reference's.
    const masses = (d: { terminals: readonly { probability: Prob6; marks: TerminalMarks }[] }, terms: readonly { units: readonly UnitState[]; scripts: readonly string[] }[]) => {
      const byBit: { units: readonly UnitState[]; scripts: readonly string[]; p: Prob6 }[][] = Array.from({ length: 32 }, () => []);
      d.terminals.forEach((t, i) => {
        const m = t.marks;
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
    const labelledMasses = masses(labelled, labelled.terminals.map((x) => ({ units: x.state.units, scripts: scripts.scripts(x.label).map((s) => s.key) })));
    expect(labelledMasses.flat().length).toBeGreaterThan(50);
    expect(labelledMasses).toEqual(masses(reference, reference.terminals.map((x) => ({ units: x.state.inner.units, scripts: x.state.scripts.map((y) => y.key) }))));
    // The work counted is the same: each (state, label) is a path of its own, as costly as a state;
    // but the model advances far fewer states, those that differ only in the squads' scripts merging.
    expect(labelled.statesVisited).toBe(reference.statesVisited);
    expect(labelledRun.states.size * 4).toBeLessThan(referenceRun.states.size);
    // The identical squads' scripts sorted among themselves (attack-factored.ts): the same stacks, fewer paths.
    const sortedScripts = deferredScripts(targets.length, [deferred]);
    const sorted = enumerateGraph(chain(), { labels: sortedScripts.labels });
    expect(stacks(sorted.terminals.map((x) => ({ units: x.state.units, scripts: sortedScripts.scripts(x.label).map((s) => s.key), p: x.probability })))).toEqual(
      stacks(reference.terminals.map((x) => ({ units: x.state.inner.units, scripts: x.state.scripts.map((y) => y.key), p: x.probability }))),
    );
    expect(sorted.marginals.events.map(toFraction)).toEqual(reference.marginals.events.map(toFraction));
    expect(sorted.terminals.length).toBeLessThan(labelled.terminals.length);
  });

  it("final classes: paths of one label whose final states share a class merge, each state's probability kept apart", () => {
    const targets = ['german/9-1', 'german/8-1', 'german/7-0', 'german/4-6-7', 'german/4-6-7'].map((id) => unit(id));
    const attack: CompiledAttack = { label: '8 FP +0', column: iftColumnOf(8)!, drm: 0, coweringShift: 1, fixedResult: null };
    const run = (finalClass?: (s: AttackChainState) => number) => {
      const scripts = deferredScripts(targets.length, [[3, 4]]);
      const model = buildAttackChain({ targets, attacks: [attack], ctx: ctx(), track: [], deferred: [3, 4], selectionByRanges: true });
      const d = enumerateGraph(model, { labels: scripts.labels, finalClass });
      // Labels are numbered per chain: a terminal is named by its scripts.
      return { d, named: d.terminals.map((t) => scripts.scripts(t.label).map((x) => x.key).join('/')) };
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
        const m = t.marks;
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
    expect(new Map(merged.d.finalStates.map((x) => [x.state.key, toFraction(x.probability)]))).toEqual(new Map([...byState].map(([k, p]) => [k, toFraction(p)])));
    expect(merged.d.marginals.events.map(toFraction)).toEqual(whole.d.marginals.events.map(toFraction));
  });
});
