import { kobo, toNaira } from '@coopledger/shared/money';
import { today } from '@coopledger/shared/dates';
import type { InvestmentView } from '@coopledger/shared/accounting-views';
import type { InvestmentCloseInput, InvestmentInput } from '@coopledger/shared/schemas/accounting';
import type { Item } from '#core/db';
import { nowIso } from '#core/db';
import { conflict, invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import type { PostingLine } from '#core/ledger';
import { post } from '#core/ledger';
import { setupRecords } from '../setup/setup-entity.ts';
import type { ChartTree } from '../reports/chart-tree.ts';
import { GL_ACCOUNT_STATUS, INVESTMENT_STATUS, isActive } from '@coopledger/shared/statuses';
import type { InvestmentRecord } from './investment-entity.ts';
import { closeEffects, getInvestment, openEffects } from './investment-entity.ts';

/**
 * The investment tracker. Opening an investment moves the money out of a bank account into the
 * investment GL (Dr investment GL, Cr bank GL); closing brings the principal back and books the
 * income (Dr bank GL for both, Cr investment GL for the principal, Cr the interest GL for the
 * income). Each is one ledger posting with the investment's record (investment-entity.ts), once
 * per investment.
 */

interface BankAccount extends Item {
  id: string;
  bank: string;
  account_no: string;
  coa_id: string;
  status: number;
}

async function bankAccount(tenant: string, bankId: string): Promise<BankAccount> {
  const bank = await setupRecords.bankAccount.get(tenant, bankId);
  if (!bank || !isActive(bank.status)) throw invalid('bank_id', 'Please select a bank account');
  return bank;
}

function activeAccount(tree: ChartTree, field: string, code: string): void {
  const account = tree.accounts.get(code);
  if (!account) throw invalid(field, `GL account ${code} does not exist`);
  if (account.status !== GL_ACCOUNT_STATUS.ACTIVE)
    throw invalid(field, `GL account ${code} (${account.name}) is inactive`);
}

export function presentInvestment(
  record: InvestmentRecord,
  tree: ChartTree,
  banks: Map<string, BankAccount>,
): InvestmentView {
  const bank = banks.get(record.bank_id);
  return {
    id: record.id,
    investment_id: record.id,
    invested_with: record.invested_with,
    investment_amount: toNaira(record.investment_amount),
    investment_income: toNaira(
      record.status === INVESTMENT_STATUS.CLOSED ? record.income_received : record.expected_income,
    ),
    expected_income: toNaira(record.expected_income),
    start_date: record.start_date,
    due_date: record.due_date,
    gl_code: record.gl_code,
    gl_name: tree.accounts.get(record.gl_code)?.name ?? null,
    investment_interest_gl: record.investment_interest_gl,
    interest_gl_name: tree.accounts.get(record.investment_interest_gl)?.name ?? null,
    bank_id: record.bank_id,
    bank_name: bank ? `${bank.bank} ${bank.account_no}` : null,
    comment: record.comment ?? null,
    status: record.status,
    closed_at: record.closed_at ?? null,
    close_date: record.close_date ?? null,
    created_at: record.created_at,
  };
}

export async function openInvestment(
  tenant: string,
  tree: ChartTree,
  input: InvestmentInput,
  by: string,
): Promise<InvestmentRecord> {
  activeAccount(tree, 'gl_code', input.gl_code);
  activeAccount(tree, 'investment_interest_gl', input.investment_interest_gl);
  const bank = await bankAccount(tenant, input.bank_id);
  const id = newId();
  const now = nowIso();
  const record: InvestmentRecord = {
    id,
    invested_with: input.invested_with,
    investment_amount: input.investment_amount,
    expected_income: input.investment_income,
    income_received: 0,
    start_date: input.start_date,
    due_date: input.due_date,
    gl_code: input.gl_code,
    investment_interest_gl: input.investment_interest_gl,
    bank_id: bank.id,
    comment: input.comment,
    status: INVESTMENT_STATUS.OPEN,
    created_by: by,
    created_at: now,
    updated_at: now,
  };
  await post({
    cooperativeId: tenant,
    idempotencyKey: `investment-open-${id}`,
    date: input.start_date,
    description: `Investment with ${input.invested_with}`,
    source: { type: 'INVESTMENT', id },
    reference: `INV-${id.slice(-8)}`,
    lines: [
      { glCode: input.gl_code, side: 'D', amount: input.investment_amount },
      {
        glCode: String(bank.coa_id),
        side: 'C',
        amount: input.investment_amount,
        description: `Paid from ${bank.bank} ${bank.account_no}`,
      },
    ],
    effects: openEffects(tenant, record),
    createdBy: by,
  });
  return record;
}

export async function closeInvestment(
  tenant: string,
  input: InvestmentCloseInput,
  by: string,
): Promise<{ record: InvestmentRecord; duplicate: boolean }> {
  const record = await getInvestment(tenant, input.investment_id);
  if (!record) throw notFound('Investment');
  if (record.status !== INVESTMENT_STATUS.OPEN) throw conflict('This investment is already closed');
  // A date sent has passed the posting-date field; the ledger checks whichever date it posts on.
  const date = input.date ?? today();
  if (date < record.start_date) throw invalid('date', 'The closing date must not be before the start date');
  const bank = await bankAccount(tenant, input.bank_id ?? record.bank_id);
  const income = input.investment_income;
  const lines: PostingLine[] = [
    {
      glCode: String(bank.coa_id),
      side: 'D',
      amount: kobo(record.investment_amount + income),
      description: `Received into ${bank.bank} ${bank.account_no}`,
    },
    { glCode: record.gl_code, side: 'C', amount: kobo(record.investment_amount) },
  ];
  if (income > 0)
    lines.push({
      glCode: record.investment_interest_gl,
      side: 'C',
      amount: kobo(income),
      description: `Income from ${record.invested_with}`,
    });
  const now = nowIso();
  const result = await post({
    cooperativeId: tenant,
    idempotencyKey: `investment-close-${record.id}`,
    date,
    description: `Closing of the investment with ${record.invested_with}`,
    source: { type: 'INVESTMENT', id: record.id },
    reference: `INV-${record.id.slice(-8)}`,
    lines,
    effects: closeEffects(tenant, record, {
      income_received: income,
      close_date: date,
      close_bank_id: bank.id,
      closed_by: by,
      closed_at: now,
    }),
    createdBy: by,
  });
  // Closed at the same moment by another request: answer the investment as that close left it.
  if (result.duplicate) return { record: (await getInvestment(tenant, record.id)) ?? record, duplicate: true };
  return {
    record: {
      ...record,
      status: INVESTMENT_STATUS.CLOSED,
      income_received: income,
      close_date: date,
      closed_at: now,
      close_bank_id: bank.id,
      closed_by: by,
      updated_at: now,
    },
    duplicate: false,
  };
}

export async function bankAccounts(tenant: string, ids: string[]): Promise<Map<string, BankAccount>> {
  const found = await Promise.all([...new Set(ids)].map((id) => setupRecords.bankAccount.get(tenant, id)));
  return new Map(found.flatMap((b) => (b ? [[String(b.id), b] as [string, BankAccount]] : [])));
}
