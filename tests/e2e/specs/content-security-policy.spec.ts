import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { StaffDashboardPage } from '../pages/dashboard-page';
import { ChatPage } from '../pages/chat-page';
import { CooperativesPage } from '../pages/cooperatives-page';
import { LoginPage } from '../pages/login-page';
import { AnalysisReportPage } from '../pages/platform-reports-page';
import { TrialBalanceScreen } from '../pages/reports-page';
import { ACCOUNTS } from '../support/demo-accounts';

/**
 * The web app runs under the server's Content-Security-Policy (scripts and styles from its own
 * origin only, no inline code): the main screens, with Highcharts charts, the chat's WebSocket and
 * a logo from a presigned file URL, draw without a single violation.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Every `securitypolicyviolation` event and every CSP refusal Chromium logs, across navigations. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    const browser = globalThis as unknown as {
      document: {
        addEventListener(
          type: string,
          listener: (event: {
            violatedDirective: string;
            blockedURI: string;
            sourceFile: string;
            lineNumber: number;
            sample: string;
          }) => void,
        ): void;
      };
      reportCspViolation(violation: string): void;
    };
    browser.document.addEventListener('securitypolicyviolation', (event) =>
      browser.reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
      ),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push(`${message.text()} at ${message.location().url}:${message.location().lineNumber}`);
  });
  return violations;
}

test.describe('the Content-Security-Policy', () => {
  test.describe.configure({ timeout: 90_000 });

  test('is sent with the app, and sign-in, the dashboard, reports and chat run under it without a violation', async ({
    page,
  }) => {
    const violations = await recordViolations(page);
    // The signed-in tab opens its chat WebSocket once, whichever page it is on.
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));

    const login = new LoginPage(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(login.card).toBeVisible();
    await login.signInAs('coopAdmin');

    const dashboard = new StaffDashboardPage(page);
    await expect(dashboard.heading).toBeVisible();
    await expect(page.locator('.highcharts-container')).toHaveCount(1);
    // The cooperative's Cloudscape theme still applies: DEMO's primary colour (#4276A4) on a primary button.
    await expect(dashboard.quickDeposit.getByRole('button', { name: 'Deposit', exact: true })).toHaveCSS(
      'background-color',
      'rgb(66, 118, 164)',
    );

    const analysis = new AnalysisReportPage(page);
    await analysis.goto();
    await expect(analysis.charts).toHaveCount(5);

    const trial = new TrialBalanceScreen(page);
    await trial.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Trial balance' })).toBeVisible();

    await new ChatPage(page).topBarLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    expect(sockets).toContain('/ws');

    expect(violations).toEqual([]);
  });

  test("shows a cooperative's logo from its presigned file URL", async ({ page, request }) => {
    const violations = await recordViolations(page);
    const { superAdmin } = ACCOUNTS;
    const login = await request.post('/api/v1/auth/login', {
      data: { coop_id: superAdmin.loginId, password: superAdmin.password },
    });
    const token = ((await login.json()) as { data: { token: { token: string } } }).data.token.token;
    const code = `CSP${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const name = `Logo Check ${code}`;
    const created = await request.post('/api/v1/cooperative', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        name,
        code,
        email: 'info@logo-check.example',
        phone: '+234 803 555 0199',
        address: '1 Gallery Road, Lagos',
        colors: JSON.stringify({ primary_color: '#1E7D5A', secondary_color: '#145A41' }),
        logo: { name: 'logo.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(created.ok()).toBe(true);

    await new LoginPage(page).signInAs('superAdmin');
    const cooperatives = new CooperativesPage(page);
    await cooperatives.goto();
    await cooperatives.filter.fill(code);
    const logo = cooperatives.row(name).getByRole('img', { name: `${name} logo` });
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1);

    expect(violations).toEqual([]);
  });
});
