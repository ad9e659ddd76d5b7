import { today } from '@coopledger/shared/dates';
import { formatNaira, kobo } from '@coopledger/shared/money';
import type { DividendPayInput } from '@coopledger/shared/schemas/dividends';
import { DIVIDEND_STATUS, SAVINGS_PLAN_STATUS, isActive } from '@coopledger/shared/statuses';
import { BATCH_SHARDS, postBatchRow, settleBatch } from '#core/batch-ledger';
import { nowIso } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { newId, referenceNumber } from '#core/ids';
import { putObject, readObject } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { post } from '#core/ledger';
import { startWorkflow } from '#core/workflows';
import { primaryPlan } from '../payroll/dues.ts';
import { failureMessage } from '../payroll/failures.ts';
import { setupRecords } from '../setup/setup-entity.ts';
import { summaryUpdate } from '../savings/member-savings-entity.ts';
import { memberMonthEffects } from '../savings/member-month-entity.ts';
import { putMemberTransaction } from '../savings/member-transaction-entity.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { cooperativePlans, planMovement } from '../savings/plan-entity.ts';
import { fanOutNoticeEffects, noticeEffects } from '../notifications/notify.ts';
import { requireGlSetup } from './compute.ts';
import type { DeclarationRecord } from './declaration-entity.ts';
import {
  declarationMembers,
  markPaid,
  markPaying,
  paidEffect,
  paidSome,
  paymentBatchKey,
  updatePayment,
} from './declaration-entity.ts';
import { requireDeclaration } from './declarations.ts';

/**
 * Paying an approved dividend (issue 21, "Pay"; docs/decisions.md 2026-11-27 "Dividends: payment").
 * By bank: one posting at once (Dr Provision for Dividend, Cr the bank's GL), whose last effect is
 * one notification event that fans out to every member paid (notifications/fan-out.ts). Into savings: the
 * `dividend-payment` workflow (infra/lib/workflows/registry.ts): Prepare finds each member's plan
 * (their plan of the chosen savings product, else their primary plan) and cuts the lines into
 * chunks; PayRows posts each member once as a row of the dividend's ledger batch (Dr Provision, Cr
 * the plan's savings GL; the plan, the member's totals and month figures, a "Dividend" member
 * transaction); Finish settles the batch as one summarised journal and marks the dividend Paid. A
 * payment stopped halfway is started again from the screen and pays only the members not yet paid.
 */

export const DIVIDEND_PAYMENT_WORKFLOW = 'dividend-payment';
const CHUNK_ROWS = 250;

/** One member's payment as the chunks carry it. */
export interface PaymentRow {
  member_id: string;
  member_name: string;
  amount: number;
  plan_id: string;
  product_name: string;
  /** The plan's savings GL (its setup's member balance GL). */
  gl: string;
}

export interface PaymentTaskInput {
  cooperative_id: string;
  dividend_id: string;
}

/** Pays an Approved dividend: by bank at once, or into savings by the workflow (answered while it runs). */
export async function startPayment(
  tenant: string,
  id: string,
  input: DividendPayInput,
  by: string,
): Promise<DeclarationRecord> {
  const record = await requireDeclaration(tenant, id);
  if (record.status === DIVIDEND_STATUS.PAID) throw conflict('This dividend is paid already');
  if (record.status !== DIVIDEND_STATUS.APPROVED) throw conflict('Only an approved dividend can be paid');
  if (record.pay_status === 'PAYING') throw conflict('This dividend is being paid');
  const setup = await requireGlSetup(tenant);
  const date = record.pay_date ?? today();

  if (input.mode === 'bank') {
    if (paidSome(record))
      throw conflict('Some members were paid into their savings; pay the rest into savings to finish');
    const bank = await setupRecords.bankAccount.get(tenant, input.bank_id ?? '');
    if (!bank || !isActive(bank.status)) throw invalid('bank_id', 'Please select a bank account');
    const journalId = newId();
    const paidAt = nowIso();
    await post({
      cooperativeId: tenant,
      idempotencyKey: `dividend-pay-${record.id}`,
      date,
      description: `Dividend paid by bank (${record.members} members)`,
      source: { type: 'DIVIDEND_PAYMENT', id: record.id },
      reference: referenceNumber('DIV', date),
      lines: [
        { glCode: setup.provision_gl, side: 'D', amount: kobo(record.amount), description: 'Dividend paid' },
        {
          glCode: String(bank.coa_id),
          side: 'C',
          amount: kobo(record.amount),
          description: `Paid from ${bank.bank} ${bank.account_no}`,
        },
      ],
      effects: [
        paidEffect(tenant, record.id, {
          paid_at: paidAt,
          pay_journal_ids: [journalId],
          pay_mode: 'bank',
          pay_bank_id: bank.id,
          pay_date: date,
          paid_by: by,
        }),
        // Each member with a dividend hears of it: one event, whose delivery reads the lines a page at a time.
        ...fanOutNoticeEffects(tenant, {
          type: 'dividend.paid-bank',
          data: { dividend_id: record.id, period: record.from ? `${record.from} to ${record.to}` : undefined },
        }),
      ],
      createdBy: by,
      journalId,
    });
    return {
      ...record,
      status: DIVIDEND_STATUS.PAID,
      pay_mode: 'bank',
      pay_status: 'COMPLETED',
      pay_error: undefined,
      pay_bank_id: bank.id,
      pay_date: date,
      pay_journal_ids: [journalId],
      paid_by: by,
      paid_at: paidAt,
    };
  }

  // Once members were paid, the rest go to the same product.
  if (paidSome(record) && (input.savings_product_id ?? null) !== (record.pay_product_id ?? null))
    throw conflict('Some members were paid into another savings product; pay the rest into the same one');
  const productId = input.savings_product_id;
  const attempt = await markPaying(tenant, record, {
    pay_mode: 'savings',
    ...(productId ? { pay_product_id: productId } : {}),
    pay_date: date,
    paid_by: by,
  });
  const task: PaymentTaskInput = { cooperative_id: tenant, dividend_id: record.id };
  await startWorkflow(DIVIDEND_PAYMENT_WORKFLOW, task, `dividend-${record.id}-${attempt}`);
  return { ...record, pay_mode: 'savings', pay_status: 'PAYING', pay_attempt: attempt, pay_date: date };
}

