import { describe, expect, it } from 'vitest';
import { ROUT_CATEGORIES } from '../../src/chains/rout-chain.js';
import { compileChain, verifyCompiledChain } from '../../src/engine/compile.js';
import { enumerateChain } from '../../src/engine/exact.js';
import { add, toFraction, ZERO, type Prob6 } from '../../src/engine/probability.js';
import { computeOdds } from '../../src/queries/compute-odds.js';
import { recoveryExact, recoveryQuery } from '../../src/queries/recovery-query.js';
import { errorCode } from '../rules/helpers.js';
import { routCompare, routExact, routQuery, type RoutInput, type RoutResult } from '../../src/queries/rout-query.js';

const cat = (r: RoutResult, c: (typeof ROUT_CATEGORIES)[number]) => r.categoryFractions[c];


/** p / 6^e as a reduced fraction. */
const frac = (n: number, e: number) => toFraction({ n: BigInt(n), e });

describe('hand-computed: a broken German 4-6-7 (broken ML 7, catalog) over open,open, 2nd Ed', () => {
  // Per Interdiction NMC against ML 7: Original DR 3-6 pass (14/36); 7 pinned (6/36); 8-12 Casualty
  // Reduction to a broken 2-4-7 (15/36, broken HS ML 6); 2 (1/36) passes and rolls HoB at +1 (broken):
  // HoB DR 2-3 hero (3/36) and 11-12 surrender, none ADJACENT: Disrupted (3/36) let it rout on; 4-10
  // (30/36) Battle Hardening or berserk end its rout unbroken.
  // Routs on intact from hex 1: 14/36 + 1/36 x 6/36 = 510/1296. Arrives intact from hex 2 (a pin at the
  // goal still arrives): 20/36 + 6/1296 = 726/1296.
  const r = routExact({ unit: 'german/4-6-7', path: 'open,open' });
  it('P(arrived intact) = 510/1296 x 726/1296 = 10285/46656', () => {
    expect(cat(r, 'arrived intact')).toBe(frac(510 * 726, 8));
    expect(cat(r, 'arrived intact')).toBe('10285/46656');
  });
  it('Casualty Reduction mid-route: the HS routs on (A10.53); P(arrived reduced) = 2 x 15/36 x 510/1296 = 425/1296', () => {
    // Reduced in hex 1 (15/36), the HS arrives on DR <= 6 or a continuing HoB (510/1296); or intact
    // from hex 1 (510/1296) and Reduced in hex 2 (15/36).
    expect(cat(r, 'arrived reduced')).toBe(frac(2 * 15 * 510, 6));
    expect(r.outcomes.find((o) => o.state === 'arrived: broken 2-4-7 (casualty reduced)')).toBeDefined();
  });
  it('eliminated by Interdiction: Reduced in hex 1 (15/36), the HS fails in hex 2 on DR >= 7 (21/36): 35/144', () => {
    expect(cat(r, 'eliminated by Interdiction')).toBe(frac(15 * 21, 4));
  });
  it('pin stops the rout (A10.53): pinned short in hex 1 = 6/36; a pin in the last hex is an arrival', () => {
    expect(cat(r, 'pinned short of the goal')).toBe('1/6');
    expect(r.outcomes.find((o) => o.state === 'pinned short, hex 1 of 2: broken 4-6-7')?.fraction).toBe('1/6');
  });
  it('categories and outcomes each sum to exactly 1; no Failure to Rout without an ADJACENT enemy', () => {
    let sum: Prob6 = ZERO;
    for (const t of enumerateChain(routQuery({ unit: 'german/4-6-7', path: 'open,open' }).model).terminals) sum = add(sum, t.probability);
    expect(toFraction(sum)).toBe('1');
    expect(ROUT_CATEGORIES.reduce((s, c) => s + r.categories[c], 0)).toBeCloseTo(1, 12);
    expect(r.eventFractions?.failureToRout).toBe('0');
    expect(r.eventFractions?.arrived).toBe(frac(510 * 726 + 2 * 15 * 510 * 36, 8)); // intact + reduced arrivals
  });
  it('JSON events: the core names plus arrived and failureToRout', () => {
    expect(Object.keys(r.events)).toEqual(expect.arrayContaining(['pass', 'pin', 'casualtyReduction', 'heatOfBattle', 'arrived', 'failureToRout']));
  });
});

