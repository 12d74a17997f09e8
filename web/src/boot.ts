/**
 * The first script the page runs (index.html loads it before the page's bundle): starts the compute
 * worker and sends it the URL fragment as it stands, so that the worker loads and answers while the
 * page's bundle is still being evaluated and drawn. A worker's start needs the page's thread, which
 * that bundle keeps busy for about 100 ms: started from the bundle, the worker began only after it
 * (benchmarks/README.md, "The web page"). compute-client.ts takes over the worker and its answer.
 *
 * Imports nothing but the worker's URL (a few hundred bytes), so it runs as soon as the HTML is parsed.
 */
import type { BootState, ComputeReply, FirstRequest } from './protocol.js';

// The page's measurements exist from the start (the browser test waits on them).
window.aslOdds = { answers: [] };
const worker = new Worker(new URL('./compute-worker.ts', import.meta.url), { type: 'module', name: 'asl-odds compute' });
const boot: BootState = { worker, hash: location.hash, t0: performance.now(), reply: null };
// Kept until the page's client takes the worker over (a reply with no listener would be lost).
worker.onmessage = (ev: MessageEvent<ComputeReply>) => {
  boot.reply = ev.data;
};
const first: FirstRequest = { id: 0, hash: boot.hash };
worker.postMessage(first);
window.aslOddsBoot = boot;
