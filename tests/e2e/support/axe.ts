import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * WCAG 2.1 AA as axe judges it, on a page opened by its address once its main heading shows and its
 * tables and charts have their data. Shared by the suite's accessibility spec (a page of each kind)
 * and the audit of every menu page (tests/e2e/audits/).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SETTINGS_KEY = 'coopledger.settings';

export type Mode = 'light' | 'night';
export const MODES: Mode[] = ['light', 'night'];

export interface Finding {
  mode: Mode;
  path: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** The serious and critical violations axe finds on the page at `path`. */
export async function axeFindings(page: Page, path: string, mode: Mode): Promise<Finding[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Tables and charts finish drawing once their data is in.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const started = Date.now();
  // Only the violations are collected: listing every passing node doubles axe's time on a large page.
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (process.env.A11Y_TIMING) console.log(`${mode} ${path}: axe ${Date.now() - started} ms`);
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      mode,
      path,
      rule: violation.id,
      impact: violation.impact ?? '',
      target: String(violation.nodes[0]?.target[0] ?? ''),
      summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '',
    }));
}

/** Night mode on or off, as the settings drawer stores it; the next page load applies it. */
export async function setNightMode(page: Page, mode: Mode): Promise<void> {
  const key = JSON.stringify(SETTINGS_KEY);
  await page.evaluate(
    `localStorage.setItem(${key}, JSON.stringify({ ...JSON.parse(localStorage.getItem(${key}) || '{}'), ` +
      `nightMode: ${String(mode === 'night')} }))`,
  );
}

/** Each page in light then in night mode; the page is left in light mode. */
export async function auditPages(page: Page, paths: string[]): Promise<string[]> {
  const findings: Finding[] = [];
  for (const mode of MODES) {
    await setNightMode(page, mode);
    for (const path of paths) findings.push(...(await axeFindings(page, path, mode)));
  }
  await setNightMode(page, 'light');
  return findings.map((f) => `${f.mode} ${f.path}: ${f.rule} (${f.impact}) at ${f.target}: ${f.summary}`);
}
