import { describe, expect, it } from 'vitest';
import type { Movements } from '#core/gl-balances';
import { STANDARD_CHART } from '../cooperatives/standard-chart.ts';
import { buildChartTree } from './chart-tree.ts';
import { balanceSheet, trialBalance } from './statements.ts';

/**
 * The statements add running totals exactly at any size (issue 18, item 1): two accounts past 2^53
 * kobo, one of them off by a single kobo that a sum of numbers would lose.
 */
function standardTree() {
  const items: Record<string, unknown>[] = [];
  for (const c of STANDARD_CHART) {
    items.push({ sk: `CAT#${c.code}`, code: c.code, name: c.name, type: c.type });
    for (const s of c.subCategories) {
      items.push({ sk: `SUB#${s.code}`, code: s.code, name: s.name, category_code: c.code });
      for (const a of s.accounts) items.push({ sk: `GL#${a.code}`, code: a.code, name: a.name, type: a.type ?? c.type, subcategory_code: s.code, category_code: c.code, status: 1 });
    }
  }
  return buildChartTree(items);
}

const BANK = '101002';
const CASH = '101001';
const SAVINGS = '301001';
const EQUITY = '402003';

// Bank 2^53 + 1 kobo and cash 2^53 − 1 kobo in from savings (2^53 + 1) and equity (2^53 − 1).
const BOOKS: Movements = new Map([
  [BANK, { debit: 9_007_199_254_740_993n, credit: 0n }],
  [CASH, { debit: 9_007_199_254_740_991n, credit: 0n }],
  [SAVINGS, { debit: 0n, credit: 9_007_199_254_740_993n }],
  [EQUITY, { debit: 0n, credit: 9_007_199_254_740_991n }],
]);

describe('statements of totals past 2^53 kobo', () => {
  it('gives the trial balance exact lines and totals', () => {
    const report = trialBalance(standardTree(), new Map(), BOOKS, { start: '2026-01-01', end: '2026-12-31' });
    // 9,007,199,254,740,993 + 9,007,199,254,740,991 = 18,014,398,509,481,984 kobo.
    expect(report.total).toEqual({ debitBalance: '180143985094819.84', creditBalance: '180143985094819.84', periodDebit: '180143985094819.84', periodCredit: '180143985094819.84' });
    const bank = report.results.flatMap((c) => c.sub_results.flatMap((s) => s.coas)).find((a) => a.coa_code === BANK);
    expect(bank?.results).toMatchObject({ dc: 'D', balance: '90071992547409.93', period_debit: '90071992547409.93', period_credit: 0 });
  });

  it('balances the balance sheet to the kobo', () => {
    const sheet = balanceSheet(standardTree(), BOOKS, new Map(), { current: BOOKS, previous: new Map() }, { previous_year: '2025-12-31', current_year: '2026-12-31' });
    expect(sheet.totals.assets.current).toBe('180143985094819.84');
    expect(sheet.totals.liabilities.current).toBe('90071992547409.93');
    expect(sheet.totals.equity.current).toBe('90071992547409.91');
    expect(sheet.totals.difference.current).toBe(0);
  });
});
