/**
 * Issue 42 section 1: the attack's leader-loss rules as written (A10.2, A15.2, A15.41, A19.13), each
 * asserted on the exact figures of `asl-odds attack` (the factored summary and, with `--outcomes`, the
 * whole chain) and on the attack sampler (Monte Carlo, within 4.5 standard errors), so that the three
 * engines read the rule in the one place it is written (rules/leader-loss.ts, rules/unit-state.ts).
 *
 * The oracles are the independent derivation from the rules texts; each is also reasoned out
 * below from the rule's words.
 */
import { describe, expect, it } from 'vitest';
import { runJson } from '../cli/buffer-io.js';
import { lltcFor, leaderLossOf } from '../../src/rules/leader-loss.js';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { getUnit, replacementOf } from '../../src/counters/catalog.js';
import { initialUnitState, withChanges } from '../../src/rules/unit-state.js';
import { attackSamplingOf } from '../../src/queries/attack-query.js';
import { runAttackTrials, summaryOfTally } from '../../src/attack/attack-tally.js';
import { Tychei } from '../../src/dice/tychei.js';
import { EVENT_NAMES, type EventName } from '../../src/rules/events.js';

/** The exact fraction of `event` for target `position` (1-based), summary and whole chain alike. */
async function exactFraction(args: string[], position: number, event: EventName): Promise<string> {
  const summary = await runJson(['attack', ...args, '--exact']);
  const whole = await runJson(['attack', ...args, '--exact', '--outcomes']);
  const a = summary.units?.[position - 1].eventFractions?.[event];
  expect(whole.units?.[position - 1].eventFractions?.[event]).toBe(a);
  return a ?? 'missing';
}

/** The sampler's estimate of `event` for target `position` agrees with `fraction` within 4.5 standard errors. */
function expectSampled(args: { targets: string[]; result: string; markers?: Record<string, number[]>; elr?: number; settings?: Record<string, string> }, position: number, event: EventName, fraction: string): void {
  const targets = args.targets.map((unit, i) => ({ unit, ...Object.fromEntries(Object.entries(args.markers ?? {}).map(([m, at]) => [m, at.includes(i + 1)])) }));
  const sampling = attackSamplingOf({ targets, result: args.result, elr: args.elr, settings: args.settings });
  const trials = 200_000;
  const counts = new Float64Array(sampling.layout.size);
  runAttackTrials(sampling, new Tychei('leader-loss-test'), trials, counts);
  const sum = summaryOfTally(sampling.targets, { counts, outcomes: {} });
  const got = sum.units[position - 1][EVENT_NAMES.indexOf(event)] / trials;
  const [n, d] = fraction.split('/').map(Number);
  const p = n / d;
  expect(Math.abs(got - p) / Math.sqrt((p * (1 - p)) / trials)).toBeLessThan(4.5);
}

describe('A10.2 with A15.2: a hero takes no LLTC', () => {
  // A10.2: "Should an unbroken leader break, all unbroken friendly Personnel units with a lower Morale
  // Level in the same Location ... must take a LLTC [EXC: if exempt from pinning]." A15.2: "a hero ...
  // is not subject to Cowering or enforced Pin results". So when the 9-1 breaks, the hero, even wounded by
  // his own NMC (ML 8, lower than the 9-1's 9), takes no LLTC: his only pass is that of his NMC.
  it('lltcFor: none for a hero, a heroic leader or a berserk unit; a squad of lower ML takes a 1TC', () => {
    const rs = getRuleSet('2nd-edition');
    expect(lltcFor(initialUnitState(getUnit('german/hero')), -1, 10, rs)).toBeNull();
    expect(lltcFor(withChanges(initialUnitState(getUnit('german/8-0')), { heroic: true }), -1, 10, rs)).toBeNull();
    expect(lltcFor(initialUnitState(getUnit('german/4-6-7'), { berserk: true }), -1, 11, rs)).toBeNull();
    expect(lltcFor(initialUnitState(getUnit('german/4-6-7')), -1, 9, rs)?.check.strength).toBe(1);
  });
  it('attack --result NMC --target german/9-1,german/hero: hero pass 41753/46656 (not 63347/69984)', async () => {
    const args = ['--result', 'NMC', '--target', 'german/9-1,german/hero'];
    expect(await exactFraction(args, 2, 'pass')).toBe('41753/46656');
    expectSampled({ targets: ['german/9-1', 'german/hero'], result: 'NMC' }, 2, 'pass', '41753/46656');
  });
});

describe('A15.41: a leader berserk when the attack starts has forfeited his leadership DRM', () => {
  // A15.41: "After the Berserk TC, the leader forfeits his leadership DRM until he returns to normal."
  // A leader already berserk has had his Berserk TC: the 4-6-7's NMC is taken with no DRM, as it is in
  // a `--then` sequence after the leader went berserk in an earlier attack.
  it('attack --result NMC --target german/4-6-7,german/9-1 --target-berserk 2: 4-6-7 pass 9823/23328 (not 13387/23328)', async () => {
    const args = ['--result', 'NMC', '--target', 'german/4-6-7,german/9-1', '--target-berserk', '2'];
    expect(await exactFraction(args, 1, 'pass')).toBe('9823/23328');
    expectSampled({ targets: ['german/4-6-7', 'german/9-1'], result: 'NMC', markers: { berserk: [2] } }, 1, 'pass', '9823/23328');
  });
});

