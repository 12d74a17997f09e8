/**
 * One playthrough of a scenario's morale economy (the turn model; README "Scenarios").
 *
 * Each Game Turn: reinforcements arrive (A16.12 Integrity Base grows; A16.3 ELR regain attempt), then
 * two Player Turns, the side that moves first being the ATTACKER of the first. In a Player Turn:
 *   1. Rally Phase (A10.6): ATTACKER then DEFENDER; a broken unit with a Good Order leader in its
 *      Location is rallied by the best one (A10.7), otherwise it Self-Rallies where allowed (boxed ML,
 *      Finns, leaders, crews, or the side's one MMC per Player Turn, A10.63); Disrupted units only by a
 *      leader (A19.12). HoB follows non-Self-Rally Original 2s.
 *   2. Prep Fire: each Good Order ATTACKER stack (the side's `activity` share, in order) fires its
 *      inherent FP as one Fire Group (pinned units at half FP, A7.8; Long Range halves it, A7.22) at the
 *      DEFENDER stack with the most Good Order squad-equivalents; DRM: target terrain TEM, the side's
 *      fire DRM, the best Good Order leader directing (A7.53, stops Cowering), a hero -1 (A15.24).
 *   3. Defensive Fire: the DEFENDER's stacks fire the same way at the ATTACKER's, with FFMO -1 (A4.6)
 *      against ATTACKER stacks in the open (they move).
 *   4. Rout Phase (A10.5): broken units in Open Ground (or everywhere, if the side's rout profile says
 *      its stop points are ADJACENT to the enemy) rout along the side's rout path, with Interdiction
 *      (A10.53); those that arrive go to the side's rear (out of LOS: neither fire nor are fired on).
 *      Disrupted units ADJACENT to the enemy surrender first (A19.12).
 *   5. End of Player Turn: pins are removed (A7.8); berserk units return to normal (A15.46, abstracted:
 *      no charge, no CC); Good Order units in the rear rejoin the side's first stack.
 * Every loss goes to the Casualty Tally (A16.11: eliminated/captured MMC BPV; a squad Reduced to a HS
 * adds the difference; Replacement ignored); Tally >= Integrity Base -> Integrity Check (A16.2) whose
 * ELR loss takes effect at once for the next MC (A16.21). A friendly leader's Battle Hardening allows
 * a regain attempt (A16.3).
 * Each rout, rally and Integrity Check is sampled through the same chain models the odds commands
 * enumerate (rout-chain, morale-chain, integrity-chain), built once per input (chain-cache.ts,
 * engine/lazy-chain.ts: the same dice and states as sampleChain); each fire attack through
 * the attack's one procedure (attack/procedure.ts) sampled by `sampleAttackCodes`, with the exact
 * attack chain's odds (tested statistically, test/attack/attack-sampler.test.ts).
 * Stacks hold unit codes (chains/unit-codes.ts: one code per distinct state, with what the phases read about
 * it computed once), so an unchanged unit is recognised by identity and costs nothing to account for.
 * Not modelled: the map, LOS, movement, Close Combat, SW, vehicles; the profiles stand for them.
 */
import { Ev } from '../rules/events.js';
import { getNationality, reducedOf } from '../counters/catalog.js';
import type { Int32Source } from '../dice/streams.js';
import { integrityCheckDRM, regainReinforcementDRM } from '../rules/battlefield-integrity.js';
import type { MoraleContext } from '../rules/context.js';
import { iftColumnOf } from '../rules/infantry-fire-table.js';
import { rallyDRM } from '../rules/rally.js';
import { initialUnitState, withChanges } from '../rules/unit-state.js';
import { chainsFor, type ScenarioChains } from './chain-cache.js';
import { finalOffsets, recordMetricAt, TURN_METRICS, type TallyLayout } from './scenario-tally.js';
import { mmcBPV } from '../counters/unit-values.js';
import { type ScenarioSetup, type SetupSide } from './setup.js';
import { sampleAttackCodes } from '../attack/attack-sampler.js';
import type { FireAttack } from './fire-attacks.js';
import { leadershipDRMOf, NO_LEADERSHIP, UNIT_CODES, unmarkedOf, type UnitCode } from '../chains/unit-codes.js';
import { MaxTree } from './max-tree.js';
import { FFMO_DRM, rallyTerrainOf, TERRAIN_TEM } from './terrain.js';
import type { ScenarioTerrain, VictoryCondition, VictorySpec } from './types.js';

