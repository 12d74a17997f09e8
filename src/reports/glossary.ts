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
  firer: 'Firers',
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
  'replaced-leader-lltc': 'LLTC of a leader Replaced as he broke',
  'opportunity-fire': 'Opportunity Fire',
  'advancing-fire': 'Advancing Fire (AFPh)',
  'area-fire': 'Area Fire',
  tem: 'TEM',
  hindrance: 'Hindrance DRM',
  ffmo: 'FFMO',
  ffnam: 'FFNAM',
  'other-drm': 'Other DRM',
  'no-cower': 'No Cowering',
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

/** Counter ids in text (`german/4-6-7`, `russian/8-1`, `finnish/10-2`, `american/hero`, `russian/lmg`). */
const COUNTER_ID = /\b([a-z]+(?:-[a-z]+)*)\/([0-9][0-9+-]*[0-9]|hero|lmg|mmg|hmg|[a-z0-9-]*[0-9][a-z0-9-]*)\b/g;

/**
 * Text with every counter id in it read as the counter reads: `directed by russian/8-1` -> `directed
 * by Russian 8-1`. Never throws.
 * @example idsInWords('8 FP directed by russian/8-1') // '8 FP directed by Russian 8-1'
 * @example idsInWords('fires as russian/lmg') // 'fires as Russian LMG'
 */