describe('one Open Ground hex: hand-computed', () => {
  it('4-6-7: arrived intact 20/36 + 6/1296 = 121/216; reduced 15/36', () => {
    const r = routExact({ unit: 'german/4-6-7', path: 'open' });
    expect(cat(r, 'arrived intact')).toBe('121/216');
    expect(cat(r, 'arrived reduced')).toBe('5/12');
  });
  it('an Encircled hex lowers the ML by one (A7.7): ML 6: 14/36 + 6/1296 = 85/216', () => {
    expect(cat(routExact({ unit: 'german/4-6-7', path: 'open:enc' }), 'arrived intact')).toBe('85/216');
  });
  it('--drm +2: ML 7 passes on DR <= 4, pins on 5: intact (10/36 incl. the 2) ... exact', () => {
    // DR 2 (1/36): Final 4, passes, HoB: 6/36 go on. DR 3-5 (9/36): pass or pinned at the goal. Fail DR >= 6 (26/36).
    expect(cat(routExact({ unit: 'german/4-6-7', path: 'open', drm: 2 }), 'arrived intact')).toBe(frac(9 * 36 + 6, 4));
  });
});

describe('A10.711 voluntary rout with a leader: DRM and fate', () => {
  it('4-6-7 with a 9-2 over one open hex: DRM -2, the leader is eliminated when the unit fails (DR >= 10: 1/6)', () => {
    const r = routExact({ unit: 'german/4-6-7', path: 'open', leader: 'german/9-2' });
    expect(r.input.totalDRM).toBe(-2);
    expect(r.leaderEliminatedFraction).toBe('1/6');
    expect(cat(r, 'arrived reduced')).toBe('1/6');
    expect(r.outcomes.find((o) => o.state === 'arrived: broken 2-4-7 (casualty reduced); leader 9-2 eliminated')?.fraction).toBe('1/6');
  });
  it('after the leader is eliminated his DRM no longer helps: 8-1 over open,open', () => {
    // Hex 1 with the leader (DRM -1): fail on DR >= 9 (10/36) kills him and Reduces the squad; the HS
    // (ML 6) then fails without his DRM on DR >= 7 (21/36). Only two failures eliminate the unit.
    const r = routExact({ unit: 'german/4-6-7', path: 'open,open', leader: 'german/8-1' });
    expect(cat(r, 'eliminated by Interdiction')).toBe(frac(10 * 21, 4));
    // The leader dies on the first failure: hex 1 (10/36), or going on intact from hex 1 (DR 3-7:
    // 20/36, plus a 2 and a continuing HoB: 6/1296) and failing in hex 2 (10/36).
    expect(r.leaderEliminatedFraction).toBe(frac(10 * 1296 + (20 * 36 + 6) * 10, 6));
  });
  it('a leader already eliminated stays eliminated; the outcomes name his fate', () => {
    const r = routExact({ unit: 'german/4-6-7', path: 'open,open', leader: 'german/8-1' });
    expect(r.outcomes.every((o) => /; leader 8-1 (eliminated|unharmed)$/.test(o.state))).toBe(true);
  });
});

describe('A10.52 Low Crawl: never Interdicted', () => {
  for (const input of [
    { unit: 'german/4-6-7', path: 'open', lowCrawl: true },
    { unit: 'german/4-3-6', path: 'crawl', drm: 6 },
    { unit: 'russian/4-4-7', path: 'crawl open:3' },
  ] satisfies RoutInput[]) {
    it(`${input.unit} ${input.path}${'lowCrawl' in input ? ' --low-crawl' : ''}: arrives intact with probability 1, no check`, () => {
      const r = routExact(input);
      expect(cat(r, 'arrived intact')).toBe('1');
      expect(r.eventFractions?.arrived).toBe('1');
      expect(r.eventFractions?.pass).toBe('0');
      expect(r.eventFractions?.pin).toBe('0');
    });
  }
  it('A10.5: a Low Crawl still may not end ADJACENT to a Known enemy: eliminated for Failure to Rout', () => {
    const r = routExact({ unit: 'german/4-6-7', path: 'crawl open:adj' });
    expect(cat(r, 'eliminated for Failure to Rout')).toBe('1');
    expect(r.eventFractions?.failureToRout).toBe('1');
  });
  it('--low-crawl with two hexes, and a Disrupted unit crawling, are input errors (A10.52, A19.12)', () => {
    expect(errorCode(() => routExact({ unit: 'german/4-6-7', path: 'open,open', lowCrawl: true }))).toBe('input.lowCrawl');
    expect(errorCode(() => routExact({ unit: 'german/4-6-7', path: 'open', lowCrawl: true, disrupted: true }))).toBe('input.lowCrawl');
  });
});

