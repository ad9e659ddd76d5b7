import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { percentile } from './measure.ts';

/**
 * Sign-in to a usable dashboard in Chromium (issue 24, "Fast from sign-in"): from pressing Sign in to
 * the dashboard's figures on screen, for a cooperative admin (the staff dashboard's tiles and
 * overview) and a member (their savings balance and loans). Each sign-in is a fresh browser context
 * (nothing cached but what the sign-in page itself fetched while it was shown), the sign-in page
 * open for a second first as a person's would be while they type.
 */
export interface SignInResult {
  account: string;
  runs: number;
  p50Ms: number;
  minMs: number;
  maxMs: number;
  /** The API requests the browser made from pressing Sign in to the figures, in the last run. */
  apiRequests: number;
}

const CHROMIUM = '/usr/bin/chromium';
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist/index.html');

/** Why the sign-in measure cannot run here, or null. */
export function signInUnavailable(): string | null {
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing (see tests/e2e/ensure-chromium.mjs)`;
  if (!existsSync(WEB_DIST)) return 'the web app is not built (npm run build:web)';
  return null;
}

const DASHBOARD_READY: Record<string, (page: Page) => Promise<void>> = {
  // Every tile counted (no '…') and the year's overview totals drawn.
  staff: async (page) => {
    await page.getByTestId('overview-deposits').waitFor();
    await page.locator('[data-testid^="tile-count-"]').first().waitFor();
    await page.locator('[data-testid^="tile-count-"]', { hasText: '…' }).first().waitFor({ state: 'detached' });
  },
  member: async (page) => {
    await page.getByTestId('savings-balance').waitFor();
    await page.getByTestId('active-loan').waitFor();
  },
};

async function once(browser: Browser, baseURL: string, loginId: string, ready: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Login ID').fill(loginId);
    await page.getByLabel('Password', { exact: true }).fill('password123');
    // The sign-in page as a person has it while typing: its own fetches done.
    await page.waitForTimeout(1000);
    let apiRequests = 0;
    const started = performance.now();
    const trace: string[] = [];
    const at = () => Math.round(performance.now() - started);
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) apiRequests++;
      trace.push(`${at()} ms > ${pathname}`);
    });
    page.on('requestfinished', (request) => trace.push(`${at()} ms < ${new URL(request.url()).pathname}`));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await ready(page);
    const ms = performance.now() - started;
    // BENCH_SIGNIN_TRACE=1 prints each sign-in's requests as they went and came back.
    if (process.env.BENCH_SIGNIN_TRACE) console.log(`${loginId} ${Math.round(ms)} ms\n${trace.join('\n')}`);
    return { ms, apiRequests };
  } finally {
    await context.close();
  }
}

export async function benchSignIn(baseURL: string, runs: number, log: (line: string) => void): Promise<SignInResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const results: SignInResult[] = [];
    for (const [account, loginId, kind] of [
      ['DEMO-ADMIN (staff dashboard)', 'DEMO-ADMIN', 'staff'],
      ['DEMO0001 (member dashboard)', 'DEMO0001', 'member'],
    ] as const) {
      // One sign-in first, not counted: the runtime's first call of each function loads its code.
      await once(browser, baseURL, loginId, DASHBOARD_READY[kind]);
      const times: number[] = [];
      let apiRequests = 0;
      for (let i = 0; i < runs; i++) {
        const run = await once(browser, baseURL, loginId, DASHBOARD_READY[kind]);
        times.push(run.ms);
        apiRequests = run.apiRequests;
      }
      times.sort((a, b) => a - b);
      const result = {
        account,
        runs,
        p50Ms: Math.round(percentile(times, 50)),
        minMs: Math.round(times[0]),
        maxMs: Math.round(times[times.length - 1]),
        apiRequests,
      };
      log(`  ${account}: median ${result.p50Ms} ms (${result.minMs} to ${result.maxMs} ms)`);
      results.push(result);
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** The sign-in table, beside the API's own login time of the same run. */
export function signInMarkdown(results: SignInResult[], apiLoginP50: number | undefined): string[] {
  return [
    `Sign-in in Chromium, from pressing Sign in to the dashboard's figures (goal: at most 1,500 ms), median of ${results[0]?.runs ?? 0} fresh browser contexts; the API's POST /auth/login alone: ${apiLoginP50 ?? '-'} ms (login1 p50, same run).`,
    '',
    '| account | median ms | fastest ms | slowest ms | API requests |',
    '|---|---|---|---|---|',
    ...results.map((r) => `| ${r.account} | ${r.p50Ms} | ${r.minMs} | ${r.maxMs} | ${r.apiRequests} |`),
  ];
}
