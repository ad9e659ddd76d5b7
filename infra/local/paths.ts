import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root, found from this file so the runtime works from any working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const FUNCTIONS_DIR = join(REPO_ROOT, 'functions');
export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');

export function defaultDataDir(): string {
  return resolve(process.env.DATA_DIR ?? join(REPO_ROOT, '.data'));
}
