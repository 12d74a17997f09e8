/**
 * The chains a playthrough samples besides fire attacks (rally, rout, Integrity Check and ELR regain),
 * each built once per compiled scenario and input and sampled through `LazyChain` (engine/lazy-chain.ts):
 * the same dice and the same final state as `sampleChain(buildXChain(spec), rng)`, without rebuilding
 * the chain model or re-running its rule functions on every use. Also the scenario's morale contexts,
 * one object per (side, ELR, pillbox), so that unit-codes.ts sees each context once; and each side's
 * shared Fire Group attacks (fire-attacks.ts).
 *
 * Inputs are keyed by unit code (unit-codes.ts: equal codes, equal unit states) and context id, so a
 * cached chain is the chain of exactly the state and context it is used for.
 */
import { buildIntegrityChain, type IntegrityChainSpec, type IntegrityState } from '../chains/integrity-chain.js';
import { buildMoraleChain, type MoraleChainState } from '../chains/morale-chain.js';
import { buildRoutChain, type RoutChainState } from '../chains/rout-chain.js';
import type { ChainModel } from '../engine/chain.js';
import { LazyChain } from '../engine/lazy-chain.js';
import type { MoraleContext } from '../rules/context.js';
import { checkRoute } from '../rules/route.js';
import type { UnitProfile } from '../counters/types.js';
import type { Int32Source } from '../dice/streams.js';
import type { UnitState } from '../rules/unit-state.js';
import type { ScenarioSetup, SetupSide, SetupStack } from './setup.js';
import { FireAttacks } from './fire-attacks.js';
import { UNIT_CODES, type UnitCode } from '../chains/unit-codes.js';

/** A chain of one unit, sampled through a LazyChain, whose final unit states are read as codes. */
export class UnitChain<S extends { readonly unit: UnitState; readonly heroes: readonly UnitProfile[] }> {
  readonly lazy: LazyChain<S>;
  /** Final node -> the code of its unit (unit-codes.ts), made on first use. */
  private readonly finals: (UnitCode | undefined)[] = [];
  /** Final node -> 1 when heroes were created on the way to it, else 0; made on first use. */
  private readonly heroFlags: (number | undefined)[] = [];

  constructor(model: ChainModel<S>) {
    this.lazy = new LazyChain(model);
  }

  /** One sampled path (LazyChain.sample): its final node. */
  sample(rng: Int32Source): number {
    return this.lazy.sample(rng);
  }

  /** The code of the unit's state at final node `id`. Never throws on a node from {@link sample}. */
  unitAt(id: number): UnitCode {
    let c = this.finals[id];
    if (c === undefined) {
      c = UNIT_CODES.intern(this.lazy.stateOf(id).unit);
      this.finals[id] = c;
    }
    return c;
  }

  /** Hero counters created on the way to final node `id` (A15.21), usually none. */
  heroesAt(id: number): readonly UnitProfile[] {
    return this.lazy.stateOf(id).heroes;
  }

  /** `heroesAt(id).length > 0`, from a memo by node (no read of the state). Never throws on a node from {@link sample}. */
  hasHeroes(id: number): boolean {
    let h = this.heroFlags[id];
    if (h === undefined) {
      h = this.lazy.stateOf(id).heroes.length > 0 ? 1 : 0;
      this.heroFlags[id] = h;
    }
    return h === 1;
  }
}

/** Per side index: whether each unit code may follow the side's rout path (route.ts `checkRoute`). */
type RoutableMemo = Map<number, boolean>;

/** The chains and contexts of one compiled scenario. */
export class ScenarioChains {
  /** Rally chains by unit code, then by (context id, selfRally, DRM). */
  private readonly rallies: (Map<number, UnitChain<MoraleChainState>> | undefined)[] = [];
  /** By unit code: the key and chain of its last {@link rally}. */
  private readonly lastRallyKey: number[] = [];
  private readonly lastRally: UnitChain<MoraleChainState>[] = [];
  private readonly routs = new Map<number, UnitChain<RoutChainState>>();
  private readonly routable: [RoutableMemo, RoutableMemo] = [new Map(), new Map()];
  private readonly integrity = new Map<number | string, LazyChain<IntegrityState>>();
  /** Contexts by side index, then pillbox (0/1) * 6 + ELR; and their UNIT_CODES.ctxId. */
  private readonly contexts: [(MoraleContext | undefined)[], (MoraleContext | undefined)[]] = [[], []];
  private readonly contextIds: [number[], number[]] = [[], []];

  private readonly stackCodes = new Map<SetupStack, readonly UnitCode[]>();
  /** Each side's Fire Group attacks, by side index. */
  readonly fire: readonly [FireAttacks, FireAttacks];

  constructor(readonly setup: ScenarioSetup) {
    this.fire = [new FireAttacks(setup.sides[0].spec.nationality), new FireAttacks(setup.sides[1].spec.nationality)];
  }

  /**
   * The context of a check by a unit of `side` (playthrough.ts): rule set, the side's current ELR, a
   * Known enemy in LOS, ADJACENT per the side's rout profile, `pillbox` for its Location, `vsRussians`
   * by the enemy's nationality; one shared object per combination.
   * @param elr the side's current ELR, integer in [0, 5]
   * Never throws.
   */
  context(side: SetupSide, elr: number, pillbox: boolean): MoraleContext {
    const at = (pillbox ? 6 : 0) + elr;
    const list = this.contexts[side.index];
    let c = list[at];
    if (c === undefined) {
      c = {
        ruleSet: this.setup.ruleSet,
        elr,
        knownEnemyInLOS: true,
        adjacentEnemy: side.spec.rout.endAdjacent,
        pillbox,
        vsRussians: this.setup.sides[1 - side.index].spec.nationality === 'russian',
        noQuarter: false,
      };
      list[at] = c;
      this.contextIds[side.index][at] = UNIT_CODES.ctxId(c);
    }
    return c;
  }

