import { nairaFigure } from '@coopledger/shared/money';
import type { ConsolidatedRow } from '@coopledger/shared/report-views';
import { totalsAsAt } from '#core/gl-balances';
import type { CooperativeRecord, CooperativeStats } from '../cooperatives/cooperative-store.ts';
import { loadChartTree } from './chart-tree.ts';
import { portfolioAccounts } from './portfolio-accounts.ts';
import { movementsBeforeClosing } from '../accounting/financial-years.ts';

/**
 * One cooperative's row of the consolidated report: members from the counts kept with every member
 * change; total savings is the balance of its savings accounts at the end date; total loans and
 * paid loans are what its loan accounts were debited (disbursed) and credited (repaid) in the period.
 */
export async function consolidatedRow(
  coop: CooperativeRecord,
  stats: CooperativeStats | undefined,
  start: string,
  end: string,
): Promise<ConsolidatedRow> {
  const tree = await loadChartTree(coop.id);
  const [accounts, asAt, period] = await Promise.all([
    portfolioAccounts(coop.id, tree),
    totalsAsAt(coop.id, end),
    movementsBeforeClosing(coop.id, start, end),
  ]);
  let savings = 0n;
  for (const code of accounts.savings) {
    const t = asAt.get(code);
    if (t) savings += t.credit - t.debit;
  }
  let disbursed = 0n;
  let repaid = 0n;
  for (const code of accounts.loans) {
    const m = period.get(code);
    if (m) {
      disbursed += m.debit;
      repaid += m.credit;
    }
  }
  return {
    id: coop.id,
    code: coop.code,
    name: coop.name,
    created_at: coop.created_at,
    status: coop.status,
    meta: {
      activeMembers: Number(stats?.members_active ?? 0),
      inactiveMembers: Number(stats?.members_inactive ?? 0),
      totalSavings: nairaFigure(savings),
      totalLoans: nairaFigure(disbursed),
      loansPaid: nairaFigure(repaid),
    },
  };
}