describe('rules/001 worked examples as route cases', () => {
  it('A10.51 EX: the Russian routs to L3, ADJACENT to K4: stopping there is Failure to Rout; going on to M4 arrives', () => {
    expect(cat(routExact({ unit: 'russian/4-4-7', path: 'clear:adj' }), 'eliminated for Failure to Rout')).toBe('1');
    expect(cat(routExact({ unit: 'russian/4-4-7', path: 'clear:adj,clear' }), 'arrived intact')).toBe('1');
  });
  it('A10.51 EX: with the German in L3 or L4 it cannot rout away: captured, or eliminated under No Quarter', () => {
    expect(cat(routExact({ unit: 'russian/4-4-7', path: 'none' }), 'captured')).toBe('1');
    expect(routExact({ unit: 'russian/4-4-7', path: 'none' }).eventFractions?.surrender).toBe('1');
    const nq = routExact({ unit: 'russian/4-4-7', path: 'none', noQuarter: true });
    expect(cat(nq, 'eliminated for Failure to Rout')).toBe('1');
    expect(nq.eventFractions?.failureToRout).toBe('1');
  });
  // A broken Russian 4-4-7 (broken ML 7, catalog) entering one Open Ground hex before cover: Original
  // DR 3-6 go on (14/36); 7 pins it there, short of cover; a 2 rolls HoB at +3 (broken +1, Russian +2),
  // where only surrender (HoB DR 9-12, 10/36), none ADJACENT, lets it go on (Disrupted):
  // arrived intact = 14/36 + 10/1296 = 257/648.
  it('A10.531 EX: the J2 unit routing to the J0 woods takes one Interdiction NMC in J1 (open,clear)', () => {
    const r = routExact({ unit: 'russian/4-4-7', path: 'open,clear' });
    expect(cat(r, 'arrived intact')).toBe(frac(14 * 36 + 10, 4));
    expect(cat(r, 'arrived intact')).toBe('257/648');
    expect(cat(r, 'pinned short of the goal')).toBe('1/6');
    expect(r.eventFractions?.heatOfBattle).toBe('1/36');
  });
  it('A10.531 EX: the I4 squad Low Crawls to I3 safely, or risks Interdiction in I3 routing on to H2', () => {
    const c = routCompare({ unit: 'russian/4-4-7', path: 'crawl' }, ['open,clear']);
    expect(c.routes.map((x) => x.route)).toEqual(['crawl', 'open,clear']);
    expect(cat(c.routes[0].result, 'arrived intact')).toBe('1');
    expect(cat(c.routes[1].result, 'arrived intact')).toBe('257/648');
  });
  it('A10.533 EX: a unit that must end its RtPh ADJACENT to a Known enemy is eliminated for Failure to Rout', () => {
    expect(cat(routExact({ unit: 'russian/4-4-7', path: 'open,clear:adj' }), 'eliminated for Failure to Rout')).not.toBe('0');
    expect(routExact({ unit: 'russian/4-4-7', path: 'open,clear:adj' }).eventFractions?.arrived).toBe('0');
  });
});

