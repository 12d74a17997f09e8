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
 * `sampleAttack`, which draws the same dice and gives the same result as sampling the attack chain
 * (fast-attack.ts, tested).
 * Unit states are kept canonical (unit-codes.ts: one object per distinct state), so an unchanged unit
 * is recognised by identity and costs nothing to account for.
 * Not modelled: the map, LOS, movement, Close Combat, SW, vehicles; the profiles stand for them.
 */
import type { CompiledAttack } from '../chains/attack-chain.js';
import { Ev } from '../chains/events.js';
import { getNationality, reducedOf } from '../counters/catalog.js';
import { CLASS_ORDER, type UnitClass } from '../counters/types.js';
import type { Int32Source } from '../dice/streams.js';
import { integrityCheckDRM, regainReinforcementDRM } from '../rules/battlefield-integrity.js';
import type { MoraleContext } from '../rules/context.js';
import { coweringShift } from '../rules/cowering.js';
import { iftColumnOf } from '../rules/infantry-fire-table.js';
import { leadershipDRMFor } from '../rules/leadership.js';
import { rallyDRM } from '../rules/rally.js';
import { initialUnitState, isAlive, lentLeadershipDRM, type UnitState } from '../rules/unit-state.js';
import { chainsFor, type ScenarioChains } from './chain-cache.js';
import { finalOffsets, recordMetric, type TallyLayout } from './scenario-tally.js';
import { mmcBPV, squadEquivalents, type ScenarioSetup, type SetupSide } from './setup.js';
import { sampleAttack } from './fast-attack.js';
import { NO_LEADERSHIP, UNIT_CODES } from './unit-codes.js';
import { FFMO_DRM, rallyTerrainOf, TERRAIN_TEM } from './terrain.js';
import type { ScenarioTerrain, VictoryCondition, VictorySpec } from './types.js';

interface Stack {
  readonly name: string;
  readonly terrain: ScenarioTerrain;
  units: UnitState[];
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

/** The units of a setup stack as canonical states (unit-codes.ts). */
function canonUnits(units: readonly UnitState[]): UnitState[] {
  const out: UnitState[] = new Array<UnitState>(units.length);
  for (let i = 0; i < units.length; i++) out[i] = UNIT_CODES.canon(units[i]);
  return out;
}

function newSide(setup: SetupSide): SideRun {
  return {
    setup,
    stacks: setup.stacks.map((s) => ({ name: s.name, terrain: s.terrain, units: canonUnits(s.units) })),
    rear: { name: 'rear', terrain: 'building', units: [] },
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
    this.sides = [newSide(setup.sides[0]), newSide(setup.sides[1])];
    this.chains = chainsFor(setup);
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
      for (const u of st.units) {
        const d = lentLeadershipDRM(u);
        if (d !== null && (best === null || d < best)) best = d;
      }
    }
    return best;
  }

  /** A16.11: adds the BPV lost between `before` and `after` to the side's Casualty Tally. */
  account(s: SideRun, before: UnitState, after: UnitState): void {
    if (before === after) return; // unchanged (canonical states): nothing lost
    if (isAlive(after) && CLASS_ORDER.indexOf(after.profile.unitClass) > CLASS_ORDER.indexOf(before.profile.unitClass)) s.replacements++;
    let bpv = 0;
    if (!isAlive(after)) {
      s.unitsLost++;
      bpv = mmcBPV(before.profile);
    } else if (before.profile.kind === 'squad' && after.profile.kind === 'hs') {
      const hs = reducedOf(before.profile);
      bpv = mmcBPV(before.profile) - mmcBPV(hs ?? after.profile);
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
      s.stacks.push({ name: st.name, terrain: st.terrain, units: canonUnits(st.units) });
      bpv += st.units.reduce((t, u) => t + mmcBPV(u.profile), 0);
    }
    if (s.integrityBase > 0 && bpv > 0) {
      const before = s.integrityBase;
      s.integrityBase += Math.ceil(bpv / 10); // A16.12
      this.regain(s, regainReinforcementDRM(bpv, before));
    }
  }

  /** Leaders whose grade rose (Battle Hardening, A15.3) allow a regain attempt each (A16.3). */
  leaderHardened(s: SideRun, before: UnitState, after: UnitState): void {
    if (before !== after && before.profile.kind === 'leader' && isAlive(after) && after.profile.id !== before.profile.id && after.profile.ml >= before.profile.ml) {
      this.regain(s, 0);
    }
  }

