/**
 * The players' words for everything a report prints: event names, stack events, rout outcome
 * categories, input keys, settings and unit names, in the rulebook's terms (A7-A20 index wording).
 * Every player-facing label comes from here, never from a code identifier (`casualtyReduction` reads
 * "Casualty Reduced"); `--json` keeps the identifiers as keys.
 *
 * Pure data and string functions: no Node imports, safe in a browser (the web page uses it too).
 */
import type { EventName } from '../rules/events.js';

/**
 * Each event as a phrase about the unit ("the unit ..."), rulebook capitalisation (A10.31 Casualty
 * Reduction, A19.13 Replacement, A15 Heat of Battle, A15.3 Battle Hardening). The compiler checks that
 * every event has one.
 */
export const EVENT_WORDS: { readonly [K in EventName]: string } = Object.freeze({
  pass: 'passes (not pinned)',
  pin: 'pinned',
  break: 'broken',
  casualtyReduction: 'Casualty Reduced',
  replacement: 'Replaced (ELR)',
  disruption: 'Disrupted (ELR)',
  elimination: 'eliminated',
  wound: 'wounded',
  heatOfBattle: 'Heat of Battle DR',
  hero: 'hero created or leader heroic',
  battleHardening: 'Battle Hardened',
  fanatic: 'becomes Fanatic',
  berserk: 'goes berserk',
  surrender: 'surrenders',
  rally: 'rallied (Good Order again)',
  arrived: 'arrives at the end of its route',
  failureToRout: 'eliminated for Failure to Rout',
  elrLoss: 'ELR lost',
  elrRegain: 'ELR regained',
  hit: 'hit (To Hit)',
  killed: 'AFV eliminated',
  burning: 'burning wreck',
  stunned: 'Stunned',
  malfunction: 'MG malfunctioned',
  attackerEliminated: 'every attacker eliminated',
  defenderEliminated: 'every defender eliminated',
  meleeContinues: 'Melee (both sides remain)',
  leaderCreation: 'Leader Creation',
});

/** An event name in players' words; an unknown name is spelt out ({@link spellOut}). Never throws. */
export function eventWords(name: string): string {
  return (EVENT_WORDS as Readonly<Record<string, string>>)[name] ?? spellOut(name);
}

/** The stack events of an `attack` result (result.stackEvents keys) in players' words. */
export const STACK_EVENT_WORDS: Readonly<Record<string, string>> = Object.freeze({
  anyBroken: 'at least one unit broken',
  allEliminated: 'the whole stack eliminated or captured',
  leaderLost: 'a leader lost (eliminated or captured)',
  expectedSquadsBroken: 'squads broken, on average (a HS or crew counts 1/2)',
  expectedSquadsEliminated: 'squads eliminated, on average (a HS or crew counts 1/2)',
});

/** A stack event key in players' words. Never throws. */
export function stackEventWords(name: string): string {
  return STACK_EVENT_WORDS[name] ?? spellOut(name);
}

/**
 * Nationality ids as printed on the counters' side (Chapter A/H wording): `german` -> `German`,
 * `axis-minor` -> `Axis Minor`, `partisan` -> `Partisan`.
 */
