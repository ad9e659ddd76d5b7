import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';

/**
 * Run in the page (the browser tests have no DOM types): how far the first table's Action header
 * and each row's last cell reach past the visible box of the table's scrolling container (0 when
 * they are whole in view), and whether the table is wider than that box at all.
 */
const measureActions = `(() => {
  const table = document.querySelector('table');
  let box = table.parentElement;
  while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
  const view = box.getBoundingClientRect();
  const cells = [...table.querySelectorAll('thead th:last-child, tbody tr td:last-child')];
  const beyond = cells.map((cell) => {
    const r = cell.getBoundingClientRect();
    return Math.max(0, Math.round(r.right - view.right), Math.round(view.left - r.left));
  });
  return { wider: table.scrollWidth > box.clientWidth, header: (cells[0]?.textContent || '').trim(), beyond };
})()`;

/** The Action column of a table wider than its container is never cut off (issue 24, journey 7). */
test('the member list keeps its Action column whole in view at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await new LoginPage(page).signInAs('coopAdmin');
  await page.goto('/members');
  const table = page.getByRole('table').first();
  await expect(table.getByRole('button', { name: /^Deactivate/ }).first()).toBeVisible();
  const measured = await page.evaluate<{ wider: boolean; header: string; beyond: number[] }>(measureActions);
  // The test means something only while the list is wider than its container.
  expect(measured.wider).toBe(true);
  expect(measured.header).toBe('Action');
  expect(measured.beyond.length).toBeGreaterThan(1);
  expect(measured.beyond.filter((px) => px > 1)).toEqual([]);
});
