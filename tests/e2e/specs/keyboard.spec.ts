import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoanApplicationForm } from '../pages/loans-page';
import { LoginPage } from '../pages/login-page';
import { createMember } from '../pages/member-detail-page';
import type { TestMember } from '../pages/member-detail-page';
import { OrdersPage } from '../pages/orders-page';
import { dataOf, demoAdminHeaders } from '../support/api';
import { ACCOUNTS } from '../support/demo-accounts';
import {
  chooseByKeyboard,
  chooseMemberByKeyboard,
  expectVisibleFocus,
  focusedElement,
  focusIsLost,
  focusIsWithin,
  tabTo,
} from '../support/keyboard';

/**
 * Issue 24's keyboard journeys: the sign-in, a deposit approval and a loan application done with
 * the keyboard alone (Tab, Enter, arrows and typing; no click or fill on any element after the
 * page is opened). At each step that matters the expected element has the focus and shows it.
 * Each test makes its own member through the API as DEMO-ADMIN; the loan's sureties are DEMO0009
 * and DEMO0010, whom other specs name only as election contestants.
 */
const SURETIES = {
  first: { id: 'DEMO0009', name: 'Ifeanyi Obi' },
  second: { id: 'DEMO0010', name: 'Jumoke Alabi' },
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar day in the machine's local calendar. */
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Signs in on /login by keyboard: the Login ID, Tab, the password, Enter. */
async function signInByKeyboard(page: Page, loginId: string, password: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await tabTo(page, login.loginId);
  await expectVisibleFocus(page, login.loginId);
  await page.keyboard.type(loginId);
  await tabTo(page, login.password);
  await expectVisibleFocus(page, login.password);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The shell's first Tab stop, Skip to content, followed with Enter: the focus is on the page's content. */
async function skipToContent(page: Page): Promise<void> {
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page, skip);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
}

/** A Regular Savings plan for a fresh member and a deposit of ₦2,345.67 placed on it today by DEMO-ADMIN. */
async function pendingDeposit(request: APIRequestContext): Promise<TestMember> {
  const headers = await demoAdminHeaders(request);
  const member = await createMember(request);
  const setups = await dataOf<{ data: { product_id: string; product: { name: string | null } }[] }>(
    await request.get('/api/v1/cooperative/product-setup/savings', { headers, params: { per_page: 100 } }),
    'Listing the savings setups',
  );
  const regular = setups.data.find((setup) => setup.product.name === 'Regular Savings');
  if (!regular) throw new Error('The DEMO cooperative has no Regular Savings setup');
  const today = new Date();
  const plan = await dataOf<{ id: string }>(
    await request.post('/api/v1/cooperative/member/savings/add-plan', {
      headers,
      data: {
        savings_product_id: regular.product_id,
        start_date: day(today),
        end_date: day(new Date(today.getFullYear() + 1, today.getMonth(), today.getDate())),
        amount: '5000',
        credit_interest: 3,
        frequency: 'Monthly',
        coop_id: member.coopId,
      },
    }),
    'Adding a savings plan',
  );
  await dataOf(
    await request.post('/api/v1/cooperative/transaction-order', {
      headers,
      data: {
        savings_id: plan.id,
        amount: '2345.67',
        date: day(today),
        // Cash: the dialog offers Cash in hand first, and the test moves to the bank account.
        payment_mode_id: 1,
        comment: 'Paid at the office',
        description: 'Paid at the office',
        transaction_type: 'DEPOSIT',
        coop_id: member.coopId,
      },
    }),
    'Placing a deposit',
  );
  return member;
}

/** The cooperative's first active bank account, as the approval dialog labels it. */
async function bankLabel(request: APIRequestContext): Promise<string> {
  const banks = await dataOf<{ data: { bank: string; account_no: string; status: number }[] }>(
    await request.get('/api/v1/cooperative/bank-account', {
      headers: await demoAdminHeaders(request),
      params: { per_page: 100 },
    }),
    'Listing the bank accounts',
  );
  const bank = banks.data.find((account) => Number(account.status) === 1);
  if (!bank) throw new Error('The DEMO cooperative has no active bank account');
  return `${bank.bank} - ${bank.account_no}`;
}

test.describe('keyboard-only journeys', () => {
  // Each signs in and walks a page or two at the speed of single key presses.
  test.describe.configure({ timeout: 60_000 });

  test('signs in with Tab, typing and Enter; Skip to content is the first stop and moves to the content', async ({
    page,
  }) => {
    await signInByKeyboard(page, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to');

    await skipToContent(page);
    // The next Tab goes on inside the content, past the top bar and the menu.
    await page.keyboard.press('Tab');
    expect(await focusIsWithin(page, '#main-content'), await focusedElement(page)).toBe(true);
    await expect(page.locator('#main-content :focus')).toBeVisible();
  });

  test('an accountant approves a deposit into the bank account by keyboard, and the focus stays in the list', async ({
    page,
    request,
  }) => {
    const [member, bank] = await Promise.all([pendingDeposit(request), bankLabel(request)]);
    await signInByKeyboard(page, ACCOUNTS.accountant.loginId, ACCOUNTS.accountant.password);
    const orders = new OrdersPage(page);
    await orders.goto('/finance-reporting/deposits');
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit Orders' })).toBeVisible();

    await skipToContent(page);
    await tabTo(page, orders.search);
    await expectVisibleFocus(page, orders.search);
    await page.keyboard.type(member.coopId);
    const row = orders.row(member.name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Pending');

    const approve = row.getByRole('button', { name: `Approve ${member.name} ₦2,345.67` });
    await tabTo(page, approve);
    await expectVisibleFocus(page, approve);
    await page.keyboard.press('Enter');
    const dialog = orders.decision.approval('deposit');
    await expect(dialog).toContainText('₦2,345.67');

    // Paid in cash, so Cash in hand is chosen at first; the arrows move to the bank account.
    const account = dialog.getByRole('button', { name: /^Bank or cash account/ });
    await tabTo(page, account);
    await expectVisibleFocus(page, account);
    await expect(account).toContainText('Cash in hand');
    await chooseByKeyboard(page, bank);
    await expect(account).toContainText(bank);
    await expect(account).toBeFocused();

    const confirm = dialog.getByRole('button', { name: 'Approve', exact: true });
    await tabTo(page, confirm);
    await expectVisibleFocus(page, confirm);
    await page.keyboard.press('Enter');
    await expect(new AppShellPage(page).toast('Deposit approved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Approved');
    await expect(approve).toHaveCount(0);

    // The Approve button that opened the dialog is gone: the focus is on the list, visibly, not lost.
    await expect.poll(() => focusIsLost(page)).toBe(false);
    await expectVisibleFocus(page, page.locator('#main-content div[tabindex="-1"]').filter({ has: orders.results }));
    // And Tab goes on from there, not from the top of the page.
    await page.keyboard.press('Tab');
    expect(await focusIsWithin(page, '#main-content'), await focusedElement(page)).toBe(true);
  });

  test('a member opens the application form from the menu and applies for a loan by keyboard', async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    await signInByKeyboard(page, member.coopId, member.password);

    // The menu's Loans group opens Loan history; its Application form is the next stop.
    const sidebar = new AppShellPage(page).sidebar;
    const loans = sidebar.getByRole('link', { name: 'Loans', exact: true });
    await tabTo(page, loans);
    await expectVisibleFocus(page, loans);
    await page.keyboard.press('Enter');
    // A page opened from the menu takes the focus: the next Tab is on the page, not down the menu.
    await expect(page.locator('#main-content')).toBeFocused();
    const applicationForm = sidebar.getByRole('link', { name: 'Application form', exact: true });
    await tabTo(page, applicationForm, 60, 'Shift+Tab');
    await expectVisibleFocus(page, applicationForm);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/member\/loans\/apply$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Loan Application Form' })).toBeVisible();
    await expect(page.locator('#main-content')).toBeFocused();

    const form = new LoanApplicationForm(page);
    await tabTo(page, form.select('Loan product'));
    await expectVisibleFocus(page, form.select('Loan product'));
    await chooseByKeyboard(page, 'Personal Loan');
    await expect(form.select('Loan product')).toContainText('Personal Loan');
    // The product fills in its terms.
    await expect(form.field('Tenure')).toHaveValue('12');

    await tabTo(page, form.field('Loan amount'));
    await expectVisibleFocus(page, form.field('Loan amount'));
    await page.keyboard.type('150000');

    // The date picker takes a typed date; its calendar button is the next stop.
    const now = new Date();
    const start = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    const typed = `${start.getFullYear()}/${pad(start.getMonth() + 1)}/01`;
    await tabTo(page, form.field('Repayment start date'));
    await expectVisibleFocus(page, form.field('Repayment start date'));
    await page.keyboard.type(typed);
    await expect(form.field('Repayment start date')).toHaveValue(typed);
    await expect(form.previewRows()).toHaveCount(12);

    await tabTo(page, form.select('Repayment type'));
    await expectVisibleFocus(page, form.select('Repayment type'));
    await chooseByKeyboard(page, 'Others');
    await expect(form.select('Repayment type')).toContainText('Others');

    for (const [label, surety] of [
      ['First surety', SURETIES.first],
      ['Second surety', SURETIES.second],
    ] as const) {
      await tabTo(page, form.select(label));
      await expectVisibleFocus(page, form.select(label));
      await chooseMemberByKeyboard(page, `Search ${label.toLowerCase()}`, surety.id);
      await expect(form.select(label)).toContainText(surety.name);
    }

    const apply = form.form.getByRole('button', { name: 'Apply', exact: true });
    await tabTo(page, apply);
    await expectVisibleFocus(page, apply);
    await page.keyboard.press('Enter');
    const submitted = page.getByTestId('application-submitted');
    await expect(submitted).toContainText('Application submitted');
    await expect(submitted).toContainText(
      `Personal Loan of ₦150,000.00 for 12 month(s): ${SURETIES.first.name} and ${SURETIES.second.name} have been asked to stand surety.`,
    );
    await expect(form.field('Loan amount')).toHaveValue('');
    expect(await focusIsLost(page), await focusedElement(page)).toBe(false);
  });
});
