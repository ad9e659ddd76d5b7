import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root; bundling, entries and the web build are located from it, never from the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

/** Absolute path of a Lambda entry given relative to the repo root, failing early with the path. */
export function entryPath(relative: string): string {
  const absolute = join(REPO_ROOT, relative);
  if (!existsSync(absolute)) {
    throw new Error(`Lambda entry ${relative} does not exist (looked in ${absolute}).`);
  }
  return absolute;
}

export function domainEntry(domain: string): string {
  return entryPath(`functions/${domain}/handler.ts`);
}
