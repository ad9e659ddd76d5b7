import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Audits too long for every run of the suite (`npm run audit:a11y`): axe on every page of every
 * demo role's menu, in light and in night mode (about 20 minutes). Same runtime and browser as the
 * browser tests.
 */
export default defineConfig({
  ...base,
  testDir: './audits',
  outputDir: './audit-results',
  reporter: [['list']],
});
