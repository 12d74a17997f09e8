/**
 * The attack-builder cases of a public peer that involve no VASL save, typed as our `asl-odds attack`
 * command lines: kehannan/ruleschat (MIT, commit df8fd1f7) tests/test_ift_attack.py (its `compute_attack`
 * with the rulebook's examples) and the synthetic-state cases of tests/test_attack_resolver.py that a
 * builder line can state (`--range` for the two hexes' distance). Each `it` names the peer's test. They
 * agree, or the test names the reading each side takes and the text that makes it differ:
 *
 * - Opportunity Fire: the peer gives the phase (`afph=True`) and `opportunity_fire=True`; we give
 *   `--opportunity-fire` alone (it is fired in the AFPh, A7.25) and refuse it with `--advancing-fire`
 *   (issue 46: a contradiction is one line naming the rule). Same FP.
 * - PBF at range 1: the peer derives it from the hex distance; we say "add :pbf" (A7.21 needs an
 *   ADJACENT target, and range 1 is not always ADJACENT: docs/rules-notes-fire.md A7.21). Same FP once given.
 * - A counter whose Assault Fire is unknown: the peer never applies it (a warning); we apply `:assault`
 *   when the player gives it, with a warning that it is unverified (a direct input, low).
 * - Target effects: the peer's `_personnel_outcome` has no Heat of Battle (A15.1) and no Casualty MC
 *   (A10.31); ours do, so `break` differs by exactly those paths (asserted), `pin` and `pass` agree.
 *
 * Not stated here: range_to_target without a normal_range (every firer has one from the catalog), SAN,
 * vehicle targets (`asl-odds vehicle`), the tool schemas, and the cases needing a VASL save or the map
 * (hex distance, terrain from the board, firing Location: the VASL helpers' tests).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO, errorCodeOf, runJson } from './buffer-io.js';

const VS = ['--target', 'russian/4-4-7'];
const steps = (r: Awaited<ReturnType<typeof runJson>>, i = 0) => r.fpLedger?.[i].steps.map((s) => `${s.label} = ${s.fp}`);
/** a/b + c/d - e/f as a reduced fraction string. */
function sum(...terms: [number, string | undefined][]): string {
  let n = 0n;
  let d = 1n;
  for (const [sign, f] of terms) {
    const [a, b] = (f ?? 'NaN').split('/').map(BigInt);
    n = n * (b ?? 1n) + BigInt(sign) * a * d;
    d = d * (b ?? 1n);
  }
  const g = (x: bigint, y: bigint): bigint => (y === 0n ? (x < 0n ? -x : x) : g(y, x % y));
  const k = g(n, d);
  return d / k === 1n ? String(n / k) : `${n / k}/${d / k}`;
}