interface Stack {
  readonly name: string;
  readonly terrain: ScenarioTerrain;
  /** TERRAIN_TEM[terrain] (terrain.ts): the IFT TEM of attacks on it. */
  readonly tem: number;
  /** The units in the Location, as codes (unit-codes.ts), all on the map between phases. */
  units: UnitCode[];
}

interface SideRun {
  readonly setup: SetupSide;
  readonly stacks: Stack[];
  readonly rear: Stack;
  elr: number;
  integrityBase: number;
  /** Running Casualty Tally towards the next Integrity Base loss (A16.1). */
  tally: number;
  /** BPV of this side's MMC lost so far (the enemy's "casualty BPV inflicted"). */
  casualtyBPV: number;
  /** Units (MMC and SMC) of this side eliminated or captured. */
  unitsLost: number;
  ibLosses: number;
  checksTaken: number;
  checksLost: number;
  /** ELR Replacements suffered (A19.13): a unit exchanged for one of lower class. */
  replacements: number;
  /** Turn at whose end the side first had half its starting Good Order squad-equivalents or fewer; 0 = not yet. */
  cracked: number;
}

function newSide(setup: SetupSide, chains: ScenarioChains): SideRun {
  const stacks: Stack[] = [];
  for (const s of setup.stacks) stacks.push({ name: s.name, terrain: s.terrain, tem: TERRAIN_TEM[s.terrain], units: chains.codesOf(s).slice() });
  return {
    setup,
    stacks,
    rear: { name: 'rear', terrain: 'building', tem: TERRAIN_TEM.building, units: [] },
    elr: setup.spec.elr,
    integrityBase: setup.integrityBase,
    tally: 0,
    casualtyBPV: 0,
    unitsLost: 0,
    ibLosses: 0,
    checksTaken: 0,
    checksLost: 0,
    replacements: 0,
    cracked: 0,
  };
}

/** State shared by the phases of one playthrough. */
class Playthrough {
  readonly sides: [SideRun, SideRun];
  turn = 1;
  readonly chains: ScenarioChains;

  constructor(
    readonly setup: ScenarioSetup,
    readonly rng: Int32Source,
  ) {
    this.chains = chainsFor(setup);
    this.sides = [newSide(setup.sides[0], this.chains), newSide(setup.sides[1], this.chains)];
  }

  enemyOf(s: SideRun): SideRun {
    return s === this.sides[0] ? this.sides[1] : this.sides[0];
  }

  /** The side's morale context in a Location of `terrain` (one shared object per side, ELR and pillbox). */
  ctxOf(s: SideRun, terrain: ScenarioTerrain): MoraleContext {
    return this.chains.context(s.setup, s.elr, terrain === 'pillbox');
  }

  /** UNIT_CODES.ctxId(this.ctxOf(s, terrain)). */
  ctxIdOf(s: SideRun, terrain: ScenarioTerrain): number {
    return this.chains.contextId(s.setup, s.elr, terrain === 'pillbox');
  }

  support(s: SideRun): { armor: boolean; air: boolean } {
    let armor = false;
    let air = false;
    for (const sp of s.setup.spec.support) {
      if (this.turn >= sp.fromTurn && this.turn <= sp.untilTurn) {
        armor ||= sp.armor;
        air ||= sp.air;
      }
    }
    return { armor, air };
  }

  bestLeaderDRM(s: SideRun): number | null {
    let best: number | null = null;
    for (const st of s.stacks) {
      for (const c of st.units) {
        const d = c.lent;
        if (d !== NO_LEADERSHIP && (best === null || d < best)) best = d;
      }
    }
    return best;
  }

