/**
 * A deferred unit's distribution computed backwards over its script's suffixes, a stage (entry) at a
 * time (deferred-distribution.ts), equals its whole script's chain (deferred-check-chain.ts) enumerated
 * in one piece, fraction for fraction: its own events, any part's (heroes it creates, A15.21, take the
 * later entries), P(no part left on the map), its tallies and its final parts.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { buildDeferredChain, stageKey, type Script, type ScriptEntry } from '../../src/attack/deferred-check-chain.js';
import { deferredDistributions } from '../../src/attack/deferred-distribution.js';
import { EXACT_DOUBLE_E } from '../../src/attack/local-distribution.js';
import { enumerateChain } from '../../src/engine/exact.js';
import { add, mul, Prob6Sums, toFraction, ZERO, type Prob6 } from '../../src/engine/probability.js';
import { Ev } from '../../src/rules/events.js';
import { finalStatusIndex } from '../../src/attack/attack-summary.js';
import { isAlive, offMapState, unitStateKey, type UnitState } from '../../src/rules/unit-state.js';
import type { MoraleContext } from '../../src/rules/context.js';
import { ctx, unit } from '../rules/helpers.js';

const leader91 = unit('german/9-1').profile;
const leader81 = unit('german/8-1').profile;
const leader103 = unit('german/10-3').profile;

/** Script entries a fire attack's leaders' history can give a squad (keys as the attack chain makes them unique). */
function entries(): ScriptEntry[] {
  return [
    { k: 'mc', n: 1, lead: -1, key: 'M1.-1' },
    { k: 'mc', n: 2, lead: 0, key: 'M2.0' },
    { k: 'ptc', lead: -1, key: 'P-1' },
    { k: 'llmc', leaderDRM: leader91.leadershipDRM, ml: 9, lead: 0, key: 'llmc91.9.0' },
    { k: 'llmc', leaderDRM: leader81.leadershipDRM, ml: 8, lead: 0, key: 'llmc81.8.0' },
    { k: 'lltc', leaderDRM: leader91.leadershipDRM, ml: 9, lead: -1, key: 'lltc91.9.-1' },
    { k: 'berserk', leaderDRM: -1, key: 'B-1' },
    // A 10-3's loss: heroes (ML 9) take this LLMC too (A10.2).
    { k: 'llmc', leaderDRM: leader103.leadershipDRM, ml: 10, lead: 0, key: 'llmc103.10.0' },
  ];
}

/** The figures of a distribution, as fractions. */
interface Figures {
  readonly own: Record<string, string>;
  readonly any: Record<string, string>;
  readonly gone: string;
  readonly tallies: Record<number, string>;
  readonly finals: Record<string, string>;
}

const tallyOf = (_start: UnitState, end: UnitState): number => finalStatusIndex(end);
const bits = (sums: Map<number, Prob6>): Record<string, string> => Object.fromEntries([...sums].filter(([, p]) => p.n !== 0n).map(([b, p]) => [String(b), toFraction(p)]));
const sumTo = <K>(m: Map<K, Prob6>, k: K, p: Prob6): void => void m.set(k, add(m.get(k) ?? ZERO, p));

/** The reference: the whole script's chain, enumerated in one piece. */
function whole(start: UnitState, script: readonly ScriptEntry[], c: MoraleContext = ctx({ elr: 2 })): Figures {
  const d = enumerateChain(buildDeferredChain([start], script, c));
  const own = new Map<number, Prob6>();
  const any = new Map<number, Prob6>();
  const tallies = new Map<number, Prob6>();
  const finals = new Map<string, Prob6>();
  let gone = ZERO;
  for (const t of d.terminals) {
    const p = t.probability;
    for (let b = 0; b < 32; b++) {
      if ((t.state.own & (1 << b)) !== 0) sumTo(own, b, p);
      if (((t.events | t.state.own) & (1 << b)) !== 0) sumTo(any, b, p);
    }
    const parts = t.state.parts.map((u) => (isAlive(u) ? u : offMapState(u)));
    sumTo(tallies, tallyOf(start, parts[0]), p);
    sumTo(finals, [unitStateKey(parts[0]), ...parts.slice(1).map(unitStateKey).sort()].join(','), p);
    if (parts.every((u) => !isAlive(u))) gone = add(gone, p);
  }
  return {
    own: bits(own),
    any: bits(any),
    gone: toFraction(gone),
    tallies: Object.fromEntries([...tallies].map(([k, p]) => [k, toFraction(p)])),
    finals: Object.fromEntries([...finals].map(([k, p]) => [k, toFraction(p)]).sort()),
  };
}

/**
 * The same figures, backwards over the suffixes (in doubles where exact, or with `doublesUpTo` -1 in
 * Prob6 throughout). `finals: false` makes them as a summary does (equal distributions merged, stages
 * over the same distributions combined once), without the final parts.
 */