  rallyPhase(s: SideRun): void {
    const stacks = s.stacks;
    let promotionUsed = false; // one MMC Self-Rally per Player Turn (A10.63, A18.11)
    const finns = getNationality(s.setup.spec.nationality).allSelfRally;
    for (let k = 0; k <= stacks.length; k++) {
      const st = k < stacks.length ? stacks[k] : s.rear;
      let broken = false;
      for (const u of st.units) if (u.status === 'broken') broken = true;
      if (!broken) continue;
      for (let i = 0; i < st.units.length; i++) {
        const u = st.units[i];
        if (u.status !== 'broken') continue;
        const c = UNIT_CODES.of(u);
        // Good Order leaders here other than u (A10.7); those u may be rallied by (a leader only by a
        // leader of higher current ML, A10.22 EX): the ones leadershipDRMFor(u, st.units) considers.
        let leaders = 0;
        let goodOrderLeaderHere = false;
        for (const l of st.units) {
          if (l === u) continue;
          const lc = UNIT_CODES.of(l);
          if (lc.lent === NO_LEADERSHIP) continue;
          goodOrderLeaderHere = true;
          if (u.profile.kind !== 'leader' || lc.ml > c.ml) leaders++;
        }
        let selfRally = false;
        if (leaders === 0) {
          if (goodOrderLeaderHere || u.disrupted) continue;
          const boxed = u.profile.selfRallyBox || finns || u.profile.kind === 'leader' || u.profile.kind === 'crew' || u.profile.kind === 'hero';
          if (!boxed) {
            if (promotionUsed) continue;
            promotionUsed = true;
          }
          selfRally = true;
        }
        const drm = rallyDRM(u, { leadershipDRM: selfRally ? 0 : leadershipDRMFor(u, st.units), terrain: rallyTerrainOf(st.terrain), selfRally, otherDRM: 0 });
        const ctx = this.ctxOf(s, st.terrain);
        const chain = this.chains.rally(c, drm, selfRally, ctx, this.ctxIdOf(s, st.terrain));
        const end = chain.sample(this.rng);
        const after = chain.unitAt(end).unit;
        this.account(s, u, after);
        st.units[i] = after;
        for (const h of chain.heroesAt(end)) st.units.push(UNIT_CODES.canon(initialUnitState(h)));
      }
      st.units = aliveOnly(st.units);
    }
  }

  firePhase(firer: SideRun, target: SideRun, targetMoving: boolean): void {
    // The stacks able to fire, taken before any attack (attacks change only the target's units).
    const stacks = firer.stacks;
    let readyCount = 0;
    for (const st of stacks) if (canFire(st)) readyCount++;
    const share = firer.setup.spec.fire.activity;
    let count = share >= 1 ? readyCount : Math.max(1, Math.round(share * readyCount));
    for (let k = 0; k < stacks.length && count > 0; k++) {
      const st = stacks[k];
      if (!canFire(st)) continue;
      count--;
      const aim = this.pickTarget(target);
      if (!aim) return;
      const attack = this.fireGroup(firer, st, aim, targetMoving);
      if (!attack) continue;
      const before = aliveOnly(aim.units);
      // sampleAttack draws exactly the dice of sampleChain(buildAttackChain(...)) and returns the same
      // units (fast-attack.ts, tested case by case).
      const after = sampleAttack(before, attack, this.ctxOf(target, aim.terrain), this.rng, this.ctxIdOf(target, aim.terrain));
      let lost = after.length !== before.length;
      for (let i = 0; i < before.length; i++) {
        const b = before[i];
        const a = after[i];
        if (b === a) continue;
        if (!isAlive(a)) lost = true;
        this.account(target, b, a);
        this.leaderHardened(target, b, a);
      }
      aim.units = lost ? aliveOnly(after) : after;
    }
  }

  /** The enemy stack with the most Good Order squad-equivalents (ties: the first). */
  pickTarget(s: SideRun): Stack | null {
    let best: Stack | null = null;
    let bestValue = -1;
    for (const st of s.stacks) {
      if (st.units.length === 0) continue;
      let v = 0;
      for (const u of st.units) v += u.status === 'good-order' ? squadEquivalents(u.profile) + 0.01 : 0.001;
      if (v > bestValue) {
        best = st;
        bestValue = v;
      }
    }
    return best;
  }

  /** The attack of one stack's Fire Group, or null when it has no FP column. */
  fireGroup(firer: SideRun, st: Stack, aim: Stack, targetMoving: boolean): CompiledAttack | null {
    const spec = firer.setup.spec.fire;
    let fp = 0;
    let worst = 0;
    let allFanatic = true;
    let allBerserk = true;
    let heroes = 0;
    let others = 0;
    for (const u of st.units) {
      if (u.status !== 'good-order' || u.profile.fp <= 0) continue;
      fp += u.pinned ? u.profile.fp / 2 : u.profile.fp;
      if (u.profile.kind === 'hero') heroes++;
      else {
        others++;
        worst = Math.max(worst, CLASS_ORDER.indexOf(u.profile.unitClass));
      }
      allFanatic &&= u.fanatic;
      allBerserk &&= u.berserk;
    }
    if (spec.longRange) fp /= 2;
    const column = iftColumnOf(fp);
    if (column === null) return null;
    let drm = TERRAIN_TEM[aim.terrain] + spec.drm + (targetMoving && aim.terrain === 'open' ? FFMO_DRM : 0);
    let directed = false;
    if (spec.leaderDirects) {
      let best: number | null = null;
      for (const u of st.units) {
        const d = lentLeadershipDRM(u);
        if (d !== null && (best === null || d < best)) best = d;
      }
      if (best !== null) {
        drm += best;
        directed = true;
      }
    }
    if (heroes > 0) drm -= 1; // A15.24
    const unitClass: UnitClass = others > 0 ? CLASS_ORDER[worst] : '1st-line';
    const shift = coweringShift(
      { nationality: firer.setup.spec.nationality, unitClass, heroAlone: others === 0, fanatic: allFanatic, berserk: allBerserk },
      directed,
      false,
    );
    return { label: '', column, drm, coweringShift: shift, fixedResult: null };
  }