  /** A16.11: adds the BPV lost between `before` and `after` to the side's Casualty Tally. */
  account(s: SideRun, before: UnitCode, after: UnitCode): void {
    if (before === after) return; // unchanged (one code per state): nothing lost
    if (after.alive && after.classIndex > before.classIndex) s.replacements++;
    let bpv = 0;
    if (!after.alive) {
      s.unitsLost++;
      bpv = before.bpv;
    } else if (before.squad && after.hs) {
      const hs = reducedOf(before.unit.profile);
      bpv = before.bpv - mmcBPV(hs ?? after.unit.profile);
    }
    if (bpv <= 0) return;
    s.casualtyBPV += bpv;
    if (s.integrityBase <= 0) return;
    s.tally += bpv;
    while (s.tally >= s.integrityBase) {
      s.tally -= s.integrityBase;
      s.ibLosses++;
      this.integrityCheck(s);
    }
  }

  /** A16.2: one Integrity Check. */
  integrityCheck(s: SideRun): void {
    const own = this.support(s);
    const enemy = this.support(this.enemyOf(s));
    const drm = integrityCheckDRM(
      { ibLosses: s.ibLosses, bestLeaderDRM: this.bestLeaderDRM(s), enemyArmor: enemy.armor, enemyAir: enemy.air, friendlyArmor: own.armor, friendlyAir: own.air },
      this.setup.ruleSet,
    );
    const chain = this.chains.integrityChain({ kind: 'check', drm, elr: s.elr, startingELR: s.setup.spec.elr });
    const end = chain.sample(this.rng);
    s.checksTaken++;
    if (chain.eventsAt(end) & Ev.elrLoss) s.checksLost++;
    s.elr = chain.stateOf(end).elr;
  }

  /** A16.3: one attempt to regain ELR (or clear the IB-loss DRM), with only negative DRM. */
  regain(s: SideRun, reinforcementDRM: number): void {
    if (!s.setup.spec.battlefieldIntegrity || (s.elr >= s.setup.spec.elr && s.ibLosses === 0)) return;
    const own = this.support(s);
    const leader = this.bestLeaderDRM(s) ?? 0;
    const drm = Math.min(0, leader) - (own.armor ? 1 : 0) - (own.air ? 1 : 0) + Math.min(0, reinforcementDRM);
    const chain = this.chains.integrityChain({ kind: 'regain', drm, elr: s.elr, startingELR: s.setup.spec.elr });
    const end = chain.sample(this.rng);
    if (chain.eventsAt(end) & Ev.elrRegain) {
      s.elr = chain.stateOf(end).elr;
      s.ibLosses = 0;
    }
  }

  arrive(s: SideRun): void {
    const stacks = s.setup.reinforcements.get(this.turn);
    if (!stacks) return;
    let bpv = 0;
    for (const st of stacks) {
      s.stacks.push({ name: st.name, terrain: st.terrain, tem: TERRAIN_TEM[st.terrain], units: this.chains.codesOf(st).slice() });
      bpv += st.units.reduce((t, u) => t + mmcBPV(u.profile), 0);
    }
    if (s.integrityBase > 0 && bpv > 0) {
      const before = s.integrityBase;
      s.integrityBase += Math.ceil(bpv / 10); // A16.12
      this.regain(s, regainReinforcementDRM(bpv, before));
    }
  }

  /** Leaders whose grade rose (Battle Hardening, A15.3) allow a regain attempt each (A16.3). */
  leaderHardened(s: SideRun, before: UnitCode, after: UnitCode): void {
    if (before !== after && before.leader && after.alive && after.unit.profile.id !== before.unit.profile.id && after.unit.profile.ml >= before.unit.profile.ml) {
      this.regain(s, 0);
    }
  }

