import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '@coopledger/shared/dates';
import { apiUrl, call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Member } from './support/loans.ts';
import {
  applied,
  application,
  approveLoan,
  loanProduct,
  loanWorld,
  members,
  suretiesApprove,
} from './support/loans.ts';
import { DIVIDEND_GL_SETUP } from './support/dividends.ts';
import { secondAdmin } from './support/fixtures.ts';
import { readPdfText } from './support/pdf-text.ts';
import { approve, deposited, placed, planOf } from './support/savings.ts';
import type { PlanRow } from './support/savings.ts';

/**
 * Member statements (functions/members/statement.ts): a member with two plans and a loan, set up
 * through the API in a cooperative of their own; the statement's figures worked out here by hand.
 */
let world: LoanWorld;
let ada: Member;
let bola: Member;
let chidi: Member;
let regular: PlanRow;
let second: PlanRow;
let loan: LoanRow;
const now = today();

/** GETs a statement file; the parsed workbook for .xlsx, the bytes otherwise. */
async function statement(
  token: string,
  query: Record<string, string>,
  path = '/cooperative/member/statement',
): Promise<{ status: number; type: string; name: string; bytes: Buffer; json?: { errors?: Record<string, string> } }> {
  const url = new URL(`${apiUrl()}/api/v1${path}`);
  for (const [k, v] of Object.entries({ cooperative_id: world.ctx.coop, ...query })) url.searchParams.set(k, v);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const type = response.headers.get('content-type') ?? '';
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '';
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = type.includes('json')
    ? (JSON.parse(bytes.toString('utf8')) as { errors?: Record<string, string> })
    : undefined;
  return { status: response.status, type, name, bytes, json };
}

async function sheets(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return Object.fromEntries(
    book.worksheets.map((sheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return [sheet.name, rows];
    }),
  );
}

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('ST');
  [ada, bola, chidi] = (await members(world, 3)) as [Member, Member, Member];
  regular = await planOf(world, ada.id);
  second = await planOf(world, ada.id, { amount: '2000', start_date: '2026-01-10' });
  // Regular: 10,000 before the period, then 5,000.50 in, 2,000 out; 700 after the period.
  await deposited(world, regular.id, '10000', '2026-01-15');
  await deposited(world, regular.id, '5000.50', '2026-03-10');
  const withdrawal = await placed(world, regular.id, 'WITHDRAWAL', '2000', '2026-04-20');
  expect((await approve(world, withdrawal.id)).status).toBe(200);
  await deposited(world, regular.id, '700', now);
  // Second plan: 3,000 and 1,250.25 in the period.
  await deposited(world, second.id, '3000', '2026-02-15');
  await deposited(world, second.id, '1250.25', '2026-06-30');

  // A loan of 120,000 at 12% flat over 12 months, first installment next month, disbursed today.
  const product = await loanProduct(world, `Statement Loan ${world.ctx.tag}`);
  const applying = await applied(
    world,
    application(world, product, ada.id, bola.id, chidi.id, { date: now, payment_start_date: '2026-12-01' }),
  );
  await suretiesApprove(world, applying, { [bola.id]: bola.token, [chidi.id]: chidi.token });
  const approved = await approveLoan(world, applying.id);
  expect(approved.status, approved.body.message).toBe(200);
  loan = approved.body.data;
  // 20,000 paid by bank today, before any installment is due.
  const offset = await call('POST', '/cooperative/loan-offset', {
    token: world.ctx.token,
    body: {
      cooperative_id: world.ctx.coop,
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 1,
      loan_amount: 120000,
      bank_id: world.bank,
      offset_amount: 20000,
      date: now,
      restructure_tenure: 12,
      payment_start_date: '2026-12-01',
    },
  });
  expect(offset.status, offset.body.message).toBe(201);

  // A dividend of 100.50 uploaded, approved by a second admin and paid by bank today.
  const admin = await secondAdmin(world.ctx.coop, world.ctx.token, `SA${world.ctx.tag}`, 'Sade');
  const setup = await call('POST', '/cooperative/dividend/gl-setup', {
    token: world.ctx.token,
    body: { cooperative_id: world.ctx.coop, ...DIVIDEND_GL_SETUP },
  });
  expect(setup.status).toBe(200);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Dividend');
  sheet.addRow(['Member No', 'Amount']);
  sheet.addRow([ada.id, '100.50']);
  const form = new FormData();
  form.append('cooperative_id', world.ctx.coop);
  form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'dividend.xlsx');
  const upload = await call<{ id: string }>('POST', '/cooperative/dividend/declarations/upload', {
    token: world.ctx.token,
    form,
  });
  expect(upload.status, upload.body.message).toBe(201);
  for (const [path, body] of [
    ['/cooperative/dividend/declarations/approve', {}],
    ['/cooperative/dividend/declarations/pay', { mode: 'bank', bank_id: world.bank }],
  ] as const) {
    const r = await call('POST', path, {
      token: admin.token,
      body: { cooperative_id: world.ctx.coop, ...body },
      query: { id: upload.body.data.id },
    });
    expect(r.status, r.body.message).toBe(200);
  }
});

