/**
 * The page's side of the compute worker: one question at a time; a newer question replaces an older
 * one, whose answer is dropped. The same question asked again while it is computing, or right after
 * its answer, gets that answer: the first question is asked by boot.ts before the page has loaded, and
 * again by the rendered page.
 *
 * A worker still busy on a stale question (the player edited the stack before its answer came) is
 * given up to {@link STALE_GRACE_MS} to finish it, and then takes the newer one: a worker that has
 * answered keeps V8's compiled engine and answers a 6-unit 3-leader stack 2-3 times faster than a new
 * one (benchmarks/README.md "The web page: answers while a stack is edited"). Past that it is terminated and replaced, so a slow stale
 * answer never delays the next one by more than that.
 *
 * The browser's Web Worker is behind a {@link WorkerPort} (worker-port.ts makes it), so this policy runs
 * and is tested without a browser (test/web/compute-client.test.ts).
 */
import type { Entry } from './fragment.js';
import { questionKey, resolveState } from './page-state.js';
import type { BootState, ComputeReply, ComputeRequest } from './protocol.js';

/** The reply, with the time from request to reply on the page's clock (ms). */
export type TimedReply = ComputeReply & { readonly roundTripMs: number };

/** How long a newer question waits for the worker to finish a stale one before the worker is replaced, ms. */
export const STALE_GRACE_MS = 1000;

/** A compute worker as the client drives it: questions in; replies and failures go to the callbacks it was connected with. */
export interface WorkerPort {
  post(request: ComputeRequest): void;
  /** Stops the worker at once; it sends nothing more. */
  terminate(): void;
}

/**
 * Connects to a compute worker: `existing` (boot.ts's) when given, else a new one; its replies go to
 * `onReply`, a failure of the worker itself (not of a question: those are replies) to `onFailure`.
 */
export type ConnectWorker = (onReply: (reply: ComputeReply) => void, onFailure: (message: string) => void, existing?: BootState['worker']) => WorkerPort;

/** A question asked: `sent` once the worker has it (false while it waits for the worker to finish a stale one). */
interface Question {
  readonly id: number;
  readonly key: string;
  readonly t0: number;
  readonly request: ComputeRequest | null;
  sent: boolean;
  readonly resolve: (r: TimedReply | null) => void;
  readonly promise: Promise<TimedReply | null>;
}

export class ComputeClient {
  private port: WorkerPort | null = null;
  /** The worker is computing (the question in hand, or a stale one). */
  private busy = false;
  /** While `busy`: the question the worker is on (its id, key and when it was sent). */
  private computing: { readonly id: number; readonly key: string; readonly t0: number } | null = null;
  private nextId = 1;
  /** The question in hand: computing, or waiting for the worker. */
  private pending: Question | null = null;
  /** The last answer and its question's key. */
  private last: { key: string; reply: TimedReply } | null = null;
  /** Set while a question waits for the worker to finish a stale one: replaces the worker when it fires. */
  private grace: ReturnType<typeof setTimeout> | undefined;

  /**
   * @param boot the worker boot.ts started and its question, taken over (none: the first ask starts one)
   * @param connect connects to the worker (worker-port.ts `connectWebWorker` on the page)
   */
  constructor(
    boot: BootState | undefined,
    private readonly connect: ConnectWorker,
  ) {
    if (!boot) return;
    const s = resolveState(boot.hash);
    const key = questionKey(s.command, s.entries);
    this.port = this.open(boot.worker);
    if (boot.reply) {
      this.last = { key, reply: { ...boot.reply, roundTripMs: performance.now() - boot.t0 } };
      return;
    }
    this.pending = question(0, key, boot.t0, null);
    this.pending.sent = true;
    this.busy = true;
    this.computing = { id: 0, key, t0: boot.t0 };
  }

  /** A port to `existing` or a new worker, whose messages count only while it is the client's port. */
  private open(existing?: BootState['worker']): WorkerPort {
    const port: WorkerPort = this.connect(
      (reply) => {
        if (this.port === port) this.replied(reply);
      },
      (message) => {
        if (this.port === port) this.failed(message);
      },
      existing,
    );
    return port;
  }

