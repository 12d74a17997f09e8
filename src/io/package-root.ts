/**
 * Where the asl-odds package is installed (the directory of its package.json), for files shipped with
 * it (bundled scenarios, benchmark inputs).
 */
import { existsSync } from 'node:fs';
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

/** Absolute path of the asl-odds package root (the directory of its package.json). */
export const PACKAGE_ROOT: string = dirname(findPackageJson());