describe('A10.53 pinned ADJACENT: Failure to Rout', () => {
  it('open:adj,open: pinned in hex 1 (DR 7, 6/36) is eliminated; --end-adjacent does the same', () => {
    expect(cat(routExact({ unit: 'german/4-6-7', path: 'open:adj,open' }), 'eliminated for Failure to Rout')).toBe('1/6');
    const r = routExact({ unit: 'german/4-6-7', path: 'open,open', endAdjacent: true });
    expect(cat(r, 'eliminated for Failure to Rout')).toBe('1/6');
    expect(cat(r, 'pinned short of the goal')).toBe('0');
    expect(r.outcomes.find((o) => o.state === 'eliminated for Failure to Rout, hex 1 of 2 (pinned)')?.fraction).toBe('1/6');
  });
  it('HoB surrender in a hex ADJACENT to the enemy captures (A15.5): 1/36 x 3/36', () => {
    const r = routExact({ unit: 'german/4-6-7', path: 'open:adj,open' });
    expect(cat(r, 'captured')).toBe(frac(3, 4));
    expect(r.eventFractions?.surrender).toBe(frac(3, 4));
  });
});

describe('Heat of Battle ends or changes the rout (A15)', () => {
  const r = routExact({ unit: 'german/4-6-7', path: 'open' });
  it('Battle Hardening (HoB DR 4-7, 18/36) and berserk (8-10, 12/36) leave the unit unbroken: its rout ends', () => {
    expect(cat(r, 'HoB: battle hardened')).toBe(frac(18, 4));
    expect(cat(r, 'HoB: berserk')).toBe(frac(12, 4));
    expect(r.outcomes.find((o) => o.state === 'HoB battle hardened, hex 1 of 1: 4-6-8')).toBeDefined();
  });
  it('a hero created by the MMC stays; the MMC routs on (A15.21); surrender with none ADJACENT: Disrupted (2nd Ed)', () => {
    expect(r.outcomes.find((o) => o.state === 'arrived: broken 4-6-7 + hero 1-4-9')?.fraction).toBe(frac(3, 4));
    expect(r.outcomes.find((o) => o.state === 'arrived: broken, Disrupted 4-6-7')?.fraction).toBe(frac(3, 4));
  });
  it('GIA: surrender with none ADJACENT leaves it merely broken', () => {
    const g = routExact({ unit: 'german/4-6-7', path: 'open', rules: 'gi-anvil' });
    expect(g.eventFractions?.disruption).toBe('0');
    expect(cat(g, 'arrived intact')).toBe('121/216');
  });
  it('a broken leader that becomes heroic rallies: its rout ends (A15.21)', () => {
    const l = routExact({ unit: 'german/8-1', path: 'open' });
    expect(Number(l.categories['HoB: heroic leader'])).toBeGreaterThan(0);
  });
});

describe('wounded SMC: 3 MF (A17.2), also when wounded on the way', () => {
  it('a broken 8-1 wounded in hex 2 of open,open,open:2 (3 MF spent + 2) stops out of MF', () => {
    const r = routExact({ unit: 'german/8-1', path: 'open,open,open:2' });
    expect(r.categories['out of MF short of the goal']).toBeGreaterThan(0);
    expect(r.outcomes.some((o) => o.state.startsWith('out of MF short, hex 2 of 3: broken, wounded 8-1'))).toBe(true);
  });
});

describe('A19.12 Disrupted units rout only from Open Ground', () => {
  it('from clear: captured, or eliminated under No Quarter; from open: routs', () => {
    expect(cat(routExact({ unit: 'german/4-3-6', path: 'open', disrupted: true, from: 'clear' }), 'captured')).toBe('1');
    expect(cat(routExact({ unit: 'german/4-3-6', path: 'open', disrupted: true, from: 'clear', noQuarter: true }), 'eliminated for Failure to Rout')).toBe('1');
    expect(routExact({ unit: 'german/4-3-6', path: 'open', disrupted: true }).eventFractions?.arrived).not.toBe('0');
  });
});

