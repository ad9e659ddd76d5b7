import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Item } from '#core/db';
import { countQuery } from '#core/db';
import { appTable } from '#core/entity';
import { keys } from '#core/keys';
import type { SetupKind } from '#core/setup-store';
import type { EntityContext } from './crud.ts';

/**
 * Which setup records point at which: the in-use rules of deletes. Setup partitions are small, so
 * each check is a Query of the referring kinds. Later domains (savings accounts, loans, orders)
 * add their references here, so a delete keeps refusing everything still in use.
 */
export type ReferenceTarget = 'charge' | 'bank_account' | 'product_category' | 'product' | 'gl_account' | 'asset_type';

interface Reference {
  kind: SetupKind;
  fields: readonly string[];
  what: string;
}

export const REFERENCES: Record<ReferenceTarget, readonly Reference[]> = {
  charge: [
    { kind: 'SAVINGS_SETUP', fields: ['charge_id'], what: 'savings setup' },
    { kind: 'LOAN_SETUP', fields: ['charge_id'], what: 'loan setup' },
  ],
  bank_account: [{ kind: 'ASSET', fields: ['bank_id'], what: 'asset' }],
  product_category: [{ kind: 'PRODUCT', fields: ['category_id'], what: 'product' }],
  product: [
    { kind: 'SAVINGS_SETUP', fields: ['product_id'], what: 'savings setup' },
    { kind: 'LOAN_SETUP', fields: ['product_id'], what: 'loan setup' },
  ],
  gl_account: [
    { kind: 'CHARGE', fields: ['posting_gl'], what: 'charge' },
    { kind: 'BANK_ACCOUNT', fields: ['coa_id'], what: 'bank account' },
    {
      kind: 'SAVINGS_SETUP',
      fields: ['principal_gl', 'member_balance_gl', 'interest_expense_gl', 'interest_payable_gl', 'fixed_dep_gl'],
      what: 'savings setup',
    },
    {
      kind: 'LOAN_SETUP',
      fields: ['principal_gl', 'loan_write_off_gl', 'interest_receivable_gl', 'source_account'],
      what: 'loan setup',
    },
    { kind: 'ASSET_TYPE', fields: ['fixed_asset_gl', 'dep_expense_gl', 'accumulated_dep_gl'], what: 'asset type' },
  ],
  asset_type: [{ kind: 'ASSET', fields: ['asset_type_id'], what: 'asset' }],
};

/** 'The charge X is used by 2 loan setup(s) and cannot be deleted', or undefined when nothing uses it. */
export async function referencesTo(
  ctx: EntityContext,
  target: ReferenceTarget,
  id: string,
  subject: string,
): Promise<string | undefined> {
  for (const ref of REFERENCES[target]) {
    const records = await ctx.related.setupsOf(ref.kind);
    const users = [...records.values()].filter((record) => {
      const stored: Item = record;
      return ref.fields.some((f) => stored[f] !== undefined && stored[f] !== null && String(stored[f]) === id);
    });
    if (users.length > 0) return `${subject} is used by ${users.length} ${ref.what}(s) and cannot be deleted`;
  }
  if (target === 'product') {
    // Savings plans (functions/savings) name their product; a rare delete may read the plans index.
    // The count is built by Toolbox over the table: it needs only the plans' product_id.
    const { TableName: _name, ...query } = appTable
      .build(QueryCommand)
      .query({ index: 'gsi2', partition: keys.plansPartition(ctx.tenant) })
      .options({ filter: { attr: 'product_id', eq: id } })
      .params();
    const plans = await countQuery(query);
    if (plans > 0) return `${subject} is used by ${plans} savings account(s) and cannot be deleted`;
  }
  return undefined;
}
