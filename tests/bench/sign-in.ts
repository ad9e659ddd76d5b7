import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser } from '@playwright/test';
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

/**
 * When each dashboard is usable, as a test in the page: the staff dashboard's tiles all counted (no
 * "…") and its overview totals drawn; the member's savings balance and active loan read (no "…"); and
 * nothing on the page still loading (no table or chart aria-busy).
 */
const LOADED = 'document.querySelectorAll(\'[aria-busy="true"]\').length === 0';
const READY_TESTS = {
  staff:
    '(() => { const tiles = [...document.querySelectorAll(\'[data-testid^="tile-count-"]\')]; ' +
    "return tiles.length > 0 && tiles.every((t) => !t.textContent.includes('…')) && " +
    `!!document.querySelector('[data-testid="overview-deposits"]') && ${LOADED}; })()`,
  member:
    "(() => { const figures = ['savings-balance', 'active-loan'].map((id) => document.querySelector(" +
    "'[data-testid=\"' + id + '\"]')); return figures.every((f) => f && !f.textContent.includes('…')) && " +
    `${LOADED}; })()`,
} as const;

/**
 * Timed in the page, not by polling from outside (whose intervals would add up to half a second): the
 * press of Sign in (its pointerdown) and the first DOM change after which the dashboard is usable.
 * Injected before the page's own scripts (as the browser tools do), so the page's CSP does not apply.
 */
const timingScript = (ready: string) => `
  window.__signIn = {};
  addEventListener('pointerdown', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.includes('Sign in')) window.__signIn.pressed = performance.now();
  }, true);
  new MutationObserver(() => {
    if (window.__signIn.pressed !== undefined && window.__signIn.ready === undefined && ${ready})
      window.__signIn.ready = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

async function once(browser: Browser, baseURL: string, loginId: string, kind: keyof typeof READY_TESTS) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.addInitScript(timingScript(READY_TESTS[kind]));
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
    const timing = page.evaluate<{ pressed?: number; ready?: number }>('window.__signIn');
    await page.waitForURL(/\/dashboard$/);
    let measured: { pressed?: number; ready?: number } = await timing;
    for (let i = 0; i < 300 && measured.ready === undefined; i++) {
      await page.waitForTimeout(50);
      measured = await page.evaluate<{ pressed?: number; ready?: number }>('window.__signIn');
    }
    if (measured.pressed === undefined || measured.ready === undefined)
      throw new Error(`${loginId}: the dashboard's figures did not show within 15 s of Sign in`);
    const ms = measured.ready - measured.pressed;
    // BENCH_SIGNIN_TRACE=1 prints each sign-in's requests as they went and came back.
    if (process.env.BENCH_SIGNIN_TRACE) console.log(`${loginId} ${Math.round(ms)} ms\n${trace.join('\n')}`);
    return { ms, apiRequests };
  } finally {
    await context.close();
  }
}

export async function benchSignIn(baseURL: string, runs: number, log: (line: string) => void): Promise<SignInResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const results: SignInResult[] = [];
    for (const [account, loginId, kind] of [
      ['DEMO-ADMIN (staff dashboard)', 'DEMO-ADMIN', 'staff'],
      ['DEMO0001 (member dashboard)', 'DEMO0001', 'member'],
    ] as const) {
      // One sign-in first, not counted: the runtime's first call of each function loads its code.
      await once(browser, baseURL, loginId, kind);
      const times: number[] = [];
      let apiRequests = 0;
      for (let i = 0; i < runs; i++) {
        const run = await once(browser, baseURL, loginId, kind);
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
