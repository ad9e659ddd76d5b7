import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import type { TransactItem } from '#core/db';
import { nowIso } from '#core/db';
import { transactItem } from '#core/entity';
import { keys } from '#core/keys';
import { CoaCategoryEntity, CoaSubCategoryEntity, GlAccountEntity, glAccountsOf } from './coa-entity.ts';
import type { AccountPurpose, ChartCategory } from '../cooperatives/standard-chart.ts';
import { GL_ACCOUNT_STATUS, SETUP_STATUS, isActive } from '@coopledger/shared/statuses';

type StandardSub = ChartCategory['subCategories'][number];
type StandardAccount = StandardSub['accounts'][number];

/** The put of a standard chart category (no condition: a new cooperative's chart). */
export const categoryPut = (cooperativeId: string, category: ChartCategory, now = nowIso()) =>
  CoaCategoryEntity.build(PutTransaction).item({
    ...keys.coaCategory(cooperativeId, category.code),
    entity: 'COA_CATEGORY',
    id: category.code,
    code: category.code,
    name: category.name,
    type: category.type,
    status: SETUP_STATUS.ACTIVE,
    created_at: now,
  });

/** The put of a standard chart sub-category of `category`. */
export const subCategoryPut = (cooperativeId: string, category: ChartCategory, sub: StandardSub, now = nowIso()) =>
  CoaSubCategoryEntity.build(PutTransaction).item({
    ...keys.coaSubCategory(cooperativeId, sub.code),
    entity: 'COA_SUBCATEGORY',
    id: sub.code,
    code: sub.code,
    name: sub.name,
    category_code: category.code,
    status: SETUP_STATUS.ACTIVE,
    created_at: now,
  });

/** The put of a standard ledger account under `code` (its standard code, or another free one of its sub-category). */
export const accountPut = (
  cooperativeId: string,
  category: ChartCategory,
  sub: StandardSub,
  account: StandardAccount,
  code = account.code,
  now = nowIso(),
) =>
  GlAccountEntity.build(PutTransaction).item({
    ...keys.glAccount(cooperativeId, code),
    entity: 'GL_ACCOUNT',
    id: code,
    code,
    name: account.name,
    type: account.type ?? category.type,
    category_code: category.code,
    subcategory_code: sub.code,
    purpose: account.purpose,
    status: GL_ACCOUNT_STATUS.ACTIVE,
    created_at: now,
  });

/**
 * The puts that give a cooperative a chart of accounts, built by the chart's entities
 * (coa-entity.ts). Codes are the ids inside a cooperative.
 */
export function chartPuts(cooperativeId: string, chart: readonly ChartCategory[]): TransactItem[] {
  const now = nowIso();
  const items: TransactItem[] = [];
  for (const category of chart) {
    items.push(transactItem(categoryPut(cooperativeId, category, now).params()));
    for (const sub of category.subCategories) {
      items.push(transactItem(subCategoryPut(cooperativeId, category, sub, now).params()));
      for (const account of sub.accounts)
        items.push(transactItem(accountPut(cooperativeId, category, sub, account, account.code, now).params()));
    }
  }
  return items;
}

/** The code of the cooperative's active GL account the standard chart tagged with `purpose`, if it has one. */
export async function glCodeByPurpose(cooperativeId: string, purpose: AccountPurpose): Promise<string | undefined> {
  const account = (await glAccountsOf(cooperativeId)).find((a) => a.purpose === purpose && isActive(a.status));
  return account ? account.code : undefined;
}