  rallyPhase(s: SideRun): void {
    const stacks = s.stacks;
    let promotionUsed = false; // one MMC Self-Rally per Player Turn (A10.63, A18.11)
    let finns: boolean | null = null;
    for (let k = 0; k <= stacks.length; k++) {
      const st = k < stacks.length ? stacks[k] : s.rear;
      const units = st.units;
      let tried = false;
      for (let i = 0; i < units.length; i++) {
        const c = units[i];
        if (!c.broken) continue;
        // Good Order leaders here other than c (A10.7); those c may be rallied by (a leader only by a
        // leader of higher current ML, A10.22 EX): the ones leadershipDRMOf(units, i) considers.
        let leaders = 0;
        let goodOrderLeaderHere = false;
        for (let j = 0; j < units.length; j++) {
          const l = units[j];
          if (l === c || l.lent === NO_LEADERSHIP) continue;
          goodOrderLeaderHere = true;
          if (!c.leader || l.ml > c.ml) leaders++;
        }
        let selfRally = false;
        if (leaders === 0) {
          if (goodOrderLeaderHere || c.disrupted) continue;
          const p = c.unit.profile;
          finns ??= getNationality(s.setup.spec.nationality).allSelfRally;
          const boxed = p.selfRallyBox || finns || p.kind === 'leader' || p.kind === 'crew' || p.kind === 'hero';
          if (!boxed) {
            if (promotionUsed) continue;
            promotionUsed = true;
          }
          selfRally = true;
        }
        tried = true;
        const drm = rallyDRM(c.unit, { leadershipDRM: selfRally ? 0 : leadershipDRMOf(units, i), terrain: rallyTerrainOf(st.terrain), selfRally, otherDRM: 0 });
        const chain = this.chains.rally(c, drm, selfRally, this.ctxOf(s, st.terrain), this.ctxIdOf(s, st.terrain));
        const end = chain.sample(this.rng);
        const after = chain.unitAt(end);
        this.account(s, c, after);
        units[i] = after;
        if (chain.hasHeroes(end)) for (const h of chain.heroesAt(end)) units.push(UNIT_CODES.intern(initialUnitState(h)));
      }
      if (tried) st.units = aliveOnly(units);
    }
  }

  firePhase(firer: SideRun, target: SideRun, targetMoving: boolean): void {
    // The stacks able to fire, taken before any attack (attacks change only the target's units).
    const stacks = firer.stacks;
    const ready = READY;
    let readyCount = 0;
    for (let k = 0; k < stacks.length; k++) {
      ready[k] = canFire(stacks[k]);
      if (ready[k]) readyCount++;
    }
    const share = firer.setup.spec.fire.activity;
    let count = share >= 1 ? readyCount : Math.max(1, Math.round(share * readyCount));
    // The target stacks' weights (pickTarget), kept up to date: only the stack fired on changes.
    const aims = target.stacks;
    const weights = AIM_WEIGHTS;
    for (let j = 0; j < aims.length; j++) weights[j] = aimWeight(aims[j]);
    const picker = AIM_PICKER;
    picker.fill(weights, aims.length);
    for (let k = 0; k < stacks.length && count > 0; k++) {
      const st = stacks[k];
      if (!ready[k]) continue;
      count--;
      const at = pickTarget(picker);
      if (at < 0) return;
      const aim = aims[at];
      const attack = this.fireGroup(firer, st, aim, targetMoving);
      if (!attack) continue;
      const before = aim.units; // all on the map (filtered at the end of every phase)
      // The attack's one procedure (attack/procedure.ts) sampled: the exact chain's odds (tested
      // statistically, test/attack/attack-sampler.test.ts).
      const after = sampleAttackCodes(before, attack.attack, this.ctxOf(target, aim.terrain), this.rng, this.ctxIdOf(target, aim.terrain), attack.ift);
      if (after === before) continue; // no effect
      let lost = false;
      for (let i = 0; i < before.length; i++) {
        const b = before[i];
        const a = after[i];
        if (b === a) continue;
        if (!a.alive) lost = true;
        this.account(target, b, a);
        this.leaderHardened(target, b, a);
      }
      aim.units = lost ? aliveOnly(after) : (after as UnitCode[]); // a new array (attack/attack-sampler.ts)
      picker.set(at, aimWeight(aim));
    }
  }

