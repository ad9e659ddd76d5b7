import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';

/**
 * Run in the page (the browser tests have no DOM types): for the first table's Status column, every
 * label's text and the words of it whose text spans more than one line (client rectangles with
 * different tops); `narrow` first squeezes each status cell's content to 36 px.
 */
const measureStatusColumn = (narrow: boolean) => `((narrow) => {
  const table = document.querySelector('table');
  const headers = [...table.querySelectorAll('thead th')];
  const column = headers.findIndex((h) => (h.textContent || '').trim().startsWith('Status'));
  const labels = [];
  const broken = [];
  for (const row of table.querySelectorAll('tbody tr')) {
    const cell = row.querySelectorAll('td, th')[column];
    if (!cell) continue;
    labels.push((cell.textContent || '').trim());
    // A narrow column: the cell's content box narrower than any label word.
    if (narrow && cell.firstElementChild) cell.firstElementChild.style.width = '36px';
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent || '').matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
  }
  return { column, labels, broken };
})(${String(narrow)})`;

/** Status labels never break inside a word (issue 24: "Approve / d" in the member list). */
test.describe('status labels', () => {
  for (const [width, narrow] of [
    [1280, false],
    [760, false],
    [1280, true],
  ] as const) {
    const where = narrow ? 'in a 36 px column' : `at ${width} px`;
    test(`keep every word of the member list's statuses on one line ${where}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await new LoginPage(page).signInAs('coopAdmin');
      await page.goto('/members');
      // The rows, not the loading row: a status label is shown.
      const table = page.getByRole('table').first();
      await expect(table.getByText(/^(Approved|Inactive|Pending|Exited)$/).first()).toBeVisible();
      const measured = await page.evaluate<{ column: number; labels: string[]; broken: string[] }>(
        measureStatusColumn(narrow),
      );
      expect(measured.column).toBeGreaterThanOrEqual(0);
      expect(measured.labels.filter(Boolean).length).toBeGreaterThan(0);
      expect(measured.broken, `labels: ${measured.labels.join(', ')}`).toEqual([]);
    });
  }
});
