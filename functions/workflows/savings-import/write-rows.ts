import { withCooperativeRules } from '#core/cooperative-rules';
import { today } from '@coopledger/shared/dates';
import { kobo } from '@coopledger/shared/money';
import { nowIso } from '#core/db';
import { findMember } from '../../members/member-store.ts';
import type { ResolvedRow, SavingsImport } from '../../savings/import.ts';
import { findImport, resolveRows, rowsOfImport, updateImport } from '../../savings/import.ts';
import { createImportedOrder, getOrder } from '../../savings/order-entity.ts';
import { approveOrder } from '../../savings/orders.ts';
import type { PlanRecord } from '../../savings/plans.ts';
import { addPlan, memberPlans } from '../../savings/plans.ts';
import { ORDER_STATUS, SAVINGS_PLAN_STATUS } from '@coopledger/shared/statuses';

interface ChunkInput {
  cooperative_id: string;
  import_id: string;
  /** File row numbers of whole plans. */
  rows: number[];
}

/** A NORMAL_* row's plan: the member's plan on the product, opened from the first row's date when there is none. */
async function planFor(record: SavingsImport, first: ResolvedRow): Promise<{ plan: PlanRecord; opened: boolean }> {
  if (first.plan) return { plan: first.plan, opened: false };
  const existing = (await memberPlans(record.cooperative_id, first.member_id)).find((p) => p.product_id === first.product_id && p.status === SAVINGS_PLAN_STATUS.ACTIVE);
  if (existing) return { plan: existing, opened: false };
  const member = await findMember(record.cooperative_id, first.member_id);
  const endYear = Number(first.date.slice(0, 4)) + 10;
  const plan = await addPlan(
    record.cooperative_id,
    first.member_id,
    {
      savings_product_id: first.product_id!,
      start_date: first.date,
      end_date: `${endYear}-12-31`,
      amount: kobo(member?.savings_amount ?? 0),
      credit_interest: Number(first.setup?.credit_interest ?? 0),
      frequency: 'Monthly',
    },
    record.started_by,
    true,
  );
  return { plan, opened: true };
}

function describe(record: SavingsImport, row: ResolvedRow): string | undefined {
  if (record.type === 'NORMAL_BALANCES') return `Opening balance as at ${row.date}`;
  return row.description;
}

/**
 * Posts one row as an approved order: the order's id is the row's identity, so the approval's
 * idempotency key (`order-<id>`) is the same for the same row of any upload. The order is written
 * (never as pending: it has no pending-index entry) and approved by orders.ts's `approveOrder`,
 * which posts Dr bank / Cr savings (reversed for a withdrawal) with the plan, member totals, member
 * transaction, month figures and target schedule in one ledger transaction.
 */
async function postRow(record: SavingsImport, plan: PlanRecord, row: ResolvedRow): Promise<'posted' | 'already'> {
  const tenant = record.cooperative_id;
  const existing = await getOrder(tenant, row.order_id);
  if (existing?.status === ORDER_STATUS.APPROVED) return 'already';
  if (!existing) {
    const written = await createImportedOrder({
      id: row.order_id,
      cooperative_id: tenant,
      coop_id: plan.member_id,
      member: plan.user,
      member_name: plan.member_name,
      savings_id: plan.id,
      product_name: plan.product_name,
      amount: row.amount,
      date: row.date,
      payment_mode_id: 2,
      payment_mode: { id: 2, name: 'Bank Transfer' },
      description: describe(record, row),
      comment: `Savings import ${record.id}, row ${row.row}`,
      transaction_type: row.transaction_type,
      status: ORDER_STATUS.PENDING,
      created_by: record.started_by,
      created_at: nowIso(),
      source: { kind: 'savings-import', id: record.id, type: record.type, row: row.row },
    });
    if (!written) {
      const raced = await getOrder(tenant, row.order_id);
      if (raced?.status === ORDER_STATUS.APPROVED) return 'already';
    }
  } else if (existing.status === ORDER_STATUS.DENIED) {
    throw new Error(`Row ${row.row}: its order ${row.order_id} was denied while the import ran`);
  }
  await approveOrder(tenant, row.order_id, record.bank_id, record.started_by);
  return 'posted';
}

const task = async (input: ChunkInput) => {
  const record = await findImport(input.cooperative_id, input.import_id);
  if (!record) throw new Error(`Import ${input.import_id} not found`);
  const wanted = new Set(input.rows);
  const raws = (await rowsOfImport(record)).filter((r) => wanted.has(r.row));
  const { rows, errors } = await resolveRows(input.cooperative_id, record.type, raws, today());
  if (errors.length > 0) throw new Error(`Rows no longer validate (the data changed during the import): ${errors.map((e) => `row ${e.row} ${e.column}: ${e.message}`).join('; ')}`);

  const groups = new Map<string, ResolvedRow[]>();
  for (const row of rows) groups.set(row.plan_key, [...(groups.get(row.plan_key) ?? []), row]);
  let posted = 0;
  let already = 0;
  let opened = 0;
  let amount = 0;
  for (const group of groups.values()) {
    const pending = group.filter((row) => !row.posted);
    already += group.length - pending.length;
    if (pending.length === 0) continue;
    const { plan, opened: isNew } = await planFor(record, pending[0]);
    if (isNew) opened++;
    for (const row of pending) {
      if ((await postRow(record, plan, row)) === 'already') already++;
      else {
        posted++;
        amount += row.transaction_type === 'DEPOSIT' ? row.amount : -row.amount;
      }
    }
  }
  await updateImport(input.cooperative_id, input.import_id, {}, { rows_written: rows.length, posted, already, plans_opened: opened, amount });
  return { posted, already };
};

/** Row checks apply the cooperative's own amount limit and posting date rules (functions/core/cooperative-rules.ts). */
export const handler = (input: ChunkInput) => withCooperativeRules(input.cooperative_id, () => task(input));