describe('input errors (code, not message)', () => {
  it.each([
    [{ unit: 'german/hero', path: 'open' }, 'input.unit'],
    [{ unit: 'german/4-6-7', path: 'open', leader: 'german/4-6-7' }, 'input.leader'],
    [{ unit: 'german/4-6-7', path: 'open', wounded: true }, 'input.wounded'],
    [{ unit: 'german/4-6-7', path: 'open', drm: 7 }, 'input.drm'],
    [{ unit: 'german/4-6-7', path: 'open:4,open:3' }, 'input.path'],
    [{ unit: 'german/4-6-7', path: 'open:3', encircled: true, from: 'open' }, undefined],
    [{ unit: 'german/4-6-7', path: 'open:4', encircled: true }, 'input.path'],
    [{ unit: 'german/4-6-7', path: 'open', from: 'woods' as never }, 'input.from'],
    [{ unit: 'german/4-7-7', path: 'open' }, 'catalog.unknownUnit'],
  ] as [RoutInput, string | undefined][])('%o -> %s', (input, code) => {
    expect(errorCode(() => routExact(input))).toBe(code);
  });
  it('--compare: a bad route is input.compare', () => {
    expect(errorCode(() => routCompare({ unit: 'german/4-6-7', path: 'open' }, ['open,xx']))).toBe('input.compare');
    expect(errorCode(() => routCompare({ unit: 'german/4-6-7', path: 'open' }, []))).toBe('input.compare');
  });
});

describe('properties', () => {
  it('a more negative DRM never lowers P(arrived intact) nor raises P(eliminated by Interdiction)', () => {
    let prev = routExact({ unit: 'german/4-6-7', path: 'open,open,open', drm: 3 });
    for (const drm of [2, 1, 0, -1, -2, -3]) {
      const r = routExact({ unit: 'german/4-6-7', path: 'open,open,open', drm });
      expect(r.categories['arrived intact']).toBeGreaterThanOrEqual(prev.categories['arrived intact']);
      expect(r.categories['eliminated by Interdiction']).toBeLessThanOrEqual(prev.categories['eliminated by Interdiction']);
      prev = r;
    }
  });
  it('more Open Ground hexes never raise P(arrived intact)', () => {
    const ps = ['open', 'open,open', 'open,open,open', 'open,open,open,open'].map((path) => routExact({ unit: 'german/4-6-8', path }).categories['arrived intact']);
    for (let i = 1; i < ps.length; i++) expect(ps[i]).toBeLessThan(ps[i - 1]);
  });
});

describe('exact against Monte Carlo (the same ChainModel compiled to tables)', () => {
  const cases: [string, RoutInput][] = [
    ['4-6-7 open,open', { unit: 'german/4-6-7', path: 'open,open' }],
    ['4-6-7 + 8-1, end ADJACENT, open,clear,open', { unit: 'german/4-6-7', path: 'open,clear,open', leader: 'german/8-1', endAdjacent: true }],
    ['broken 8-1 (wounds, MF) open,open,open:2', { unit: 'german/8-1', path: 'open,open,open:2' }],
    ['Low Crawl', { unit: 'german/4-6-7', path: 'crawl' }],
  ];
  for (const [name, input] of cases) {
    it(`${name}: compiled tables equal the resolver; estimates within 4.5 standard errors`, async () => {
      const q = routQuery(input);
      expect(verifyCompiledChain(q.model, compileChain(q.model))).toBeGreaterThan(0);
      const out = await computeOdds(q, { trials: 200_000, seed: `rout-${name}`, threads: 1, compareExact: true });
      if (out.kind !== 'result') throw new Error('expected a result');
      expect(out.result.comparison!.maxAbsZ).toBeLessThan(4.5);
      const categories = (out.result as unknown as { categories: Record<string, number> }).categories;
      const exact = routExact(input).categories;
      for (const c of ROUT_CATEGORIES) expect(Math.abs(categories[c] - exact[c])).toBeLessThan(0.01);
    });
  }
});

describe('A4.44 recovery odds', () => {
  it('5/6; CX 2/3; CX at night 1/2; -1 drm: certain', () => {
    const p = (i: Parameters<typeof recoveryExact>[0]) => recoveryExact(i).outcomes.find((o) => o.state === 'recovered')?.fraction;
    expect(p({})).toBe('5/6');
    expect(p({ cx: true })).toBe('2/3');
    expect(p({ cx: true, night: true })).toBe('1/2');
    expect(p({ drm: -1 })).toBe('1');
    expect(errorCode(() => recoveryQuery({ drm: 7 }))).toBe('input.drm');
  });
});
