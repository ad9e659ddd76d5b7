import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { PDF_FONT_FILES, fontPath, packageFontPath } from '../../functions/core/pdf-font-files.ts';
import { DOMAIN_BUNDLED_FILES } from '../../infra/lib/api/domain-functions.ts';
import { copyCommands, nodeFunction } from '../../infra/lib/lambda/node-function.ts';
import { domainEntry } from '../../infra/lib/paths.ts';
import { stageConfig } from '../../infra/lib/stage-config.ts';

/**
 * The member statement's PDF font reaches the deployed members function: its asset, bundled for real
 * by esbuild as `cdk deploy` does, holds the DejaVu Sans files under fonts/ beside index.mjs, where
 * functions/core/pdf-font-files.ts looks first.
 */
const outdir = mkdtempSync(join(tmpdir(), 'coopledger-fonts-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the members function bundle', () => {
  it('lists both statement fonts for the members function only', () => {
    expect(DOMAIN_BUNDLED_FILES.members).toEqual([
      { from: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', to: 'fonts/DejaVuSans.ttf' },
      { from: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', to: 'fonts/DejaVuSans-Bold.ttf' },
    ]);
    expect(Object.keys(DOMAIN_BUNDLED_FILES)).toEqual(['members']);
    expect(copyCommands([{ from: 'a/b.ttf', to: 'fonts/b.ttf' }], '/src', '/asset')).toEqual([
      'mkdir -p "/asset/fonts"',
      'cp "/src/a/b.ttf" "/asset/fonts/b.ttf"',
    ]);
  });

  it('carries the fonts beside index.mjs, where the running bundle finds them', () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'FontBundle');
    nodeFunction(stack, 'MembersFunction', {
      entry: domainEntry('members'),
      description: 'the members API domain',
      environment: {},
      stage: stageConfig('dev'),
      bundledFiles: DOMAIN_BUNDLED_FILES.members,
    });
    app.synth();
    const assets = readdirSync(outdir)
      .filter((name) => name.startsWith('asset.'))
      .map((name) => join(outdir, name))
      .filter((dir) => existsSync(join(dir, 'index.mjs')));
    expect(assets).toHaveLength(1);
    const asset = assets[0];
    for (const file of Object.values(PDF_FONT_FILES)) {
      const bundled = join(asset, 'fonts', file);
      expect(readFileSync(bundled).equals(readFileSync(packageFontPath(file)))).toBe(true);
      // The path the bundle's code computes from its own folder.
      expect(fontPath(file, asset)).toBe(bundled);
    }
    // Outside a bundle (tsx, vitest) the package's copy.
    expect(fontPath(PDF_FONT_FILES.regular, tmpdir())).toBe(packageFontPath(PDF_FONT_FILES.regular));
  });
});
