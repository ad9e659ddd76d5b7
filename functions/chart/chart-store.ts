import type { StoredKobo } from '@coopledger/shared/money';
import type { Item, TransactItem } from '#core/db';
import { nowIso, queryPartition, table } from '#core/db';
import { keys } from '#core/keys';
import { glAccountsOf } from './coa-entity.ts';
import type { AccountPurpose, AccountType, ChartCategory } from '../cooperatives/standard-chart.ts';
import { GL_ACCOUNT_STATUS, SETUP_STATUS, isActive } from '@coopledger/shared/statuses';

export interface GlAccountRecord extends Item {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  category_code: string;
  subcategory_code: string;
  purpose?: AccountPurpose;
  status: number;
}

export interface CoaCategoryRecord extends Item {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  status: number;
}

export interface CoaSubCategoryRecord extends Item {
  id: string;
  code: string;
  name: string;
  category_code: string;
  status: number;
}

/** The puts that give a cooperative a chart of accounts. Codes are the ids inside a cooperative. */
export function chartPuts(cooperativeId: string, chart: readonly ChartCategory[]): TransactItem[] {
  const now = nowIso();
  const TableName = table();
  const items: TransactItem[] = [];
  for (const category of chart) {
    items.push({
      Put: {
        TableName,
        Item: {
          ...keys.coaCategory(cooperativeId, category.code),
          entity: 'COA_CATEGORY',
          id: category.code,
          code: category.code,
          name: category.name,
          type: category.type,
          status: SETUP_STATUS.ACTIVE,
          created_at: now,
        },
      },
    });
    for (const sub of category.subCategories) {
      items.push({
        Put: {
          TableName,
          Item: {
            ...keys.coaSubCategory(cooperativeId, sub.code),
            entity: 'COA_SUBCATEGORY',
            id: sub.code,
            code: sub.code,
            name: sub.name,
            category_code: category.code,
            status: SETUP_STATUS.ACTIVE,
            created_at: now,
          },
        },
      });
      for (const account of sub.accounts) {
        items.push({
          Put: {
            TableName,
            Item: {
              ...keys.glAccount(cooperativeId, account.code),
              entity: 'GL_ACCOUNT',
              id: account.code,
              code: account.code,
              name: account.name,
              type: account.type ?? category.type,
              category_code: category.code,
              subcategory_code: sub.code,
              purpose: account.purpose,
              status: GL_ACCOUNT_STATUS.ACTIVE,
              created_at: now,
            },
          },
        });
      }
    }
  }
  return items;
}

export const listGlAccounts = glAccountsOf;

/** The code of the cooperative's active GL account the standard chart tagged with `purpose`, if it has one. */
export async function glCodeByPurpose(cooperativeId: string, purpose: AccountPurpose): Promise<string | undefined> {
  const account = (await listGlAccounts(cooperativeId)).find((a) => a.purpose === purpose && isActive(a.status));
  return account ? String(account.code) : undefined;
}
export const listCoaItems = (cooperativeId: string) => queryPartition<Item>(keys.coaPartition(cooperativeId));

/** All-time running balances per account: one small item per account with postings. */
export interface GlTotalRecord extends Item {
  gl_code: string;
  /** Running totals: a bigint once past 2^53 kobo. */
  debit: StoredKobo;
  credit: StoredKobo;
}
export const listGlTotals = (cooperativeId: string) =>
  queryPartition<GlTotalRecord>(keys.glTotalsPartition(cooperativeId));