  /**
   * The units of a setup stack (setup.ts) as codes (unit-codes.ts), interned once: a playthrough
   * copies this array into its own stack. Never throws.
   */
  codesOf(stack: SetupStack): readonly UnitCode[] {
    let codes = this.stackCodes.get(stack);
    if (codes === undefined) {
      codes = stack.units.map((u) => UNIT_CODES.intern(u));
      this.stackCodes.set(stack, codes);
    }
    return codes;
  }

  /** `UNIT_CODES.ctxId(this.context(side, elr, pillbox))`, without the lookup. Never throws. */
  contextId(side: SetupSide, elr: number, pillbox: boolean): number {
    const at = (pillbox ? 6 : 0) + elr;
    const id = this.contextIds[side.index][at];
    return id !== undefined ? id : UNIT_CODES.ctxId(this.context(side, elr, pillbox));
  }

  /**
   * The Rally chain (chains/morale-chain.ts, A10.6) of unit `u` with total Rally DRM `drm`.
   * @param drm rallyDRM(...), integer
   * @param ctxId UNIT_CODES.ctxId(ctx)
   * Never throws.
   */
  rally(u: UnitCode, drm: number, selfRally: boolean, ctx: MoraleContext, ctxId: number): UnitChain<MoraleChainState> {
    const key = (ctxId * 2 + (selfRally ? 1 : 0)) * 256 + (drm + 128);
    // A unit code usually rallies with the same DRM and context as last time: try that chain first.
    if (this.lastRallyKey[u.code] === key) return this.lastRally[u.code];
    const c = this.rallyChain(u, key, drm, selfRally, ctx);
    this.lastRallyKey[u.code] = key;
    this.lastRally[u.code] = c;
    return c;
  }

  private rallyChain(u: UnitCode, key: number, drm: number, selfRally: boolean, ctx: MoraleContext): UnitChain<MoraleChainState> {
    let byKey = this.rallies[u.code];
    if (byKey === undefined) {
      byKey = new Map();
      this.rallies[u.code] = byKey;
    }
    let c = byKey.get(key);
    if (c === undefined) {
      c = new UnitChain(buildMoraleChain({ unit: u.unit, start: { kind: 'rally', drm, selfRally }, ctx }));
      byKey.set(key, c);
    }
    return c;
  }

  /**
   * The rout chain (chains/rout-chain.ts, A10.5) of unit `u` of `side` along the side's rout path (no
   * leader, no other DRM, not Encircled), or null when the unit cannot follow the path (`checkRoute`
   * refuses it: e.g. a wounded SMC's 3 MF).
   * @param ctxId UNIT_CODES.ctxId(ctx)
   * Never throws.
   */
  rout(side: SetupSide, u: UnitCode, fromOpenGround: boolean, ctx: MoraleContext, ctxId: number): UnitChain<RoutChainState> | null {
    const memo = this.routable[side.index];
    let ok = memo.get(u.code);
    if (ok === undefined) {
      ok = true;
      try {
        checkRoute(side.route, u.unit, false, 'rout.path');
      } catch {
        ok = false;
      }
      memo.set(u.code, ok);
    }
    if (!ok) return null;
    const key = ((u.code * 2 + side.index) * 2 + (fromOpenGround ? 1 : 0)) * 65536 + ctxId;
    let c = this.routs.get(key);
    if (c === undefined) {
      c = new UnitChain(buildRoutChain({ unit: u.unit, leader: null, route: side.route, otherDRM: 0, encircledStart: false, fromOpenGround, ctx }));
      this.routs.set(key, c);
    }
    return c;
  }

  /** The Integrity Check or ELR regain chain (chains/integrity-chain.ts, A16.2, A16.3) of `spec`. Never throws. */
  integrityChain(spec: IntegrityChainSpec): LazyChain<IntegrityState> {
    // ELRs are integers in [0, 5]; a DRM beyond [-64, 63] (never met) gets a key of its own string.
    const key =
      spec.drm >= -64 && spec.drm < 64 && spec.elr >= 0 && spec.elr < 8 && spec.startingELR >= 0 && spec.startingELR < 8 && Number.isInteger(spec.drm)
        ? (((spec.kind === 'check' ? 0 : 1) * 128 + spec.drm + 64) * 8 + spec.elr) * 8 + spec.startingELR
        : `${spec.kind}:${spec.drm}:${spec.elr}:${spec.startingELR}`;
    let c = this.integrity.get(key);
    if (c === undefined) {
      c = new LazyChain(buildIntegrityChain(spec));
      this.integrity.set(key, c);
    }
    return c;
  }
}

const BY_SETUP = new WeakMap<ScenarioSetup, ScenarioChains>();

/** The chains of a compiled scenario, made on first use and kept while the setup lives. Never throws. */
export function chainsFor(setup: ScenarioSetup): ScenarioChains {
  let c = BY_SETUP.get(setup);
  if (c === undefined) {
    c = new ScenarioChains(setup);
    BY_SETUP.set(setup, c);
  }
  return c;
}