  /** The attack of one stack's Fire Group, or null when it has no FP column. */
  fireGroup(firer: SideRun, st: Stack, aim: Stack, targetMoving: boolean): FireAttack | null {
    const spec = firer.setup.spec.fire;
    let fp2 = 0; // twice the FP: integers (multiples of 0.5 FP), so fp2 / 2 is the sum of the FPs exactly
    let worst = 0;
    let allFanatic = true;
    let allBerserk = true;
    let heroes = 0;
    let others = 0;
    let best = NO_LEADERSHIP; // the best leadership DRM a unit here lends (A7.53)
    const units = st.units;
    for (let i = 0; i < units.length; i++) {
      const c = units[i];
      if (c.lent < best) best = c.lent;
      if (c.fireFP2 === 0) continue; // not Good Order, or no inherent FP
      fp2 += c.fireFP2;
      if (c.hero) heroes++;
      else {
        others++;
        worst = Math.max(worst, c.classIndex);
      }
      allFanatic &&= c.fanatic;
      allBerserk &&= c.berserk;
    }
    let fp = fp2 / 2;
    if (spec.longRange) fp /= 2;
    const column = iftColumnOf(fp);
    if (column === null) return null;
    let drm = aim.tem + spec.drm + (targetMoving && aim.terrain === 'open' ? FFMO_DRM : 0);
    let directed = false;
    if (spec.leaderDirects) {
      if (best !== NO_LEADERSHIP) {
        drm += best;
        directed = true;
      }
    }
    if (heroes > 0) drm -= 1; // A15.24
    const fire = this.chains.fire[firer.setup.index];
    return fire.attack(column, drm, fire.shift(others > 0 ? worst : -1, allFanatic, allBerserk, directed));
  }

  routPhase(s: SideRun): void {
    const everywhere = s.setup.spec.rout.endAdjacent;
    for (const st of s.stacks) {
      if (!everywhere && st.terrain !== 'open') continue;
      const units = st.units;
      for (let i = 0; i < units.length; i++) {
        const c = units[i];
        if (!c.broken) continue;
        if (c.disrupted && everywhere) {
          // A19.12: a Disrupted unit ADJACENT to a Good Order Known enemy surrenders at the start of the RtPh.
          const captured = UNIT_CODES.intern(withChanges(c.unit, { status: 'captured' }));
          this.account(s, c, captured);
          units[i] = captured;
          continue;
        }
        const ctx = this.ctxOf(s, st.terrain);
        const chain = this.chains.rout(s.setup, c, st.terrain === 'open', ctx, this.ctxIdOf(s, st.terrain));
        if (chain === null) continue; // this unit cannot follow the route (e.g. a wounded SMC's 3 MF): it stays
        const end = chain.sample(this.rng);
        const after = chain.unitAt(end);
        this.account(s, c, after);
        if (chain.hasHeroes(end)) for (const h of chain.heroesAt(end)) units.push(UNIT_CODES.intern(initialUnitState(h)));
        if (after.alive && chain.lazy.stateOf(end).stop === 'arrived') {
          s.rear.units.push(after);
          units[i] = UNIT_CODES.intern(withChanges(after.unit, { status: 'eliminated' })); // moved out; filtered below (not a loss)
        } else {
          units[i] = after;
        }
      }
      st.units = aliveOnly(units);
    }
  }