  private replied(reply: ComputeReply): void {
    this.busy = false;
    this.computing = null;
    const p = this.pending;
    if (p && p.sent && p.id === reply.id) {
      this.pending = null;
      const timed = { ...reply, roundTripMs: performance.now() - p.t0 };
      this.last = { key: p.key, reply: timed };
      p.resolve(timed);
      return;
    }
    // A stale question's answer: dropped; the worker, free again, takes the question waiting.
    if (p && !p.sent) this.send(p);
  }

  private failed(message: string): void {
    this.busy = false;
    this.computing = null;
    const p = this.pending;
    if (p && !p.sent) {
      // It failed on a stale question: the one waiting goes to a new worker.
      this.replace();
      this.send(p);
      return;
    }
    this.pending = null;
    p?.resolve({ id: p.id, kind: 'error', error: { code: 'worker', message: message || 'the compute worker failed' }, ms: 0, roundTripMs: performance.now() - p.t0 });
  }

  /** Terminates the worker (a new one is started by the next `send`). */
  private replace(): void {
    this.port?.terminate();
    this.port = null;
    this.busy = false;
    this.computing = null;
  }

  private send(q: Question): void {
    clearTimeout(this.grace);
    this.grace = undefined;
    this.port ??= this.open();
    q.sent = true;
    this.busy = true;
    this.computing = { id: q.id, key: q.key, t0: q.t0 };
    this.port.post(q.request!);
  }

  /** The answer to `command` with `entries` if it is already here (the last one asked), else null. */
  answered(command: string, entries: readonly Entry[]): TimedReply | null {
    return this.last?.key === questionKey(command, entries) ? this.last.reply : null;
  }

  /** Resolves when the question in hand is answered (at once when none is), or after `ms`, whichever comes first. */
  settled(ms: number): Promise<void> {
    const p = this.pending;
    if (!p) return Promise.resolve();
    return Promise.race([p.promise.then(() => undefined), new Promise<void>((r) => setTimeout(r, ms))]);
  }

  /**
   * Asks for `command` with `entries`; resolves with the reply, or null when a newer question replaced
   * it. Sent at once when the worker is free; else when it has finished the stale question, or after
   * {@link STALE_GRACE_MS} from the first question that found it busy, to a new worker. The question the
   * worker is still on (asked again after an edit undone) is not sent again: its answer is awaited.
   */
  ask(command: string, entries: readonly Entry[]): Promise<TimedReply | null> {
    const key = questionKey(command, entries);
    if (this.pending?.key === key) return this.pending.promise;
    // A newer question replaces the one in hand: its answer, when it comes, is dropped (null).
    this.pending?.resolve(null);
    this.pending = null;
    if (this.last?.key === key) return Promise.resolve(this.last.reply);
    const c = this.computing;
    if (c !== null && c.key === key) {
      // Back to the question the worker is still on (an edit undone before its answer): its answer,
      // when it comes, is this one's; nothing waits for the worker any more.
      clearTimeout(this.grace);
      this.grace = undefined;
      this.pending = question(c.id, key, c.t0, null);
      this.pending.sent = true;
      return this.pending.promise;
    }
    const id = this.nextId++;
    const q = question(id, key, performance.now(), { id, command, entries });
    this.pending = q;
    if (!this.busy) this.send(q);
    else
      this.grace ??= setTimeout(() => {
        this.grace = undefined;
        const w = this.pending;
        if (w && !w.sent) {
          this.replace();
          this.send(w);
        }
      }, STALE_GRACE_MS);
    return q.promise;
  }
}

/** A new question, not yet sent. */
function question(id: number, key: string, t0: number, request: ComputeRequest | null): Question {
  let resolve!: (r: TimedReply | null) => void;
  const promise = new Promise<TimedReply | null>((r) => (resolve = r));
  return { id, key, t0, request, sent: false, resolve, promise };
}