describe('a member statement as .xlsx', () => {
  it('shows each plan from its opening balance to its closing balance in a period without the first deposit', async () => {
    const r = await statement(world.ctx.token, {
      member_id: ada.id,
      start_date: '2026-02-01',
      end_date: '2026-10-31',
      format: 'xlsx',
    });
    expect(r.status, r.bytes.toString('utf8').slice(0, 200)).toBe(200);
    expect(r.type).toContain('spreadsheetml');
    expect(r.name).toBe(`statement-${ada.id}-2026-02-01-to-2026-10-31.xlsx`);
    const book = await sheets(r.bytes);
    // Regular: opens at the 10,000 of 15 January; +5,000.50, -2,000; the 700 of today is after the period.
    // Second: opens at 0; +3,000, +1,250.25.
    expect(book.Savings).toEqual([
      ['Plan', 'Date', 'Reference', 'Description', 'Debit', 'Credit', 'Balance'],
      ['Regular Savings', '2026-02-01', '', 'Opening balance', '', '', 10000],
      ['Regular Savings', '2026-03-10', expect.any(String), 'DEPOSIT test', '', 5000.5, 15000.5],
      ['Regular Savings', '2026-04-20', expect.any(String), 'WITHDRAWAL test', 2000, '', 13000.5],
      ['Regular Savings', '2026-10-31', '', 'Closing balance', '', '', 13000.5],
      ['Regular Savings', '2026-02-01', '', 'Opening balance', '', '', 0],
      ['Regular Savings', '2026-02-15', expect.any(String), 'DEPOSIT test', '', 3000, 3000],
      ['Regular Savings', '2026-06-30', expect.any(String), 'DEPOSIT test', '', 1250.25, 4250.25],
      ['Regular Savings', '2026-10-31', '', 'Closing balance', '', '', 4250.25],
    ]);
    // The loan was disbursed after the period: not on it.
    expect(book.Loans).toEqual([['Loan', 'Disbursed', 'Principal', 'Balance at start', 'Balance at end']]);
    // The dividend was paid today, after the period.
    expect(book.Dividends).toEqual([['Paid on', 'Dividend', 'Paid into', 'Amount']]);
    const summary = new Map(book.Summary.map((row) => [row[0], row.slice(1)]));
    expect(summary.get('Member number')).toEqual([ada.id, '']);
    expect(summary.get('Savings closing total')).toEqual(['', 17250.75]);
    expect(summary.get('Loans outstanding total')).toEqual(['', 0]);
  });

  it('agrees with the plan and loan balances the app keeps when the period ends today', async () => {
    const r = await statement(world.ctx.token, {
      member_id: ada.id,
      start_date: '2026-02-01',
      end_date: now,
      format: 'xlsx',
    });
    expect(r.status).toBe(200);
    const book = await sheets(r.bytes);
    // 13,000.50 + 700 and 4,250.25.
    const closings = book.Savings.filter((row) => row[3] === 'Closing balance').map((row) => row[6]);
    expect(closings).toEqual([13700.5, 4250.25]);
    const plans = await call<{ data: { id: string; balance: number }[] }>('GET', '/savings', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: ada.id },
    });
    const balances = new Map(plans.body.data.data.map((p) => [p.id, p.balance]));
    expect([balances.get(regular.id), balances.get(second.id)]).toEqual(closings);

    // The loan: disbursed today in the period, so it opens at 0; 20,000 repaid by bank.
    const single = await call<{ loan_balance: number }>('GET', '/cooperative/loans/single', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, loan_id: loan.id },
    });
    expect(book.Loans.slice(1)).toEqual([[loan.product.name, now, 120000, 0, single.body.data.loan_balance]]);
    // 100,000 principal left; what the restructure adds as interest is the loan's own figure.
    expect(single.body.data.loan_balance).toBeGreaterThanOrEqual(100000);
    expect(book.Repayments.slice(1)).toEqual([[loan.product.name, now, expect.any(String), 'Offset by bank', 20000]]);
    expect(book.Dividends.slice(1)).toEqual([[now, `Dividend approved ${now}`, 'Bank', 100.5]]);
    const summary = new Map(book.Summary.map((row) => [row[0], row.slice(1)]));
    expect(summary.get('Savings closing total')).toEqual(['', 17950.75]);
    expect(summary.get('Dividends paid')).toEqual(['', 100.5]);
    expect(summary.get('Loans outstanding total')).toEqual(['', single.body.data.loan_balance]);
  });
});