  routPhase(s: SideRun): void {
    const everywhere = s.setup.spec.rout.endAdjacent;
    for (const st of s.stacks) {
      if (!everywhere && st.terrain !== 'open') continue;
      for (let i = 0; i < st.units.length; i++) {
        const u = st.units[i];
        if (u.status !== 'broken') continue;
        if (u.disrupted && everywhere) {
          // A19.12: a Disrupted unit ADJACENT to a Good Order Known enemy surrenders at the start of the RtPh.
          const captured: UnitState = UNIT_CODES.canon({ ...u, status: 'captured' });
          this.account(s, u, captured);
          st.units[i] = captured;
          continue;
        }
        const ctx = this.ctxOf(s, st.terrain);
        const chain = this.chains.rout(s.setup, UNIT_CODES.of(u), st.terrain === 'open', ctx, this.ctxIdOf(s, st.terrain));
        if (chain === null) continue; // this unit cannot follow the route (e.g. a wounded SMC's 3 MF): it stays
        const end = chain.sample(this.rng);
        const after = chain.unitAt(end).unit;
        this.account(s, u, after);
        for (const h of chain.heroesAt(end)) st.units.push(UNIT_CODES.canon(initialUnitState(h)));
        if (isAlive(after) && chain.lazy.stateOf(end).stop === 'arrived') {
          s.rear.units.push(after);
          st.units[i] = { ...after, status: 'eliminated' }; // moved out; filtered below (not a loss)
        } else {
          st.units[i] = after;
        }
      }
      st.units = aliveOnly(st.units);
    }
  }

  endPlayerTurn(): void {
    for (const s of this.sides) {
      for (let k = 0; k <= s.stacks.length; k++) {
        const units = k < s.stacks.length ? s.stacks[k].units : s.rear.units;
        for (let i = 0; i < units.length; i++) {
          const u = units[i];
          if (u.pinned || u.berserk) units[i] = UNIT_CODES.canon({ ...u, pinned: false, berserk: false });
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
        for (const u of rear) if (u.status === 'good-order') back++;
        if (back > 0) {
          const stay: UnitState[] = [];
          for (const u of rear) {
            if (u.status === 'good-order') home.units.push(u);
            else stay.push(u);
          }
          s.rear.units = stay;
        }
      }
    }
  }

  goodOrderSquads(s: SideRun): number {
    let n = 0;
    for (let k = 0; k <= s.stacks.length; k++) {
      for (const u of k < s.stacks.length ? s.stacks[k].units : s.rear.units) if (u.status === 'good-order') n += squadEquivalents(u.profile);
    }
    return n;
  }

  /** The side's units (stacks and rear) that are broken, or (`disrupted`) that are Disrupted. */
  countBroken(s: SideRun, disrupted: boolean): number {
    let n = 0;
    for (let k = 0; k <= s.stacks.length; k++) {
      for (const u of k < s.stacks.length ? s.stacks[k].units : s.rear.units) if (disrupted ? u.disrupted : u.status === 'broken') n++;
    }
    return n;
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

/** True when the stack has a Good Order unit with inherent FP (it can form a Fire Group). */
function canFire(st: Stack): boolean {
  for (const u of st.units) if (u.status === 'good-order' && u.profile.fp > 0) return true;
  return false;
}

/** The units on the map: `units` itself when all are (no copy), else a filtered copy. */
function aliveOnly(units: UnitState[]): UnitState[] {
  for (let i = 0; i < units.length; i++) if (!isAlive(units[i])) return units.filter(isAlive);
  return units;
}

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
      const squads = p.goodOrderSquads(s);
      recordMetric(data, l, turn, i, 'elr', s.elr);
      recordMetric(data, l, turn, i, 'goodOrderSquads2', squads * 2);
      recordMetric(data, l, turn, i, 'broken', p.countBroken(s, false));
      recordMetric(data, l, turn, i, 'disrupted', p.countBroken(s, true));
      recordMetric(data, l, turn, i, 'casualtyBPV', s.casualtyBPV);
      recordMetric(data, l, turn, i, 'checksTaken', s.checksTaken);
      recordMetric(data, l, turn, i, 'checksLost', s.checksLost);
      recordMetric(data, l, turn, i, 'replacements', s.replacements);
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
