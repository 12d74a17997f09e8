/**
 * The asl-odds version (recorded in every result and report). A constant, not read from package.json
 * at run time, so that the engine runs where there is no file system (a browser); test/version.test.ts
 * keeps it equal to package.json's `version`.
 */

/** Semantic version of this asl-odds build, e.g. `0.1.0`. */
export const VERSION = '0.1.0';
