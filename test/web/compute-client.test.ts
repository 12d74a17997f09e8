/**
 * The page's compute client (web/src/compute-client.ts) without a browser: workers are fakes that record
 * the questions posted to them and answer when the test says. What is checked is the policy: a newer
 * question replaces an older one (its answer dropped); a worker busy on a stale question is kept when it
 * finishes within STALE_GRACE_MS (it keeps V8's compiled engine), replaced past it; the same question
 * twice is asked once, also when the player returns to it while the worker is still on it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComputeClient, STALE_GRACE_MS, type ConnectWorker, type TimedReply } from '../../web/src/compute-client.js';
import { resolveState } from '../../web/src/page-state.js';
import type { BootState, ComputeReply, ComputeRequest } from '../../web/src/protocol.js';

/** A fake compute worker: what it was asked, whether it was stopped, and a way to answer. */
interface FakeWorker {
  readonly posted: ComputeRequest[];
  /** boot.ts's worker, taken over (not made by the client). */
  readonly existing: boolean;
  terminated: boolean;
  /** Sends the reply to question `id` (as the worker would when done). */
  answer(id: number): void;
  fail(message: string): void;
}

/** A `ConnectWorker` that makes fake workers, kept in `workers` in the order made. */
function fakes(): { connect: ConnectWorker; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const connect: ConnectWorker = (onReply, onFailure, existing) => {
    const w: FakeWorker = {
      posted: [],
      existing: existing !== undefined,
      terminated: false,
      answer: (id) => onReply(replyTo(id)),
      fail: (message) => onFailure(message),
    };
    workers.push(w);
    return { post: (r) => void w.posted.push(r), terminate: () => void (w.terminated = true) };
  };
  return { connect, workers };
}

/** A worker's reply to question `id` (an answer the page shows as an error line: enough for the client). */
function replyTo(id: number): ComputeReply {
  return { id, kind: 'error', error: { code: 'test', message: `answer ${id}` }, ms: 1 };
}

const A: [string, string][] = [['unit', 'german/4-6-7']];
const B: [string, string][] = [['unit', 'russian/4-4-7']];
const C: [string, string][] = [['unit', 'american/6-6-6']];

/** The message of a reply (which question it answers). */
const said = (r: TimedReply | null): string | null => (r === null ? null : r.kind === 'error' ? r.error.message : r.kind);

