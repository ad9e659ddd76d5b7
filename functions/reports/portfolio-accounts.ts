import { setupRecords } from '../setup/setup-entity.ts';
import type { ChartTree } from './chart-tree.ts';

/**
 * The GL accounts that hold members' savings and members' loans in a cooperative: the accounts its
 * savings setups keep balances in (member_balance_gl) and its loan setups lend from (principal_gl),
 * and the standard chart's accounts tagged for them. Reports read these accounts' running balances
 * for portfolio figures, so the figures agree with the trial balance.
 */
export interface PortfolioAccounts {
  savings: Set<string>;
  loans: Set<string>;
}

export async function portfolioAccounts(cooperativeId: string, tree: ChartTree): Promise<PortfolioAccounts> {
  const [savingsSetups, loanSetups] = await Promise.all([
    setupRecords.savingsSetup.list(cooperativeId),
    setupRecords.loanSetup.list(cooperativeId),
  ]);
  const savings = new Set<string>();
  const loans = new Set<string>();
  for (const s of savingsSetups)
    if (s.member_balance_gl && tree.accounts.get(String(s.member_balance_gl))?.class === 'liability')
      savings.add(String(s.member_balance_gl));
  for (const s of loanSetups)
    if (s.principal_gl && tree.accounts.has(String(s.principal_gl))) loans.add(String(s.principal_gl));
  for (const account of tree.accounts.values()) {
    if (account.purpose === 'member_savings' || account.purpose === 'target_savings') savings.add(account.code);
    if (account.purpose === 'member_loans') loans.add(account.code);
  }
  return { savings, loans };
}
