import type { DividendGlRef, DividendGlSetupView, RevenueSharingView } from '@coopledger/shared/dividend-views';
import type { Sharing } from '@coopledger/shared/dividends';
import { shareRevenue } from '@coopledger/shared/dividends';
import { nairaFigure } from '@coopledger/shared/money';
import type { StatementClass } from '@coopledger/shared/report-views';
import type { DividendGlField, DividendGlSetupInput, RevenueSharingInput } from '@coopledger/shared/schemas/dividends';
import { DIVIDEND_GL_FIELDS, DIVIDEND_GL_FIELD_NAMES, adminFeeTooLarge } from '@coopledger/shared/schemas/dividends';
import { GL_ACCOUNT_STATUS } from '@coopledger/shared/statuses';
import { invalid } from '#core/errors';
import type { ChartTree } from '../reports/chart-tree.ts';
import { incomeAndExpenses } from '../reports/statements.ts';
import type { DividendGlSetupRecord } from './gl-setup-entity.ts';
import { movementsBeforeClosing } from '../accounting/financial-years.ts';

const CLASS_NAMES: Record<StatementClass, string> = {
  asset: 'an asset',
  liability: 'a liability',
  equity: 'an equity',
  income: 'an income',
  direct_expense: 'a direct expense',
  operating_expense: 'an operating expense',
};

const allows = (field: DividendGlField, cls: StatementClass) =>
  (DIVIDEND_GL_FIELDS[field].classes as readonly StatementClass[]).includes(cls);

/**
 * Each account of a dividend GL setup exists, is active and is of a class its field allows
 * (DIVIDEND_GL_FIELDS); the first that is not is refused on its field.
 */
export function checkGlSetup(tree: ChartTree, input: DividendGlSetupInput): void {
  for (const field of DIVIDEND_GL_FIELD_NAMES) {
    const code = input[field];
    const account = tree.accounts.get(code);
    if (!account) throw invalid(field, `GL account ${code} does not exist`);
    if (account.status !== GL_ACCOUNT_STATUS.ACTIVE)
      throw invalid(field, `GL account ${code} (${account.name}) is inactive`);
    if (!allows(field, account.class)) {
      const wanted = DIVIDEND_GL_FIELDS[field].classes.map((c) => CLASS_NAMES[c]).join(' or ');
      throw invalid(
        field,
        `GL account ${code} (${account.name}) is ${CLASS_NAMES[account.class]} account; the ${DIVIDEND_GL_FIELDS[field].label} must be ${wanted} account`,
      );
    }
  }
}

export function presentGlSetup(record: DividendGlSetupRecord | undefined, tree: ChartTree): DividendGlSetupView {
  const ref = (code: string): DividendGlRef => ({ code, name: tree.accounts.get(code)?.name ?? '' });
  const active = [...tree.accounts.values()]
    .filter((a) => a.status === GL_ACCOUNT_STATUS.ACTIVE)
    .sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }));
  const choices = Object.fromEntries(
    DIVIDEND_GL_FIELD_NAMES.map((field) => [
      field,
      active.filter((a) => allows(field, a.class)).map((a) => ({ code: a.code, name: a.name })),
    ]),
  ) as DividendGlSetupView['choices'];
  return {
    setup: record
      ? {
          provision_gl: ref(record.provision_gl),
          retained_earnings_gl: ref(record.retained_earnings_gl),
          statutory_reserve_gl: ref(record.statutory_reserve_gl),
          admin_fee_gl: ref(record.admin_fee_gl),
          updated_at: record.updated_at,
          updated_by: record.updated_by,
        }
      : null,
    choices,
  };
}

/**
 * A period's revenue sharing: income and expenses of [from, to] from the ledger's balance items, the
 * same figures as the income statement, shared by `shareRevenue` (shared/src/dividends.ts). An
 * admin fee amount larger than the surplus left after the reserve is refused on `admin_fee`.
 */
export async function sharingOf(tenant: string, tree: ChartTree, input: RevenueSharingInput): Promise<Sharing> {
  const { income, expenses } = incomeAndExpenses(tree, await movementsBeforeClosing(tenant, input.from, input.to));
  const fee = input.admin_fee;
  const shared = shareRevenue({
    revenue: income,
    expenses,
    reservePercent: input.reserve_percent,
    adminFee: fee.kind === 'amount' ? { kind: 'amount', kobo: BigInt(fee.kobo) } : fee,
    ratios: { savings: input.savings_ratio, loan: input.loan_ratio, other: input.other_ratio },
  });
  if (shared.distributable < 0n) throw invalid('admin_fee', adminFeeTooLarge(shared.surplus - shared.reserve));
  return shared;
}

export async function revenueSharing(
  tenant: string,
  tree: ChartTree,
  input: RevenueSharingInput,
): Promise<RevenueSharingView> {
  const shared = await sharingOf(tenant, tree, input);
  const fee = input.admin_fee;
  return {
    from: input.from,
    to: input.to,
    reserve_percent: input.reserve_percent,
    admin_fee_type: fee.kind,
    admin_fee_given: fee.kind === 'amount' ? nairaFigure(fee.kobo) : fee.percent,
    ratios: { savings: input.savings_ratio, loan: input.loan_ratio, other: input.other_ratio },
    total_revenue: nairaFigure(shared.revenue),
    total_expenses: nairaFigure(shared.expenses),
    surplus: nairaFigure(shared.surplus),
    statutory_reserve: nairaFigure(shared.reserve),
    admin_fee: nairaFigure(shared.adminFee),
    distributable: nairaFigure(shared.distributable),
    pools: {
      savings: nairaFigure(shared.pools.savings),
      loan: nairaFigure(shared.pools.loan),
      other: nairaFigure(shared.pools.other),
    },
    no_surplus: shared.surplus <= 0n,
  };
}
