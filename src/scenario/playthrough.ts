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
 * enumerate (rout-chain, morale-chain, integrity-chain); each fire attack through `sampleAttack`, which
 * draws the same dice and gives the same result as sampling the attack chain (fast-attack.ts, tested).
 * Not modelled: the map, LOS, movement, Close Combat, SW, vehicles; the profiles stand for them.
 */
import type { CompiledAttack } from '../chains/attack-chain.js';
import { Ev } from '../chains/events.js';
import { buildIntegrityChain } from '../chains/integrity-chain.js';
import { buildMoraleChain } from '../chains/morale-chain.js';
import { buildRoutChain } from '../chains/rout-chain.js';
import { getNationality, reducedOf } from '../counters/catalog.js';
import { CLASS_ORDER, type UnitClass } from '../counters/types.js';
import type { Int32Source } from '../dice/streams.js';
import { sampleChain } from '../engine/sample.js';
import { integrityCheckDRM, regainReinforcementDRM } from '../rules/battlefield-integrity.js';
import type { MoraleContext } from '../rules/context.js';
import { coweringShift } from '../rules/cowering.js';
import { iftColumnOf } from '../rules/infantry-fire-table.js';
import { leadershipDRMFor } from '../rules/leadership.js';
import { rallyDRM } from '../rules/rally.js';
import { checkRoute } from '../rules/route.js';
import { currentML, initialUnitState, isAlive, lentLeadershipDRM, type UnitState } from '../rules/unit-state.js';
import { finalOffsets, recordMetric, type TallyLayout } from './scenario-tally.js';
import { mmcBPV, squadEquivalents, type ScenarioSetup, type SetupSide } from './setup.js';
import { sampleAttack } from './fast-attack.js';
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

