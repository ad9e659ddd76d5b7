import { koboOf, nairaFigure } from '@coopledger/shared/money';
import type { LedgerStatement } from '@coopledger/shared/report-views';
import { AppError, notFound } from '#core/errors';
import { normalBalance, totalsAsAt } from '#core/gl-balances';
import { addDays, nextMonth } from '@coopledger/shared/dates';
import type { ChartTree } from './chart-tree.ts';
import { linesOfMonth } from './journal-line-entity.ts';

/** The most lines one statement lists; a longer range is refused with a message to narrow it. */
export const MAX_STATEMENT_LINES = 20_000;

/**
 * One account's journal lines between two dates, with the opening balance (from the running totals
 * at the day before), a running balance on the account's normal side, and the closing balance.
 * Lines live in the account's monthly partitions, so this reads the months of the range only.
 */
export async function ledgerStatement(
  cooperativeId: string,
  tree: ChartTree,
  code: string,
  start: string,
  end: string,
): Promise<LedgerStatement> {
  const account = tree.accounts.get(code);
  if (!account) throw notFound('GL account');
  const months: string[] = [];
  for (let month = start.slice(0, 7); month <= end.slice(0, 7); month = nextMonth(month)) months.push(month);
  const [totals, ...perMonth] = await Promise.all([
    totalsAsAt(cooperativeId, addDays(start, -1)),
    ...months.map((month) => linesOfMonth(cooperativeId, code, month, start, end)),
  ]);
  const lines = perMonth.flat();
  if (lines.length > MAX_STATEMENT_LINES) {
    throw new AppError(
      'VALIDATION',
      `This range holds more than ${MAX_STATEMENT_LINES.toLocaleString('en')} lines; choose a shorter range`,
      { start_date: 'Choose a shorter range' },
    );
  }
  const opening = normalBalance(account.type, totals.get(code));
  let balance = opening;
  let totalDebit = 0n;
  let totalCredit = 0n;
  const results = lines.map((line) => {
    const amount = koboOf(line.amount);
    balance += (line.dc === 'D') === (account.type === 'D') ? amount : -amount;
    if (line.dc === 'D') totalDebit += amount;
    else totalCredit += amount;
    return {
      transaction_code: line.reference || line.journal_id,
      transaction_date: line.transaction_date,
      description: line.description ?? '',
      debit_credit: line.dc,
      transaction_amount: nairaFigure(amount),
      balance: nairaFigure(balance),
    };
  });
  return {
    account: { code: account.code, name: account.name, type: account.type },
    start_date: start,
    end_date: end,
    opening_balance: nairaFigure(opening),
    final_balance: nairaFigure(balance),
    total_debit: nairaFigure(totalDebit),
    total_credit: nairaFigure(totalCredit),
    results,
  };
}