function backwards(start: UnitState, script: readonly ScriptEntry[], c: MoraleContext = ctx({ elr: 2 }), doublesUpTo?: number, finals = true): Figures {
  const ids = new Map<string, number>();
  const idOf = (u: UnitState): number => {
    const k = unitStateKey(u);
    if (!ids.has(k)) ids.set(k, ids.size);
    return ids.get(k)!;
  };
  const keyOf = (id: number): string => [...ids].find(([, x]) => x === id)![0];
  const d = deferredDistributions(c, tallyOf, idOf, () => {}, { finals, doublesUpTo }).of(start, { entries: script, key: script.map((e) => `${e.key};`).join('') } satisfies Script);
  const own = new Map<number, Prob6>();
  const any = new Map<number, Prob6>();
  d.own.forEach((p, b) => own.set(b, p));
  d.any.forEach((p, b) => any.set(b, p));
  const parts = new Map<string, Prob6>();
  if (finals) for (const f of d.finals()) sumTo(parts, [keyOf(f.ids[0]), ...f.ids.slice(1).map(keyOf).sort()].join(','), f.p);
  return {
    own: bits(own),
    any: bits(any),
    gone: toFraction(d.gone),
    tallies: Object.fromEntries(d.tallies.map((x) => [x.c, toFraction(x.p)])),
    finals: finals ? Object.fromEntries([...parts].map(([k, p]) => [k, toFraction(p)]).sort()) : {},
  };
}