describe('a member statement as PDF', () => {
  it('draws the member number and naira amounts in the embedded DejaVu Sans', async () => {
    const r = await statement(
      ada.token,
      { start_date: '2026-02-01', end_date: '2026-10-31', format: 'pdf' },
      '/member/statement',
    );
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { embedded, pieces } = await readPdfText(r.bytes);
    expect(embedded).toEqual([
      expect.stringMatching(/^DejaVuSans-\d+$/),
      expect.stringMatching(/^DejaVuSans-Bold-\d+$/),
    ]);
    expect(pieces).toContain(ada.id);
    expect(pieces).toContain('₦13,000.50');
    expect(pieces).toContain('₦4,250.25');
    expect(pieces).toContain('₦17,250.75');
  });
});

describe('who may have a statement, and of what', () => {
  it('refuses a member asking for another member, and staff naming a member the cooperative lacks', async () => {
    const other = await statement(bola.token, {
      member_id: ada.id,
      start_date: '2026-02-01',
      end_date: '2026-10-31',
    });
    expect(other.status).toBe(403);
    // The member route always gives the caller's own statement, whatever member it names.
    const own = await statement(
      bola.token,
      { member_id: ada.id, start_date: '2026-02-01', end_date: '2026-10-31', format: 'xlsx' },
      '/member/statement',
    );
    expect(own.status).toBe(200);
    const summary = new Map((await sheets(own.bytes)).Summary.map((row) => [row[0], row.slice(1)]));
    expect(summary.get('Member number')).toEqual([bola.id, '']);
    const unknown = await statement(world.ctx.token, {
      member_id: 'NOSUCH01',
      start_date: '2026-02-01',
      end_date: '2026-10-31',
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses bad periods with 422 and a message on the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ end_date: '2026-10-31' }, 'start_date'],
      [{ start_date: '2026-02-30', end_date: '2026-10-31' }, 'start_date'],
      [{ start_date: '2026-10-31', end_date: '2026-02-01' }, 'end_date'],
      [{ start_date: '2020-01-01', end_date: '2025-01-01' }, 'end_date'],
      [{ start_date: '2026-01-01', end_date: '2026-02-01', format: 'docx' }, 'format'],
    ];
    for (const [query, field] of cases) {
      const r = await statement(world.ctx.token, { member_id: ada.id, ...query });
      expect(r.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(r.json?.errors ?? {}), JSON.stringify(query)).toEqual([field]);
    }
    const noMember = await statement(world.ctx.token, { start_date: '2026-01-01', end_date: '2026-02-01' });
    expect(noMember.status).toBe(422);
    expect(noMember.json?.errors).toEqual({ member_id: 'Please select a member' });
  });
});
