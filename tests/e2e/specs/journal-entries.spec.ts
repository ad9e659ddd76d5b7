import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { JournalEntriesPage } from '../pages/journal-entries-page';
import { LoginPage } from '../pages/login-page';
import { dataOf, demoAdminHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';

test.describe('journal entries', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an admin is told an entry does not balance, posts it balanced, is told of an edit saved meanwhile, edits its amount and deletes it', async ({
    page,
    request,
  }, testInfo) => {
    const description = `Office rent ${Date.now().toString(36).slice(-5)}`;
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const journal = new JournalEntriesPage(page);
    await journal.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Journal entries' })).toBeVisible();

    // The form starts with two blank lines; a third can be added and removed again.
    await journal.openAdd();
    await expect(page.getByRole('dialog', { name: 'Add journal entry' })).toBeVisible();
    await expect(journal.glSelects()).toHaveCount(2);
    await expect(journal.dialog.getByRole('button', { name: /^Remove line/ })).toHaveCount(0);
    await journal.dialog.getByRole('button', { name: 'Add line' }).click();
    await expect(journal.glSelects()).toHaveCount(3);
    await journal.dialog.getByRole('button', { name: 'Remove line 3' }).click();
    await expect(journal.glSelects()).toHaveCount(2);

    // Debits of 1,500 against credits of 1,400: the form says so and nothing is posted.
    await journal.describe(description);
    await journal.fillLine(0, { gl: '702002', description: 'March rent', debit: '1500' });
    await journal.fillLine(1, { gl: '101002', description: 'Paid from the bank', credit: '1400' });
    await expect(journal.dialog.getByTestId('journal-total-debit')).toHaveText('₦1,500.00');
    await expect(journal.dialog.getByTestId('journal-total-credit')).toHaveText('₦1,400.00');
    await expect(journal.dialog.getByText('Debits and credits differ')).toBeVisible();
    await journal.post();
    await expect(
      journal.dialog.getByText('Total debits (1,500.00) and total credits (1,400.00) must be equal'),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Add journal entry' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'journal-entry-unbalanced');

    // Balanced, it posts and shows in the list with its two lines.
    await journal.lineInput(1, 'Credit').fill('1500');
    await expect(journal.dialog.getByText('Debits and credits differ')).toHaveCount(0);
    await journal.post();
    await expect(shell.toast(/^Journal entry JV\d+ posted$/)).toBeVisible();
    await expect(journal.dialog).toHaveCount(0);
    await expect(journal.entry(description)).toHaveCount(1);
    await expect(journal.entry(description)).toContainText('₦1,500.00');
    await expect(journal.rows('702002 Office Expenses').filter({ hasText: 'March rent' })).toContainText('₦1,500.00');
    await expect(journal.rows('101002 Main Bank Account').filter({ hasText: 'Paid from the bank' })).toContainText(
      '₦1,500.00',
    );
    const code = await journal.transactionCodeOf(description);
    expect(code).toMatch(/^JV\d+$/);
    await saveScreenshot(page, testInfo, 'journal-entries-list');

    // An edit shows the entry's lines, with no adding or removing, and changes the amounts.
    await journal.edit(code);
    await expect(page.getByRole('dialog', { name: `Edit journal entry ${code}` })).toBeVisible();
    await expect(journal.lineInput(0, 'Debit')).toHaveValue('1500');
    await expect(journal.lineInput(1, 'Credit')).toHaveValue('1500');
    await expect(journal.dialog.getByRole('button', { name: 'Add line' })).toHaveCount(0);
    await expect(journal.dialog.getByRole('button', { name: /^Remove line/ })).toHaveCount(0);
    // Someone else saves an edit of the same version while this form is open: this one is refused
    // and changes nothing; reopened, the form shows what the other edit saved.
    const today = new Date().toISOString().slice(0, 10);
    const line = (gl_code: string, text: string, debit: number, credit: number) => ({
      gl_code,
      description: text,
      debit,
      credit,
      date: today,
    });
    await dataOf(
      await request.post('/api/v1/cooperative/journal-entry/update', {
        headers: await demoAdminHeaders(request),
        data: {
          transaction_code: code,
          version: 1,
          date: today,
          description,
          lines: [line('702002', 'March rent', 1600, 0), line('101002', 'Paid from the bank', 0, 1600)],
        },
      }),
      'Editing the entry through the API',
    );
    await journal.lineInput(0, 'Debit').fill('2750.25');
    await journal.lineInput(1, 'Credit').fill('2750.25');
    await journal.post();
    await expect(journal.dialog.getByText(/was changed by someone else at the same time; reload it/)).toBeVisible();
    await journal.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(journal.entry(description)).toContainText('₦1,600.00');
    await journal.edit(code);
    await expect(journal.lineInput(0, 'Debit')).toHaveValue('1600');
    await journal.lineInput(0, 'Debit').fill('2750.25');
    await journal.lineInput(1, 'Credit').fill('2750.25');
    await journal.post();
    await expect(shell.toast(new RegExp(`^Journal entry ${code} updated`))).toBeVisible();
    await expect(journal.dialog).toHaveCount(0);
    await expect(journal.entry(description)).toContainText('₦2,750.25');
    await expect(journal.entry(description)).not.toContainText('₦1,600.00');
    await expect(journal.rows('702002 Office Expenses').filter({ hasText: 'March rent' })).toContainText('₦2,750.25');

    // Deleting it, through the confirmation, takes it off the list.
    await journal.delete(code);
    await expect(shell.toast(new RegExp(`^Journal entry ${code} deleted`))).toBeVisible();
    await expect(journal.entry(description)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Edit journal entry ${code}`, exact: true })).toHaveCount(0);
  });
});