async function requirePaying(input: PaymentTaskInput): Promise<DeclarationRecord> {
  const record = await requireDeclaration(input.cooperative_id, input.dividend_id);
  if (record.pay_mode !== 'savings' || !record.pay_date) throw new Error(`Dividend ${record.id} is not being paid`);
  return record;
}

/** The plan a member's dividend goes to: their active plan of the chosen product, else their primary plan. */
function planFor(plans: PlanRecord[], productId: string | undefined): PlanRecord | undefined {
  const active = plans.filter((p) => p.status === SAVINGS_PLAN_STATUS.ACTIVE);
  if (productId) return primaryPlan(active.filter((p) => p.product_id === productId));
  return primaryPlan(active);
}

/**
 * First state: every member's plan and its savings GL, found before anything is paid; a member
 * without one stops the payment with their names (nothing paid). The lines are cut into chunks (S3).
 */
export async function preparePayment(
  input: PaymentTaskInput,
): Promise<PaymentTaskInput & { ok: boolean; chunks: unknown[] }> {
  const tenant = input.cooperative_id;
  const record = await requirePaying(input);
  const [lines, plans] = await Promise.all([declarationMembers(tenant, record.id), cooperativePlans(tenant)]);
  const byMember = new Map<string, PlanRecord[]>();
  for (const plan of plans) byMember.set(plan.member_id, [...(byMember.get(plan.member_id) ?? []), plan]);
  const setups = new Map<string, string | undefined>();
  const rows: PaymentRow[] = [];
  const missing: string[] = [];
  for (const line of lines) {
    const plan = planFor(byMember.get(line.member_id) ?? [], record.pay_product_id);
    if (!plan) {
      missing.push(`${line.member_name} (${line.member_id})`);
      continue;
    }
    if (!setups.has(plan.setup_id))
      setups.set(plan.setup_id, (await setupRecords.savingsSetup.get(tenant, plan.setup_id))?.member_balance_gl);
    const gl = setups.get(plan.setup_id);
    if (!gl) {
      missing.push(`${line.member_name} (${line.member_id}): the ${plan.product_name} setup has no savings GL`);
      continue;
    }
    rows.push({
      member_id: line.member_id,
      member_name: line.member_name,
      amount: line.amount,
      plan_id: plan.id,
      product_name: plan.product_name,
      gl: String(gl),
    });
  }
  if (missing.length > 0) {
    const where = record.pay_product_id ? 'active plan of the chosen savings product' : 'active savings plan';
    const shown = missing.slice(0, 10).join(', ');
    await updatePayment(tenant, record.id, {
      pay_status: 'FAILED',
      pay_error: `Nothing was paid: ${missing.length} member(s) have no ${where}: ${shown}${missing.length > 10 ? ', ...' : ''}`,
    });
    return { ...input, ok: false, chunks: [] };
  }
  let chunks = 0;
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    await putObject(
      objectKeys.dividendPaymentChunk(tenant, record.id, chunks),
      Buffer.from(JSON.stringify(rows.slice(i, i + CHUNK_ROWS))),
      'application/json',
    );
    chunks++;
  }
  await updatePayment(tenant, record.id, { rows: rows.length });
  // The state carries the dividend on to Finish.
  return { ...input, ok: true, chunks: Array.from({ length: chunks }, (_, chunk) => ({ ...input, chunk })) };
}

