/**
 * Fair play: a saved game as one player sees it on the VASL screen. A save holds every counter, among
 * them what VASL shows the opponent only as a "?" (concealed units, A12) or not at all (units set up
 * hidden, HIP); the reader (read-game.ts) applies this rule to every piece before anything else reads
 * it, so no command and no page can show more than the player's own eyes would.
 *
 * Pipeline: the save's pieces -> {@link secrecyOf} each (who concealed or hid it, its nationality) ->
 * {@link resolveViewer} (`--as`: a nationality or the player's VASL id) -> {@link seenAs} per piece:
 * `shown` (identified; own concealed or hidden units are marked), `question` (an enemy "?": counted,
 * never identified; a Dummy and a concealed unit look alike; everything under an enemy "?" counter is
 * one too, {@link seenStack}), `absent` (an enemy HIP unit: not there).
 *
 * How VASL marks it (sources, LGPL):
 * - VASSAL `Hideable` (vassalengine/vassal, VASSAL/counters/Hideable.java; trait id `hide;`): its state
 *   is `hiddenBy`, the id of the player who hid the piece, or `null`; a hidden piece is drawn for no one
 *   else (`invisibleToMe`). VASL's HIP command is this trait (named `HIP` in its type).
 * - VASSAL `Obscurable` (VASSAL/counters/Obscurable.java) and VASL's `Concealable` which extends it
 *   (vasl-developers/vasl, VASL/counters/Concealable.java; trait id `conceal;`): the state's first field
 *   is `obscuredBy`, the id of the player who concealed the unit, or `null`; its type is
 *   `conceal;key;image;nation[;nation2;marker]`, the nation being the unit's (ASLProperties.NATIONALITY).
 *   A unit concealed to me is drawn as its nation's "?" (drawObscuredToMe) and named `?` (getName).
 * - VASL `Concealment` (VASL/counters/Concealment.java; trait id `concealment;`): the "?" counter itself,
 *   type `concealment;owner;nation`; it conceals the Concealable units of its nation below it in its stack
 *   (canConceal, setConcealed set their `obscuredBy`).
 * - The player id (GameModule.getUserId) is what VASSAL writes as `hiddenBy`, `obscuredBy` and a "?"
 *   counter's owner. A player who names it with `--as` sees what VASL shows that player; asl-odds never
 *   prints another player's id (VASSAL uses it as the player's password).
 */
import { inputError } from '../errors.js';
import { nationalityOf, VASL_NATIONALITIES } from './counter-identities.js';
import type { Piece } from './pieces.js';
import { SequenceDecoder } from './sequence-decoder.js';

/** Who concealed or hid a piece, read from its traits. */
export interface Secrecy {
  /** The id of the player who hid the piece (Hideable `hiddenBy`), or null. */
  readonly hiddenBy: string | null;
  /** The id of the player who concealed the unit (Concealable `obscuredBy`), or null. */
  readonly concealedBy: string | null;
  /** A "?" counter (Concealment): its owner's id, or null when the piece is not one. */
  readonly questionOwner: string | null;
  /** True for a "?" counter (a Concealment trait). */
  readonly isQuestion: boolean;
  /** The VASL nationality prefix (`ru`, `fi`): the Concealable's or Concealment's nation, else the art's. */
  readonly nation: string | undefined;
}

const ownerOf = (s: string): string | null => (s === '' || s === 'null' ? null : s);

/**
 * The secrecy of a piece. Never throws.
 * @example secrecyOf(<the fixture's concealed Finnish 6-4-8>) // { concealedBy: 'rus_player', nation: 'fi', ... }
 */
export function secrecyOf(p: Piece): Secrecy {
  let hiddenBy: string | null = null;
  let concealedBy: string | null = null;
  let questionOwner: string | null = null;
  let isQuestion = false;
  let nation: string | undefined;
  for (const t of p.traits) {
    if (t.id === 'hide') hiddenBy ??= ownerOf(t.state.trim());
    else if (t.id === 'conceal') {
      concealedBy ??= ownerOf(new SequenceDecoder(t.state, ';').nextOr('null').trim());
      const f = new SequenceDecoder(t.type, ';');
      for (let i = 0; i < 3; i++) f.nextOr('');
      nation ??= f.nextOr('').trim() || undefined;
    } else if (t.id === 'concealment') {
      isQuestion = true;
      const f = new SequenceDecoder(t.type, ';');
      f.nextOr('');
      questionOwner = ownerOf(f.nextOr('null').trim());
      nation ??= f.nextOr('').trim() || undefined;
    }
  }
  nation ??= nationalityOf([...p.layers.map((l) => l.image), p.image])?.prefix;
  return { hiddenBy, concealedBy, questionOwner, isQuestion, nation };
}

/** Whose eyes read the save. */
export interface Viewer {
  /** What the player gave (`finnish`, a player id), or null: neither side. */
  readonly as: string | null;
  /** The side in players' words (`Finnish`), or null for a player id or neither side. */
  readonly side: string | null;
  /** The VASL nationality prefixes of that side (`ge` and `ss` for German). */
  readonly nations: ReadonlySet<string>;
  /** The player id given, when `as` named one. */
  readonly playerId: string | null;
}

