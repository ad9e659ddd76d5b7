import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** Saves a named full-page screenshot under tests/e2e/results/screenshots/ for people to look at. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // From the top, or the sticky header lands mid-picture in a full-page shot.
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await page.screenshot({ path: join(testInfo.project.outputDir, 'screenshots', `${name}.png`), fullPage: true });
}
