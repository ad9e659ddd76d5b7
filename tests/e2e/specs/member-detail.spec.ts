import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { createMember, MemberDetailPage, ONE_PIXEL_PNG } from '../pages/member-detail-page';
import { MembersPage } from '../pages/members-page';
import { saveScreenshot } from '../support/screenshots';

test.describe('member detail and self-service profile', () => {
  // Each test signs in and walks several tabs of a fresh member.
  test.describe.configure({ timeout: 90_000 });

  test('an admin opens a member from the list and sees the side card and Member Info', async ({
    page,
    request,
  }, testInfo) => {
    const member = await createMember(request);
    await new LoginPage(page).signInAs('coopAdmin');
    const members = new MembersPage(page);
    const detail = new MemberDetailPage(page);

    await page.goto('/members');
    await members.search('Member List', member.lastname);
    await members
      .row('Member List', member.lastname)
      .getByRole('link', { name: `View ${member.name}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/members/view\\?member_id=${member.coopId}$`));

    await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await expect(detail.sideCard).toContainText(member.coopId);
    await expect(detail.sideCard).toContainText('Female');
    await expect(detail.sideCard).toContainText('12 Broad Street, Lagos');
    await expect(detail.sideCard).toContainText('12 Apr 1990');
    await expect(detail.sideCard).toContainText('15 Jan 2020');
    await expect(page.getByTestId('member-role')).toHaveText('Member');
    for (const button of ['Deposit', 'Withdrawal', 'Form', 'Statement'])
      await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible();

    await expect(detail.tab('Member Info')).toHaveAttribute('aria-selected', 'true');
    await expect(detail.workInfo).toContainText(member.department);
    await expect(detail.workInfo).toContainText('Level 3');
    // Work phone and email were not given: the card says so.
    await expect(detail.workInfo).toContainText('N/A');
    await expect(detail.nextOfKin).toContainText('Chidi Obi');
    await expect(detail.nextOfKin).toContainText('chidi@example.com');
    await expect(detail.nextOfKin).toContainText('3 Allen Avenue');
    await saveScreenshot(page, testInfo, 'member-detail-info');

    await detail.tab('Loans').click();
    await expect(page.getByText('No loans yet')).toBeVisible();
    await detail.tab('Surety Request').click();
    await expect(page.getByText('No surety requests yet')).toBeVisible();
    // The savings screens' panels and order form open inside the page.
    await detail.tab('Savings').click();
    await detail.tab('Transactions').click();
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    // Statement: the last three months as PDF, downloaded.
    await page.getByRole('button', { name: 'Statement', exact: true }).click();
    const statement = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'PDF', exact: true }).click();
    expect((await statement).suggestedFilename()).toMatch(
      new RegExp(`^statement-${member.coopId}-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Form opens the Members page's form tab with this member loaded.
    await page.getByRole('button', { name: 'Form', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/members\\?edit=${member.coopId}#form$`));
    await expect(page.getByRole('heading', { name: `Editing ${member.name} (${member.coopId})` })).toBeVisible();
    await expect(detail.field('Staff Info', 'Email')).toHaveValue(member.email);
  });

  test('Edit on the member list opens the form tab with the member, and each part saves on its own', async ({
    page,
    request,
  }, testInfo) => {
    const member = await createMember(request);
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const members = new MembersPage(page);
    const detail = new MemberDetailPage(page);

    await page.goto('/members');
    await members.search('Member List', member.lastname);
    await members
      .row('Member List', member.lastname)
      .getByRole('button', { name: `Edit ${member.name}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/members\\?edit=${member.coopId}#form$`));
    await expect(page.getByRole('tab', { name: 'Member Form' })).toHaveAttribute('aria-selected', 'true');
    await detail.tab('Emergency').click();
    await expect(detail.field('Emergency', 'Contact name')).toHaveValue('Ngozi Obi');
    await detail.field('Emergency', 'Contact name').fill('Tunde Contact');
    await saveScreenshot(page, testInfo, 'members-form-edit');
    await detail.save('Emergency');
    await expect(shell.toast('Profile updated successfully')).toBeVisible();

    await page.reload();
    await detail.tab('Emergency').click();
    await expect(detail.field('Emergency', 'Contact name')).toHaveValue('Tunde Contact');
    // New member goes back to the create wizard.
    await page.getByRole('button', { name: 'New member' }).click();
    await expect(page).toHaveURL(/\/members#form$/);
    await expect(members.form).toBeVisible();
  });

  test('an admin edits the Work tab; the change is kept, and the server’s field errors show on the fields', async ({
    page,
    request,
  }, testInfo) => {
    const member = await createMember(request);
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const detail = new MemberDetailPage(page);
    await detail.open(member.coopId);

    await detail.tab('Edit Profile').click();
    await detail.tab('Work').click();
    await expect(detail.field('Work', 'Date joined')).toHaveValue('2020/01/15');
    await detail.choose('Work', 'Level', 'Level 7');
    await detail.field('Work', 'Official phone').fill('08099990000');
    await saveScreenshot(page, testInfo, 'member-detail-edit-work');
    await detail.save('Work');
    await expect(shell.toast('Profile updated successfully')).toBeVisible();

    await page.reload();
    await expect(detail.workInfo).toContainText('Level 7');
    await expect(detail.workInfo).toContainText('08099990000');

    // The change is in the member's History and in the cooperative's audit log, with who made it.
    await detail.tab('History').click();
    const history = page.getByRole('table', { name: /^History of/ });
    await expect(history.getByRole('row').nth(1)).toContainText('08099990000');
    await expect(history.getByRole('row').nth(1)).toContainText('DEMO-ADMIN');
    await page.goto('/audit-log');
    await page.getByRole('textbox', { name: 'Login ID' }).fill('DEMO-ADMIN');
    await page.getByRole('button', { name: 'Search' }).click();
    const edit = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: '08099990000' });
    await expect(edit.first()).toContainText(member.coopId);
    await expect(edit.first()).toContainText('Changed');
    await page.goBack();

    // The staff ID of a seeded member is taken: the server's message lands under the field.
    await detail.tab('Edit Profile').click();
    await detail.field('Staff Info', 'Staff ID').fill('STF100');
    await detail.save('Staff Info');
    await expect(
      detail.form('Staff Info').getByText('The staff ID STF100 is already used in this cooperative').first(),
    ).toBeVisible();
    // Cancel puts back what is saved.
    await detail.form('Staff Info').getByRole('button', { name: 'Cancel' }).click();
    await expect(detail.field('Staff Info', 'Staff ID')).not.toHaveValue('STF100');

    // The spec's messages of the Next of Kin part, before anything is sent.
    await detail.tab('Next of Kin').click();
    await detail.field('Next of Kin', 'Next of kin name').fill('');
    await detail.save('Next of Kin');
    await expect(detail.form('Next of Kin').getByText('This field is required')).toBeVisible();
  });

  test('documents: an avatar is uploaded and shown back, a wrong file type is refused', async ({
    page,
    request,
  }, testInfo) => {
    const member = await createMember(request);
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const detail = new MemberDetailPage(page);
    await detail.open(member.coopId);
    await detail.tab('Edit Profile').click();
    await detail.tab('Documents').click();
    await expect(page.getByText('No avatar uploaded yet')).toBeVisible();

    // Checked in the browser: a text file is not an image.
    await detail
      .fileInput('avatar')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByText('The avatar must be a JPEG or PNG image (jpeg, jpg, png)')).toBeVisible();
    await detail.save('Documents');
    await expect(shell.toast('Documents uploaded successfully')).toHaveCount(0);

    // Named .png but not one: the server reads the content and refuses it with the same message.
    await detail
      .fileInput('avatar')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text pretending') });
    await expect(page.getByText('The avatar must be a JPEG or PNG image (jpeg, jpg, png)')).toHaveCount(0);
    await detail.save('Documents');
    await expect(
      detail.form('Documents').getByText('The avatar must be a JPEG or PNG image (jpeg, jpg, png)').first(),
    ).toBeVisible();

    await detail
      .fileInput('avatar')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await detail.save('Documents');
    await expect(shell.toast('Documents uploaded successfully')).toBeVisible();
    const current = page.getByRole('img', { name: 'Current avatar' });
    await expect(current).toBeVisible();
    await expect
      .poll(() => current.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1);
    await expect(page.getByRole('img', { name: `Avatar of ${member.name}` })).toBeVisible();
    await saveScreenshot(page, testInfo, 'member-detail-documents');

    await page.reload();
    await expect(page.getByRole('img', { name: `Avatar of ${member.name}` })).toBeVisible();
  });

  test('an admin sets a member’s password and the member signs in with it', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const member = await createMember(request);
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const detail = new MemberDetailPage(page);
    await detail.open(member.coopId);
    await detail.tab('Change Password').click();

    const form = detail.form('Change password');
    await form.getByLabel('New password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm new password', { exact: true }).fill('abc');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await form.getByLabel('New password', { exact: true }).fill('fresh-pass1');
    await form.getByLabel('Confirm new password', { exact: true }).fill('fresh-pass2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Passwords must match')).toBeVisible();
    await form.getByLabel('Confirm new password', { exact: true }).fill('fresh-pass1');
    await saveScreenshot(page, testInfo, 'member-detail-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(shell.toast('Password changed successfully')).toBeVisible();

    const context = await browser.newContext();
    const memberPage = await context.newPage();
    const login = new LoginPage(memberPage);
    await login.goto();
    await login.signIn(member.coopId, 'fresh-pass1');
    await expect(memberPage).toHaveURL(/\/dashboard$/);
    await context.close();
  });

  test('a member saves their Next of Kin and sees it on their profile', async ({ page, request }, testInfo) => {
    const member = await createMember(request);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(member.coopId, member.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const shell = new AppShellPage(page);
    const detail = new MemberDetailPage(page);

    await page.goto('/member/edit-profile');
    await expect(detail.tab('Personal Info')).toBeVisible();
    await expect(detail.tab('Bank')).toHaveCount(0);
    // Their own staff ID is read-only.
    await expect(detail.field('Personal Info', 'Staff ID')).toHaveAttribute('readonly', '');
    await detail.tab('Next of Kin').click();
    await detail.field('Next of Kin', 'Next of kin name').fill('Emeka Kin');
    await detail.field('Next of Kin', 'Next of kin phone').fill('08031112222');
    await detail.field('Next of Kin', 'Next of kin email').fill('emeka.kin@example.com');
    await detail.field('Next of Kin', 'Next of kin address').fill('9 Kin Road, Enugu');
    await saveScreenshot(page, testInfo, 'member-edit-profile');
    await detail.save('Next of Kin');
    await expect(shell.toast('Profile updated successfully')).toBeVisible();

    await page.goto('/member/my-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(detail.sideCard).toContainText(member.coopId);
    await expect(detail.nextOfKin).toContainText('Emeka Kin');
    await expect(detail.nextOfKin).toContainText('08031112222');
    await expect(detail.nextOfKin).toContainText('emeka.kin@example.com');
    await expect(detail.nextOfKin).toContainText('9 Kin Road, Enugu');
    await expect(detail.workInfo).toContainText('N/A');
    await saveScreenshot(page, testInfo, 'member-my-profile');

    await page.goto('/member/change-password');
    await expect(detail.form('Change password')).toBeVisible();
  });
});