describe('A10.2: the LLTC of a broken 6+1 is handled as his LLMC (setting sixPlusOneLLMCDRM)', () => {
  // A10.2: "This LLTC is handled in the same manner as a LLMC except that if the LLTC is failed, the unit
  // is pinned instead of broken." A 6+1's LLMC is a NMC with DRM sixPlusOneLLMCDRM (-1 by default), so
  // his LLTC is a TC with that DRM: the Fanatic 6+1 (ML 7) broke, the 4-3-6 (ML 6) takes a TC at -1.
  it('lltcFor a 6+1 (DRM +1): a TC with the setting as its DRM', () => {
    const rs = getRuleSet('2nd-edition', { sixPlusOneLLMCDRM: '-2' });
    const l = lltcFor(initialUnitState(getUnit('german/4-3-6')), 1, 7, rs);
    expect([l?.check.kind, l?.check.strength, l?.drm]).toEqual(['TC', 0, -2]);
  });
  it('attack --result NMC --target german/6+1,german/4-3-6 --target-fanatic 1: 4-3-6 pin 24055/139968 (not 26453/139968)', async () => {
    const args = ['--result', 'NMC', '--target', 'german/6+1,german/4-3-6', '--target-fanatic', '1'];
    expect(await exactFraction(args, 2, 'pin')).toBe('24055/139968');
    expectSampled({ targets: ['german/6+1', 'german/4-3-6'], result: 'NMC', markers: { fanatic: [1] } }, 2, 'pin', '24055/139968');
  });
});

describe('A10.2 with A19.13: the LLTC of a leader Replaced as he broke is a named setting (replacedLeaderLLTC)', () => {
  // A10.2 measures the LLTC against "a lower Morale Level" and handles it "in the same manner as a LLMC"
  // (the leader's modifier); A19.13 Replaces the 8-1 who fails by more than ELR 0 with an 8-0 as he
  // breaks. Which counter is read is not said: default, the ML of the 8-1 who broke and the modifier of
  // his Replacement (an NTC for the 4-6-7); 'as-he-broke', both of the 8-1 (a 1TC).
  it('leaderLossOf reads the Replacement as the setting says', () => {
    const good81 = initialUnitState(getUnit('german/8-1'));
    const replaced = withChanges(good81, { profile: replacementOf(good81.profile)!, status: 'broken' });
    expect(replaced.profile.id).toBe('german/8-0');
    expect(leaderLossOf(good81, replaced, getRuleSet('2nd-edition'))).toEqual({ kind: 'lltc', ml: 8, leaderDRM: null });
    expect(leaderLossOf(good81, replaced, getRuleSet('2nd-edition', { replacedLeaderLLTC: 'as-he-broke' }))).toEqual({ kind: 'lltc', ml: 8, leaderDRM: -1 });
  });
  it('attack --result NMC --target german/8-1,german/4-6-7 --elr 0: 4-6-7 pin 1972459/10077696 by default, 2149939/10077696 as he broke', async () => {
    const args = ['--result', 'NMC', '--target', 'german/8-1,german/4-6-7', '--elr', '0'];
    expect(await exactFraction(args, 2, 'pin')).toBe('1972459/10077696');
    expect(await exactFraction([...args, '--replaced-leader-lltc', 'as-he-broke'], 2, 'pin')).toBe('2149939/10077696');
    expect(await exactFraction([...args, '--setting', 'replacedLeaderLLTC=as-he-broke'], 2, 'pin')).toBe('2149939/10077696');
    expectSampled({ targets: ['german/8-1', 'german/4-6-7'], result: 'NMC', elr: 0, settings: { replacedLeaderLLTC: 'as-he-broke' } }, 2, 'pin', '2149939/10077696');
  });
});

describe('replacedLeaderLLTC=as-replaced: a leader wounded as he broke is Replaced after his Wound Severity dr (A17.11, A19.13)', () => {
  // The 9-1's NMC with an Original 12 wounds and breaks him (Casualty MC, A10.31); failing by more than
  // ELR 0 Replaces him with an 8-1 (A19.13), but only after his Wound Severity dr (A17.11). Under
  // 'as-replaced' the LLTC reads his Replacement's ML, 8: the 4-6-8 (ML 8) takes none. It used to read
  // the 9-1's ML 9 when the Replacement waited for the wound (4-6-8 pin 1251313/10077696).
  it('leaderLossOf reads the Replacement already decided (elrPending)', () => {
    const good91 = initialUnitState(getUnit('german/9-1'));
    const woundedPending = withChanges(good91, { status: 'broken', wounded: true, elrPending: 'replace' });
    expect(leaderLossOf(good91, woundedPending, getRuleSet('2nd-edition', { replacedLeaderLLTC: 'as-replaced' }))).toEqual({ kind: 'lltc', ml: 8, leaderDRM: null });
    expect(leaderLossOf(good91, woundedPending, getRuleSet('2nd-edition'))).toEqual({ kind: 'lltc', ml: 9, leaderDRM: null });
  });
  it('attack --result NMC --target german/9-1,german/4-6-8 --elr 0 --replaced-leader-lltc as-replaced: 4-6-8 pin 1207513/10077696 (not 1251313/10077696)', async () => {
    const args = ['--result', 'NMC', '--target', 'german/9-1,german/4-6-8', '--elr', '0', '--replaced-leader-lltc', 'as-replaced'];
    expect(await exactFraction(args, 2, 'pin')).toBe('1207513/10077696');
    expectSampled({ targets: ['german/9-1', 'german/4-6-8'], result: 'NMC', elr: 0, settings: { replacedLeaderLLTC: 'as-replaced' } }, 2, 'pin', '1207513/10077696');
  });
});
