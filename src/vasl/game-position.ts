/**
 * The position of a game: every piece and stack after a save's commands and, for a VASL log
 * (`.vlog`), after its logged commands replayed in order: the log's final position.
 *
 * The commands replayed (VASSAL BasicCommandEncoder, vassalengine/vassal, LGPL; each a `/`-joined
 * SequenceEncoder string):
 * - AddPiece `+/id/type/state`: a piece, or a stack (`stack`, state `map;x;y;id1;id2...`, bottom first);
 *   a stack takes its members out of the stacks they were in.
 * - RemovePiece `-/id`.
 * - ChangePiece `D/id/newState[/oldState]`: the piece's (or stack's) new state.
 * - MovePiece `M/id/newMap/x/y/underneathId/oldMap/oldX/oldY/oldUnderneathId/playerId` (MovePiece.java):
 *   the piece (or stack) leaves its stack; with an `underneathId` it goes onto that piece's stack, just
 *   above it; else it stands alone at (x, y) of the new map (`null`: off every map).
 * Other commands (chat, dice, notes, turn markers) change no piece.
 */
import { buildPiece, type Piece, type Stack } from './pieces.js';
import { SequenceDecoder } from './sequence-decoder.js';

/** Every piece with its stack: stacks bottom to top, and the pieces outside any stack. */
export interface GamePosition {
  /** Pieces by id (each at its own map and point when not in a stack). */
  readonly pieces: ReadonlyMap<string, Piece>;
  /** Stacks with at least one member, members bottom first (ids of `pieces`). */
  readonly stacks: readonly Stack[];
}

/**
 * The position after `save`'s commands, then `log`'s.
 * @param onPiece called with each AddPiece or ChangePiece command before it is read (the caller bounds
 *   its size and work; it may throw)
 * @throws what `onPiece` throws, and FieldLimitError (pieces.ts) for a piece past its field bounds
 * Cost: O(commands x stack height).
 */
export function replayPosition(save: readonly string[], log: readonly string[], onPiece: (command: string, piece: Piece | Stack | null) => void): GamePosition {
  const pieces = new Map<string, Piece>();
  const types = new Map<string, string>();
  const stacks = new Map<string, { map: string | null; x: number; y: number; members: string[] }>();
  const parent = new Map<string, string>();
  let synthetic = 0;

  const leave = (id: string) => {
    const s = parent.get(id);
    if (s === undefined) return;
    parent.delete(id);
    const st = stacks.get(s);
    if (st === undefined) return;
    const i = st.members.indexOf(id);
    if (i >= 0) st.members.splice(i, 1);
  };
  const setStack = (id: string, map: string | null, x: number, y: number, members: readonly string[]) => {
    const old = stacks.get(id);
    if (old) for (const m of old.members) parent.delete(m);
    const list: string[] = [];
    for (const m of members) {
      if (m === id || list.includes(m)) continue;
      leave(m);
      list.push(m);
      parent.set(m, id);
    }
    stacks.set(id, { map, x, y, members: list });
  };
  const add = (id: string, type: string, state: string, command: string) => {
    const p = buildPiece(id, type, state);
    onPiece(command, p);
    if (p === null || id === '') return;
    if (p.kind === 'stack') setStack(id, p.map, p.x, p.y, p.members);
    else {
      pieces.set(id, p);
      types.set(id, type);
    }
  };

  for (const c of save) {
    if (!c.startsWith('+/')) continue;
    const d = new SequenceDecoder(c.slice(2), '/');
    const raw = d.nextOr('');
    add(raw === 'null' ? '' : raw, d.nextOr(''), d.nextOr(''), c);
  }
  for (const c of log) {
    const d = new SequenceDecoder(c.slice(2), '/');
    if (c.startsWith('+/')) {
      const raw = d.nextOr('');
      add(raw === 'null' ? '' : raw, d.nextOr(''), d.nextOr(''), c);
    } else if (c.startsWith('-/')) {
      const id = d.nextOr('');
      leave(id);
      pieces.delete(id);
      const st = stacks.get(id);
      if (st) {
        for (const m of st.members) {
          parent.delete(m);
          pieces.delete(m);
        }
        stacks.delete(id);
      }
    } else if (c.startsWith('D/')) {
      const id = d.nextOr('');
      const state = d.nextOr('');
      if (stacks.has(id)) add(id, 'stack', state, c);
      else if (types.has(id)) add(id, types.get(id)!, state, c);
    } else if (c.startsWith('M/')) {
      const id = d.nextOr('');
      const mapId = d.nextOr('null');
      const map = mapId === 'null' || mapId === '' ? null : mapId;
      const x = d.nextInt(0);
      const y = d.nextInt(0);
      const under = d.nextOr('null');
      const isStack = stacks.has(id);
      const moved = isStack ? [...stacks.get(id)!.members] : pieces.has(id) ? [id] : [];
      if (moved.length === 0) continue;
      const target = under !== 'null' && under !== id && pieces.has(under) && !moved.includes(under) ? under : undefined;
      if (isStack) {
        for (const m of moved) parent.delete(m);
        stacks.delete(id);
      } else leave(id);
      if (map === null) {
        for (const m of moved) pieces.set(m, { ...pieces.get(m)!, map: null });
        continue;
      }
      if (target !== undefined) {
        let s = parent.get(target);
        if (s === undefined) {
          const t = pieces.get(target)!;
          s = `moved-${++synthetic}`;
          setStack(s, t.map, t.x, t.y, [target]);
        }
        const st = stacks.get(s)!;
        st.members.splice(st.members.indexOf(target) + 1, 0, ...moved);
        for (const m of moved) parent.set(m, s);
      } else if (!isStack) {
        pieces.set(id, { ...pieces.get(id)!, map, x, y });
      } else {
        setStack(id, map, x, y, moved);
      }
    }
  }
  const out: Stack[] = [];
  for (const [id, s] of stacks) {
    const members = s.members.filter((m) => pieces.has(m));
    if (members.length > 0) out.push({ kind: 'stack', id, map: s.map, x: s.x, y: s.y, members });
  }
  return { pieces, stacks: out };
}
