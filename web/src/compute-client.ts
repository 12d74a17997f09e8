/**
 * The page's side of the compute worker: one request at a time; a newer request replaces an older one
 * (a worker still busy on a stale question is terminated and replaced, so a slow exact answer never
 * delays the next input's). The same question asked again while it is computing, or right after its
 * answer, gets that answer: the first question is asked by boot.ts before the page has loaded, and
 * again by the rendered page.
 */
import type { Entry } from './fragment.js';
import { questionKey, resolveState } from './page-state.js';
import type { BootState, ComputeReply, ComputeRequest } from './protocol.js';

/** The reply, with the time from request to reply on the page's clock (ms). */
export type TimedReply = ComputeReply & { readonly roundTripMs: number };

export class ComputeClient {
  private worker: Worker | null = null;
  private busy = false;
  private nextId = 1;
  private pending: { id: number; key: string; t0: number; resolve: (r: TimedReply | null) => void; promise: Promise<TimedReply | null> } | null = null;
  /** The last answer and its question's key. */
  private last: { key: string; reply: TimedReply } | null = null;

  /** @param boot the worker boot.ts started and its question, taken over (none: the first ask starts one) */
  constructor(boot?: BootState) {
    if (!boot) return;
    const s = resolveState(boot.hash);
    const key = questionKey(s.command, s.entries);
    this.worker = this.listen(boot.worker);
    if (boot.reply) {
      this.last = { key, reply: { ...boot.reply, roundTripMs: performance.now() - boot.t0 } };
      return;
    }
    let resolve!: (r: TimedReply | null) => void;
    const promise = new Promise<TimedReply | null>((r) => (resolve = r));
    this.pending = { id: 0, key, t0: boot.t0, resolve, promise };
    this.busy = true;
  }

  private spawn(): Worker {
    return this.listen(new Worker(new URL('./compute-worker.ts', import.meta.url), { type: 'module', name: 'asl-odds compute' }));
  }

  private listen(w: Worker): Worker {
    w.onmessage = (ev: MessageEvent<ComputeReply>) => {
      this.busy = false;
      const p = this.pending;
      if (!p || p.id !== ev.data.id) return;
      this.pending = null;
      const reply = { ...ev.data, roundTripMs: performance.now() - p.t0 };
      this.last = { key: p.key, reply };
      p.resolve(reply);
    };
    w.onerror = (ev) => {
      this.busy = false;
      const p = this.pending;
      this.pending = null;
      p?.resolve({ id: p.id, kind: 'error', error: { code: 'worker', message: ev.message || 'the compute worker failed' }, ms: 0, roundTripMs: performance.now() - p.t0 });
    };
    return w;
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

  /** Asks for `command` with `entries`; resolves with the reply, or null when a newer request replaced it. */
  ask(command: string, entries: readonly Entry[]): Promise<TimedReply | null> {
    const key = questionKey(command, entries);
    if (this.pending?.key === key) return this.pending.promise;
    // A newer question replaces the one in hand: its answer, when it comes, is dropped (null).
    this.pending?.resolve(null);
    if (this.last?.key === key) {
      this.pending = null;
      return Promise.resolve(this.last.reply);
    }
    if (this.worker && this.busy) {
      this.worker.terminate();
      this.worker = null;
    }
    this.worker ??= this.spawn();
    const id = this.nextId++;
    const req: ComputeRequest = { id, command, entries };
    let resolve!: (r: TimedReply | null) => void;
    const promise = new Promise<TimedReply | null>((r) => (resolve = r));
    this.pending = { id, key, t0: performance.now(), resolve, promise };
    this.busy = true;
    this.worker.postMessage(req);
    return promise;
  }
}