/** Pays one member once (a row of the dividend's ledger batch, keyed by member number). */
export async function payRow(
  tenant: string,
  record: DeclarationRecord,
  provisionGl: string,
  row: PaymentRow,
  shard: number,
): Promise<boolean> {
  const date = record.pay_date!;
  const now = nowIso();
  const reference = referenceNumber('DIV', date);
  const { duplicate } = await postBatchRow({
    cooperativeId: tenant,
    batchKey: paymentBatchKey(record.id),
    rowKey: row.member_id,
    shard,
    lines: [
      { glCode: provisionGl, side: 'D', amount: kobo(row.amount) },
      { glCode: row.gl, side: 'C', amount: kobo(row.amount) },
    ],
    record: { member_id: row.member_id, plan_id: row.plan_id, amount: row.amount, date },
    effects: [
      planMovement(
        { cooperative_id: tenant, id: row.plan_id },
        {
          balance: row.amount,
          available: row.amount,
          updated_at: now,
          when: [{ attr: 'status', eq: SAVINGS_PLAN_STATUS.ACTIVE }],
        },
        conflict(
          `The ${row.product_name} plan of ${row.member_name} (${row.member_id}) was closed since the payment began`,
        ),
      ),
      { item: summaryUpdate(tenant, row.member_id, { balance: row.amount, available: row.amount }) },
      ...memberMonthEffects(tenant, row.member_id, date, { savings: row.amount }),
      {
        item: putMemberTransaction(tenant, {
          id: newId(),
          reference_no: reference,
          type: { name: 'Dividend' },
          type_name: 'DIVIDEND',
          description: `Dividend${record.from ? ` for ${record.from} to ${record.to}` : ''}: ${formatNaira(row.amount)}`,
          amount: row.amount,
          transaction_date: date,
          savings_id: row.plan_id,
          product_name: row.product_name,
          member_id: row.member_id,
          dividend_id: record.id,
          created_at: now,
        }),
      },
      // The member hears of it with the row's own transaction: a replayed row tells nobody twice.
      ...noticeEffects(tenant, {
        type: 'dividend.paid',
        recipients: [row.member_id],
        data: {
          amount: formatNaira(row.amount),
          period: record.from ? `${record.from} to ${record.to}` : undefined,
          dividend_id: record.id,
        },
      }),
    ],
  });
  return !duplicate;
}

/** Pays a chunk's members, each once; progress on the dividend every 20 members. */
export async function payChunk(input: PaymentTaskInput & { chunk: number }): Promise<{ paid: number }> {
  const tenant = input.cooperative_id;
  const record = await requirePaying(input);
  const setup = await requireGlSetup(tenant);
  const rows = JSON.parse(
    (await readObject(objectKeys.dividendPaymentChunk(tenant, record.id, input.chunk))).toString('utf8'),
  ) as PaymentRow[];
  let paid = 0;
  let pending = 0;
  try {
    for (const row of rows) {
      if (await payRow(tenant, record, setup.provision_gl, row, input.chunk % BATCH_SHARDS)) {
        paid++;
        if (++pending >= 20) {
          await updatePayment(tenant, record.id, {}, pending);
          pending = 0;
        }
      }
    }
  } finally {
    // Members paid before a row failed are counted too.
    if (pending > 0) await updatePayment(tenant, record.id, {}, pending);
  }
  return { paid };
}

/**
 * Last state: what the rows posted is settled as one summarised journal (also after a failed
 * chunk); then the dividend is Paid, or its payment FAILED with the reason (paying again finishes it).
 */
export async function finishPayment(
  input: PaymentTaskInput & { failure?: { Error?: string; Cause?: string } },
): Promise<{ status: string }> {
  const tenant = input.cooperative_id;
  const record = await requirePaying(input);
  const date = record.pay_date!;
  const settled = await settleBatch({
    cooperativeId: tenant,
    batchKey: paymentBatchKey(record.id),
    date,
    description: `Dividend paid into savings${record.from ? ` for ${record.from} to ${record.to}` : ''}`,
    source: { type: 'DIVIDEND_PAYMENT', id: record.id },
    reference: referenceNumber('DIV', date),
    createdBy: record.paid_by,
  });
  const journals = [...(record.pay_journal_ids ?? []), ...(settled.journalId ? [settled.journalId] : [])];
  if (input.failure) {
    const stopped = failureMessage(input.failure).replace('The run stopped', 'The payment stopped');
    await updatePayment(tenant, record.id, {
      pay_status: 'FAILED',
      pay_error: `${stopped} Members paid so far are kept; pay again to pay the rest.`,
      pay_journal_ids: journals,
    });
    return { status: 'FAILED' };
  }
  await markPaid(tenant, record.id, { paid_at: nowIso(), pay_journal_ids: journals });
  return { status: 'PAID' };
}
