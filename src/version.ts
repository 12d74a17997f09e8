/**
 * The asl-odds version, read from package.json (recorded in every result and report).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageJson(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const p = join(dir, 'package.json');
    if (existsSync(p)) return p;
    dir = dirname(dir);
  }
  throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
}

/** Semantic version of this asl-odds build, e.g. `0.1.0`. */
export const VERSION: string = (JSON.parse(readFileSync(findPackageJson(), 'utf8')) as { version: string }).version;

/** Absolute path of the asl-odds package root (the directory of its package.json). */
export const PACKAGE_ROOT: string = dirname(findPackageJson());
