/**
 * Rule sets: ASL 2nd Edition (default) and the G.I. Anvil of Victory variant (rules/000).
 *
 * A rule set is data: the differences between the two texts are fields here, read by the resolver,
 * never `if (variant)` branches. Low-confidence facts (docs/rules-notes.md) are named settings with a
 * documented default, changeable with `--setting name=value` and in scenario files.
 */
import { inputError } from '../errors.js';

/** Rule-set ids a user can type. */
export const RuleSetId = { secondEdition: '2nd-edition', giAnvil: 'gi-anvil' } as const;
export type RuleSetId = (typeof RuleSetId)[keyof typeof RuleSetId];
export const RULE_SET_IDS: readonly RuleSetId[] = Object.values(RuleSetId);

/** What a Final HoB DR >= 12 does with no ADJACENT Known Good Order enemy (A15.5). */
export type SurrenderWithoutAdjacent = 'disrupted' | 'broken';
/** Which counter the LLTC of a leader Replaced by ELR reads (setting `replacedLeaderLLTC`). */
export const REPLACED_LEADER_LLTC = ['broke-ml-replacement-drm', 'as-he-broke', 'as-replaced'] as const;
export type ReplacedLeaderLLTC = (typeof REPLACED_LEADER_LLTC)[number];
/** The check a unit takes when a leader in its Location goes berserk (A15.41). */
export type BerserkCheck = 'NTC' | 'DM-MC';

/**
 * Named settings for facts the rules texts leave unclear (docs/rules-notes.md, confidence low/medium).
 * Every field is documented in README "Settings".
 */
export interface RuleSettings {
  /**
   * Japanese national HoB DRM (A15.1; docs/rules-notes.md §4, medium): +4 on the 2nd Edition National
   * Capabilities chart, +3 in GIA. Integer in [0, 5].
   */
  readonly japaneseHoBDRM: number;
  /**
   * A10.31 with A19.13 (docs/rules-notes.md §2, low): an unbroken unit rolling an Original 12 that also fails
   * by more than its ELR is Casualty Reduced and then Replaced (`true`, default) or only Reduced.
   */
  readonly casualtyMCAlsoReplaces: boolean;
  /**
   * A15.3 says Battle Hardening "can be refused". `false` (default): always accepted; `true`: always
   * refused (the unit is unchanged by a Battle Hardening result).
   */
  readonly refuseBattleHardening: boolean;
  /**
   * A17.11 / docs/rules-notes.md §2 (medium): what Casualty Reduction does to an already wounded SMC:
   * `'eliminate'` (default; "Wounded SMC > eliminated", A15.2 "a wounded hero failing a MC is
   * eliminated") or `'severity'` (another Wound Severity dr with +1 drm).
   */
  readonly woundedSMCReduction: 'eliminate' | 'severity';
  /**
   * Integrity Check DRM when the side has no Good Order leader (A16.2; docs/rules-notes.md §7, low). Default +1.
   */
  readonly integrityNoLeaderDRM: number;
  /**
   * Cowering on the 1 FP column (A7.9; docs/rules-notes.md §8, unresolved): `'no-effect'` (the attack drops off
   * the table, default) or `'stay'` (it stays on the 1 column).
   */
  readonly coweringOnOneFP: 'no-effect' | 'stay';
  /**
   * Cowering of a Fire Group mixing Inexperienced and other units subject to Cowering (A7.9, A19.33;
   * docs/rules-notes-fire.md, low: no source states it): `'any'` (default: two columns when any of them
   * is Inexperienced) or `'all'` (two columns only when all of them are).
   */
  readonly inexperiencedFireGroupCowering: 'any' | 'all';
  /**
   * LLMC of a 6+1 leader (A10.2; docs/rules-notes.md §3, low): DRM of the LLMC, default -1 (sign reversed); his
   * LLTC, "handled in the same manner as a LLMC" (A10.2), has the same DRM.
   */
  readonly sixPlusOneLLMCDRM: number;
  /**
   * The LLTC of a leader Replaced by ELR as he broke (A10.2 with A19.13; docs/rules-notes.md §3,
   * ambiguous): A10.2 measures it against "a lower Morale Level" and handles it "in the same manner as a
   * LLMC" without saying which counter it reads. `'broke-ml-replacement-drm'` (default): the ML of the
   * leader who broke and the leadership modifier of his Replacement; `'as-he-broke'`: both of the leader
   * who broke; `'as-replaced'`: both of his Replacement (leader-loss.ts `leaderLossOf`).
   */
  readonly replacedLeaderLLTC: ReplacedLeaderLLTC;
  /**
   * A9.61 "burning if half of the Final Kill Number" lost its comparison (rules/004): `'below-half'`
   * (default: Final To Kill DR < half the Final Kill Number) or `'at-most-half'` (<=). Low.
   */
  readonly vehicleBurning: 'below-half' | 'at-most-half';
  /**
   * A MG attack whose Original DR malfunctions the MG (A9.7): `'resolves'` (default: the attack is still
   * resolved, then the MG is malfunctioned) or `'misses'` (the shot is lost). Low for To Hit DRs.
   */
  readonly vehicleMalfunctionShot: 'resolves' | 'misses';
  /** CC DRM of the Ambushing side's attack (A11.4). Default -2 (low). */
  readonly ccAmbushDRM: number;
  /**
   * A11.19 "The FP of an attacking unit is always halved when attacking a concealed Unit in CC" leaves
   * open a concealed side that attacks first (it Ambushed, A11.4) and so reveals itself before the other
   * side's attack: `'halves'` (default, the text's "always": its concealment when the CC began still
   * halves the later attack) or `'revealed'` (the later attack is at full FP). Simultaneous CC is the same
   * under both.
   */
  readonly ccConcealedAfterAttacking: 'halves' | 'revealed';
  /**
   * A15.3 "An already elite MMC (or best possible leader or partisan) which is Battle Hardened also
   * becomes Fanatic" reads two ways for a Partisan leader: `'fanatic'` (default: "partisan" is any
   * Partisan unit, so he becomes Fanatic and keeps his grade) or `'promoted'` ("partisan" qualifies the
   * MMC: a Partisan leader, like any leader, "is exchanged for the next higher grade leader").
   */
  readonly partisanLeaderHardening: 'fanatic' | 'promoted';
  /**
   * A15.3 improves the unit "(even if broken) by exchanging it for an unbroken, unpinned unit"; a unit
   * with no higher grade "also becomes Fanatic". `true` (default): that unit is still rallied and
   * unpinned, as if exchanged; `false`: with nothing to exchange it for, it only becomes Fanatic and
   * stays broken / pinned.
   */
  readonly fanaticHardeningRallies: boolean;
}

