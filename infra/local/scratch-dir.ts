import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ScratchDir {
  path: string;
  /** True when the folder was made for this run and is deleted by `remove()`. */
  temporary: boolean;
  remove(): void;
}

const live = new Set<string>();
let exitHookInstalled = false;

function removeNow(path: string): void {
  rmSync(path, { recursive: true, force: true });
  live.delete(path);
}

/** A fresh temp folder for in-memory runs: nothing from one run can leak into the next. */
export function makeScratchDir(label: string): ScratchDir {
  const path = mkdtempSync(join(tmpdir(), `coopledger-${label}-`));
  live.add(path);
  if (!exitHookInstalled) {
    // Also on an exit without stop(), so /tmp does not fill up with runs that crashed.
    process.on('exit', () => [...live].forEach(removeNow));
    exitHookInstalled = true;
  }
  return { path, temporary: true, remove: () => removeNow(path) };
}

/** The given folder (kept on stop), or a scratch folder (removed on stop) when none is given. */
export function folderOrScratch(folder: string | undefined, label: string): ScratchDir {
  if (folder === undefined) return makeScratchDir(label);
  return { path: folder, temporary: false, remove: () => undefined };
}
