import type { KoboSum } from '@coopledger/shared/money';
import type { DebitCredit, StatementClass } from '@coopledger/shared/report-views';
import { DEBIT_CLASSES, statementClassOf } from '@coopledger/shared/report-views';
import type { Item } from '#core/db';
import { queryPartition } from '#core/db';
import type { Movement } from '#core/gl-balances';
import { keys } from '#core/keys';

/**
 * A cooperative's chart of accounts as the statements read it: categories in code order, each with
 * its class (asset, liability, ...), its sub-categories and their accounts. One Query of the COA
 * partition.
 */
export interface ChartAccount {
  code: string;
  name: string;
  type: DebitCredit;
  purpose?: string;
  status: number;
}

export interface ChartSubCategory {
  code: string;
  name: string;
  accounts: ChartAccount[];
}

export interface ChartCategoryNode {
  code: string;
  name: string;
  type: DebitCredit;
  class: StatementClass;
  subCategories: ChartSubCategory[];
}

export interface ChartTree {
  categories: ChartCategoryNode[];
  /** Every account by code, with the class of its category. */
  accounts: Map<string, ChartAccount & { class: StatementClass; category_code: string; subcategory_code: string }>;
  subCategories: Map<string, ChartSubCategory & { category: ChartCategoryNode }>;
}

const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code, 'en', { numeric: true });

export function buildChartTree(items: Item[]): ChartTree {
  const categories = new Map<string, ChartCategoryNode>();
  const subs = new Map<string, ChartSubCategory & { category: ChartCategoryNode }>();
  const accounts: ChartTree['accounts'] = new Map();
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  for (const item of items.filter((i) => text(i.sk).startsWith('CAT#'))) {
    const node = {
      code: text(item.code),
      name: text(item.name),
      type: item.type === 'C' ? 'C' : 'D',
      subCategories: [],
    } as Omit<ChartCategoryNode, 'class'>;
    categories.set(node.code, { ...node, class: statementClassOf(node) });
  }
  for (const item of items.filter((i) => text(i.sk).startsWith('SUB#'))) {
    const category = categories.get(text(item.category_code));
    if (!category) continue;
    const sub = { code: text(item.code), name: text(item.name), accounts: [] as ChartAccount[] };
    category.subCategories.push(sub);
    subs.set(sub.code, { ...sub, category });
  }
  for (const item of items.filter((i) => text(i.sk).startsWith('GL#'))) {
    const sub = subs.get(text(item.subcategory_code));
    if (!sub) continue;
    const account: ChartAccount = {
      code: text(item.code),
      name: text(item.name),
      type: item.type === 'C' ? 'C' : 'D',
      purpose: item.purpose ? text(item.purpose) : undefined,
      status: Number(item.status),
    };
    // The map's entry shares its accounts array with the category's sub-category.
    sub.accounts.push(account);
    accounts.set(account.code, {
      ...account,
      class: sub.category.class,
      category_code: sub.category.code,
      subcategory_code: sub.code,
    });
  }
  const ordered = [...categories.values()].sort(byCode);
  for (const category of ordered) {
    category.subCategories.sort(byCode);
    for (const sub of category.subCategories) sub.accounts.sort(byCode);
  }
  return { categories: ordered, accounts, subCategories: subs };
}

export async function loadChartTree(cooperativeId: string): Promise<ChartTree> {
  return buildChartTree(await queryPartition<Item>(keys.coaPartition(cooperativeId)));
}

/** An amount on the side a class reports it: assets and expenses debit − credit, the rest credit − debit. */
export function classAmount(cls: StatementClass, movement: Movement | undefined): KoboSum {
  if (!movement) return 0n;
  return DEBIT_CLASSES.includes(cls) ? movement.debit - movement.credit : movement.credit - movement.debit;
}
