/**
 * The message a Monte Carlo worker receives and what it sends back.
 */
import { AslOddsError } from '../errors.js';
import type { ChunkPlan } from '../engine/chunk-plan.js';
import type { CompiledTables } from '../engine/compile.js';

/** One chunk to run: tables are `SharedArrayBuffer`-backed, so posting them copies nothing. */
export interface ChunkTask {
  readonly tables: CompiledTables;
  readonly seed: string;
  readonly plan: ChunkPlan;
  readonly chunk: number;
}

/**
 * A chunk's tally (a transferred `Float64Array`, one count per terminal), or the error it raised
 * (serialised: code and message).
 */
export type ChunkReply = Float64Array | { readonly chunk: number; readonly error: { readonly code: string; readonly message: string } };

/**
 * Checks a task before running it.
 * @throws AslOddsError `worker.badTask` naming what is wrong
 */
export function validateChunkTask(t: ChunkTask): void {
  const tb = t?.tables;
  const ok =
    tb &&
    tb.roll instanceof Int32Array &&
    tb.next instanceof Int32Array &&
    tb.offset.length === tb.roll.length &&
    tb.terminal.length === tb.roll.length &&
    tb.start >= 0 &&
    tb.start < tb.roll.length;
  if (!ok) throw new AslOddsError('worker.badTask', 'worker received malformed chain tables', 1);
  if (!Number.isSafeInteger(t.chunk) || t.chunk < 0 || t.chunk >= t.plan.chunkCount) {
    throw new AslOddsError('worker.badTask', `worker received chunk ${t.chunk} outside the plan [0, ${t.plan.chunkCount})`, 1);
  }
}
