/**
 * Messages between the page and its compute worker (compute-worker.ts).
 *
 * page -> worker: a {@link ComputeRequest}; worker -> page: one {@link ComputeReply} with the same id.
 * A newer request makes the page drop the older one (and, if it is still running, the worker).
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
