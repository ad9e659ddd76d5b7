import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** Saves a named full-page screenshot under tests/e2e/results/screenshots/ for people to look at. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: join(testInfo.project.outputDir, 'screenshots', `${name}.png`), fullPage: true });
}