/** One rule set: its id, the texts it is built from, its rule differences, and the settings. */
export interface RuleSet {
  readonly id: RuleSetId;
  readonly name: string;
  /** The rules texts (../shared/rules) the rule set follows. */
  readonly source: string;
  /** A15.5: no ADJACENT enemy: 2nd Ed "only Disrupted", GIA "only broken". */
  readonly surrenderWithoutAdjacent: SurrenderWithoutAdjacent;
  /** A15.41: 2nd Ed a Berserk NTC; GIA a DM MC (with the berserk leader's modification). */
  readonly berserkLeaderCheck: BerserkCheck;
  /** A15.5: units under No Quarter treat surrender as berserk (2nd Ed only). */
  readonly noQuarterSurrenderIsBerserk: boolean;
  /**
   * A15.1 table, substitution to Battle Hardening of berserk/surrender results in a pillbox:
   * 2nd Ed only for Japanese in a Pillbox/Cave (`'japanese'`); GIA for any unit in a
   * Pillbox/Bunker (`'all'`).
   */
  readonly pillboxHardens: 'japanese' | 'all';
  /** A15.1: Temporary Crews and Human Wave participants are also not subject to HoB (2nd Ed). */
  readonly hobExcludesHumanWave: boolean;
  readonly settings: RuleSettings;
}

const DEFAULT_SETTINGS: RuleSettings = {
  japaneseHoBDRM: 4,
  casualtyMCAlsoReplaces: true,
  refuseBattleHardening: false,
  woundedSMCReduction: 'eliminate',
  integrityNoLeaderDRM: 1,
  coweringOnOneFP: 'no-effect',
  inexperiencedFireGroupCowering: 'any',
  sixPlusOneLLMCDRM: -1,
  replacedLeaderLLTC: 'broke-ml-replacement-drm',
  vehicleBurning: 'below-half',
  vehicleMalfunctionShot: 'resolves',
  ccAmbushDRM: -2,
  ccConcealedAfterAttacking: 'halves',
  partisanLeaderHardening: 'fanatic',
  fanaticHardeningRallies: true,
};

