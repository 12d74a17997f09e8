/**
 * MMC rows: squads, half-squads (HS) and crews of every nationality, as data with provenance.
 *
 * Sources: A1.12 (classes), A10.2 EX (a broken 6-5-8 has ML 9), A25.1 (German Replacement ladder oracle:
 * 4-6-8 > 4-6-7 > 4-4-7 > 4-3-6 and 5-4-8 > 4-4-7 > 4-3-6), A15.3 EX (German 2-4-7 HS > 2-4-8 HS, the SS
 * 3-4-8 HS exists), docs/rules-notes.md §9, and the scenario data of the public jASL project
 * (craigonic/jasl, "The Guards Counterattack": German 4-6-7 BPV 8, Russian 4-4-7 BPV 7, Russian 6-2-8
 * BPV 12; every unit's broken ML equal to its ML).
 *
 * Rules applied when building the rows (so the data below states each fact once):
 * - Strength Factor `F-R-M` in the name gives fp, range and ml (A1.12 counter layout).
 * - Broken ML: the row's `brokenML` when given, else the ML (unverified default, low; jASL does the
 *   same), except non-elite Italians: ML - 1 (docs/rules-notes.md §9, medium).
 * - HS: same nationality, class and traits as its squad; broken ML = the squad's broken ML - 1
 *   (docs/rules-notes.md §9); BPV = ceil(squad BPV / 2) (estimate). A HS shared by two squads takes its values from
 *   the first one listed. HS names that are not in docs/rules-notes.md §9 follow the pattern of the known ones
 *   (FP halved rounded down, minimum 1; range 6 or 5 -> 4, 4 -> 3, 3 -> 3, 2 -> 2) and are marked low.
 * - Crews: elite (docs/rules-notes.md §9: "crews are elite with the nationality's elite squad ML"), broken ML = ML.
 *   Deviation: Japanese 1-2-8 with broken ML 7 (public ASLSK notes, gameape/wargame), low. Partisans have
 *   no crew row. The Russian and Finnish 2-2-8 crews (broken ML 8) are read from the VASL module (medium).
 * - Japanese squads have no broken side (G1.11 Step Reduction: a 4-4-8 that would break becomes a 3-4-8,
 *   docs/rules-notes.md §9, medium): their `brokenML` is the ML and unused; the step-reduced squads are rows of
 *   their own and {@link JAPANESE_STEP_REDUCTION} maps each full squad to its step-reduced side.
 * - `selfRallyBox` is false everywhere (no boxed counter verified); Finns Self-Rally by nationality.
 * - BPV (DYO, used by Battlefield Integrity A16): estimates except the three jASL values; all low and
 *   overridable (`withOverrides`).
 *
 * Row order matters: it is the catalog order used to break ladder ties and order suggestions
 * (nationality order of `NATIONALITIES`, squads best class first, then HS, then the crew).
 */
import { CLASS_ORDER, type Confidence, type Nationality, type UnitClass, type UnitProfile, type UnitTraits } from './types.js';

/** One squad as data; its HS row is derived from it. */
interface SquadSpec {
  /** Strength Factor `fp-range-ml`, e.g. `4-6-7`. */
  readonly name: string;
  readonly unitClass: UnitClass;
  /** Name of the HS it Reduces to, e.g. `2-4-7`. */
  readonly hs: string;
  /** Broken-side ML when known; otherwise the default rule above applies. */
  readonly brokenML?: number;
  /** BPV estimate (DYO). */
  readonly bpv: number;
  readonly traits?: UnitTraits;
  /** Source of the squad's values. */
  readonly source: string;
  /** Confidence of the squad's values (class, Strength Factor, broken ML). */
  readonly confidence: Confidence;
  /** Source and confidence of the HS name when they differ from the squad's. */
  readonly hsSource?: string;
  readonly hsConfidence?: Confidence;
}

interface CrewSpec {
  readonly name: string;
  readonly brokenML?: number;
  readonly bpv: number;
  readonly source: string;
  readonly confidence: Confidence;
}

interface NationalMMC {
  readonly squads: readonly SquadSpec[];
  readonly crew?: CrewSpec;
}

