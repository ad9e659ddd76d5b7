import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import { batchRows, findBatchRows } from '#core/batch-ledger';
import type { Item } from '#core/db';
import { entityDefaults, read } from '#core/entity';

const key = map({ pk: string(), sk: string() });

/**
 * A posted payroll row: the row item of the period's batch (functions/core/batch-ledger.ts writes
 * it, once, in the row's transaction; posting.ts says what goes in it), which a reversal reads back
 * to undo exactly what the row changed. docs/data-model.md, "Payroll row". Only the batch ledger
 * writes it, so this module reads: the key inputs are the table's `pk` and `sk` (keys.batchRow).
 */
export const PayrollRowEntity = new Entity({
  ...entityDefaults,
  name: 'PAYROLL_ROW',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    /** The member number: the row's key in its batch. */
    row_key: string(),
    /** The row's balanced GL lines, as added to the batch's accumulator (kobo). */
    lines: list(map({ gl_code: string(), dc: string().enum('D', 'C'), amount: number() })),
    created_at: string(),
    /** The run that posted it (or a run it was taken over by: runs.ts, ownsRow). */
    run_id: string(),
    /** The file's row. */
    row: number(),
    member_id: string(),
    member_name: string(),
    /** Kobo. */
    received: number(),
    expected: number(),
    to_loans: number(),
    /** To store orders' installments (absent from rows posted before the store had them). */
    to_store: number().optional(),
    to_savings: number(),
    excess: number(),
    shortfall: number(),
    loans: list(
      map({
        loan_id: string(),
        product_name: string(),
        amount: number(),
        principal: number(),
        interest: number(),
        /** Per installment: what the row paid on it. */
        allocations: list(map({ n: number(), interest: number(), principal: number() })),
        /** The loan's version once the row was posted: a reversal requires it unchanged. */
        version_after: number(),
        completed: boolean(),
        lien_released: anyOf(map({ plan_id: string(), amount: number() }), nul()),
      }),
    ),
    /** Store orders' installments recovered (absent from rows posted before the store had them). */
    orders: list(
      map({
        order_id: string(),
        order_no: string(),
        amount: number(),
        paid: record(string(), number()),
        version_after: number(),
        completed: boolean(),
        date: string(),
        total: number(),
      }),
    ).optional(),
    plans: list(
      map({
        plan_id: string(),
        product_name: string(),
        amount: number(),
        /** A Targeted plan's schedule credit before and after, and the schedule items the row paid. */
        target: map({ credit_before: number(), credit_after: number(), items: list(key) }).optional(),
      }),
    ),
    posting_date: string(),
    entity: string().const('BATCH_ROW').hidden(),
  }),
});

export type PayrollRowRecord = FormattedItem<typeof PayrollRowEntity>;
/** What posting a row records on its row item (the batch ledger adds the key, lines and time). */
export type PayrollRowContent = Omit<PayrollRowRecord, 'row_key' | 'lines' | 'created_at'>;

/**
 * The figures of a posted row, all the run's reconciliation reads of up to 20,000 rows: checked
 * against these attributes only, since checking every row's loans and plans would add seconds of
 * CPU to the run's last step for nothing it reads.
 */
export const PayrollRowFiguresEntity = new Entity({
  ...entityDefaults,
  name: 'PAYROLL_ROW_FIGURES',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    member_id: string(),
    /** Kobo. */
    received: number(),
    to_loans: number(),
    to_store: number().optional(),
    to_savings: number(),
    excess: number(),
  }),
});

export type PayrollRowFigures = FormattedItem<typeof PayrollRowFiguresEntity>;

const checked = (stored: Item): PayrollRowRecord => read(PayrollRowEntity, stored);

/** Every posted row of a batch (one Query of its partition), each checked. */
export async function rowsOfBatch(tenant: string, batchKey: string): Promise<PayrollRowRecord[]> {
  return (await batchRows<Item>(tenant, batchKey)).map(checked);
}

/** The figures of every posted row of a batch (one Query of its partition), each checked. */
export async function rowFiguresOfBatch(tenant: string, batchKey: string): Promise<PayrollRowFigures[]> {
  return (await batchRows<Item>(tenant, batchKey)).map((stored) => read(PayrollRowFiguresEntity, stored));
}

/** The posted rows of a batch among the given member numbers, by member number, each checked. */
export async function rowsOfMembers(
  tenant: string,
  batchKey: string,
  memberIds: string[],
): Promise<Map<string, PayrollRowRecord>> {
  const found = await findBatchRows<Item>(tenant, batchKey, memberIds);
  return new Map([...found].map(([rowKey, stored]) => [rowKey, checked(stored)]));
}