  endPlayerTurn(): void {
    for (const s of this.sides) {
      for (let k = 0; k <= s.stacks.length; k++) {
        const units = k < s.stacks.length ? s.stacks[k].units : s.rear.units;
        for (let i = 0; i < units.length; i++) {
          const c = units[i];
          if (c.pinnedOrBerserk) units[i] = unmarkedOf(UNIT_CODES, c);
        }
      }
      let home: Stack | undefined;
      for (const st of s.stacks) {
        if (st.units.length > 0) {
          home = st;
          break;
        }
      }
      home ??= s.stacks[0];
      if (home) {
        const rear = s.rear.units;
        let back = 0;
        for (const c of rear) if (c.goodOrder) back++;
        if (back > 0) {
          const stay: UnitCode[] = [];
          for (const c of rear) {
            if (c.goodOrder) home.units.push(c);
            else stay.push(c);
          }
          s.rear.units = stay;
        }
      }
    }
  }

  goodOrderSquads(s: SideRun): number {
    let n = 0;
    for (let k = 0; k <= s.stacks.length; k++) {
      for (const c of k < s.stacks.length ? s.stacks[k].units : s.rear.units) if (c.goodOrder) n += c.squads2;
    }
    return n / 2; // halves: exact
  }

  /** Results of the last {@link census}. */
  squads2 = 0;
  broken = 0;
  disrupted = 0;

  /**
   * Counts the side's units (stacks and rear) in one pass: twice its Good Order squad-equivalents
   * (`squads2`), its broken units, its Disrupted units.
   */
  census(s: SideRun): void {
    let squads2 = 0;
    let broken = 0;
    let disrupted = 0;
    for (let k = 0; k <= s.stacks.length; k++) {
      const units = k < s.stacks.length ? s.stacks[k].units : s.rear.units;
      for (let i = 0; i < units.length; i++) {
        const c = units[i];
        if (c.goodOrder) squads2 += c.squads2;
        if (c.broken) broken++;
        if (c.disrupted) disrupted++;
      }
    }
    this.squads2 = squads2;
    this.broken = broken;
    this.disrupted = disrupted;
  }

  met(s: SideRun, v: VictorySpec | null): boolean {
    if (!v) return false;
    const test = (c: VictoryCondition): boolean => {
      const enemy = this.enemyOf(s);
      switch (c.kind) {
        case 'casualtyBPVInflicted':
          return enemy.casualtyBPV >= c.atLeast;
        case 'goodOrderSquadsLeft':
          return this.goodOrderSquads(s) >= c.atLeast;
        case 'unitsEliminated':
          return enemy.unitsLost >= c.atLeast;
        case 'enemyELRAtMost':
          return enemy.elr <= c.atMost;
        case 'enemyGoodOrderSquadsAtMost':
          return this.goodOrderSquads(enemy) <= c.atMost;
      }
    };
    return v.combine === 'all' ? v.conditions.every(test) : v.conditions.some(test);
  }
}

/** Scratch of Playthrough.firePhase: the target stacks' {@link aimWeight}s. */
const AIM_WEIGHTS: number[] = [];
/** Scratch of Playthrough.firePhase: the largest of the target stacks' weights (pickTarget). */
const AIM_PICKER = new MaxTree();
/** Scratch of Playthrough.firePhase: {@link canFire} of each firing stack, taken before any attack. */
const READY: boolean[] = [];

/**
 * How much a stack is worth firing on: its Good Order squad-equivalents, + 0.01 per Good Order unit
 * and 0.001 per other unit (UnitCode.targetWeight, summed in stack order); -2 for an empty stack.
 */
function aimWeight(st: Stack): number {
  const units = st.units;
  if (units.length === 0) return -2;
  const w = UNIT_CODES.targetWeights;
  let v = 0;
  for (let i = 0; i < units.length; i++) v += w[units[i].code];
  return v;
}

/**
 * The enemy stack with the most Good Order squad-equivalents (ties: the first), by index, or -1 when
 * every stack is empty (weight -2; non-empty stacks weigh >= 0).
 * @param picker the aimWeight of each stack, same positions
 */
function pickTarget(picker: MaxTree): number {
  const best = picker.argmax();
  return best >= 0 && picker.valueAt(best) > -1 ? best : -1;
}