export function idsInWords(text: string): string {
  return text.replace(COUNTER_ID, (id) => unitWords(id.replace(/\/([lmh]mg)$/, (_, mg: string) => `/${mg.toUpperCase()}`)));
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

/**
 * Each option's help on the page's form, in players' words: what the field means, its range, and the
 * rule. Never an option name or a code identifier (the CLI's `--help` texts name options, which is
 * what a command line needs); the page shows these and nothing else as field help.
 */
export const OPTION_HELP: Readonly<Record<string, string>> = Object.freeze({
  unit: 'the unit checking: a counter such as German 4-6-7, Russian 6-2-8, German 9-1 or a hero',
  check: 'NMC, 1MC to 6MC, PTC or NTC',
  drm: 'any other DRM on the check (terrain and the like), -6 to +6',
  leader: 'a Good Order leader in the Location lending his DRM; several: the best applies (A10.7)',
  broken: 'the unit is already broken: a failure Casualty Reduces it (A10.3)',
  berserk: 'the unit is berserk: ML 10, a failure Casualty Reduces it (A15.42)',
  ml: "the unit's Morale Level instead of its counter's, 2 to 10",
  'broken-ml': "the broken side's Morale Level instead of its counter's, 2 to 10",
  class: "the unit's class instead of its counter's: elite, 1st-line, 2nd-line, green or conscript",
  nationality: "the unit's nationality instead of its counter's",
  encircled: 'the Location is Encircled: ML -1 (A7.7)',
  fanatic: 'the unit is Fanatic: ML +1 (A10.8)',
  wounded: 'the unit is a wounded SMC: ML -1, leadership one worse (A17.2)',
  disrupted: 'the unit is broken and Disrupted (A19.12)',
  elr: "the side's ELR, 0 to 5 (3 when left empty; Partisans 5) (A19.1)",
  'no-enemy-in-los': 'no Known enemy unit in LOS: a Heat of Battle berserk result becomes Battle Hardening (A15.44)',
  'adjacent-enemy': 'a Known Good Order enemy is ADJACENT: a Heat of Battle surrender means capture (A15.5)',
  pillbox: 'the unit is in a Pillbox or Bunker (A15.1)',
  'vs-russians': 'the enemy is Russian (SS facing Russians never surrender, A15.5)',
  'no-quarter': 'No Quarter is in effect (A15.5, A20.3)',
  rules: 'the rule set: ASL 2nd Edition or G.I. Anvil of Victory (its A15)',
  setting: 'a named rule setting where a rule reads two ways (README "Settings")',
  'self-rally': 'the unit tries to Self-Rally (+1; not with a Good Order leader present, A10.63)',
  terrain: 'the terrain of the Location, for its TEM',
  dm: 'the unit is under Desperation Morale (+4, A10.62)',
  target: 'the units in the target Location, in stack order',
  fp: 'the total FP of the (first) attack, e.g. 8 or 2.5; not needed with a fixed IFT result',
  firer: 'the firing units (a squad, HS, crew, hero or MG), each with its own circumstances; they make the FP and DRM (A7.2-A7.36)',
  range: 'the range to the target in hexes, 0 to 60: Long Range for a firer beyond its Normal Range, no fire beyond twice it (A7.22)',
  'advancing-fire': 'fired in the Advancing Fire Phase: FP halved (A7.24); Assault Fire allowed (A7.36)',
  'opportunity-fire': 'Opportunity Fire in the Advancing Fire Phase: not halved, no Assault Fire (A7.25)',
  'area-fire': 'Area Fire (a concealed target and the like): FP halved once, or 1 to 4 times (A7.23)',
  tem: 'the TEM of the target Location as a number, -3 to +5 (a pillbox, a wall hexside)',
  hindrance: 'the LOS Hindrance DRM, 0 to 6 (negates FFMO, A4.6)',
  ffmo: 'First Fire at a unit moving in Open Ground: -1 unless a Hindrance or a positive TEM negates it (A4.6)',
  ffnam: 'First Fire at a unit using non-Assault Movement: -1 (A4.6)',
  'other-drm': 'any other DRM with its name, e.g. smoke=+2',
  'firer-class': "the firer's class, for Cowering: elite, 1st-line, 2nd-line, green or conscript (a Fire Group: its worst)",
  'firer-nationality': "the firer's nationality, for Cowering (British Elite and 1st Line, and Finns but Conscripts, never cower)",
  'firer-fanatic': 'the firer is Fanatic: never cowers (A10.8)',
  'firer-berserk': 'the firer is berserk: never cowers (A15.42)',
  'fire-lane': "the first attack is a Fire Lane's Residual FP: the FP is the MG's, one column to the left, never cowers, no leader DRM (A9.22)",
  'snap-shot': 'the first attack is a Snap Shot: Area Fire, FP halved (A8.15)',
  then: 'later attacks on the same stack, each FP:DRM, e.g. 4:+1; a Fire Lane 6:0:fire-lane, a Snap Shot 8:-1:snap-shot',
  result: 'a fixed IFT result for the first attack instead of its DR',
  'target-broken': 'the target units that are broken, by position',
  'target-pinned': 'the target units that are pinned, by position',
  'target-fanatic': 'the Fanatic target units, by position (ML +1, A10.8)',
  'target-berserk': 'the berserk target units, by position (ML 10, A15.42)',
  'target-wounded': 'the wounded SMC of the target, by position (ML -1, A17.2)',
  'target-disrupted': 'the broken and Disrupted target units, by position (A19.12)',
  outcomes: "also list the stack's final states with their odds (slower: the whole joint distribution)",
  'replaced-leader-lltc': 'the LLTC of a leader Replaced by ELR as he broke (A10.2, A19.13): his ML as he broke with his Replacement\'s DRM (default), all as he broke, or all as Replaced',
  path: 'the hexes entered, in order: Open Ground (Interdiction applies) or clear, each with its MF, ADJACENT to a Known enemy or Encircled',
  'low-crawl': 'Low Crawl into one hex: all its MF, never Interdicted (A10.52)',
  'end-adjacent': 'every hex but the last is ADJACENT to a Known armed unbroken enemy: pinned there is Failure to Rout (A10.53)',
  from: 'the hex the unit routs from: Open Ground or clear; a Disrupted unit routs only from Open Ground (A19.12)',
  attacker: "the ATTACKER's units in the Location",
  defender: "the DEFENDER's units in the Location",
  'attacker-pinned': 'the pinned ATTACKER units, by position (FP halved, A7.8)',
  'defender-pinned': 'the pinned DEFENDER units, by position',
  'attacker-wounded': 'the wounded ATTACKER SMC, by position (leadership one worse, A17.2)',
  'defender-wounded': 'the wounded DEFENDER SMC, by position',
  'attacker-broken': 'the broken ATTACKER units, by position: they do not attack, their FP still defends',
  'defender-broken': 'the broken DEFENDER units, by position',
  'attacker-disrupted': 'the Disrupted ATTACKER units, by position: broken, eliminated if still in Melee at the end of the CCPh (A19.12)',
  'defender-disrupted': 'the Disrupted DEFENDER units, by position',
  'attacker-cx': 'the ATTACKER is CX: +1 to its attack, -1 to attacks on it (A4.51)',
  'defender-cx': 'the DEFENDER is CX (A4.51)',
  'attacker-concealed': 'the ATTACKER is concealed: the FP of units attacking it is halved (A11.19)',
  'defender-concealed': 'the DEFENDER is concealed: the FP of units attacking it is halved (A11.19)',
  'attacker-skis': 'the ATTACKER are Skiers (a ski counter "Skis" face up, E4.2): +2 to its attack, -2 to attacks on it (E4.5)',
  'defender-skis': 'the DEFENDER are Skiers (E4.2): +2 to its attack, -2 to attacks on it (E4.5)',
  'attacker-drm': "any other DRM of the ATTACKER's attack, -6 to +6",
  'defender-drm': "any other DRM of the DEFENDER's attack, -6 to +6",
  ambush: 'the side that Ambushed the other attacks first (A11.4)',
  'hand-to-hand': 'Hand-to-Hand CC: red Kill Numbers (J2.31)',
  mg: 'the MG: LMG, MMG, HMG or .50 cal (its basic To Kill number, Normal Range and B#)',
  unarmored: 'the Target Facing is unarmored: the IFT Vehicle line, no To Hit DR (A9.6)',
  'afv-kill': 'against an unarmored Target Facing: a predesignated AFV Kill attack, To Hit first (A9.61)',
  'normal-range': "the MG's Normal Range, 1 to 30 (its type's when left empty)",
  armor: 'the Armor Factor of the armored Target Facing, 0 to 30 (Final Kill Number = basic To Kill number - AF)',
  th: 'the Modified To Hit number from your chart, 0 to 13 (a hit on a Final DR at or under it)',
  tk: 'the Final Kill Number from your chart, -2 to 15 (a kill on a Final DR under it, Stun on equal)',
  'th-drm': 'the To Hit DRM, -6 to +10',
  'tk-drm': 'the DRM of the To Kill DR (or the IFT DR on the Vehicle line), -6 to +10',
  breakdown: "the MG's B#, 2 to 13 (13: never); an Original DR at or over it malfunctions it (A9.7)",
  'fire-group': 'the MG fires in a Fire Group (an AFV Kill attack may not, A9.61)',
  halved: 'a halved-FP penalty applies (an AFV Kill attack may not, A9.61)',
  cx: 'the unit is CX: +1 drm (A4.51)',
  night: 'night: +1 drm',
  losses: 'Integrity Base losses so far, this one included (+1 DRM each), 1 to 20',
  'no-leader': 'the side has no Good Order leader (+1 DRM unless the rule setting says otherwise)',
  'enemy-armor': 'enemy unopposed armor support (+1)',
  'enemy-air': 'enemy air support (+1)',
  'friendly-armor': 'friendly unopposed armor support (-1)',
  'friendly-air': 'friendly air support (-1)',
  regain: 'an attempt to regain ELR instead of a check (A16.3)',
  'reinforcement-bpv': 'to regain ELR: the MMC BPV of the reinforcements that arrived this Player Turn',
  'integrity-base': 'to regain ELR: the Integrity Base before they arrived',
  'starting-elr': 'to regain ELR: the ELR the side started with (one more than now when left empty)',
  'no-cower': "no Cowering: a leader-directed attack (his DRM in the DRM) or a firer that never cowers (A7.9)",
  // where one option means something else in another calculator: `<calculator>.<option>`
  'attack.drm': 'the IFT DRM of the first attack: terrain, Hindrance and anything else, -10 to +10',
  'attack.terrain': 'the terrain of the target Location, for its TEM (Open Ground, woods, wooden or stone building, brush, grain, foxhole ...)',
  'attack.leader': 'a leader directing the (first) attack: his DRM, no Cowering (A7.9)',
  'rally.drm': 'any other DRM on the Rally DR, -6 to +6',
  'rally.terrain': 'the terrain of the Location: -1 except in Open Ground (A10.61)',
  'rout.drm': 'any other DRM on the Interdiction checks, -6 to +6',
  'recovery.drm': 'any other drm on the recovery dr',
  'integrity.leader': "the side's best Good Order leader, for his leadership DRM",
  'integrity.elr': "the side's ELR, 0 to 5",
  trials: 'Monte Carlo trials instead of the exact answer',
  seed: 'the seed of a Monte Carlo run (the same seed, the same figures)',
});

/**
 * An option's help on the page in players' words ({@link OPTION_HELP}: `<calculator>.<option>` first,
 * then the option's own); '' for an option without one (never the CLI's help text). Never throws.
 * @example optionHelp('elr') // "the side's ELR, 0 to 5 (3 when left empty; Partisans 5) (A19.1)"
 */
export function optionHelp(name: string, calculator?: string): string {
  return (calculator === undefined ? undefined : OPTION_HELP[`${calculator}.${name}`]) ?? OPTION_HELP[name] ?? '';
}

/**
 * Text that names command-line options (`--then`, `--fp <n>`), each written as its field on the page
 * in quotes ("Later attacks (FP:DRM)"). Never throws.
 * @example optionsInWords('a sequence of attacks with --then') // 'a sequence of attacks with "Later attacks (FP:DRM)"'
 */
export function optionsInWords(text: string): string {
  return text.replace(/--([a-z][a-z0-9-]*)( <[^>]*>)?/g, (_, n: string) => `"${optionLabel(n)}"`);
}

/**
 * Errors whose CLI text names options, as one plain sentence for the page, by the error's stable code.
 * Codes from the fire attack builder and the attack's own checks; a code not listed reads as its
 * message with every option named by its field ({@link errorInWords}).
 */
export const ERROR_SENTENCES: Readonly<Record<string, string>> = Object.freeze({
  'input.targetSide':
    "The target stack holds a unit of the firers' own side: fire attacks are made on enemy units (A7). Put the enemy's units in the target stack, or change the firers.",
  'input.fireGroupSide':
    "These firers are of two sides: a Fire Group combines the FP of one side's units only (A7.5). Keep one side's units as the firers.",
  'input.leaderSide': "This leader is of the other side: a leader directs the fire of his own side's units only (A7.53). Give a leader of the firers' side, or none.",
});

/**
 * An error as the page says it: the sentence of its code ({@link ERROR_SENTENCES}) when there is one;
 * otherwise the message with each option it names (`--fp`, `option '--elr <n>'`) written as the
 * form's field in quotes ("Firepower (FP)"). Never throws.
 * @param message the CLI's one-line message
 * @param code the error's stable code (`input.fp`, `input.fireGroupSide`), or ''
 * @example errorInWords("--firer: give at least one firing unit", 'input.firer') // '"Firer": give at least one firing unit'
 */
export function errorInWords(message: string, code: string): string {
  const sentence = ERROR_SENTENCES[code];
  if (sentence !== undefined) return sentence;
  return idsInWords(
    message
      .replace(/^error: /, '')
      .replace(/option '--([a-z][a-z0-9-]*)(?: [<[][^'\]>]*[>\]])?' argument '([^']*)' is invalid\.?/g, (_, n: string, v: string) => `"${optionLabel(n)}": '${v}' is not allowed.`)
      .replace(/(?:required )?option '--([a-z][a-z0-9-]*)(?: [<[][^'\]>]*[>\]])?' not specified/g, (_, n: string) => `"${optionLabel(n)}" is needed`)
      .replace(/--([a-z][a-z0-9-]*)( <[^>]*>)?/g, (_, n: string) => `"${optionLabel(n)}"`),
  );
}
