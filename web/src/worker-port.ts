/**
 * The page's compute worker behind compute-client.ts's {@link WorkerPort}: a module Web Worker running
 * compute-worker.ts (Vite bundles it from the `new Worker(new URL(...))` below), or boot.ts's, already
 * started with the URL's question.
 */
import type { ConnectWorker } from './compute-client.js';
import type { ComputeReply } from './protocol.js';

/** Connects to boot.ts's worker (`existing`) or a new one. Never throws by itself. */
export const connectWebWorker: ConnectWorker = (onReply, onFailure, existing) => {
  const worker = existing ?? new Worker(new URL('./compute-worker.ts', import.meta.url), { type: 'module', name: 'asl-odds compute' });
  worker.onmessage = (ev: MessageEvent<ComputeReply>) => onReply(ev.data);
  worker.onerror = (ev) => onFailure(ev.message);
  return { post: (request) => worker.postMessage(request), terminate: () => worker.terminate() };
};