export function nationalityWords(id: string): string {
  return id
    .split(/[-_ ]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * A catalog id as players say it: `german/4-6-7` -> `German 4-6-7`, `finnish/10-0` -> `Finnish 10-0`;
 * an id without a nationality is returned as is. Never throws.
 */
export function unitWords(id: string): string {
  const slash = id.indexOf('/');
  // A Commissar's id `russian/commissar-10-0` reads as the counter: `Russian Commissar 10-0` (A25.22).
  return slash < 0 ? id : `${nationalityWords(id.slice(0, slash))} ${id.slice(slash + 1).replace(/^commissar-/, 'Commissar ')}`;
}

/**
 * Rule settings (README "Settings") as a short phrase for the Input line and reports, with the rule
 * they settle; unknown settings print as `name=value`.
 */
export const SETTING_WORDS: Readonly<Record<string, string>> = Object.freeze({
  japaneseHoBDRM: 'Japanese HoB DRM',
  casualtyMCAlsoReplaces: 'Casualty MC also Replaces',
  refuseBattleHardening: 'Battle Hardening refused',
  woundedSMCReduction: 'Casualty Reduction of a wounded SMC',
  integrityNoLeaderDRM: 'Integrity Check DRM with no leader',
  coweringOnOneFP: 'Cowering on the 1 FP column',
  inexperiencedFireGroupCowering: 'Cowering of a Fire Group with Inexperienced units',
  sixPlusOneLLMCDRM: 'LLMC and LLTC DRM of a 6+1 leader',
  replacedLeaderLLTC: 'LLTC of a leader Replaced as he broke',
  ccAmbushDRM: 'CC DRM of an Ambush',
  ccConcealedAfterAttacking: 'Concealment of a side that attacked first in CC',
});

/** `setting words = value` for a changed setting. Never throws. */
export function settingWords(name: string, value: unknown): string {
  const words = SETTING_WORDS[name];
  return words === undefined ? `setting ${name}=${String(value)}` : `${words}: ${String(value)} (setting ${name})`;
}

/**
 * Input keys with a fixed wording where spelling out the identifier would not read as the rulebook
 * does: `cx` is CX (A4.51), `dm` DM (A10.62), `elr` ELR.
 */
export const INPUT_KEY_WORDS: Readonly<Record<string, string>> = Object.freeze({
  cx: 'CX',
  night: 'Night',
  dm: 'DM',
  elr: 'ELR',
  startingELR: 'starting ELR',
  totalDRM: 'total DRM',
  bestLeaderDRM: 'best leader DRM',
  reinforcementDRM: 'reinforcement DRM',
  knownEnemyInLOS: 'Known enemy in LOS',
  routeMF: 'route MF',
  mf: 'MF',
  endAdjacent: 'stops ADJACENT to a Known enemy',
  encircledStart: 'Encircled at the start',
  lowCrawl: 'Low Crawl',
  enemyArmor: 'enemy armor',
  enemyAir: 'enemy air',
  friendlyArmor: 'friendly armor',
  friendlyAir: 'friendly air',
  noLeader: 'no Good Order leader',
  success: 'success on',
  fp: 'Firepower (FP)',
  attackFP: 'attack FP',
  defenseFP: 'defense FP',
  ccFP: 'CC FP',
  toHit: 'To Hit number',
  toHitSource: 'To Hit number from',
  toHitDRM: 'To Hit DRM',
  killNumber: 'Final Kill Number',
  killNumberSource: 'Final Kill Number from',
  toKillDRM: 'To Kill DRM',
  normalRange: 'Normal Range',
  breakdown: 'B#',
  ml: 'ML',
  brokenML: 'broken ML',
  attackerAttack: 'ATTACKER attacks at',
  defenderAttack: 'DEFENDER attacks at',
  attackerTotalDRM: 'ATTACKER total DRM',
  defenderTotalDRM: 'DEFENDER total DRM',
  attacker: 'ATTACKER',
  defender: 'DEFENDER',
  otherDRM: 'other DRM',
  mg: 'MG',
  handToHand: 'Hand-to-Hand',
  skis: 'on skis (Skiers)',
  totalDRMOnBroken: 'total DRM against broken units',
  lowConfidence: 'low-confidence figures',
});

/**
 * An input key in players' words: {@link INPUT_KEY_WORDS}, else the camelCase identifier spelt out.
 * @example inputKeyWords('cx') // 'CX'
 * @example inputKeyWords('routeMF') // 'route MF'
 */
export function inputKeyWords(key: string): string {
  return INPUT_KEY_WORDS[key] ?? spellOut(key);
}

/**
 * A camelCase identifier spelt out, capitalised acronyms kept: `bestLeaderDRM` -> `best leader DRM`,
 * `enemyArmor` -> `enemy armor`. Never throws.
 */
export function spellOut(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
}

/**
 * Every command option's label on the page's form, in the rulebook's words (the CLI's `--help` keeps
 * the option names, which are what a player types). Keys are long option names without dashes; an
 * option not listed is labelled by {@link optionLabel}'s fallback.
 */
export const OPTION_LABELS: Readonly<Record<string, string>> = Object.freeze({
  unit: 'Unit',
  check: 'Check (MC, TC)',
  drm: 'DRM',
  leader: 'Leader',
  broken: 'Broken',
  berserk: 'Berserk',
  ml: 'Morale Level (ML)',
  'broken-ml': 'Broken-side ML',
  class: 'Class',
  nationality: 'Nationality',
  encircled: 'Encircled',
  fanatic: 'Fanatic',
  wounded: 'Wounded',
  disrupted: 'Disrupted',
  elr: 'ELR',
  'no-enemy-in-los': 'No Known enemy in LOS',
  'adjacent-enemy': 'Known enemy ADJACENT',
  pillbox: 'Pillbox',
  'vs-russians': 'Enemy is Russian',
  'no-quarter': 'No Quarter',
  rules: 'Rule set',
  setting: 'Rule setting',
  'self-rally': 'Self-Rally',
  terrain: 'Terrain',
  dm: 'DM (Desperation Morale)',
  target: 'Target stack',
  fp: 'Firepower (FP)',
  firer: 'Firer',
  'firer-class': 'Firer class',
  'firer-nationality': 'Firer nationality',
  'firer-fanatic': 'Firer Fanatic',
  'firer-berserk': 'Firer berserk',
  'fire-lane': 'Fire Lane',
  'snap-shot': 'Snap Shot',
  then: 'Later attacks (FP:DRM)',
  result: 'IFT result (instead of a DR)',
  outcomes: "List the stack's final states",
  path: 'Route',
  'low-crawl': 'Low Crawl',
  'end-adjacent': 'Ends ADJACENT to a Known enemy',
  from: 'Routs from',
  attacker: 'ATTACKER units',
  defender: 'DEFENDER units',
  'attacker-pinned': 'ATTACKER pinned (positions)',
  'defender-pinned': 'DEFENDER pinned (positions)',
  'attacker-wounded': 'ATTACKER wounded (positions)',
  'defender-wounded': 'DEFENDER wounded (positions)',
  'attacker-broken': 'ATTACKER broken (positions)',
  'defender-broken': 'DEFENDER broken (positions)',
  'attacker-disrupted': 'ATTACKER Disrupted (positions)',
  'defender-disrupted': 'DEFENDER Disrupted (positions)',
  'attacker-cx': 'Attacker CX',
  'defender-cx': 'Defender CX',
  'attacker-concealed': 'Attacker concealed',
  'defender-concealed': 'Defender concealed',
  'attacker-skis': 'Attacker on skis (Skiers)',
  'defender-skis': 'Defender on skis (Skiers)',
  'attacker-drm': 'Attacker DRM',
  'defender-drm': 'Defender DRM',
  ambush: 'Ambush',
  'hand-to-hand': 'Hand-to-Hand',
  mg: 'MG',
  unarmored: 'Unarmored Target Facing',
  'afv-kill': 'AFV Kill attack',
  range: 'Range (hexes)',
  'normal-range': 'Normal Range',
  armor: 'Armor Factor',
  th: 'To Hit number',
  tk: 'Final Kill Number (To Kill)',
  'th-drm': 'To Hit DRM',
  'tk-drm': 'To Kill DRM',
  breakdown: 'B#',
  'fire-group': 'Fire Group',
  halved: 'Halved FP',
  cx: 'CX',
  night: 'Night',
  losses: 'Losses (Integrity Base)',
  'no-leader': 'No Good Order leader',
  'enemy-armor': 'Enemy armor support',
  'enemy-air': 'Enemy air support',
  'friendly-armor': 'Friendly armor support',
  'friendly-air': 'Friendly air support',
  regain: 'Regain ELR',
  'reinforcement-bpv': 'Reinforcement BPV',
  'integrity-base': 'Integrity Base',
  'starting-elr': 'Starting ELR',
  trials: 'Trials (Monte Carlo)',
  seed: 'Seed',
});

/**
 * An option's label in players' words: {@link OPTION_LABELS}, else its name with spaces, capitalised.
 * @example optionLabel('fp') // 'Firepower (FP)'
 * @example optionLabel('attacker-cx') // 'Attacker CX'
 */
export function optionLabel(name: string): string {
  const known = OPTION_LABELS[name];
  if (known !== undefined) return known;
  const spaced = name.replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Counter ids in text (`german/4-6-7`, `russian/8-1`, `finnish/10-2`, `american/hero`). */
const COUNTER_ID = /\b([a-z]+(?:-[a-z]+)*)\/([0-9][0-9+-]*[0-9]|hero|[a-z0-9-]*[0-9][a-z0-9-]*)\b/g;

/**
 * Text with every counter id in it read as the counter reads: `directed by russian/8-1` -> `directed
 * by Russian 8-1`. Never throws.
 * @example idsInWords('8 FP directed by russian/8-1') // '8 FP directed by Russian 8-1'
 */
export function idsInWords(text: string): string {
  return text.replace(COUNTER_ID, (id) => unitWords(id));
}

/**
 * A resolved input's path (`attacker.attackFP`, `unit.id`, `settings.ccAmbushDRM`, `attacker.units.0.id`)
 * in players' words: each part by {@link inputKeyWords}, list positions counted from 1, `id` left out
 * (`attacker.units.0.id` -> `attacker units 1`). Never throws.
 * @example inputPathWords('attacker.attackFP') // 'attacker · attack FP'
 */
export function inputPathWords(path: string): string {
  const parts = path.split('.').filter((p) => p !== 'id');
  return parts.map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : p === 'settings' ? 'setting' : (SETTING_WORDS[p] ?? inputKeyWords(p)))).join(' · ');
}