describe('deferred distributions: backwards over suffixes = the whole script chain', () => {
  it('an effect then LLMC, LLTC, Berserk checks; a 1MC then the same waves (heroes made and taking the rest)', () => {
    const squad = unit('german/4-6-7');
    const broken = { ...squad, status: 'broken' as const };
    const script: ScriptEntry[] = [{ k: 'effect', unit: broken, events: Ev.break, key: 'Eb' }, ...entries().slice(3)];
    expect(backwards(squad, script)).toEqual(whole(squad, script));
    expect(backwards(squad, script, undefined, -1)).toEqual(whole(squad, script));
    const checks = [entries()[0], entries()[3], entries()[5], entries()[6], entries()[7]];
    const figures = backwards(squad, checks);
    expect(figures).toEqual(whole(squad, checks));
    expect(backwards(squad, checks, undefined, -1)).toEqual(figures);
    // Heroes are made on some paths (A15.21) and take the 10-3's LLMC: "any part" differs from the squad's own.
    expect(figures.any).not.toEqual(figures.own);
  });

  it('random scripts of 1-6 entries on squads and a half-squad, ELR 0-5, both rule sets', () => {
    const rng = seedrandom('deferred-distribution');
    const starts = ['german/4-6-7', 'german/5-4-8', 'russian/4-4-7', 'german/2-4-7', 'american/6-6-6'].map((id) => unit(id));
    const pool = entries();
    for (let k = 0; k < 25; k++) {
      const start = starts[Math.floor(rng() * starts.length)];
      const script = Array.from({ length: 1 + Math.floor(rng() * 6) }, () => pool[Math.floor(rng() * pool.length)]);
      const c = ctx({ elr: Math.floor(rng() * 6), rules: rng() < 0.5 ? '2nd-edition' : 'gi-anvil' });
      const reference = whole(start, script, c);
      expect({ k, r: backwards(start, script, c) }).toEqual({ k, r: reference });
      expect({ k, prob6: backwards(start, script, c, -1) }).toEqual({ k, prob6: reference });
      expect({ k, summary: backwards(start, script, c, undefined, false) }).toEqual({ k, summary: { ...reference, finals: {} } });
    }
  });

  it('past the exponent doubles hold exactly, the Prob6 arithmetic takes over: a long script with heroes', () => {
    // Two 1MC and five waves: paths roll up to 2 x 7 dice plus Heat of Battle DR and Wound Severity dr,
    // past 6^20, so the deepest distributions are Prob6 and their parents follow.
    const pool = entries();
    const script = [pool[0], pool[1], pool[3], pool[5], pool[6], pool[7], pool[3]];
    const start = unit('german/4-6-7');
    const dd = deferredDistributions(ctx({ elr: 2 }), tallyOf, () => 0, () => {});
    const root = dd.of(start, { entries: script, key: script.map((e) => `${e.key};`).join('') });
    expect(root.gone.e).toBeGreaterThan(EXACT_DOUBLE_E);
    // Some stages are combined in Prob6, and some of those are held in doubles again (their figures
    // carry common factors of 6).
    const stats = dd.stats();
    expect(stats.doubles).toBeGreaterThan(0);
    expect(stats.prob6).toBeGreaterThan(0);
    expect(stats.backToDoubles).toBeGreaterThan(0);
    const reference = whole(start, script);
    expect(backwards(start, script)).toEqual(reference);
    // With doubles only up to 6^8, most distributions are Prob6: the same fractions.
    expect(backwards(start, script, undefined, 8)).toEqual(reference);
  });
  it('a summary merges equal distributions: scripts whose entries differ only in name give one object, and many scripts through one instance each equal their whole chain', () => {
    const c = ctx({ elr: 3 });
    const dd = deferredDistributions(c, tallyOf, () => 0, () => {});
    const script = (entries: readonly ScriptEntry[]): Script => ({ entries, key: entries.map((e) => `${e.key};`).join('') });
    const pool = entries();
    const squad = unit('german/4-6-7');
    // The same LLMC (an 8-1's, ML 8, no leadership DRM) under another name: equal distributions, one object.
    const renamed: ScriptEntry = { ...pool[4], key: 'llmc-the-other-8-1' };
    const a = dd.of(squad, script([pool[0], pool[4]]));
    expect(dd.of(squad, script([pool[0], renamed]))).toBe(a);
    expect(dd.of(squad, script([pool[1], pool[4], pool[6]]))).not.toBe(a);
    const rng = seedrandom('deferred-distribution-shared');
    const starts = ['german/4-6-7', 'german/5-4-8', 'russian/4-4-7', 'german/2-4-7'].map((id) => unit(id));
    for (let k = 0; k < 20; k++) {
      const start = starts[Math.floor(rng() * starts.length)];
      const entries = Array.from({ length: 1 + Math.floor(rng() * 5) }, () => (rng() < 0.2 ? renamed : pool[Math.floor(rng() * pool.length)]));
      const d = dd.of(start, script(entries));
      const reference = whole(start, entries, c);
      const own = new Map<number, Prob6>();
      const any = new Map<number, Prob6>();
      d.own.forEach((p, b) => own.set(b, p));
      d.any.forEach((p, b) => any.set(b, p));
      const figures = { own: bits(own), any: bits(any), gone: toFraction(d.gone), tallies: Object.fromEntries(d.tallies.map((x) => [x.c, toFraction(x.p)])) };
      expect({ k, figures }).toEqual({ k, figures: { own: reference.own, any: reference.any, gone: reference.gone, tallies: reference.tallies } });
    }
  });

  it('noneAt reads the same figures as the row none, and own the same on its own, in doubles and in Prob6', () => {
    const rng = seedrandom('deferred-at');
    const pool = entries();
    const script = (entries: readonly ScriptEntry[]): Script => ({ entries, key: entries.map((e) => `${e.key};`).join('') });
    for (const doublesUpTo of [undefined, -1]) {
      for (let k = 0; k < 10; k++) {
        const entries = Array.from({ length: 1 + Math.floor(rng() * 5) }, () => pool[Math.floor(rng() * pool.length)]);
        // Read one way before the other, and the other way round: the rows, once made, are read too.
        const first = deferredDistributions(ctx({ elr: 2 }), tallyOf, () => 0, () => {}, { doublesUpTo }).of(unit('german/4-6-7'), script(entries));
        const at = Array.from({ length: 32 }, (_, b) => [first.own[b], first.noneAt(b)]);
        expect(at).toEqual(Array.from({ length: 32 }, (_, b) => [first.own[b], first.none[b]]));
        const second = deferredDistributions(ctx({ elr: 2 }), tallyOf, () => 0, () => {}, { doublesUpTo }).of(unit('german/4-6-7'), script(entries));
        const rows = Array.from({ length: 32 }, (_, b) => [second.own[b], second.none[b]]);
        expect(Array.from({ length: 32 }, (_, b) => [second.own[b], second.noneAt(b)])).toEqual(rows);
        expect(rows).toEqual(at);
      }
    }
  });

  it('addNoneTimes, addOwnTimes and tallyGroups give w x none[b], w x own[b] and the tallies by group, in doubles and in Prob6', () => {
    const rng = seedrandom('deferred-sums');
    const pool = entries();
    const script = (entries: readonly ScriptEntry[]): Script => ({ entries, key: entries.map((e) => `${e.key};`).join('') });
    const w: Prob6 = { n: 7n, e: 3 }; // 7/216
    for (const doublesUpTo of [undefined, -1]) {
      let heldInDoubles = 0;
      for (let k = 0; k < 10; k++) {
        const entries = Array.from({ length: 1 + Math.floor(rng() * 5) }, () => pool[Math.floor(rng() * pool.length)]);
        const d = deferredDistributions(ctx({ elr: 2 }), (_s, end) => finalStatusIndex(end) * 2 + (end.pinned ? 1 : 0), () => 0, () => {}, { doublesUpTo }).of(unit('german/4-6-7'), script(entries));
        if ('doubles' in d && d.doubles !== null) heldInDoubles++;
        const sums = new Prob6Sums(64);
        for (let b = 0; b < 32; b++) {
          d.addNoneTimes(sums, b, w, b);
          d.addOwnTimes(sums, 32 + b, w, b);
        }
        const none = Array.from({ length: 32 }, (_, b) => toFraction(sums.take(b)));
        const own = Array.from({ length: 32 }, (_, b) => toFraction(sums.take(32 + b)));
        expect({ k, none }).toEqual({ k, none: d.none.map((x) => toFraction(x === null ? w : mul(w, x))) });
        expect({ k, own }).toEqual({ k, own: d.own.map((x) => toFraction(mul(w, x))) });
        // Classes status * 2 + pinned, grouped by status and by pinned.
        const byStatus = [0, 1, 2, 3].map((g) => d.tallies.filter((t) => t.c >> 1 === g).reduce((a, t) => add(a, t.p), ZERO));
        expect(d.tallyGroups((c) => c >> 1, 4).map(toFraction)).toEqual(byStatus.map(toFraction));
        const byPin = [0, 1].map((g) => d.tallies.filter((t) => (t.c & 1) === g).reduce((a, t) => add(a, t.p), ZERO));
        expect(d.tallyGroups((c) => c & 1, 2).map(toFraction)).toEqual(byPin.map(toFraction));
      }
      // Both representations met: doubles by default, Prob6 throughout with -1.
      expect(heldInDoubles > 0).toBe(doublesUpTo === undefined);
    }
  });

  it('a summary made without final parts says so when asked for them', () => {
    const d = deferredDistributions(ctx({ elr: 2 }), tallyOf, () => 0, () => {}).of(unit('german/4-6-7'), { entries: [entries()[0]], key: 'M1.-1;' });
    expect(() => d.finals()).toThrow(/without their final parts/);
  });
});

