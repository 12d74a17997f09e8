/**
 * The page's side of the compute worker: one request at a time; a newer request replaces an older one
 * (a worker still busy on a stale question is terminated and replaced, so a slow exact answer never
 * delays the next input's).
 */
import type { Entry } from './fragment.js';
import type { ComputeReply, ComputeRequest } from './protocol.js';

/** The reply, with the time from request to reply on the page's clock (ms). */
export type TimedReply = ComputeReply & { readonly roundTripMs: number };

export class ComputeClient {
  private worker: Worker | null = null;
  private busy = false;
  private nextId = 1;
  private pending: { id: number; t0: number; resolve: (r: TimedReply | null) => void } | null = null;

  private spawn(): Worker {
    const w = new Worker(new URL('./compute-worker.ts', import.meta.url), { type: 'module', name: 'asl-odds compute' });
    w.onmessage = (ev: MessageEvent<ComputeReply>) => {
      this.busy = false;
      const p = this.pending;
      if (!p || p.id !== ev.data.id) return;
      this.pending = null;
      p.resolve({ ...ev.data, roundTripMs: performance.now() - p.t0 });
    };
    w.onerror = (ev) => {
      this.busy = false;
      const p = this.pending;
      this.pending = null;
      p?.resolve({ id: p.id, kind: 'error', error: { code: 'worker', message: ev.message || 'the compute worker failed' }, ms: 0, roundTripMs: performance.now() - p.t0 });
    };
    return w;
  }

  /** Asks for `command` with `entries`; resolves with the reply, or null when a newer request replaced it. */
  ask(command: string, entries: readonly Entry[]): Promise<TimedReply | null> {
    this.pending?.resolve(null);
    if (this.worker && this.busy) {
      this.worker.terminate();
      this.worker = null;
    }
    this.worker ??= this.spawn();
    const id = this.nextId++;
    const req: ComputeRequest = { id, command, entries };
    return new Promise((resolve) => {
      this.pending = { id, t0: performance.now(), resolve };
      this.busy = true;
      this.worker!.postMessage(req);
    });
  }
}
