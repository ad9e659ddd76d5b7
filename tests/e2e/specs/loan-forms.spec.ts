import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { ONE_PIXEL_PNG, createMember } from '../pages/member-detail-page';
import { saveScreenshot } from '../support/screenshots';

/** A small well-formed PDF whose bytes name the test, so the download can be compared with it. */
function pdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

test.describe('loan forms', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a member uploads a PDF loan form; an admin finds it in the archive and downloads it', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const member = await createMember(request);
    const content = pdf(`loan form of ${member.coopId}`);
    const fileName = `loan-form-${member.coopId}.pdf`;

    // The member: nothing chosen, then a picture, then the PDF.
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(member.coopId, member.password);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/member/loans/upload');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Loan Form' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Upload loan form' });
    const upload = form.getByRole('button', { name: 'Upload', exact: true });
    const fileInput = form.getByTestId('loan-form-file').locator('input[type="file"]');

    await upload.click();
    await expect(form.getByText('Please select a file to import')).toBeVisible();
    await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(form.getByText('Upload the loan form as one PDF file')).toBeVisible();
    // A picture renamed .pdf passes the browser's check; the server reads its bytes and refuses it.
    await fileInput.setInputFiles({ name: 'renamed.pdf', mimeType: 'application/pdf', buffer: ONE_PIXEL_PNG });
    await expect(form.getByText('Upload the loan form as one PDF file')).toBeHidden();
    await upload.click();
    await expect(form.getByText('Upload the loan form as one PDF file')).toBeVisible();

    await fileInput.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: content });
    await upload.click();
    await expect(new AppShellPage(page).toast('Loan form uploaded successfully')).toBeVisible();
    const own = page.getByRole('table', { name: 'Uploaded loan forms' });
    await expect(own.getByRole('row').filter({ hasText: fileName })).toBeVisible();
    await saveScreenshot(page, testInfo, 'loan-form-uploaded');

    // The admin: the archive lists it with the member; Download opens the short-lived link.
    const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const admin = await adminContext.newPage();
    await new LoginPage(admin).signInAs('coopAdmin');
    await admin.goto('/loans/application-forms');
    await expect(admin.getByRole('heading', { level: 1, name: 'Uploaded Loan Applications' })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search loan forms' }).fill(member.coopId);
    const archive = admin.getByRole('table', { name: 'Loan form archive' });
    const row = archive.getByRole('row').filter({ hasText: fileName });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`${member.name} (${member.coopId})`);
    await expect(archive.getByRole('row')).toHaveCount(2); // the header and the one form
    await saveScreenshot(admin, testInfo, 'loan-form-archive');

    // The new tab goes to the presigned link (the browser may show the PDF or save it).
    const opened = adminContext.waitForEvent('request', (r) => r.url().includes('X-Amz-Signature'));
    const popup = admin.waitForEvent('popup');
    await row.getByRole('button', { name: `Download ${fileName}` }).click();
    await popup;
    const link = (await opened).url();
    const fetched = await request.get(link);
    expect(fetched.status()).toBe(200);
    expect(Buffer.from(await fetched.body()).equals(content)).toBe(true);
    await adminContext.close();
  });
});