/** True when the stack has a Good Order unit with inherent FP (it can form a Fire Group). */
function canFire(st: Stack): boolean {
  const units = st.units;
  for (let i = 0; i < units.length; i++) if (units[i].fireFP2 > 0) return true;
  return false;
}

/** The units on the map: `units` itself when all are (no copy), else a filtered copy. */
function aliveOnly(units: readonly UnitCode[]): UnitCode[] {
  for (let i = 0; i < units.length; i++) {
    if (!units[i].alive) {
      const out: UnitCode[] = [];
      for (let j = 0; j < units.length; j++) if (units[j].alive) out.push(units[j]);
      return out;
    }
  }
  return units as UnitCode[];
}

/** Metric indices (scenario-tally.ts TURN_METRICS). */
const M_ELR = TURN_METRICS.indexOf('elr');
const M_SQUADS2 = TURN_METRICS.indexOf('goodOrderSquads2');
const M_BROKEN = TURN_METRICS.indexOf('broken');
const M_DISRUPTED = TURN_METRICS.indexOf('disrupted');
const M_BPV = TURN_METRICS.indexOf('casualtyBPV');
const M_TAKEN = TURN_METRICS.indexOf('checksTaken');
const M_LOST = TURN_METRICS.indexOf('checksLost');
const M_REPLACEMENTS = TURN_METRICS.indexOf('replacements');

/**
 * Plays one scenario through and adds its figures to `data` (layout `l`).
 * @param rng the chunk's stream (streams.ts)
 * Never throws on a compiled scenario.
 */
export function runPlaythrough(setup: ScenarioSetup, rng: Int32Source, data: Float64Array, l: TallyLayout): void {
  const p = new Playthrough(setup, rng);
  const [a, b] = p.sides;
  for (let turn = 1; turn <= setup.scenario.turns; turn++) {
    p.turn = turn;
    p.arrive(a);
    p.arrive(b);
    for (let pt = 0; pt < 2; pt++) {
      const attacker = pt === 0 ? a : b;
      const defender = pt === 0 ? b : a;
      p.rallyPhase(attacker);
      p.rallyPhase(defender);
      p.firePhase(attacker, defender, false);
      p.firePhase(defender, attacker, true);
      p.routPhase(attacker);
      p.routPhase(defender);
      p.endPlayerTurn();
    }
    for (let i = 0; i < 2; i++) {
      const s = p.sides[i];
      p.census(s);
      const squads = p.squads2 / 2; // halves: exact
      recordMetricAt(data, l, turn, i, M_ELR, s.elr);
      recordMetricAt(data, l, turn, i, M_SQUADS2, squads * 2);
      recordMetricAt(data, l, turn, i, M_BROKEN, p.broken);
      recordMetricAt(data, l, turn, i, M_DISRUPTED, p.disrupted);
      recordMetricAt(data, l, turn, i, M_BPV, s.casualtyBPV);
      recordMetricAt(data, l, turn, i, M_TAKEN, s.checksTaken);
      recordMetricAt(data, l, turn, i, M_LOST, s.checksLost);
      recordMetricAt(data, l, turn, i, M_REPLACEMENTS, s.replacements);
      if (s.cracked === 0 && squads <= s.setup.startingSquads / 2) s.cracked = turn;
    }
  }
  const off = finalOffsets(l);
  const metA = p.met(a, a.setup.spec.victory);
  const metB = p.met(b, b.setup.spec.victory);
  let outcome: number;
  if (metA !== metB) outcome = metA ? 0 : 1;
  else if (!metA && (a.setup.spec.victory === null) !== (b.setup.spec.victory === null)) outcome = a.setup.spec.victory === null ? 0 : 1;
  else outcome = 2;
  data[off.outcome + outcome]++;
  p.sides.forEach((s, i) => {
    if (s.elr < s.setup.spec.elr) data[off.elrFell + i]++;
    data[off.crack + i * (l.turns + 1) + (s.cracked === 0 ? l.turns : s.cracked - 1)]++;
  });
}
