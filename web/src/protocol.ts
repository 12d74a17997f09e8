/**
 * Messages between the page and its compute worker (compute-worker.ts).
 *
 * page -> worker: a {@link ComputeRequest} (or, once, from boot.ts, a {@link FirstRequest}); worker ->
 * page: one {@link ComputeReply} with the same id. A newer request makes the page drop the older one's
 * reply (and the worker, if it is still on it after compute-client.ts's grace).
 */
import type { OddsResult } from '../../src/result.js';
import type { TableSet } from '../../src/tables/grid-table.js';
import type { Entry } from './fragment.js';

/** Ask for the answer of one page state. */
export interface ComputeRequest {
  readonly id: number;
  /** `mc`, ..., or `table/<kind>`. */
  readonly command: string;
  readonly entries: readonly Entry[];
}

/**
 * The URL fragment's question, sent by boot.ts before the page's bundle has loaded: the worker reads
 * the fragment as the page does (page-state.ts `resolveState`). id 0.
 */
export interface FirstRequest {
  readonly id: 0;
  /** `location.hash` at load, e.g. `#/mc?unit=german/4-6-7`. */
  readonly hash: string;
}

/** What boot.ts leaves for the page (`window.aslOddsBoot`): the worker, the fragment asked, its reply once there. */
export interface BootState {
  readonly worker: Worker;
  readonly hash: string;
  /** `performance.now()` when the question was sent, ms. */
  readonly t0: number;
  reply: ComputeReply | null;
}

/**
 * What the page measured, for the browser test and the curious (`window.aslOdds`): per answer, its
 * fragment, the worker's time, the round trip, and when it was on screen (ms since navigation start).
 */
export interface Measurements {
  answers: { hash: string; workerMs: number; roundTripMs: number; at: number }[];
}

declare global {
  interface Window {
    aslOddsBoot?: BootState;
    aslOdds?: Measurements;
  }
}

/** An error the user can act on: the engine's code and one line saying what to fix. */
export interface ComputeError {
  readonly code: string;
  readonly message: string;
}

/** The answer, or why there is none. `ms`: time spent in the worker. */
export type ComputeReply =
  | { readonly id: number; readonly kind: 'odds'; readonly result: OddsResult; readonly ms: number }
  | { readonly id: number; readonly kind: 'table'; readonly set: TableSet; readonly ms: number }
  | { readonly id: number; readonly kind: 'error'; readonly error: ComputeError; readonly ms: number };