describe('kehannan/ruleschat tests/test_ift_attack.py: FP (A7.2-A7.36)', () => {
  it('test_a731_ex_afph_assault_fire: a 6-6-6 in the AFPh with Assault Fire: 6 /2 = 3, +1 = 4, the 4 column', async () => {
    const r = await runJson(['attack', '--firer', 'american/6-6-6:assault', '--advancing-fire', '--target', 'german/4-6-7']);
    expect([r.fp, r.column]).toEqual([4, 4]);
    expect(steps(r)).toEqual(['/2 AFPh = 3', '+1 Assault Fire = 4']);
  });
  it('test_a731_ex_two_548_pbf_afph_concealed: two 5-4-8 PBF AFPh Area Fire Assault Fire: 4 each (FRU), 8 -> the 8 column', async () => {
    const r = await runJson(['attack', '--firer', 'german/5-4-8:pbf:assault,german/5-4-8:pbf:assault', '--advancing-fire', '--area-fire', ...VS]);
    expect([r.fp, r.column]).toEqual([8, 8]);
    expect(steps(r, 1)).toEqual(['x2 PBF = 10', '/2 AFPh = 5', '/2 Area Fire = 2.5', '+1 Assault Fire = 4']);
  });
  it('test_a734_ex_long_range_fraction_retained: 3 FP at Long Range: 1.5, the 1 column', async () => {
    const r = await runJson(['attack', '--firer', 'american/3-4-7:long-range', '--target', 'german/4-6-7']);
    expect([r.fp, r.column]).toEqual([1.5, 1]);
  });
  it('test_long_range_derived_from_range_and_normal_range / test_within_normal_range_not_long_range / test_derived_long_range_overrides_flag_with_warning: 6 FP Normal Range 6: range 7 and 10 -> 3, range 6 -> 6', async () => {
    const at = async (range: string) => (await runJson(['attack', '--firer', 'american/6-6-7', '--range', range, '--target', 'german/4-6-7'])).fp;
    expect([await at('7'), await at('6'), await at('10')]).toEqual([3, 6, 3]);
  });
  it('test_fractions_summed_across_units_before_column: two 3 FP units at Long Range: 1.5 + 1.5 = 3, the 2 column', async () => {
    const r = await runJson(['attack', '--firer', 'american/3-4-7:long-range,american/3-4-7:long-range', '--target', 'german/4-6-7']);
    expect([r.fp, r.column]).toEqual([3, 2]);
  });
  it('test_below_one_fp_is_no_attack: 1 FP at Long Range: 0.5, no column, no attack (the math still shown)', async () => {
    const r = await runJson(['attack', '--firer', 'german/hero:long-range', ...VS]);
    expect([r.fp, r.column]).toEqual([0.5, null]);
    expect(r.warnings).toContain('total 0.5 FP is below the 1 column: no attack (A7.3)');
    expect(r.stackEventFractions?.anyBroken).toBe('0');
  });
  it('test_assault_fire_na_at_long_range: Assault Fire is dropped at Long Range, with a warning', async () => {
    const r = await runJson(['attack', '--firer', 'german/5-4-8:long-range:assault', '--advancing-fire', ...VS]);
    expect(r.fp).toBe(1.25);
    expect(r.warnings?.[0]).toBe('german/5-4-8: Assault Fire dropped: NA at Long Range (A7.36)');
  });
  it('test_opportunity_fire_negates_afph_and_assault: no AFPh halving, no +1 (A7.25); the peer\'s afph+opportunity is our --opportunity-fire alone', async () => {
    const r = await runJson(['attack', '--firer', 'german/5-4-8:assault', '--opportunity-fire', ...VS]);
    expect(r.fp).toBe(5);
    expect(r.warnings).toEqual(['german/5-4-8: Assault Fire dropped: NA with Opportunity Fire (A7.36)']);
    expect(await errorCodeOf(['attack', '--firer', 'german/5-4-8:assault', '--advancing-fire', '--opportunity-fire', ...VS])).toBe('input.opportunityFire');
  });
  it('test_tpbf_and_pinned: TPBF x3, pinned x1/2: 4 FP -> 6, the 6 column', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7:tpbf:pinned', ...VS]);
    expect([r.fp, r.column]).toEqual([6, 6]);
  });
  it('test_invalid_inputs_raise: no firer, an unknown modifier, a negative Area Fire: refused, exit 2', async () => {
    for (const argv of [
      ['attack', '--firer', 'german/4-6-7:point-blank', ...VS],
      ['attack', '--firer', 'german/4-6-7', '--area-fire', '-1', ...VS],
      ['attack', '--range', '3', ...VS],
    ]) {
      const io = bufferIO();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(io.err.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('kehannan/ruleschat tests/test_ift_attack.py: DRM ledger and Cowering (A4.6, A7.7, A7.9)', () => {
  it('test_drm_ledger_sums_and_itemizes: +1 TEM +1 hindrance -1 FFNAM = +1, line by line', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7', '--tem', '1', '--hindrance', '1', '--ffnam', ...VS]);
    expect(r.drm).toBe(1);
    expect(r.drmLedger?.map((l) => [l.label, l.drm])).toEqual([['TEM', 1], ['hindrance', 1], ['FFNAM', -1]]);
  });
  it('test_ffmo_negated_by_hindrance_with_warning / test_ffmo_negated_by_tem_with_warning: FFMO dropped loudly', async () => {
    const h = await runJson(['attack', '--firer', 'german/4-6-7', '--hindrance', '1', '--ffmo', ...VS]);
    expect(h.drm).toBe(1);
    expect(h.warnings).toEqual(['FFMO dropped: negated by the hindrance (A4.6)']);
    const t = await runJson(['attack', '--firer', 'german/4-6-7', '--tem', '2', '--ffmo', ...VS]);
    expect(t.drm).toBe(2);
    expect(t.warnings).toEqual(['FFMO dropped: negated by the +2 TEM (A4.6)']);
  });
  it('test_ffmo_applies_in_true_open_ground: FFMO and FFNAM: -2, no warning', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7', '--ffnam', '--ffmo', ...VS]);
    expect([r.drm, r.warnings]).toEqual([-2, []]);
  });
  it('test_other_drm_and_encircled_firer: Encircled firer +1 and "air bursts" -1: 0', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7:encircled', '--other-drm', 'air bursts=-1', ...VS]);
    expect(r.drm).toBe(0);
    expect(r.drmLedger?.map((l) => l.label)).toEqual(['Encircled firer', 'air bursts']);
  });
  it('test_cowering_derivation: regular; none when a leader directs or the firer is exempt; double when Inexperienced; a leader trumps Inexperience', async () => {
    const columns = async (...a: string[]) => (await runJson(['attack', ...a, '--target', a[1].startsWith('british') ? 'german/4-6-7' : 'russian/4-4-7'])).cowering?.columns;
    expect(await columns('--firer', 'german/4-6-7')).toBe(1);
    expect(await columns('--firer', 'german/4-6-7', '--leader', 'german/9-1')).toBe(0);
    expect(await columns('--firer', 'british/4-5-8')).toBe(0);
    expect(await columns('--firer', 'german/4-3-6')).toBe(2);
    expect(await columns('--firer', 'german/4-3-6', '--leader', 'german/9-1')).toBe(0);
  });
});

describe('kehannan/ruleschat tests/test_ift_attack.py: target effects (A7.301-A7.308, A7.7)', () => {
  // The peer: a unit of ML 7, no Heat of Battle, no Casualty MC. Ours: a Russian 4-4-7 (ML 7) with both.
  const unit = async (...a: string[]) => (await runJson(['attack', ...a, '--target', 'russian/4-4-7', '--exact'])).units![0].eventFractions!;
  it('test_personnel_branch_nmc_vs_morale_7: pin 6/36, no effect 15/36; broken 15/36 plus the Heat of Battle Disruption (A15.1)', async () => {
    const f = await unit('--result', 'NMC');
    expect([f.pin, f.pass]).toEqual(['1/6', '5/12']);
    expect(f.break).toBe(sum([1, '15/36'], [1, f.disruption]));
  });
  it('test_personnel_branch_2mc_applies_penalty: pin 4/36; broken 26/36 plus the Heat of Battle Disruption', async () => {
    const f = await unit('--result', '2MC');
    expect(f.pin).toBe('1/9');
    expect(f.break).toBe(sum([1, '26/36'], [1, f.disruption]));
  });
  it('test_personnel_branch_ptc_pins_on_failure_only: pinned 15/36, no effect 21/36', async () => {
    const f = await unit('--result', 'PTC');
    expect([f.pin, f.pass]).toEqual(['5/12', '7/12']);
  });
  it('test_personnel_branch_kia_and_k: 2KIA eliminates; K/2 reduces surely, the survivor takes a 2MC: pin 4/36; broken 26/36 less the Casualty MC eliminations (A10.31), plus the HoB Disruption', async () => {
    expect((await unit('--result', '2KIA')).elimination).toBe('1');
    const f = await unit('--result', 'K/2');
    expect([f.casualtyReduction, f.pin]).toEqual(['1', '1/9']);
    expect(f.break).toBe(sum([1, '26/36'], [-1, f.elimination], [1, f.disruption]));
  });
  it('test_personnel_encircled_lowers_morale: Encircled, ML 6: pin 5/36, more broken than not Encircled', async () => {
    const base = await unit('--result', 'NMC');
    const enc = await unit('--result', 'NMC', '--encircled');
    expect([enc.pin, enc.pass]).toEqual(['5/36', '5/18']);
    const value = (s: string | undefined) => (s ?? '').split('/').map(Number).reduce((a, b) => a / b);
    expect(value(enc.break)).toBeGreaterThan(value(base.break));
  });
});

describe('kehannan/ruleschat tests/test_attack_resolver.py: the synthetic-state cases a builder line states', () => {
  it('test_known_leader_directs_and_generic_leader_warns: a 9-1 directs: -1 (A7.531), no Cowering', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7:pbf', '--leader', 'german/9-1', ...VS]);
    expect([r.fp, r.drm, r.drmLedger?.[0].rule, r.cowering?.columns]).toEqual([8, -1, 'A7.531', 0]);
  });
  it('test_cx_firer_adds_plus_one: +1 (A4.51)', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7:cx', ...VS]);
    expect([r.drm, r.drmLedger?.[0].rule]).toEqual([1, 'A4.51']);
  });
  it('test_pinned_firer_halved: a pinned 4-6-7 at range 2: 2 FP (A7.8)', async () => {
    expect((await runJson(['attack', '--firer', 'german/4-6-7:pinned', '--range', '2', ...VS])).fp).toBe(2);
  });
  it('test_pbf_applies_only_at_range_1: range 1 with :pbf doubles (8), range 2 does not (4); range 1 without :pbf is said, not assumed', async () => {
    expect((await runJson(['attack', '--firer', 'german/4-6-7:pbf', '--range', '1', ...VS])).fp).toBe(8);
    expect((await runJson(['attack', '--firer', 'german/4-6-7', '--range', '2', ...VS])).fp).toBe(4);
    const r = await runJson(['attack', '--firer', 'german/4-6-7', '--range', '1', ...VS]);
    expect(r.warnings).toEqual(['german/4-6-7: range 1: PBF (x2) applies if the target is ADJACENT (A7.21); add :pbf if so']);
    expect(await errorCodeOf(['attack', '--firer', 'german/4-6-7:pbf', '--range', '2', ...VS])).toBe('input.firer');
  });
  it('test_tpbf_same_hex: two 4-6-7 at range 0 with TPBF: (4 + 4) x3 = 24', async () => {
    expect((await runJson(['attack', '--firer', 'german/4-6-7:tpbf,german/4-6-7:tpbf', '--range', '0', ...VS])).fp).toBe(24);
  });
  it('test_long_range_halving_and_max_range: a 4-6-7 at range 7: 2 FP; a 4-4-7 (Normal Range 4) at 9: no attack (A7.22)', async () => {
    expect((await runJson(['attack', '--firer', 'german/4-6-7', '--range', '7', ...VS])).fp).toBe(2);
    expect(await errorCodeOf(['attack', '--firer', 'russian/4-4-7', '--range', '9', '--target', 'german/4-6-7'])).toBe('input.range');
  });
  it('test_assault_fire_via_name_fallback_and_long_range_na: a 6-6-6 ADJACENT in the AFPh: 6 x2 /2 +1 = 7; at range 7: 1.5, the +1 NA (A7.36)', async () => {
    expect((await runJson(['attack', '--firer', 'american/6-6-6:pbf:assault', '--range', '1', '--advancing-fire', '--target', 'german/4-6-7'])).fp).toBe(7);
    const r = await runJson(['attack', '--firer', 'american/6-6-6:assault', '--range', '7', '--advancing-fire', '--target', 'german/4-6-7']);
    expect(r.fp).toBe(1.5);
    expect(r.warnings).toEqual(['american/6-6-6: Assault Fire dropped: NA at Long Range (A7.36)']);
  });
  it('test_no_assault_fire_for_squads_without_capability: a 4-6-7 ADJACENT in the AFPh: 4, no +1; asking for it is refused (A7.36)', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7:pbf', '--range', '1', '--advancing-fire', ...VS]);
    expect([r.fp, r.fpLedger?.[0].underscores?.assaultFire, r.warnings]).toEqual([4, false, []]);
    expect(await errorCodeOf(['attack', '--firer', 'german/4-6-7:pbf:assault', '--advancing-fire', ...VS])).toBe('input.assaultFire');
  });
  it('test_unknown_capability_warns_in_advancing_phase_only: unknown (the peer\'s Chinese, our Finnish 5-4-8): the peer never applies it; we apply :assault as given, warned as unverified', async () => {
    const r = await runJson(['attack', '--firer', 'finnish/5-4-8:pbf:assault', '--advancing-fire', ...VS]);
    expect([r.fp, r.fpLedger?.[0].underscores?.assaultFire]).toEqual([6, null]);
    expect(r.warnings?.[0]).toMatch(/not known \(A7\.36; low\)/);
    expect((await runJson(['attack', '--firer', 'finnish/5-4-8:pbf', ...VS])).warnings).toEqual([]);
  });
  it('test_spraying_fire_surfaced_as_note_never_applied: the 4-6-7\'s Range is underscored (A7.34): said, FP unchanged', async () => {
    const r = await runJson(['attack', '--firer', 'german/4-6-7', '--range', '2', ...VS]);
    expect([r.fp, r.fpLedger?.[0].underscores?.sprayingFire]).toEqual([4, true]);
  });
  it('test_conditional_capability_note_surfaces_in_afph: the SS 6-5-8: no underscore, A25.11 noted, 6 x2 /2 = 6 without :assault', async () => {
    const r = await runJson(['attack', '--firer', 'german/6-5-8:pbf', '--advancing-fire', ...VS]);
    expect([r.fp, r.fpLedger?.[0].underscores?.assaultFire]).toEqual([6, false]);
    expect(r.fpLedger?.[0].underscores?.note).toMatch(/A25\.11/);
  });
});
