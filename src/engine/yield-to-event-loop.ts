/**
 * Lets timers, signal handlers and messages run between chunks of work done in the calling thread:
 * `setImmediate` in Node, `setTimeout(0)` where there is none (browsers, Web Workers).
 */
const defer: (f: () => void) => void = typeof setImmediate === 'function' ? (f) => setImmediate(f) : (f) => setTimeout(f, 0);

/** Resolves on a later turn of the event loop. Never throws. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => defer(resolve));
}