describe('ComputeClient: one question at a time, the worker kept warm', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a question to the worker at once when it is free, and resolves with its reply', async () => {
    const { connect, workers } = fakes();
    const client = new ComputeClient(undefined, connect);
    const a = client.ask('mc', A);
    expect(workers).toHaveLength(1);
    expect(workers[0].posted.map((r) => r.entries)).toEqual([A]);
    workers[0].answer(workers[0].posted[0].id);
    expect(said(await a)).toBe(`answer ${workers[0].posted[0].id}`);
    expect(client.answered('mc', A)).not.toBeNull();
  });

  it('a newer question while the worker is busy waits for it, then goes to the same worker; the older one resolves null', async () => {
    const { connect, workers } = fakes();
    const client = new ComputeClient(undefined, connect);
    const a = client.ask('mc', A);
    const b = client.ask('mc', B);
    expect(await a).toBeNull();
    expect(workers[0].posted).toHaveLength(1); // B waits for A's answer
    vi.advanceTimersByTime(STALE_GRACE_MS - 1);
    workers[0].answer(workers[0].posted[0].id); // A's answer comes: dropped, and B is sent
    expect(workers).toHaveLength(1);
    expect(workers[0].terminated).toBe(false);
    expect(workers[0].posted.map((r) => r.entries)).toEqual([A, B]);
    workers[0].answer(workers[0].posted[1].id);
    expect(said(await b)).toBe(`answer ${workers[0].posted[1].id}`);
    expect(client.answered('mc', A)).toBeNull(); // the stale answer was never taken
  });

  it('past STALE_GRACE_MS from the first question that found it busy, the worker is replaced and the newest question sent to a new one', async () => {
    const { connect, workers } = fakes();
    const client = new ComputeClient(undefined, connect);
    void client.ask('mc', A);
    const b = client.ask('mc', B);
    vi.advanceTimersByTime(STALE_GRACE_MS / 2);
    const c = client.ask('mc', C); // the player edits again: the grace still counts from B
    expect(await b).toBeNull();
    vi.advanceTimersByTime(STALE_GRACE_MS / 2 - 1);
    expect(workers).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(workers[0].terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[1].posted.map((r) => r.entries)).toEqual([C]);
    workers[0].answer(workers[0].posted[0].id); // a message from the replaced worker is ignored
    workers[1].answer(workers[1].posted[0].id);
    expect(said(await c)).toBe(`answer ${workers[1].posted[0].id}`);
  });

  it('back to the answered question while the worker is busy: its answer at once, and the worker is kept for the next', async () => {
    const { connect, workers } = fakes();
    const client = new ComputeClient(undefined, connect);
    const a = client.ask('mc', A);
    workers[0].answer(workers[0].posted[0].id);
    const first = await a;
    const b = client.ask('mc', B);
    expect(await client.ask('mc', A)).toBe(first);
    expect(await b).toBeNull();
    vi.advanceTimersByTime(10 * STALE_GRACE_MS);
    expect(workers[0].terminated).toBe(false); // nothing waits for it: it finishes B in its own time
    workers[0].answer(workers[0].posted[1].id);
    const c = client.ask('mc', C);
    expect(workers).toHaveLength(1);
    expect(workers[0].posted.map((r) => r.entries)).toEqual([A, B, C]);
    workers[0].answer(workers[0].posted[2].id);
    expect(said(await c)).toBe(`answer ${workers[0].posted[2].id}`);
  });

  it('an edit undone before the answer: the question the worker is still on is not asked again, and its answer is taken', async () => {
    const { connect, workers } = fakes();
    const client = new ComputeClient(undefined, connect);
    void client.ask('mc', A);
    const b = client.ask('mc', B); // waits for A
    const a = client.ask('mc', A); // back to A, which the worker is still on
    expect(await b).toBeNull();
    vi.advanceTimersByTime(10 * STALE_GRACE_MS);
    expect(workers).toHaveLength(1); // nothing waits: the worker is kept, however long A takes
    expect(workers[0].terminated).toBe(false);
    workers[0].answer(workers[0].posted[0].id);
    expect(said(await a)).toBe(`answer ${workers[0].posted[0].id}`);
    expect(workers[0].posted.map((r) => r.entries)).toEqual([A]);
    expect(client.answered('mc', A)).not.toBeNull();
  });

  it('the same question asked while it computes is asked once', async () => {
    const { connect, workers } = fakes();
    const client = new ComputeClient(undefined, connect);
    const a1 = client.ask('mc', A);
    const a2 = client.ask('mc', A);
    expect(a2).toBe(a1);
    expect(workers[0].posted).toHaveLength(1);
  });

  it("takes over boot.ts's worker and its question: asked again, it is not sent twice; a different one waits for the boot's answer", async () => {
    const { connect, workers } = fakes();
    const hash = '#/mc?unit=german/4-6-7';
    const boot: BootState = { worker: {} as BootState['worker'], hash, t0: 0, reply: null };
    const client = new ComputeClient(boot, connect);
    expect(workers).toHaveLength(1);
    expect(workers[0].existing).toBe(true);
    const s = resolveState(hash);
    const first = client.ask(s.command, s.entries);
    expect(workers[0].posted).toHaveLength(0); // boot.ts asked it already
    workers[0].answer(0);
    expect(said(await first)).toBe('answer 0');
    const again = new ComputeClient({ ...boot, reply: null }, connect);
    const b = again.ask('mc', B);
    expect(workers[1].posted).toHaveLength(0); // waits for the boot's question
    workers[1].answer(0);
    expect(workers[1].posted.map((r) => r.entries)).toEqual([B]);
    workers[1].answer(workers[1].posted[0].id);
    expect(said(await b)).toBe(`answer ${workers[1].posted[0].id}`);
  });

  it('a worker that fails on a stale question is replaced and the waiting question sent to the new one; a failure on the question in hand is its answer', async () => {
    const { connect, workers } = fakes();
    const client = new ComputeClient(undefined, connect);
    void client.ask('mc', A);
    const b = client.ask('mc', B);
    workers[0].fail('out of memory');
    expect(workers[0].terminated).toBe(true);
    expect(workers[1].posted.map((r) => r.entries)).toEqual([B]);
    workers[1].fail('out of memory');
    const r = await b;
    expect(r?.kind).toBe('error');
    expect(r?.kind === 'error' && r.error).toEqual({ code: 'worker', message: 'out of memory' });
  });
});
