import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The embedded fonts of the PDFs that print the naira sign (the member statement): DejaVu Sans from
 * the `dejavu-fonts-ttf` package, which has U+20A6 (₦), where pdf-lib's standard fonts stop at
 * Windows-1252. A deployed function has no node_modules: the API stack copies these files into the
 * function's asset, beside the bundle, under `fonts/` (infra/lib/api/domain-functions.ts,
 * `DOMAIN_BUNDLED_FILES`); run locally (tsx, vitest) they are read from the package.
 */
export const PDF_FONT_PACKAGE = 'dejavu-fonts-ttf';
/** The folder of the function's asset the files are copied to. */
export const PDF_FONT_DIR = 'fonts';
export const PDF_FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/** The package's copy of a font file (its path relative to the package is `ttf/<file>`). */
export const packageFontPath = (file: string): string =>
  createRequire(import.meta.url).resolve(`${PDF_FONT_PACKAGE}/ttf/${file}`);

/**
 * Where a font file is: `fonts/<file>` beside the running module (in a bundle, the asset's root,
 * where the bundle's index.mjs is), else the package's copy. `here` is the module's folder (tests
 * name a bundle's folder).
 */
export function fontPath(file: string, here = dirname(fileURLToPath(import.meta.url))): string {
  const bundled = join(here, PDF_FONT_DIR, file);
  if (existsSync(bundled)) return bundled;
  return packageFontPath(file);
}