/** The `as` of a viewer named by a VASL player id: the id itself is a password, never printed back. */
export const PLAYER_ID = 'your VASL player id';

/**
 * The players of a save's roster: name -> id (VASSAL PlayerRoster.encode: `PLAYER TAB id TAB name TAB
 * side`, written with the game when the module has a roster). Never throws.
 */
export function rosterOf(commands: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of commands) {
    if (!c.startsWith('PLAYER\t')) continue;
    const d = new SequenceDecoder(c, '\t');
    d.nextOr('');
    const id = d.nextOr('');
    const name = d.nextOr('').trim();
    if (id !== '' && name !== '' && !out.has(name)) out.set(name, id);
  }
  return out;
}

/** Neither side: no concealed or hidden unit is identified. */
export const NEITHER_SIDE: Viewer = Object.freeze({ as: null, side: null, nations: new Set<string>(), playerId: null });

/** The sides `--as` takes, in players' words, lower case. */
export const SIDE_NAMES: readonly string[] = [...new Set(Object.values(VASL_NATIONALITIES).map((n) => n.side.toLowerCase()))];

/**
 * The viewer named by `as`: a side (its name, `finnish`, `Axis Minor`; the catalog's `axis-minor`; VASL's
 * prefix `fi`), a player's name in the save's roster, or the id of a player of this save (exactly as
 * VASSAL wrote it; VASSAL's id is the player's password, so the result's `as` is {@link PLAYER_ID}).
 * @param playerIds the ids the save records as owners of concealed or hidden pieces
 * @param roster the save's players, name -> id ({@link rosterOf})
 * @throws AslOddsError `vasl.as` (exit 2): neither a side nor a player of this save (the message lists the
 *   sides; it never lists the save's player ids)
 */
export function resolveViewer(as: string | undefined, playerIds: ReadonlySet<string>, option = '--as', roster: ReadonlyMap<string, string> = new Map()): Viewer {
  if (as === undefined) return NEITHER_SIDE;
  const given = as.trim();
  const key = given.toLowerCase().replace(/-/g, ' ');
  const nations = new Set<string>();
  let side: string | null = null;
  for (const [prefix, n] of Object.entries(VASL_NATIONALITIES)) {
    if (key === n.side.toLowerCase() || key === prefix || (n.nationality !== undefined && key === n.nationality.replace(/-/g, ' '))) side = n.side;
  }
  if (side !== null) {
    for (const [prefix, n] of Object.entries(VASL_NATIONALITIES)) if (n.side === side) nations.add(prefix);
    return { as: given, side, nations, playerId: null };
  }
  // A player's name as the save's roster records it (PLAYER commands), or his id itself (never echoed).
  const named = roster.get(given);
  if (named !== undefined) return { as: given, side: null, nations, playerId: named };
  if (given !== '' && playerIds.has(given)) return { as: PLAYER_ID, side: null, nations, playerId: given };
  throw inputError('vasl.as', `${option} '${printableShort(given)}': not a side (${SIDE_NAMES.join(', ')}) nor a VASL player of this save`);
}

const printableShort = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 40);

/** How a piece appears to the viewer. */
export type Seen = 'shown' | 'question' | 'absent';

/**
 * How a piece appears to `viewer` (VASSAL: Hideable.invisibleToMe, Obscurable.obscuredToMe). A piece
 * is the viewer's own when its nation is the viewer's side, or when the viewer's player id concealed or
 * hid it. Never throws.
 * - hidden (HIP) and not own: `absent`;
 * - concealed, or a "?" counter, and not own: `question` (one "?" as VASL draws it);
 * - else `shown`.
 */
export function seenAs(s: Secrecy, viewer: Viewer): Seen {
  const own = (owner: string | null) => (s.nation !== undefined && viewer.nations.has(s.nation)) || (viewer.playerId !== null && owner === viewer.playerId);
  if (s.hiddenBy !== null && !own(s.hiddenBy)) return 'absent';
  if (s.concealedBy !== null && !own(s.concealedBy)) return 'question';
  if (s.isQuestion && !own(s.questionOwner)) return 'question';
  return 'shown';
}

/**
 * How each piece of one stack (bottom first) appears to `viewer`: {@link seenAs}, and every piece below
 * an enemy "?" counter is a "?" too, whatever it is (a concealed stack hides its SW and markers, A12.1;
 * VASL would draw a captured SW or a generic marker under the "?" face up, asl-odds does not). Never throws.
 */
export function seenStack(stack: readonly Secrecy[], viewer: Viewer): Seen[] {
  const out: Seen[] = stack.map((s) => seenAs(s, viewer));
  let covered = false;
  for (let i = stack.length - 1; i >= 0; i--) {
    if (covered && out[i] === 'shown') out[i] = 'question';
    if (stack[i].isQuestion && out[i] === 'question') covered = true;
  }
  return out;
}

/** The player ids a save records (owners of hidden, concealed and "?" pieces). Never throws. */
export function playerIdsOf(all: Iterable<Secrecy>): Set<string> {
  const ids = new Set<string>();
  for (const s of all) for (const id of [s.hiddenBy, s.concealedBy, s.questionOwner]) if (id !== null) ids.add(id);
  return ids;
}