const BROKEN_DEFAULT = 'broken ML = ML (unverified default, as in jASL data)';
const HS_PATTERN = 'HS name by the pattern of known HS (unverified)';
const CREW_RULE = 'docs/rules-notes.md §9 (crews elite, ML of the elite squads)';
/**
 * The VASL module's own counter definitions (vasl-developers/vasl 6.7.3), as every VASL save embeds them
 * in each piece's Layers: the level names give the Strength Factor and class letter of a counter, of its
 * HS and of its ELR Replacement; the broken side's art is named `<nat>s8b` (squad, broken ML 8), `<nat>h7b`
 * (HS, 7), `<nat>c8b` (crew, 8). Read from test/fixtures/vasl/Hazmo-52-After-Finn-4.vsav. Medium: a
 * second transcription of the printed counters, not the counters themselves; the broken ML is read from
 * an art file's name.
 */
const VASL_MODULE = 'VASL 6.7.3 module counter definitions (embedded in the fixture save Hazmo-52-After-Finn-4.vsav)';

/** The MMC data. `source` strings name where each row's values come from. */
const MMC_DATA: { readonly [N in Nationality]: NationalMMC } = {
  german: {
    squads: [
      {
        name: '4-6-8', unitClass: 'elite', hs: '2-4-8', bpv: 11,
        source: `docs/rules-notes.md §9 (elite 4-6-8, HS 2-4-8); A25.1 oracle; A15.3 EX (2-4-8); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '5-4-8', unitClass: 'elite', hs: '2-3-8', bpv: 11,
        source: `docs/rules-notes.md §9 (elite 5-4-8); A25.1 oracle; ${BROKEN_DEFAULT}`,
        confidence: 'low',
        hsSource: `${HS_PATTERN}: 2-3-8 (keeps 5-4-8 > 4-4-7 parallel to 2-3-8 > 2-3-7)`,
        hsConfidence: 'low',
      },
      {
        name: '6-5-8', unitClass: 'elite', hs: '3-4-8', brokenML: 9, bpv: 13, traits: { ss: true },
        source: 'docs/rules-notes.md §9 (SS 6-5-8, HS 3-4-8); A10.2 EX (broken 6-5-8 ML 9); A15.3 EX (SS 3-4-8 HS)',
        confidence: 'high',
      },
      {
        name: '8-3-8', unitClass: 'elite', hs: '3-3-8', bpv: 14,
        source: `docs/rules-notes.md §9 (8-3-8 engineers); ${BROKEN_DEFAULT}`,
        confidence: 'low',
        hsSource: 'HS 3-3-8 (engineer HS, from memory; unverified)',
        hsConfidence: 'low',
      },
      {
        name: '4-6-7', unitClass: '1st-line', hs: '2-4-7', bpv: 8,
        source: `docs/rules-notes.md §9 (1st Line 4-6-7, HS 2-4-7); A25.1 oracle; A15.3 EX (2-4-7); BPV 8 jASL; ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '4-4-7', unitClass: '2nd-line', hs: '2-3-7', bpv: 7,
        source: `docs/rules-notes.md §9 (2nd Line 4-4-7); A25.1 oracle; ${BROKEN_DEFAULT}`,
        confidence: 'low',
        hsSource: `${HS_PATTERN}: 2-3-7`,
        hsConfidence: 'low',
      },
      {
        name: '4-3-6', unitClass: 'green', hs: '2-3-6', bpv: 6,
        source: `docs/rules-notes.md §9 (Green 4-3-6); A25.1 oracle (no German Conscript); ${BROKEN_DEFAULT}`,
        confidence: 'low',
        hsSource: `${HS_PATTERN}: 2-3-6`,
        hsConfidence: 'low',
      },
    ],
    crew: { name: '2-2-8', bpv: 5, source: `${CREW_RULE}: 2-2-8`, confidence: 'medium' },
  },
  russian: {
    squads: [
      {
        name: '6-2-8', unitClass: 'elite', hs: '3-2-8', bpv: 12,
        source: `docs/rules-notes.md §9 (Guards 6-2-8, medium); BPV 12 jASL; ${BROKEN_DEFAULT}`,
        confidence: 'low',
        hsSource: `HS 3-2-8: ${VASL_MODULE} ('6-2-8 Esq' > '3-2-8 Ehs'; its Replacement levels 5-2-7 1sq / 2-2-7 1hs, not in the catalog)`,
        hsConfidence: 'medium',
      },
      {
        name: '4-5-8', unitClass: 'elite', hs: '2-4-8', bpv: 10,
        source: `docs/rules-notes.md §9 (Guards 4-5-8, medium); ${BROKEN_DEFAULT}`,
        confidence: 'low',
        hsSource: `HS 2-4-8: ${VASL_MODULE} ('4-5-8 Esq' > '2-4-8 Ehs')`,
        hsConfidence: 'medium',
      },
      {
        name: '4-4-7', unitClass: '1st-line', hs: '2-3-7', bpv: 7,
        source: `docs/rules-notes.md §9 (1st Line 4-4-7, medium); BPV 7 jASL; ${BROKEN_DEFAULT}`,
        confidence: 'low',
        hsSource: `HS 2-3-7: ${VASL_MODULE} ('4-4-7 1sq' > '2-3-7 1hs')`,
        hsConfidence: 'medium',
      },
      {
        name: '4-2-6', unitClass: 'conscript', hs: '2-2-6', bpv: 5,
        source: `docs/rules-notes.md §9 (Conscript 4-2-6, medium); ${BROKEN_DEFAULT}`,
        confidence: 'low',
        hsSource: `HS 2-2-6: ${VASL_MODULE} ('4-2-6 Csq' > '2-2-6 Chs')`,
        hsConfidence: 'medium',
      },
    ],
    crew: {
      name: '2-2-8', brokenML: 8, bpv: 5,
      source:
        `${CREW_RULE}: 2-2-8; ${VASL_MODULE}: '2-2-8 Icr' (ru/ru228C.svg), broken side ru/ruc8b.svg (broken ML 8). ` +
        'Replaces an earlier 2-2-7 of unknown origin (a 2-2-7 is the Russian 1st Line HS of the 5-2-7 in VASL, not a crew)',
      confidence: 'medium',
    },
  },
  american: {
    squads: [
      {
        name: '7-4-7', unitClass: 'elite', hs: '3-4-7', bpv: 12,
        source: `docs/rules-notes.md §9 (US 7-4-7, low); class elite our choice; ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '7-6-7', unitClass: 'elite', hs: '3-4-7', bpv: 13,
        source: `docs/rules-notes.md §9 (US 7-6-7, low); class elite our choice; ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '6-6-7', unitClass: '1st-line', hs: '3-3-7', bpv: 10,
        source: `docs/rules-notes.md §9 (US 6-6-7, low); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '6-6-6', unitClass: 'green', hs: '3-3-6', bpv: 8,
        source: `docs/rules-notes.md §9 (US 6-6-6, low); class green our choice; ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
    ],
    crew: { name: '2-2-7', bpv: 5, source: `${CREW_RULE}: 2-2-7`, confidence: 'low' },
  },
  british: {
    squads: [
      {
        name: '6-4-8', unitClass: 'elite', hs: '3-3-8', bpv: 12,
        source: `docs/rules-notes.md §9 (British 6-4-8, low); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '4-5-8', unitClass: 'elite', hs: '2-4-8', bpv: 10,
        source: `docs/rules-notes.md §9 (British 4-5-8, low); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '4-5-7', unitClass: '1st-line', hs: '2-4-7', bpv: 8,
        source: `docs/rules-notes.md §9 (British 4-5-7, low); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '4-4-7', unitClass: '2nd-line', hs: '2-3-7', bpv: 7,
        source: `docs/rules-notes.md §9 (British 4-4-7, low); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '4-3-6', unitClass: 'green', hs: '2-3-6', bpv: 6,
        source: `docs/rules-notes.md §9 (British 4-3-6, low); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
    ],
    crew: { name: '2-2-8', bpv: 5, source: `${CREW_RULE}: 2-2-8`, confidence: 'low' },
  },
  italian: {
    squads: [
      {
        name: '4-4-7', unitClass: 'elite', hs: '2-3-7', bpv: 8,
        source: `docs/rules-notes.md §9 (Italian elite 4-4-7, medium); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '3-4-7', unitClass: '1st-line', hs: '1-3-7', bpv: 6,
        source: 'docs/rules-notes.md §9 (Italian 1st Line 3-4-7; non-elite broken ML one lower, medium)',
        confidence: 'medium',
        hsSource: `${HS_PATTERN}: 1-3-7`,
        hsConfidence: 'low',
      },
      {
        name: '3-3-6', unitClass: 'conscript', hs: '1-3-6', bpv: 4,
        source: 'docs/rules-notes.md §9 (Italian Conscript 3-3-6; non-elite broken ML one lower, medium)',
        confidence: 'medium',
        hsSource: `${HS_PATTERN}: 1-3-6`,
        hsConfidence: 'low',
      },
    ],
    crew: { name: '2-2-7', bpv: 4, source: `${CREW_RULE}: 2-2-7`, confidence: 'low' },
  },
  japanese: {
    squads: [
      {
        name: '4-4-8', unitClass: 'elite', hs: '2-3-8', bpv: 11,
        source: 'docs/rules-notes.md §9 (Japanese 4-4-8 > 3-4-8 > 2-3-8 HS, medium); no broken side (G1.11): brokenML unused',
        confidence: 'medium',
      },
      {
        name: '3-4-8', unitClass: 'elite', hs: '2-3-8', bpv: 9,
        source: 'docs/rules-notes.md §9 (step-reduced side of the 4-4-8, medium); no broken side: brokenML unused',
        confidence: 'medium',
      },
      {
        name: '4-4-7', unitClass: '1st-line', hs: '2-3-7', bpv: 9,
        source: 'Japanese 1st Line 4-4-7 (unverified); no broken side: brokenML unused',
        confidence: 'low',
      },
      {
        name: '3-4-7', unitClass: '1st-line', hs: '2-3-7', bpv: 7,
        source: 'step-reduced side of the Japanese 4-4-7 (unverified); no broken side: brokenML unused',
        confidence: 'low',
      },
      {
        name: '3-3-6', unitClass: 'conscript', hs: '1-3-6', bpv: 5,
        source: 'Japanese Conscript 3-3-6 (unverified); no broken side: brokenML unused',
        confidence: 'low',
      },
    ],
    crew: {
      name: '1-2-8', brokenML: 7, bpv: 5,
      source: 'Japanese crew 1-2-8, broken 1-2-7 (public ASLSK notes, gameape/wargame; unverified)',
      confidence: 'low',
    },
  },
  finnish: {
    squads: [
      {
        name: '8-3-8', unitClass: 'elite', hs: '3-3-8', brokenML: 8, bpv: 14,
        source: `${VASL_MODULE}: '8-3-8 Esq' (fi/fi838S.svg, Elite), its HS '3-3-8 Ehs' (fi/fi338H.svg), broken side fi/fis8b.svg (broken ML 8), no ELR-Replacement level`,
        confidence: 'medium',
      },
      {
        name: '6-4-8', unitClass: '1st-line', hs: '2-4-8', brokenML: 8, bpv: 12,
        source:
          `${VASL_MODULE}: '6-4-8 1sq' (fi/fi648S.svg, 1st Line), its HS '2-4-8 1hs' (fi/fi248H.svg), broken side fi/fis8b.svg ` +
          "(broken ML 8); VASL's ELR-Replacement level is '5-3-8 Gsq' (Green), which the catalog does not hold: A19.13 by rule picks the 2nd Line 4-4-7 below (see docs/rules-notes.md §9)",
        confidence: 'medium',
      },
      {
        name: '5-4-8', unitClass: '1st-line', hs: '2-3-8', bpv: 10,
        source: `docs/rules-notes.md §9 (Finnish 5-4-8, low); class 1st Line our choice; ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '4-4-7', unitClass: '2nd-line', hs: '2-3-7', bpv: 8,
        source: `docs/rules-notes.md §9 (Finnish 4-4-7, low); class 2nd Line our choice; ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
      {
        name: '4-3-6', unitClass: 'conscript', hs: '2-3-6', bpv: 6,
        source: `Finnish Conscript 4-3-6 (unverified; Finnish Conscripts exist, A7.9 cowering); ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
    ],
    crew: {
      name: '2-2-8', brokenML: 8, bpv: 5,
      source: `${CREW_RULE}: 2-2-8; ${VASL_MODULE}: '2-2-8 Icr' (fi/fi228C.svg), broken side fi/fic8b.svg (broken ML 8)`,
      confidence: 'medium',
    },
  },
  french: {
    squads: [
      { name: '4-5-8', unitClass: 'elite', hs: '2-4-8', bpv: 10, source: `French elite 4-5-8 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-5-7', unitClass: '1st-line', hs: '2-4-7', bpv: 8, source: `French 1st Line 4-5-7 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-4-7', unitClass: '2nd-line', hs: '2-3-7', bpv: 7, source: `French 2nd Line 4-4-7 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-3-6', unitClass: 'green', hs: '2-3-6', bpv: 6, source: `French Green 4-3-6 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
    ],
    crew: { name: '2-2-8', bpv: 5, source: `${CREW_RULE}: 2-2-8`, confidence: 'low' },
  },
  partisan: {
    squads: [
      {
        name: '3-3-7', unitClass: '1st-line', hs: '1-3-7', bpv: 6,
        source: `Partisan 3-3-7 (unverified); never Elite/Inexperienced (docs/rules-notes.md §9): class 1st Line, neutral; ${BROKEN_DEFAULT}`,
        confidence: 'low',
      },
    ],
  },
  'axis-minor': {
    squads: [
      { name: '4-5-8', unitClass: 'elite', hs: '2-4-8', bpv: 9, source: `Axis Minor elite 4-5-8 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-5-7', unitClass: '1st-line', hs: '2-4-7', bpv: 7, source: `Axis Minor 1st Line 4-5-7 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-4-7', unitClass: '2nd-line', hs: '2-3-7', bpv: 6, source: `Axis Minor 2nd Line 4-4-7 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-3-6', unitClass: 'green', hs: '2-3-6', bpv: 5, source: `Axis Minor Green 4-3-6 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
    ],
    crew: { name: '2-2-8', bpv: 4, source: `${CREW_RULE}: 2-2-8`, confidence: 'low' },
  },
  'allied-minor': {
    squads: [
      { name: '4-5-8', unitClass: 'elite', hs: '2-4-8', bpv: 9, source: `Allied Minor elite 4-5-8 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-5-7', unitClass: '1st-line', hs: '2-4-7', bpv: 7, source: `Allied Minor 1st Line 4-5-7 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-4-7', unitClass: '2nd-line', hs: '2-3-7', bpv: 6, source: `Allied Minor 2nd Line 4-4-7 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
      { name: '4-3-6', unitClass: 'green', hs: '2-3-6', bpv: 5, source: `Allied Minor Green 4-3-6 (unverified); ${BROKEN_DEFAULT}`, confidence: 'low' },
    ],
    crew: { name: '2-2-8', bpv: 4, source: `${CREW_RULE}: 2-2-8`, confidence: 'low' },
  },
};

/**
 * Japanese Step Reduction (G1.11; docs/rules-notes.md §9, medium for 4-4-8, low for 4-4-7): full squad id ->
 * step-reduced squad id. A Japanese squad that would break is exchanged for the step-reduced squad;
 * the resolver applies it (the catalog only records the pairs).
 */
export const JAPANESE_STEP_REDUCTION: ReadonlyMap<string, string> = new Map([
  ['japanese/4-4-8', 'japanese/3-4-8'],
  ['japanese/4-4-7', 'japanese/3-4-7'],
]);

const RANK: { readonly [C in Confidence]: number } = { high: 2, medium: 1, low: 0 };

/** The lower of two confidences. Never throws. */
export function minConfidence(a: Confidence, b: Confidence): Confidence {
  return RANK[a] <= RANK[b] ? a : b;
}

/**
 * Parses a printed Strength Factor `fp-range-ml` (each a non-negative integer).
 * @param name e.g. `4-6-7`
 * @returns `{ fp, range, ml }`
 * @throws Error when `name` is not of that form (a data bug, never user input).
 * @example parseStrengthFactor('4-6-7') // { fp: 4, range: 6, ml: 7 }
 */
export function parseStrengthFactor(name: string): { fp: number; range: number; ml: number } {
  const m = /^(\d+)-(\d+)-(\d+)$/.exec(name);
  if (m === null) throw new Error(`counter data: bad Strength Factor '${name}'`);
  return { fp: Number(m[1]), range: Number(m[2]), ml: Number(m[3]) };
}

function freezeProfile(p: UnitProfile): UnitProfile {
  Object.freeze(p.traits);
  return Object.freeze(p);
}

function defaultBrokenML(nat: Nationality, unitClass: UnitClass, ml: number): number {
  return nat === 'italian' && unitClass !== 'elite' ? ml - 1 : ml;
}

function buildNationality(nat: Nationality, data: NationalMMC): UnitProfile[] {
  const squads: UnitProfile[] = [];
  const hs = new Map<string, UnitProfile>();
  for (const s of data.squads) {
    if (!CLASS_ORDER.includes(s.unitClass)) throw new Error(`counter data: bad class for ${nat}/${s.name}`);
    const sf = parseStrengthFactor(s.name);
    const brokenML = s.brokenML ?? defaultBrokenML(nat, s.unitClass, sf.ml);
    const hsId = `${nat}/${s.hs}`;
    squads.push(
      freezeProfile({
        id: `${nat}/${s.name}`,
        name: s.name,
        nationality: nat,
        kind: 'squad',
        unitClass: s.unitClass,
        ...sf,
        brokenML,
        leadershipDRM: 0,
        selfRallyBox: false,
        bpv: s.bpv,
        reducedTo: hsId,
        traits: { ...(s.traits ?? {}) },
        source: `${s.source}; BPV ${s.bpv} estimate (low)`,
        confidence: s.confidence,
      }),
    );
    if (!hs.has(hsId)) {
      const hsf = parseStrengthFactor(s.hs);
      const hsBpv = Math.ceil(s.bpv / 2);
      const hsConfidence = minConfidence(s.confidence, s.hsConfidence ?? s.confidence);
      hs.set(
        hsId,
        freezeProfile({
          id: hsId,
          name: s.hs,
          nationality: nat,
          kind: 'hs',
          unitClass: s.unitClass,
          ...hsf,
          brokenML: brokenML - 1,
          leadershipDRM: 0,
          selfRallyBox: false,
          bpv: hsBpv,
          traits: { ...(s.traits ?? {}) },
          source:
            `HS of ${nat}/${s.name}: ${s.hsSource ?? s.source}; broken ML = squad broken ML - 1 ` +
            `(docs/rules-notes.md §9); BPV ${hsBpv} = ceil(squad BPV / 2) estimate (low)`,
          confidence: hsConfidence,
        }),
      );
    } else {
      const prev = hs.get(hsId)!;
      if (prev.unitClass !== s.unitClass) throw new Error(`counter data: ${hsId} is the HS of squads of two classes`);
    }
  }
  const rows = [...squads, ...hs.values()];
  if (data.crew !== undefined) {
    const c = data.crew;
    const sf = parseStrengthFactor(c.name);
    rows.push(
      freezeProfile({
        id: `${nat}/${c.name}`,
        name: c.name,
        nationality: nat,
        kind: 'crew',
        unitClass: 'elite',
        ...sf,
        brokenML: c.brokenML ?? sf.ml,
        leadershipDRM: 0,
        selfRallyBox: false,
        bpv: c.bpv,
        traits: {},
        source: `${c.source}; broken ML ${c.brokenML === undefined ? '= ML (unverified default)' : c.brokenML}; BPV ${c.bpv} estimate (low)`,
        confidence: c.confidence,
      }),
    );
  }
  return rows;
}

/**
 * Builds every MMC row (squads, HS, crews) of every nationality, in catalog order. Pure; the catalog
 * calls it once at module load.
 * @param nationalities the nationality order, normally `NATIONALITIES`.
 * @returns frozen {@link UnitProfile} rows.
 * @throws Error on a data bug (bad Strength Factor, a HS shared by two classes).
 */
export function buildMMCRows(nationalities: readonly Nationality[]): UnitProfile[] {
  return nationalities.flatMap((n) => buildNationality(n, MMC_DATA[n]));
}
