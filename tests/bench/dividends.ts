import { performance } from 'node:perf_hooks';
import type { DividendDeclarationView } from '@coopledger/shared/dividend-views';
import { figureKobo, koboOf, ratioPercent } from '@coopledger/shared/money';
import { DIVIDEND_STATUS } from '@coopledger/shared/statuses';
import { glTotalsFor } from '../../functions/chart/gl-total-entity.ts';
import type { ApiCall } from './http.ts';
import { expectStatus } from './http.ts';
import type { LatencyResult } from './measure.ts';

/**
 * The dividend measure (functions/dividends), on the payroll measure's cooperative once its March
 * payroll is posted: every member then has March savings and every other one March loan interest
 * in their month figures. Timed through the API: Compute of the year to October 2026 with X 50 / Y 50 (the best of
 * three, after one untimed call that loads the domain), then, untimed, Save, a second admin's
 * Approve, and the payment into savings (the dividend-payment workflow) followed every 250 ms
 * until Paid. The lines are checked to add up to the pool and the Provision GL to be back where it
 * was before anything is reported.
 */

const POLL_MS = 250;
/** A year to the end of October 2026: its twelve months of figures are read, March's hold the payroll. */
const TERMS = { from: '2025-11-01', to: '2026-10-31', x_percent: '50', y_percent: '50', amount: '2500000.00' };
const GL_SETUP = {
  provision_gl: '302002',
  retained_earnings_gl: '402002',
  statutory_reserve_gl: '402001',
  admin_fee_gl: '504001',
};

export interface DividendResult {
  members: number;
  /** The lines computed: members with savings or interest in March. */
  lines: number;
  computeMs: number[];
  /** Best of computeMs. */
  computeBestMs: number;
  saveMs: number;
  approveMs: number;
  paySeconds: number;
  rowsPerSecond: number;
  /** The raw rates beside it, the same run: TransactWriteItems of 8 payroll-row items at 8 clients, of 6 Puts at 16. */
  rawTransactPerSecond?: number;
  raw6PerSecond?: number;
  checks: { partsAddUpToPool: boolean; provisionBackToZero: boolean; paidRows: number };
}

export interface DividendContext {
  call: ApiCall;
  /** The super-admin's token; it computes and saves. */
  token: string;
  cooperativeId: string;
  members: number;
  raw?: LatencyResult;
  raw6?: LatencyResult;
  log: (line: string) => void;
}