/** The built-in rule sets. */
export const RULE_SETS: Readonly<Record<RuleSetId, RuleSet>> = Object.freeze({
  '2nd-edition': {
    id: '2nd-edition',
    name: 'ASL 2nd Edition',
    source: 'rules/001 (A10), rules/002 (A15 with errata), rules/003 (A16), rules/004',
    surrenderWithoutAdjacent: 'disrupted',
    berserkLeaderCheck: 'NTC',
    noQuarterSurrenderIsBerserk: true,
    pillboxHardens: 'japanese',
    hobExcludesHumanWave: true,
    settings: DEFAULT_SETTINGS,
  },
  'gi-anvil': {
    id: 'gi-anvil',
    name: 'G.I. Anvil of Victory (A15 variant)',
    source: 'rules/000 (A15 GIA adaptation), otherwise as 2nd Edition',
    surrenderWithoutAdjacent: 'broken',
    berserkLeaderCheck: 'DM-MC',
    noQuarterSurrenderIsBerserk: false,
    pillboxHardens: 'all',
    hobExcludesHumanWave: false,
    settings: { ...DEFAULT_SETTINGS, japaneseHoBDRM: 3 },
  },
});

/** Names of the settings, for `--setting` validation and docs. */
export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as (keyof RuleSettings)[];

/**
 * Parses a rule-set id. Case-insensitive; also accepts `2e`, `2nd`, `gia`.
 * @throws AslOddsError `input.rules` naming the allowed values
 * @example parseRuleSetId('gia') // 'gi-anvil'
 */
export function parseRuleSetId(s: string): RuleSetId {
  const t = s.trim().toLowerCase();
  if (t === '2nd-edition' || t === '2e' || t === '2nd' || t === 'asl') return '2nd-edition';
  if (t === 'gi-anvil' || t === 'gia' || t === 'gi') return 'gi-anvil';
  throw inputError('input.rules', `--rules: unknown rule set '${s}'; allowed: ${RULE_SET_IDS.join(', ')}`);
}

/**
 * The rule set with some settings changed.
 * @param id rule-set id
 * @param overrides settings by name; values are validated
 * @throws AslOddsError `input.rules` for an unknown rule set; `input.setting` for an unknown name or a bad value
 */
export function getRuleSet(id: RuleSetId, overrides: Partial<Record<string, string | number | boolean>> = {}): RuleSet {
  // Own keys only (a library caller's `rules: 'constructor'` is not a rule set).
  const base = Object.hasOwn(RULE_SETS, id) ? RULE_SETS[id] : RULE_SETS[parseRuleSetId(String(id))];
  const settings: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, base.settings);
  for (const [name, raw] of Object.entries(overrides)) {
    // Own keys only: `constructor`, `toString`, `__proto__` are not settings.
    if (!Object.hasOwn(DEFAULT_SETTINGS, name)) {
      throw inputError('input.setting', `--setting: unknown setting '${name}'; allowed: ${SETTING_NAMES.join(', ')}`);
    }
    settings[name] = parseSettingValue(name as keyof RuleSettings, raw);
  }
  return { ...base, settings: { ...settings } as unknown as RuleSettings };
}

/** Allowed values of the settings that take a word. */
const ENUM_SETTINGS: Partial<Record<keyof RuleSettings, readonly string[]>> = {
  woundedSMCReduction: ['eliminate', 'severity'],
  coweringOnOneFP: ['no-effect', 'stay'],
  inexperiencedFireGroupCowering: ['any', 'all'],
  vehicleBurning: ['below-half', 'at-most-half'],
  vehicleMalfunctionShot: ['resolves', 'misses'],
  ccConcealedAfterAttacking: ['halves', 'revealed'],
  partisanLeaderHardening: ['fanatic', 'promoted'],
  replacedLeaderLLTC: REPLACED_LEADER_LLTC,
};

function parseSettingValue(name: keyof RuleSettings, raw: string | number | boolean | undefined): unknown {
  const d = DEFAULT_SETTINGS[name];
  const s = String(raw).trim();
  if (typeof d === 'boolean') {
    if (s === 'true' || s === 'false') return s === 'true';
    throw inputError('input.setting', `--setting ${name}: expected true or false, got '${s}'`);
  }
  if (typeof d === 'number') {
    const n = Number(s);
    const [lo, hi] = name === 'japaneseHoBDRM' ? [0, 5] : [-3, 3];
    if (!Number.isInteger(n) || n < lo || n > hi) {
      throw inputError('input.setting', `--setting ${name}: expected an integer in [${lo}, ${hi}], got '${s}'`);
    }
    return n;
  }
  const allowed = ENUM_SETTINGS[name] ?? [];
  if (!allowed.includes(s)) {
    throw inputError('input.setting', `--setting ${name}: expected one of ${allowed.join(', ')}, got '${s}'`);
  }
  return s;
}
