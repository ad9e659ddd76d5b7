import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { MembersPage } from '../pages/members-page';
import { latestMailTo, OUTBOX_DIR } from '../support/outbox';
import { saveScreenshot } from '../support/screenshots';

const tag = () => Date.now().toString(36).slice(-5);

/** Submits and waits for the server's answer to the POST, which must be accepted. */
async function submitAndExpectAccepted(page: Page, path: string, submit: () => Promise<void>): Promise<void> {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(path),
  );
  await submit();
  const response = await answer;
  if (!response.ok())
    throw new Error(`Refused: ${((await response.json()) as { message?: string }).message ?? response.status()}`);
}

test.describe('members', () => {
  test('an admin creates a member with the wizard and finds them in the list', async ({ page }, testInfo) => {
    const id = tag();
    const person = {
      firstname: 'Wizard',
      lastname: `Tester${id}`,
      email: `wizard.${id}@example.com`,
      staffId: `ST-${id}`,
    };
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const members = new MembersPage(page);

    await page.goto('/members');
    await expect(page.getByText('Total Members')).toBeVisible();
    await expect(members.row('Member List', 'DEMO0001')).toHaveCount(1);
    await expect(page.getByTestId('count-Total Members')).toContainText(/\d/);
    await saveScreenshot(page, testInfo, 'members-list');
    const report = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await report).suggestedFilename()).toMatch(/^members-report-.+\.xlsx$/);

    await page.goto('/members#form');
    await expect(members.form).toBeVisible();
    // Required fields are marked before anything is sent: an asterisk seen, and aria-required read out.
    await expect(members.form.getByText('Fields marked * are required.').first()).toBeVisible();
    await expect(members.form.getByLabel('First name', { exact: true })).toHaveAttribute('aria-required', 'true');
    await expect(members.form.getByLabel('Middle name', { exact: true })).not.toHaveAttribute('aria-required', 'true');
    // The shared schema's messages stop the first step.
    await members.next();
    await expect(members.form.getByText('Please enter first name')).toBeVisible();
    await saveScreenshot(page, testInfo, 'members-form');

    // Next of Kin refuses an empty step, then takes one press of Next once it is filled.
    await members.completeWizard(person, false, true);
    await submitAndExpectAccepted(page, '/cooperative/member', () => members.submit());
    // The toast gives the new member's number.
    await expect(shell.toast(/^Member created successfully: member number [A-Z]+\d+/)).toBeVisible();
    await expect(members.field('First name')).toHaveValue('');

    await page.getByRole('tab', { name: 'All Members' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await members.search('Member List', person.lastname);
    const row = members.row('Member List', person.lastname);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(person.email);
    await expect(row).toContainText('Approved');
  });

  test('the import tab asks for a file and offers the sample', async ({ page }, testInfo) => {
    await new LoginPage(page).signInAs('coopAdmin');
    await page.goto('/members#import');
    await expect(page.getByText('Important note')).toBeVisible();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Please select a file to import')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download sample' }).click();
    const sample = await download;
    expect(sample.suggestedFilename()).toBe('sample-member-import.xlsx');
    const samplePath = testInfo.outputPath('sample-member-import.xlsx');
    await sample.saveAs(samplePath);

    // The sample itself is a valid import: its progress and result follow the status API.
    await page.locator('input[type="file"]').setInputFiles(samplePath);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(
      page.getByText(/^(Import complete: \d+ created, \d+ updated|The import was refused)/).first(),
    ).toBeVisible({ timeout: 20_000 });
    await saveScreenshot(page, testInfo, 'members-import');
  });

  test('an admin deactivates and activates a member', async ({ page }, testInfo) => {
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const members = new MembersPage(page);
    await page.goto('/members');
    await members.search('Member List', 'DEMO0001');
    const row = members.row('Member List', 'DEMO0001');
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: /^Deactivate / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(shell.toast('Member deactivated successfully')).toBeVisible();
    await expect(row).toContainText('Inactive');

    await page.getByRole('tab', { name: 'Inactive Members' }).click();
    await expect(page).toHaveURL(/#inactive$/);
    await expect(members.row('Inactive Members', 'DEMO0001')).toHaveCount(1);
    await saveScreenshot(page, testInfo, 'members-inactive');

    await members
      .row('Inactive Members', 'DEMO0001')
      .getByRole('button', { name: /^Activate / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(shell.toast('Member activated successfully')).toBeVisible();
    await expect(members.row('Inactive Members', 'DEMO0001')).toHaveCount(0);
  });

  test('a person registers through the public link, an admin approves, and the new member signs in', async ({
    page,
    browser,
  }, testInfo) => {
    // Three browsers in one story (the admin, the public form, the new member's first sign-in).
    test.setTimeout(60_000);
    const id = tag();
    const person = { firstname: 'Public', lastname: `Joiner${id}`, email: `joiner.${id}@example.com` };
    await new LoginPage(page).signInAs('coopAdmin');
    await page.goto('/members/pending');
    const linkText = (await page.getByTestId('registration-link').textContent()) ?? '';
    await expect(page.getByTestId('registration-link')).toHaveText(/\/register\?coop=\w+/);
    const link = (await page.getByTestId('registration-link').textContent()) ?? linkText;
    let alerted = '';
    page.once('dialog', (dialog) => {
      alerted = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expect.poll(() => alerted).toBe('Link Copied');

    // The public form, in a browser with nobody signed in.
    const guest = await browser.newPage();
    await guest.goto('/register?coop=NOPE1');
    await expect(guest.getByRole('heading', { name: 'Registration link not valid' })).toBeVisible();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: /MEMBERSHIP FORM$/ })).toBeVisible();
    await expect(guest.getByLabel('Staff ID', { exact: true })).toHaveCount(0);
    const form = new MembersPage(guest, 'Membership form');
    await saveScreenshot(guest, testInfo, 'members-register');
    await form.completeWizard(person);
    await expect(
      guest.getByText("Success - We received your membership request; we'll be in touch shortly!"),
    ).toBeVisible();
    await guest.close();

    await page.reload();
    const members = new MembersPage(page);
    const row = members.row('Pending Members', person.lastname);
    await expect(row).toHaveCount(1);
    await saveScreenshot(page, testInfo, 'members-pending');
    await row.getByRole('button', { name: `Actions for ${person.firstname} ${person.lastname}` }).click();
    await page.getByRole('menuitem', { name: 'Approve' }).click();
    await submitAndExpectAccepted(page, '/cooperative/pending_members/approve', () =>
      page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click(),
    );
    await expect(page.getByText(/^Member approved/)).toBeVisible();
    await expect(row).toHaveCount(0);

    test.skip(!OUTBOX_DIR, 'No outbox to read the sign-in details from');
    const mail = latestMailTo(person.email);
    const loginId = /\b([A-Z0-9-]*\d{3,})\b/.exec(mail?.text ?? '')?.[1];
    const password = /temporary password is (\S+?)\.?(\s|$)/.exec(mail?.text ?? '')?.[1];
    expect(mail?.text, 'the approval mail').toBeTruthy();
    const member = await browser.newPage();
    const login = new LoginPage(member);
    await login.goto();
    await login.signIn(loginId ?? '', password ?? '');
    await expect(member).toHaveURL(/\/dashboard$/);
    await member.close();
  });
});