describe('stageKey: entries with equal keys do the same to a unit state', () => {
  it('one stage from unit states the scripts reach, every entry: equal keys, equal chains; an empty key rolls nothing', () => {
    const c = ctx({ elr: 2 });
    // The same checks under other names and from another leader with the same LLMC DRM, and a Wound Severity dr.
    const pool: ScriptEntry[] = [
      ...entries(),
      { ...entries()[4], key: 'llmc-the-other-8-1' },
      { k: 'llmc', leaderDRM: unit('german/8-0').profile.leadershipDRM, ml: 8, lead: 0, key: 'llmc80.8.0' },
      { k: 'mc', n: 1, lead: -1, key: 'M1.-1-again' },
      { k: 'mc', n: 1, lead: 0, key: 'M1.0' },
      { k: 'wnd', drm: 0, key: 'W0' },
    ];
    // Unit states the scripts reach: broken, pinned, berserk, reduced, heroes, eliminated.
    const states = new Map<string, UnitState>();
    for (const id of ['german/4-6-7', 'german/2-4-7', 'russian/4-4-7']) {
      const start = unit(id);
      states.set(unitStateKey(start), start);
      for (const script of [[pool[0], pool[7]], [pool[1], pool[6]], [pool[2], pool[3]]]) {
        for (const t of enumerateChain(buildDeferredChain([start], script, c)).terminals) for (const u of t.state.parts) states.set(unitStateKey(u), u);
      }
    }
    const chainOf = (u: UnitState, e: ScriptEntry): string[] =>
      enumerateChain(buildDeferredChain([u], [e], c))
        .terminals.map((t) => `${t.state.parts.map(unitStateKey).join(',')}|${t.events}|${t.state.own}|${toFraction(t.probability)}`)
        .sort();
    const byKey = new Map<string, { entry: string; chain: string[] }[]>();
    for (const [k, u] of states) {
      for (const e of pool) {
        const key = `${k}#${stageKey(u, e, c)}`;
        let group = byKey.get(key);
        if (group === undefined) byKey.set(key, (group = []));
        group.push({ entry: e.key, chain: chainOf(u, e) });
        if (stageKey(u, e, c) === '') expect(chainOf(u, e)).toEqual([`${k}|0|0|1`]);
      }
    }
    let shared = 0;
    for (const [key, group] of byKey) {
      for (const x of group.slice(1)) expect({ key, entry: x.entry, chain: x.chain }).toEqual({ key, entry: x.entry, chain: group[0].chain });
      if (group.length > 1 && !key.endsWith('#')) shared++;
    }
    // Not vacuous: many states, and entries other than the unit's own rolls share their stages.
    expect(states.size).toBeGreaterThan(15);
    expect(shared).toBeGreaterThan(10);
  });
});
