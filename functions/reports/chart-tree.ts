import type { KoboSum } from '@coopledger/shared/money';
import type { DebitCredit, StatementClass } from '@coopledger/shared/report-views';
import { DEBIT_CLASSES, statementClassOf } from '@coopledger/shared/report-views';
import type { Movement } from '#core/gl-balances';
import type { CoaCategoryRecord, CoaSubCategoryRecord, GlAccountRecord } from '../chart/coa-entity.ts';
import { chartOf } from '../chart/coa-entity.ts';

/**
 * A cooperative's chart of accounts as the statements read it: categories in code order, each with
 * its class (asset, liability, ...), its sub-categories and their accounts. One Query of the COA
 * partition, each item checked (coa-entity.ts `chartOf`).
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

/** What the tree needs of a chart (coa-entity.ts's `Chart`, whose records are checked when read). */
export interface ChartItems {
  categories: Pick<CoaCategoryRecord, 'code' | 'name' | 'type'>[];
  subCategories: Pick<CoaSubCategoryRecord, 'code' | 'name' | 'category_code'>[];
  glAccounts: Pick<GlAccountRecord, 'code' | 'name' | 'type' | 'purpose' | 'status' | 'subcategory_code'>[];
}

export function buildChartTree(chart: ChartItems): ChartTree {
  const categories = new Map<string, ChartCategoryNode>();
  const subs = new Map<string, ChartSubCategory & { category: ChartCategoryNode }>();
  const accounts: ChartTree['accounts'] = new Map();
  for (const item of chart.categories) {
    const node = { code: item.code, name: item.name, type: item.type, subCategories: [] };
    categories.set(node.code, { ...node, class: statementClassOf(node) });
  }
  for (const item of chart.subCategories) {
    const category = categories.get(item.category_code);
    if (!category) continue;
    const sub = { code: item.code, name: item.name, accounts: [] as ChartAccount[] };
    category.subCategories.push(sub);
    subs.set(sub.code, { ...sub, category });
  }
  for (const item of chart.glAccounts) {
    const sub = subs.get(item.subcategory_code);
    if (!sub) continue;
    const account: ChartAccount = {
      code: item.code,
      name: item.name,
      type: item.type,
      purpose: item.purpose || undefined,
      status: item.status,
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
  return buildChartTree(await chartOf(cooperativeId));
}

/** An amount on the side a class reports it: assets and expenses debit − credit, the rest credit − debit. */
export function classAmount(cls: StatementClass, movement: Movement | undefined): KoboSum {
  if (!movement) return 0n;
  return DEBIT_CLASSES.includes(cls) ? movement.debit - movement.credit : movement.credit - movement.debit;
}