const round = (value: number) => Math.round(value * 100) / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchDividends(ctx: DividendContext): Promise<DividendResult> {
  const { call, token, cooperativeId: coop, log } = ctx;
  const query = { cooperative_id: coop };
  expectStatus(
    await call('POST', '/cooperative/dividend/gl-setup', { token, query, body: { ...query, ...GL_SETUP } }),
    [200, 201],
    'dividend GL setup',
  );
  // A second admin approves: whoever saves a dividend may not.
  const approver = `DIVAPP${coop.slice(-6)}`;
  expectStatus(
    await call('POST', '/user/coopledger', {
      token,
      body: {
        coop_id: approver,
        firstname: 'Dividend',
        lastname: 'Approver',
        email: `${approver.toLowerCase()}@example.com`,
        role_id: 'cooperative-admin',
        cooperative_id: coop,
        password: 'secret123',
        confirm_password: 'secret123',
      },
    }),
    201,
    'the approving admin',
  );
  const signedIn = expectStatus(
    await call<{ token: { token: string } }>('POST', '/auth/login', {
      body: { coop_id: approver, password: 'secret123' },
    }),
    200,
    'the approving admin signs in',
  );
  const approverToken = signedIn.token.token;

  log(`Dividends: compute a year for the ${ctx.members} members (X 50, Y 50), three times after a first call...`);
  const compute = () =>
    call<{ members: unknown[] }>('POST', '/cooperative/dividend/compute', {
      token,
      query,
      body: { ...query, ...TERMS },
    });
  expectStatus(await compute(), 200, 'first compute');
  const computeMs: number[] = [];
  let lines = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const computed = expectStatus(await compute(), 200, 'compute');
    computeMs.push(Math.round(performance.now() - started));
    lines = computed.members.length;
  }

  let started = performance.now();
  const saved = expectStatus(
    await call<DividendDeclarationView>('POST', '/cooperative/dividend/declarations', {
      token,
      query,
      body: { ...query, ...TERMS },
    }),
    201,
    'save',
  );
  const saveMs = Math.round(performance.now() - started);
  const before = (await glTotalsFor(coop, [GL_SETUP.provision_gl]))[0];
  started = performance.now();
  expectStatus(
    await call('POST', '/cooperative/dividend/declarations/approve', {
      token: approverToken,
      query: { ...query, id: saved.id },
      body: query,
    }),
    200,
    'approve',
  );
  const approveMs = Math.round(performance.now() - started);

  log(
    `  computed ${lines} lines in ${Math.min(...computeMs)} ms (best of ${computeMs.join(', ')} ms); paying them into savings...`,
  );
  started = performance.now();
  expectStatus(
    await call('POST', '/cooperative/dividend/declarations/pay', {
      token: approverToken,
      query: { ...query, id: saved.id },
      body: { ...query, mode: 'savings' },
    }),
    202,
    'pay',
  );
  let paid: DividendDeclarationView | undefined;
  for (;;) {
    await sleep(POLL_MS);
    const now = expectStatus(
      await call<DividendDeclarationView>('GET', '/cooperative/dividend/declarations/single', {
        token,
        query: { ...query, id: saved.id },
      }),
      200,
      'follow the payment',
    );
    if (now.payment?.status === 'FAILED') throw new Error(`The payment stopped: ${now.payment.error}`);
    if (now.status === DIVIDEND_STATUS.PAID) {
      paid = now;
      break;
    }
  }
  const paySeconds = round((performance.now() - started) / 1000);

  // Checked before any number is reported.
  const parts = (figureKobo(saved.totals.savings_part) ?? -1n) + (figureKobo(saved.totals.loan_part) ?? -1n);
  const after = (await glTotalsFor(coop, [GL_SETUP.provision_gl]))[0];
  const net = (t: typeof after | undefined) => (t ? koboOf(t.credit) - koboOf(t.debit) : 0n);
  const checks = {
    partsAddUpToPool: parts === figureKobo(saved.amount),
    provisionBackToZero: net(after) === net(before),
    paidRows: paid.payment?.rows_paid ?? 0,
  };
  if (!checks.partsAddUpToPool) throw new Error("The dividend's parts do not add up to its pool");
  if (!checks.provisionBackToZero) throw new Error('The Provision GL did not come back to where it was');
  if (checks.paidRows !== lines) throw new Error(`${checks.paidRows} members paid of ${lines}`);
  return {
    members: ctx.members,
    lines,
    computeMs,
    computeBestMs: Math.min(...computeMs),
    saveMs,
    approveMs,
    paySeconds,
    rowsPerSecond: round(lines / paySeconds),
    rawTransactPerSecond: ctx.raw?.perSecond,
    raw6PerSecond: ctx.raw6?.perSecond,
    checks,
  };
}

/** `rate` as a percentage of `raw`, 2 decimals (not capped: the payment may beat a larger raw transaction). */
const shareOf = (rate: number, raw: number | undefined) =>
  raw ? `${ratioPercent(BigInt(Math.round(rate * 1000)), BigInt(Math.round(raw * 1000)))}%` : '-';

export function dividendsMarkdown(r: DividendResult): string[] {
  return [
    "Dividends: on the payroll's cooperative after its March payroll, a dividend of the year to October 2026 computed (X 50, Y 50), saved, approved by a second admin and paid into each member's plan through the API; the parts' total, every member paid and the Provision GL checked first:",
    '',
    '| measure | value |',
    '|---|---|',
    `| members (lines computed) | ${r.members} (${r.lines}) |`,
    `| compute a year, best of ${r.computeMs.length} (goal: at most 10 s for 10,000 members and a year) | ${r.computeBestMs} ms (${r.computeMs.join(', ')} ms) |`,
    `| save as a Draft (computes again, writes the lines) | ${r.saveMs} ms |`,
    `| approve (one posting) | ${r.approveMs} ms |`,
    `| payment into savings, pay to Paid | ${r.paySeconds} s: ${r.rowsPerSecond} members/s |`,
    `| raw TransactWriteItems, 8 payroll-row items, 8 clients (same run) | ${r.rawTransactPerSecond ?? '-'} tx/s: payment at ${shareOf(r.rowsPerSecond, r.rawTransactPerSecond)} of it |`,
    `| raw TransactWriteItems, 6 Puts, 16 clients (same run; a payment row writes 6 items) | ${r.raw6PerSecond ?? '-'} tx/s: payment at ${shareOf(r.rowsPerSecond, r.raw6PerSecond)} of it (goal: at least 50%) |`,
  ];
}
