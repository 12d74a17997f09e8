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
