/**
 * The fire attack builder's rules of issue 46 ("Fire from the board", items 11-13 and 15), typed as a
 * player types them: Assault Fire only for an underscored FP (A7.36), one side per Fire Group (A7.5) and
 * per target (A7), Cowering of a MG fired by no unit of the group and of a group of heroes (A7.9, A15.2,
 * A15.24), and the options meaning what their help says (`--other-drm` repeated; contradictions as one
 * line naming the rule, exit 2).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO, expectRefused, runJson } from './buffer-io.js';


describe('A7.36: Assault Fire only for a squad whose FP is underscored (the catalog says which)', () => {
  it('--firer german/4-6-7:assault: refused naming A7.36 (its FP is not underscored: VASL art ge467S), exit 2', async () => {
    await expectRefused(['attack', '--firer', 'german/4-6-7:assault', '--advancing-fire', '--target', 'russian/4-4-7'], 'input.assaultFire', /4-6-7 has no Assault Fire: its FP is not underscored \(A7\.36; VASL 6\.7\.3 counter art ge467S/);
  });
  it('a MG never Assault Fires (A7.36: squads)', async () => {
    await expectRefused(['attack', '--firer', 'german/lmg:assault', '--advancing-fire', '--target', 'russian/4-4-7'], 'input.assaultFire', /a MG has no Assault Fire.*A7\.36/);
  });
  it('A7.31 EX: the American 6-6-6 has it: 6 /2 AFPh = 3, +1 = 4; the ledger carries the counter\'s underscores with their source', async () => {
    const r = await runJson(['attack', '--firer', 'american/6-6-6:assault', '--advancing-fire', '--target', 'german/4-6-7']);
    expect([r.fp, r.column]).toEqual([4, 4]);
    expect(r.fpLedger?.[0].underscores).toMatchObject({ assaultFire: true, sprayingFire: false, confidence: 'medium' });
    expect(r.fpLedger?.[0].underscores?.source).toMatch(/am666S/);
  });
  it('the SS 6-5-8: none printed, but A25.11 gives it in 1944-45: applied as the player says, with a warning citing A25.11', async () => {
    const r = await runJson(['attack', '--firer', 'german/6-5-8:pbf:assault', '--advancing-fire', '--target', 'russian/4-4-7']);
    expect(r.fp).toBe(7);
    expect(r.warnings).toEqual(['german/6-5-8: Assault Fire applied as given: not printed on the counter; SS are entitled to Assault Fire in any scenario during 1944-45 (A25.11)']);
  });
  it('a counter whose underscore is not known (Finnish 5-4-8): applied as given, the warning says it is unverified', async () => {
    const r = await runJson(['attack', '--firer', 'finnish/5-4-8:assault', '--advancing-fire', '--target', 'russian/4-4-7']);
    expect(r.fp).toBe(4);
    expect(r.fpLedger?.[0].underscores).toMatchObject({ assaultFire: null, sprayingFire: null, confidence: 'low' });
    expect(r.warnings).toEqual(['finnish/5-4-8: Assault Fire applied as given: whether its FP is underscored is not known (A7.36; low)']);
  });
});

describe('A7.5, A7: a Fire Group is of one side, and fires at the other', () => {
  it('German and Russian firers in one group: refused naming A7.5', async () => {
    await expectRefused(['attack', '--firer', 'german/4-6-7,russian/4-4-7', '--target', 'russian/4-4-7'], 'input.fireGroupSide', /these are enemies \(A7\.5\)/);
  });
  it('firing at a unit of the firers\' own side: refused naming A7 (built or --fp with a --firer)', async () => {
    await expectRefused(['attack', '--firer', 'german/4-6-7', '--target', 'german/4-4-7'], 'input.targetSide', /own side \(german\); fire attacks are made on enemy units \(A7\)/);
    await expectRefused(['attack', '--fp', '8', '--firer', 'british/4-5-8', '--target', 'american/6-6-7'], 'input.targetSide', /\(A7\)/);
  });
  it('one side, two nationalities (German and Finnish): attacked, with a warning naming A7.5 and its low confidence', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7,finnish/6-4-8', '--target', 'russian/4-4-7']);
    expect(r.fp).toBe(10);
    expect(r.warnings).toEqual(['german/4-6-7 and finnish/6-4-8: units of different nationalities in one Fire Group; our rules sources do not say whether they may form one: check (A7.5; low)']);
  });
  it('a SW fires with the unit that possesses it (A4.43): a Finnish 6-4-8 with a Russian-made LMG is one side, no warning', async () => {
    const r = await runJson(['attack', '--firer', 'finnish/6-4-8,russian/lmg', '--target', 'russian/4-4-7']);
    expect(r.fp).toBe(8);
    expect(r.warnings ?? []).toEqual([]);
  });
  it('a MG alone is of its maker\'s side: a Russian LMG firing at Russians is refused naming A7', async () => {
    await expectRefused(['attack', '--firer', 'russian/lmg', '--target', 'russian/4-4-7'], 'input.targetSide', /\(A7\)/);
  });
});

describe('A7.9 Cowering: a MG fired by no unit of the group, a group of heroes', () => {
  it('attack --firer british/lmg: the MG is British (its manning unit taken as 1st Line): no Cowering, as the --fp form with British 1st Line', async () => {
    const r = await runJson(['attack', '--firer', 'british/lmg', '--target', 'german/4-6-7']);
    expect(r.cowering).toEqual({ columns: 0, reason: 'no Cowering (British 1st Line, A7.9)' });
    expect(r.warnings).toEqual(['MG fired by no unit of the group: it cowers as a British 1st Line unit would (A7.9); give --firer-class for its manning unit\'s class']);
    const same = await runJson(['attack', '--fp', '2', '--firer-nationality', 'british', '--firer-class', '1st-line', '--target', 'german/4-6-7']);
    expect(r.eventFractions).toEqual(same.eventFractions);
    expect((await runJson(['attack', '--firer', 'finnish/lmg', '--target', 'russian/4-4-7'])).cowering?.columns).toBe(0);
    expect((await runJson(['attack', '--firer', 'german/lmg', '--target', 'russian/4-4-7'])).cowering?.columns).toBe(1);
    expect((await runJson(['attack', '--firer', 'british/lmg', '--firer-class', 'green', '--target', 'german/4-6-7'])).cowering?.columns).toBe(2);
  });
  it('attack --firer german/hero,german/hero: no Cowering (A15.2: a hero "is not subject to Cowering"), as one hero alone; -1 per hero (A15.24)', async () => {
    const two = await runJson(['attack', '--firer', 'german/hero,german/hero', '--target', 'russian/4-4-7']);
    expect(two.cowering).toEqual({ columns: 0, reason: 'no Cowering (every firer exempt: a hero, A15.2, A7.9)' });
    expect(two.drmLedger).toEqual([
      { label: 'hero', drm: -1, rule: 'A15.24' },
      { label: 'hero', drm: -1, rule: 'A15.24' },
    ]);
    const one = await runJson(['attack', '--firer', 'german/hero', '--target', 'russian/4-4-7']);
    expect(one.cowering?.columns).toBe(0);
    // A15.24: "A hero's participation does not exempt other members of a FG from Cowering."
    expect((await runJson(['attack', '--firer', 'german/hero,german/4-6-7', '--target', 'russian/4-4-7'])).cowering?.columns).toBe(1);
    // The same attack given as --fp: 2 FP, DRM -2, no Cowering (a hero firing).
    const same = await runJson(['attack', '--fp', '2', '--drm', '-2', '--firer', 'german/hero', '--target', 'russian/4-4-7']);
    expect(two.eventFractions).toEqual(same.eventFractions);
  });
});

describe('the builder\'s options mean what the help says', () => {
  it('--other-drm is repeatable: smoke=1 and hindrance=1 sum to +2, each a line of the ledger', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7', '--other-drm', 'smoke=1', '--other-drm', 'hindrance=1', '--target', 'russian/4-4-7']);
    expect(r.drm).toBe(2);
    expect(r.drmLedger).toEqual([
      { label: 'smoke', drm: 1, rule: 'given' },
      { label: 'hindrance', drm: 1, rule: 'given' },
    ]);
    const io = bufferIO();
    expect(await runCli(['attack', '--firer', 'german/4-6-7', '--other-drm', 'smoke=1', '--other-drm', 'hindrance=1', '--target', 'russian/4-4-7'], io)).toBe(0);
    expect(io.out.split('\n')[0]).toBe('Fire attack: 4-6-7: 4; total 4 -> 4 column; DRM +1 smoke +1 hindrance = +2; Cowering one column (A7.9)');
  });
  it('contradictions: one line naming the rule, never a silent choice', async () => {
    await expectRefused(['attack', '--firer', 'german/4-6-7', '--advancing-fire', '--opportunity-fire', '--target', 'russian/4-4-7'], 'input.opportunityFire', /\(A7\.25\)/);
    await expectRefused(['attack', '--firer', 'german/4-6-7:pbf:pbf', '--target', 'russian/4-4-7'], 'input.firerModifierRepeated', /'pbf' given twice; it applies once to a firer \(A7\.21\)/);
    await expectRefused(['attack', '--firer', 'german/4-6-7:pinned:pinned', '--target', 'russian/4-4-7'], 'input.firerModifierRepeated', /\(A7\.8\)/);
  });
  it('a leader of the other side cannot direct the fire: --leader russian/9-1 with German firers is refused naming A7.53', async () => {
    await expectRefused(['attack', '--firer', 'german/4-6-7', '--leader', 'russian/9-1', '--target', 'russian/4-4-7'], 'input.leaderSide', /\(A7\.53\)/);
  });
});

describe('plan: the same checks for every fire plan', () => {
  it('plan with a target of the firers\' side is refused naming A7; firers of both sides naming A7.5', async () => {
    await expectRefused(['plan', '--firer', 'german/4-6-7,german/4-6-7', '--target', 'german/4-4-7'], 'input.targetSide', /\(A7\)/);
    await expectRefused(['plan', '--firer', 'german/4-6-7,russian/4-4-7', '--target', 'american/6-6-7'], 'input.fireGroupSide', /\(A7\.5\)/);
  });
  it('plan takes --other-drm twice, as attack does', async () => {
    const io = bufferIO();
    expect(await runCli(['plan', '--firer', 'german/4-6-7,german/4-6-7', '--other-drm', 'smoke=1', '--other-drm', 'hindrance=1', '--target', 'russian/4-4-7'], io)).toBe(0);
    expect(io.out).toContain('[4-6-7 + 4-6-7] 8 FP on the 8 col +2');
  });
});