function newSide(setup: SetupSide): SideRun {
  return {
    setup,
    stacks: setup.stacks.map((s) => ({ name: s.name, terrain: s.terrain, units: s.units.slice() })),
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

  constructor(
    readonly setup: ScenarioSetup,
    readonly rng: Int32Source,
  ) {
    this.sides = [newSide(setup.sides[0]), newSide(setup.sides[1])];
  }

  enemyOf(s: SideRun): SideRun {
    return s === this.sides[0] ? this.sides[1] : this.sides[0];
  }

  ctxOf(s: SideRun, terrain: ScenarioTerrain): MoraleContext {
    return {
      ruleSet: this.setup.ruleSet,
      elr: s.elr,
      knownEnemyInLOS: true,
      adjacentEnemy: s.setup.spec.rout.endAdjacent,
      pillbox: terrain === 'pillbox',
      vsRussians: this.enemyOf(s).setup.spec.nationality === 'russian',
      noQuarter: false,
    };
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
    const r = sampleChain(buildIntegrityChain({ kind: 'check', drm, elr: s.elr, startingELR: s.setup.spec.elr }), this.rng);
    s.checksTaken++;
    if (r.events & Ev.elrLoss) s.checksLost++;
    s.elr = r.state.elr;
  }

  /** A16.3: one attempt to regain ELR (or clear the IB-loss DRM), with only negative DRM. */
  regain(s: SideRun, reinforcementDRM: number): void {
    if (!s.setup.spec.battlefieldIntegrity || (s.elr >= s.setup.spec.elr && s.ibLosses === 0)) return;
    const own = this.support(s);
    const leader = this.bestLeaderDRM(s) ?? 0;
    const drm = Math.min(0, leader) - (own.armor ? 1 : 0) - (own.air ? 1 : 0) + Math.min(0, reinforcementDRM);
    const r = sampleChain(buildIntegrityChain({ kind: 'regain', drm, elr: s.elr, startingELR: s.setup.spec.elr }), this.rng);
    if (r.events & Ev.elrRegain) {
      s.elr = r.state.elr;
      s.ibLosses = 0;
    }
  }

  arrive(s: SideRun): void {
    const stacks = s.setup.reinforcements.get(this.turn);
    if (!stacks) return;
    let bpv = 0;
    for (const st of stacks) {
      s.stacks.push({ name: st.name, terrain: st.terrain, units: st.units.slice() });
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
    if (before.profile.kind === 'leader' && isAlive(after) && after.profile.id !== before.profile.id && after.profile.ml >= before.profile.ml) {
      this.regain(s, 0);
    }
  }

  rallyPhase(s: SideRun): void {
    let promotionUsed = false; // one MMC Self-Rally per Player Turn (A10.63, A18.11)
    const finns = getNationality(s.setup.spec.nationality).allSelfRally;
    for (const st of [...s.stacks, s.rear]) {
      for (let i = 0; i < st.units.length; i++) {
        const u = st.units[i];
        if (u.status !== 'broken') continue;
        const leaders = st.units.filter((l) => l !== u && lentLeadershipDRM(l) !== null && (u.profile.kind !== 'leader' || currentML(l) > currentML(u)));
        const goodOrderLeaderHere = st.units.some((l) => l !== u && lentLeadershipDRM(l) !== null);
        let selfRally = false;
        if (leaders.length === 0) {
          if (goodOrderLeaderHere || u.disrupted) continue;
          const boxed = u.profile.selfRallyBox || finns || u.profile.kind === 'leader' || u.profile.kind === 'crew' || u.profile.kind === 'hero';
          if (!boxed) {
            if (promotionUsed) continue;
            promotionUsed = true;
          }
          selfRally = true;
        }
        const drm = rallyDRM(u, { leadershipDRM: selfRally ? 0 : leadershipDRMFor(u, leaders), terrain: rallyTerrainOf(st.terrain), selfRally, otherDRM: 0 });
        const r = sampleChain(buildMoraleChain({ unit: u, start: { kind: 'rally', drm, selfRally }, ctx: this.ctxOf(s, st.terrain) }), this.rng);
        this.account(s, u, r.state.unit);
        st.units[i] = r.state.unit;
        for (const h of r.state.heroes) st.units.push(initialUnitState(h));
      }
      st.units = st.units.filter(isAlive);
    }
  }

  firePhase(firer: SideRun, target: SideRun, targetMoving: boolean): void {
    const ready = firer.stacks.filter((st) => st.units.some((u) => u.status === 'good-order' && u.profile.fp > 0));
    const share = firer.setup.spec.fire.activity;
    const count = share >= 1 ? ready.length : Math.max(1, Math.round(share * ready.length));
    for (const st of ready.slice(0, count)) {
      const aim = this.pickTarget(target);
      if (!aim) return;
      const attack = this.fireGroup(firer, st, aim, targetMoving);
      if (!attack) continue;
      const before = aim.units.filter(isAlive);
      // sampleAttack draws exactly the dice of sampleChain(buildAttackChain(...)) and returns the same
      // units (fast-attack.ts, tested case by case), about 6x faster.
      const after = sampleAttack(before, attack, this.ctxOf(target, aim.terrain), this.rng);
      for (let i = 0; i < before.length; i++) {
        this.account(target, before[i], after[i]);
        this.leaderHardened(target, before[i], after[i]);
      }
      aim.units = after.filter(isAlive);
    }
  }

  /** The enemy stack with the most Good Order squad-equivalents (ties: the first). */
  pickTarget(s: SideRun): Stack | null {
    let best: Stack | null = null;
    let bestValue = -1;
    for (const st of s.stacks) {
      if (st.units.length === 0) continue;
      const v = st.units.reduce((t, u) => t + (u.status === 'good-order' ? squadEquivalents(u.profile) + 0.01 : 0.001), 0);
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
          const captured: UnitState = { ...u, status: 'captured' };
          this.account(s, u, captured);
          st.units[i] = captured;
          continue;
        }
        try {
          checkRoute(s.setup.route, u, false, 'rout.path');
        } catch {
          continue; // this unit cannot follow the route (e.g. a wounded SMC's 3 MF): it stays
        }
        const r = sampleChain(
          buildRoutChain({ unit: u, leader: null, route: s.setup.route, otherDRM: 0, encircledStart: false, fromOpenGround: st.terrain === 'open', ctx: this.ctxOf(s, st.terrain) }),
          this.rng,
        );
        const after = r.state.unit;
        this.account(s, u, after);
        for (const h of r.state.heroes) st.units.push(initialUnitState(h));
        if (isAlive(after) && r.state.stop === 'arrived') {
          s.rear.units.push(after);
          st.units[i] = { ...after, status: 'eliminated' }; // moved out; filtered below (not a loss)
        } else {
          st.units[i] = after;
        }
      }
      st.units = st.units.filter(isAlive);
    }
  }

  endPlayerTurn(): void {
    for (const s of this.sides) {
      for (const st of [...s.stacks, s.rear]) {
        st.units = st.units.map((u) => (u.pinned || u.berserk ? { ...u, pinned: false, berserk: false } : u));
      }
      const home = s.stacks.find((st) => st.units.length > 0) ?? s.stacks[0];
      if (home) {
        const back = s.rear.units.filter((u) => u.status === 'good-order');
        if (back.length) {
          home.units.push(...back);
          s.rear.units = s.rear.units.filter((u) => u.status !== 'good-order');
        }
      }
    }
  }

  goodOrderSquads(s: SideRun): number {
    let n = 0;
    for (const st of [...s.stacks, s.rear]) for (const u of st.units) if (u.status === 'good-order') n += squadEquivalents(u.profile);
    return n;
  }

  countUnits(s: SideRun, pred: (u: UnitState) => boolean): number {
    let n = 0;
    for (const st of [...s.stacks, s.rear]) for (const u of st.units) if (pred(u)) n++;
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
    for (const [attacker, defender] of [
      [a, b],
      [b, a],
    ] as const) {
      p.rallyPhase(attacker);
      p.rallyPhase(defender);
      p.firePhase(attacker, defender, false);
      p.firePhase(defender, attacker, true);
      p.routPhase(attacker);
      p.routPhase(defender);
      p.endPlayerTurn();
    }
    p.sides.forEach((s, i) => {
      const squads = p.goodOrderSquads(s);
      recordMetric(data, l, turn, i, 'elr', s.elr);
      recordMetric(data, l, turn, i, 'goodOrderSquads2', squads * 2);
      recordMetric(data, l, turn, i, 'broken', p.countUnits(s, (u) => u.status === 'broken'));
      recordMetric(data, l, turn, i, 'disrupted', p.countUnits(s, (u) => u.disrupted));
      recordMetric(data, l, turn, i, 'casualtyBPV', s.casualtyBPV);
      recordMetric(data, l, turn, i, 'checksTaken', s.checksTaken);
      recordMetric(data, l, turn, i, 'checksLost', s.checksLost);
      recordMetric(data, l, turn, i, 'replacements', s.replacements);
      if (s.cracked === 0 && squads <= s.setup.startingSquads / 2) s.cracked = turn;
    });
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
