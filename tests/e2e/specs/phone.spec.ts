import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoanApplicationForm } from '../pages/loans-page';
import { LoginPage } from '../pages/login-page';
import { BallotPage } from '../pages/polls-page';
import { accountHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';

/**
 * A member on a phone (issue 24, "On a phone" and journey 12): at 390 × 844 with touch, DEMO0001's
 * pages fit the width (the page never scrolls sideways; a table scrolls inside a box of its own that
 * fits the screen), the menu is a drawer whose groups open without leaving the page, and the top
 * bar's More menu is readable over the page. One sign-in, one page, the tests in order.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
/** The seeded election in progress (infra/local/seed.ts). */
const ELECTION = 'Executive Committee Election';
const ADMIN_NAME = 'Demo Admin';
/** A message with a word far wider than the phone, which must wrap inside its bubble. */
const LONG_WORD = `https://example.com/forms/${'loan-application-'.repeat(6)}${Date.now().toString(36)}`;

/** Run in the page (the browser tests have no DOM types); see Fit. */
const MEASURE_FIT = `(() => {
  const scroller = document.scrollingElement || document.documentElement;
  const sideways = (element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
  const tables = [...document.querySelectorAll('table')].map((table) => {
    let box = table.parentElement;
    while (box && box !== document.body && !sideways(box)) box = box.parentElement;
    const boxRect = box && box !== document.body ? box.getBoundingClientRect() : null;
    return {
      width: Math.round(table.getBoundingClientRect().width),
      box: boxRect ? { left: Math.floor(boxRect.left), right: Math.ceil(boxRect.right) } : null,
    };
  });
  return { scrollWidth: scroller.scrollWidth, width: window.innerWidth, tables };
})()`;

/** The page's width against the window's, and each table with the box it scrolls sideways in. */
interface Fit {
  scrollWidth: number;
  width: number;
  tables: { width: number; box: { left: number; right: number } | null }[];
}

/**
 * Run in the page: from the element marked `data-phone-probe` up, the first element painted with an
 * opaque colour (or an image, such as a gradient), whether its box covers the probe's, and the
 * colours of the probe's text and of that paint.
 */
const MEASURE_BACKDROP = `(() => {
  const probe = document.querySelector('[data-phone-probe]');
  const probeRect = probe.getBoundingClientRect();
  let painted = probe;
  for (; painted; painted = painted.parentElement) {
    const style = getComputedStyle(painted);
    const alpha = /rgba\\(.*,\\s*([\\d.]+)\\)$/.exec(style.backgroundColor);
    if (style.backgroundImage !== 'none' || !alpha || Number(alpha[1]) === 1) break;
  }
  const rect = painted.getBoundingClientRect();
  const style = getComputedStyle(painted);
  return {
    tag: painted.tagName,
    covers: rect.top <= probeRect.top && rect.bottom >= probeRect.bottom && rect.left <= probeRect.left
      && rect.right >= probeRect.right,
    background: style.backgroundColor,
    image: style.backgroundImage,
    text: getComputedStyle(probe).color,
  };
})()`;

interface Backdrop {
  tag: string;
  covers: boolean;
  background: string;
  image: string;
  text: string;
}

/** WCAG 2.1 contrast of two `rgb(r, g, b)` colours, worked out here, not taken from the app. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

async function expectFitsThePhone(page: Page): Promise<void> {
  const fit = await page.evaluate<Fit>(MEASURE_FIT);
  expect(fit.width).toBe(PHONE.viewport.width);
  expect(fit.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(fit.width);
  for (const table of fit.tables) {
    // A table wider than the phone is not cut off: it scrolls within a box that fits the screen.
    expect(table.box, `a table ${table.width} px wide has no box of its own to scroll in`).not.toBeNull();
    expect(table.box?.left).toBeGreaterThanOrEqual(0);
    expect(table.box?.right).toBeLessThanOrEqual(fit.width);
  }
}

/** The page's title is on screen, and the menu is a closed drawer: nothing covers the content. */
async function expectMainContent(page: Page, title: string | RegExp): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Open the menu' })).toBeVisible();
}

