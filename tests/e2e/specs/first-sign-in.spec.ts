import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS } from '@coopledger/shared/schemas/members';
import { LoginPage } from '../pages/login-page';
import { dataOf, demoAdminHeaders, demoDepartment } from '../support/api';
import { latestMailTo } from '../support/outbox';
import { saveScreenshot } from '../support/screenshots';

/**
 * The first sign-in of an imported member (issue 20 item 5): the import mails a temporary password;
 * signing in with it asks the member to choose their own (with the password rules of every password
 * form), and then they are signed in. The member is imported into the seeded DEMO cooperative
 * through the API.
 */

/** Imports one member into DEMO as its admin, waits for the import, and returns the mailed sign-in. */
async function importMember(request: APIRequestContext): Promise<{ loginId: string; password: string }> {
  const headers = await demoAdminHeaders(request);
  const department = await demoDepartment(request, headers);
  const tag = `${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const email = `first.${tag}@import.example`;
  const values: Record<string, string | number> = {
    staff_id: `FS-${tag}`,
    firstname: 'First',
    middlename: '',
    lastname: `Signin${tag}`,
    email,
    phone: '08030000000',
    gender: 'Female',
    marital_status: 'Single',
    dob: '1990-04-12',
    current_address: '12 Broad Street, Lagos',
    savings_amount: 5000,
    level: 3,
    department: department.name,
    date_joined: '2020-01-15',
  };
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Members');
  sheet.addRow([...IMPORT_COLUMNS]);
  sheet.addRow(IMPORT_COLUMNS.map((column) => values[column]));
  const started = await dataOf<{ import_id: string }>(
    await request.post('/api/v1/cooperative/member/import', {
      headers,
      multipart: {
        file: {
          name: 'members.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(await book.xlsx.writeBuffer()),
        },
      },
    }),
    'Importing the member',
  );
  await expect
    .poll(
      async () =>
        (
          await dataOf<{ status: string }>(
            await request.get('/api/v1/cooperative/member/import/status', {
              headers,
              params: { import_id: started.import_id },
            }),
            'Following the import',
          )
        ).status,
      { timeout: 30_000 },
    )
    .toBe('COMPLETED');
  const text = latestMailTo(email)?.text ?? '';
  const loginId = /your login ID\) is (\S+)\./.exec(text)?.[1];
  const password = /temporary password is (\S+)\./.exec(text)?.[1];
  if (!loginId || !password) throw new Error(`No sign-in details were mailed to ${email}`);
  return { loginId, password };
}

test.describe('the first sign-in of an imported member', () => {
  test.describe.configure({ timeout: 90_000 });

  test('chooses their own password with the password rules, lands signed in, and signs in with it later', async ({
    page,
    request,
  }, testInfo) => {
    const member = await importMember(request);
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn(member.loginId, member.password);

    const form = page.getByRole('form', { name: 'Choose your password' });
    await expect(form.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(form).toContainText(`Signing in as ${member.loginId}`);
    await saveScreenshot(page, testInfo, 'first-sign-in-choose-password');
    const password = form.getByLabel('New password', { exact: true });
    const confirmation = form.getByLabel('Confirm new password');
    const submit = form.getByRole('button', { name: 'Set password and sign in' });

    // The rules of every password form, checked before Cognito is asked.
    await password.fill('abc');
    await confirmation.fill('abc');
    await submit.click();
    await expect(form).toContainText('Password must be at least 6 characters');
    await password.fill('my-own-pass1');
    await confirmation.fill('my-own-pass2');
    await submit.click();
    await expect(form).toContainText('Passwords must match');

    await confirmation.fill('my-own-pass1');
    await submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Later sign-ins use the chosen password; the temporary one no longer works.
    await page.context().clearCookies();
    await page.evaluate('localStorage.clear(); sessionStorage.clear();');
    await login.goto();
    await login.signIn(member.loginId, member.password);
    await expect(login.alert).toContainText('Invalid login ID or password');
    await login.signIn(member.loginId, 'my-own-pass1');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong temporary password is refused on the sign-in card', async ({ page, request }) => {
    const member = await importMember(request);
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn(member.loginId, `${member.password}x`);

    await expect(login.alert).toContainText('Invalid login ID or password');
    await expect(page.getByRole('form', { name: 'Choose your password' })).toHaveCount(0);
  });
});
