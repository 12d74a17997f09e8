/**
 * LazyChain (engine/lazy-chain.ts) against sampleChain (engine/sample.ts), its oracle: on the same
 * stream, for random Rally, morale-check, rout and Integrity chains, sampled many times through one
 * LazyChain (so that later samples walk the tables the earlier ones built), the same final state key,
 * the same events and the same dice drawn (the stream left in the same state).
 */
import { describe, expect, it } from 'vitest';
import { buildIntegrityChain } from '../../src/chains/integrity-chain.js';
import { buildMoraleChain } from '../../src/chains/morale-chain.js';
import { buildRoutChain } from '../../src/chains/rout-chain.js';
import { getUnit } from '../../src/counters/catalog.js';
import { streamFor } from '../../src/dice/streams.js';
import type { ChainModel } from '../../src/engine/chain.js';
import { LazyChain } from '../../src/engine/lazy-chain.js';
import { sampleChain } from '../../src/engine/sample.js';
import { moraleCheck } from '../../src/rules/check.js';
import { defaultContext } from '../../src/rules/context.js';
import { parseRoute } from '../../src/rules/route.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { initialUnitState } from '../../src/rules/unit-state.js';

/** Samples `model` `n` times both ways on one stream each; returns the number of distinct final keys. */
function agree<S>(model: ChainModel<S>, seed: string, n: number): number {
  const lazy = new LazyChain(model);
  const a = streamFor(seed, 0);
  const b = streamFor(seed, 0);
  const finals = new Set<string>();
  for (let k = 0; k < n; k++) {
    const want = sampleChain(model, a);
    const end = lazy.sample(b);
    const got = { key: model.key(lazy.stateOf(end)), events: lazy.eventsAt(end) };
    if (got.key !== model.key(want.state) || got.events !== want.events) {
      expect({ sample: k, ...got }).toEqual({ sample: k, key: model.key(want.state), events: want.events });
    }
    finals.add(got.key);
  }
  expect(b.int32()).toBe(a.int32()); // the same dice drawn
  return finals.size;
}

const UNITS = ['german/4-6-7', 'german/8-3-8', 'german/9-1', 'russian/4-4-7', 'russian/4-2-6', 'russian/7-0', 'russian/6+1', 'german/2-4-7'];

describe('LazyChain', () => {
  it('samples Rally chains (morale-chain) exactly as sampleChain: same final states, events and dice', () => {
    let outcomes = 0;
    for (const id of UNITS) {
      for (const rules of ['2nd-edition', 'gi-anvil'] as const) {
        const ctx = { ...defaultContext(getRuleSet(rules)), elr: 2 };
        for (const selfRally of [false, true]) {
          const unit = initialUnitState(getUnit(id), { broken: true, fanatic: id === 'russian/4-2-6' });
          outcomes += agree(buildMoraleChain({ unit, start: { kind: 'rally', drm: selfRally ? 1 : -1, selfRally }, ctx }), `rally-${id}-${rules}-${selfRally}`, 2000);
        }
      }
    }
    expect(outcomes).toBeGreaterThan(UNITS.length * 4 * 2); // heroes, Fate, HoB results: more than rallied/not
  });

  it('samples morale-check chains (wound, HoB) exactly as sampleChain', () => {
    for (const id of UNITS) {
      const ctx = { ...defaultContext(getRuleSet('2nd-edition')), elr: 1 };
      const unit = initialUnitState(getUnit(id));
      agree(buildMoraleChain({ unit, start: { kind: 'check', check: moraleCheck(2), drm: -1 }, ctx }), `mc-${id}`, 3000);
    }
  });

  it('samples rout chains (Interdiction hex by hex) exactly as sampleChain', () => {
    for (const id of UNITS) {
      for (const path of ['open,clear', 'open,open,clear:2:adj', 'clear']) {
        const unit = initialUnitState(getUnit(id), { broken: true });
        const model = buildRoutChain({
          unit,
          leader: null,
          route: parseRoute(path, '--path'),
          otherDRM: 0,
          encircledStart: false,
          fromOpenGround: true,
          ctx: { ...defaultContext(getRuleSet('2nd-edition')), elr: 3 },
        });
        agree(model, `rout-${id}-${path}`, 2000);
      }
    }
  });

  it('samples Integrity Check and regain chains exactly as sampleChain', () => {
    for (const kind of ['check', 'regain'] as const) {
      for (let drm = -3; drm <= 4; drm++) agree(buildIntegrityChain({ kind, drm, elr: 3, startingELR: 4 }), `bi-${kind}-${drm}`, 500);
    }
  });

  it('makes each node once: repeated sampling stops growing the tables', () => {
    const unit = initialUnitState(getUnit('german/4-6-7'), { broken: true });
    const lazy = new LazyChain(buildMoraleChain({ unit, start: { kind: 'rally', drm: 0, selfRally: false }, ctx: defaultContext(getRuleSet('2nd-edition')) }));
    const rng = streamFor('grow', 0);
    for (let k = 0; k < 5000; k++) lazy.sample(rng);
    const size = lazy.size;
    for (let k = 0; k < 5000; k++) lazy.sample(rng);
    expect(lazy.size).toBe(size);
  });
});