test.describe('a member on a phone', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });
  let context: BrowserContext;
  let page: Page;
  let shell: AppShellPage;

  test.beforeAll(async ({ browser, playwright }, testInfo) => {
    // The admin writes to the member first, so her chat has a conversation to show.
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const sent = await request.post('/api/v1/chat/messages', {
      headers: await accountHeaders(request, 'coopAdmin'),
      data: { to: 'DEMO0001', message: `Your form is here: ${LONG_WORD}` },
    });
    expect(sent.ok()).toBe(true);
    await request.dispose();

    context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, ...PHONE });
    page = await context.newPage();
    shell = new AppShellPage(page);
    await new LoginPage(page).signInAs('member');
  });

  test.afterAll(async () => {
    await context?.close();
  });

  test('the dashboard fits the width', async () => {
    await expectMainContent(page, 'Welcome, Adaeze');
    await expect(page.getByRole('table', { name: 'Surety Requests' })).toBeVisible();
    await expectFitsThePhone(page);
    await saveScreenshot(page, test.info(), 'phone-dashboard');
  });

  for (const [path, title] of [
    ['/member/savings', 'Savings'],
    ['/member/savings/requests', 'Savings Requests'],
    ['/member/loans/surety', 'Surety Requests'],
    ['/shop', 'Shop'],
    ['/shop/orders', 'My orders'],
  ] as const) {
    test(`${title} (${path}) fits the width`, async () => {
      await page.goto(path);
      await expectMainContent(page, title);
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectFitsThePhone(page);
    });
  }

  test('the loan application fits the width with its schedule preview', async () => {
    await page.goto('/member/loans/apply');
    await expectMainContent(page, 'Loan Application Form');
    const form = new LoanApplicationForm(page);
    await form.choose('Loan product', 'Personal Loan');
    await form.field('Loan amount').fill('300000');
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    const typed = `${next.getFullYear()}/${String(next.getMonth() + 1).padStart(2, '0')}/01`;
    await form.field('Repayment start date').fill(typed);
    // The product's 12 monthly repayments.
    await expect(form.previewRows()).toHaveCount(12);
    await expectFitsThePhone(page);
    await form.preview.scrollIntoViewIfNeeded();
    await saveScreenshot(page, test.info(), 'phone-loan-application');
  });

  test('elections and a ballot fit the width', async () => {
    await new BallotPage(page).open(ELECTION);
    await expect(page.getByRole('heading', { name: ELECTION })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Vote for / }).first()).toBeVisible();
    await expectFitsThePhone(page);
    await page.goto('/member/elections');
    await expectMainContent(page, 'Elections');
    await expectFitsThePhone(page);
  });

  test('chat fits the width, a long word wrapped in its bubble', async () => {
    await page.goto('/app-chat?with=DEMO-ADMIN');
    await expectMainContent(page, 'Chat');
    await expect(page.getByRole('heading', { name: ADMIN_NAME })).toBeVisible();
    const conversation = page.getByRole('log', { name: `Conversation with ${ADMIN_NAME}` });
    await expect(conversation.getByText(LONG_WORD)).toBeVisible();
    await expectFitsThePhone(page);
    await saveScreenshot(page, test.info(), 'phone-chat');
  });

  test('the menu drawer opens the Loans group in place; one tap more reaches the application form', async () => {
    await page.goto('/dashboard');
    await expectMainContent(page, 'Welcome, Adaeze');
    await page.getByRole('button', { name: 'Open the menu' }).tap();
    const loans = shell.sidebar.getByRole('link', { name: 'Loans', exact: true });
    await loans.tap();
    // The group shows its pages; the drawer stays open over the same page.
    const applicationForm = shell.sidebar.getByRole('link', { name: 'Application form', exact: true });
    await expect(applicationForm).toBeInViewport();
    await expect(shell.sidebar.getByRole('link', { name: 'Surety requests', exact: true })).toBeInViewport();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeHidden();

    await applicationForm.tap();
    await expect(page).toHaveURL(/\/member\/loans\/apply$/);
    await expectMainContent(page, 'Loan Application Form');
  });

  test("the top bar's More menu is readable over the page", async () => {
    await shell.header.getByRole('button', { name: 'More' }).tap();
    const item = shell.header.getByRole('link', { name: 'Elections', exact: true });
    await expect(item).toBeInViewport();
    // The item lies below the band, over where the page's content is.
    const band = await shell.header.boundingBox();
    expect((await item.boundingBox())?.y).toBeGreaterThanOrEqual((band?.y ?? 0) + (band?.height ?? 0));
    await item.evaluate((element) =>
      (element as unknown as { setAttribute(name: string, value: string): void }).setAttribute('data-phone-probe', ''),
    );
    const backdrop = await page.evaluate<Backdrop>(MEASURE_BACKDROP);
    // Painted behind the item itself (not just the band at the top), in one opaque colour here: the
    // DEMO band has no gradient.
    expect(backdrop.covers, `painted by ${backdrop.tag} ${backdrop.background} ${backdrop.image}`).toBe(true);
    expect(backdrop.image).toBe('none');
    expect(backdrop.background).toMatch(/^rgb\(/);
    expect(contrast(backdrop.text, backdrop.background)).toBeGreaterThanOrEqual(4.5);
    await saveScreenshot(page, test.info(), 'phone-more-menu');

    await page.getByRole('button', { name: 'Close menu' }).tap();
    await expect(item).toBeHidden();
  });
});
