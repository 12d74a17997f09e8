/**
 * Fire plans compared (issue 40 part 2): the partitions counted, the published "Fire Group or fire
 * separately?" figures as oracles, the limits of the attack API said per plan, and the CLI as typed.
 */
import { describe, expect, it } from 'vitest';
import { comparePlans, orderedPartitions, wholeStackDown } from '../../src/queries/fire-plans.js';
import { nmcOrBetterCount } from '../../src/rules/fire-group.js';
import { runCli } from '../../src/cli/main.js';
import { bufferIO, errorCodeOf } from '../cli/buffer-io.js';

describe('fire plans', () => {
  it('every ordered partition: Fubini numbers 1, 3, 13, 75, 541, 4683', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => orderedPartitions(n).length)).toEqual([1, 3, 13, 75, 541, 4683]);
  });
  it('"Fire Group or fire separately?": 8 FP +2 gets NMC or better on 15/36; two 4 FP +2 attacks on 1 - (5/6)^2', async () => {
    expect(nmcOrBetterCount(8, 2, 0, 'no-effect')).toBe(15);
    expect(nmcOrBetterCount(4, 2, 0, 'no-effect')).toBe(6);
    // Cowering takes the 3-3 (final 8 on the 6 column: PTC) away from the group.
    expect(nmcOrBetterCount(8, 2, 1, 'no-effect')).toBe(14);
    // British 4-5-8 (Elite: never cower, A7.9) in a wooden building (+2).
    const c = await comparePlans({
      target: { targets: ['german/4-6-7'] },
      group: { firers: ['british/4-5-8', 'british/4-5-8'], terrain: 'wooden-building' },
      objective: 'nmc',
    });
    expect(c.plansConsidered).toBe(2);
    expect(c.plans.map((p) => [p.groups.length, p.nmcOrBetterFraction, p.rank])).toEqual([
      [1, '5/12', 1],
      [2, '11/36', 2],
    ]);
  });
  it('stack figures: exact for one group, Monte Carlo with one seed for a sequence on 3 units (same seed, same figures)', async () => {
    const input = { target: { targets: ['russian/4-4-7', 'russian/4-4-7', 'russian/4-4-7'] }, group: { firers: ['german/4-6-7', 'german/4-6-7'], tem: 1 }, objective: 'any-broken' as const, trials: 4000 };
    const a = await comparePlans(input);
    const b = await comparePlans(input);
    expect(a.plans.map((p) => p.value)).toEqual(b.plans.map((p) => p.value));
    const one = a.plans.find((p) => p.groups.length === 1);
    expect(one?.method).toBe('exact');
    const two = a.plans.find((p) => p.groups.length === 2);
    expect(two?.method).toBe('monte-carlo');
    expect(two?.ci95?.[0]).toBeLessThanOrEqual(two?.value ?? NaN);
    expect(a.plans.filter((p) => p.rank !== null).map((p) => p.rank)).toEqual([1, 2]);
    // Two attacks on two units: exact (quick).
    const small = await comparePlans({ ...input, target: { targets: ['russian/4-4-7', 'russian/4-4-7'] } });
    expect(small.plans.map((p) => p.method)).toEqual(['exact', 'exact']);
  });
  it('groups that cower differently in a sequence are screened only, with the reason (one firer profile per sequence)', async () => {
    const c = await comparePlans({ target: { targets: ['russian/4-4-7'] }, group: { firers: ['german/4-6-7', 'german/4-3-6'] }, objective: 'any-broken', trials: 2000 });
    const separate = c.plans.filter((p) => p.groups.length === 2);
    expect(separate.length).toBeGreaterThan(0);
    for (const p of separate) expect(p.note).toMatch(/Cowering/);
  });
  it('whole stack broken or eliminated, read from the final stacks', () => {
    expect(wholeStackDown('broken 4-4-7, eliminated 9-1')).toBe(true);
    expect(wholeStackDown('broken, Disrupted 4-4-7, captured 9-1')).toBe(true);
    expect(wholeStackDown('pinned 4-4-7, broken 9-1')).toBe(false);
    expect(wholeStackDown('broken 4-4-7 + hero 1-4-9')).toBe(false);
  });
  it('asl-odds plan as typed: JSON plans with ranks; a bad objective is one line, exit 2', async () => {
    const io = bufferIO();
    expect(await runCli(['plan', '--firer', 'british/4-5-8,british/4-5-8', '--terrain', 'wooden-building', '--objective', 'nmc', '--target', 'german/4-6-7', '--json'], io)).toBe(0);
    const c = JSON.parse(io.out) as { plans: { rank: number; groups: string[][] }[] };
    expect(c.plans[0]).toMatchObject({ rank: 1, groups: [['british/4-5-8', 'british/4-5-8']] });
    expect(await errorCodeOf(['plan', '--firer', 'german/4-6-7', '--objective', 'most', '--target', 'russian/4-4-7'])).toBe('commander.invalidArgument');
    expect(await errorCodeOf(['plan', '--firer', 'german/4-6-7', '--fp', '8', '--target', 'russian/4-4-7'])).toBe('commander.unknownOption');
  });
});
