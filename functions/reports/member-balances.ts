import { koboOf, nairaFigure } from '@coopledger/shared/money';
import type { MemberBalanceRow } from '@coopledger/shared/report-views';
import { setupRecords } from '../setup/setup-entity.ts';
import type { MemberRecord } from '../members/member-store.ts';

/** What a row names of its member (a member record or a member's search item). */
type BalanceMember = Pick<MemberRecord, 'id' | 'firstname' | 'lastname' | 'coop_id'>;
import { memberLoans } from '../loans/loan-store.ts';
import { memberPlans } from '../savings/plan-entity.ts';
import type { ChartTree } from './chart-tree.ts';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, SCHEDULE_LINE_STATUS } from '@coopledger/shared/statuses';

/** The savings setups whose member balance GL is an equity account (share capital). */
export async function equitySetupIds(cooperativeId: string, tree: ChartTree): Promise<Set<string>> {
  const setups = await setupRecords.savingsSetup.list(cooperativeId);
  return new Set(
    setups.filter((s) => tree.accounts.get(String(s.member_balance_gl))?.class === 'equity').map((s) => String(s.id)),
  );
}

/**
 * A member's balances for the Member account balance report. Members have no accounts of their
 * own in the general ledger, so these come from the subledger balances that every posting updates
 * in the same transaction as its journal (plans' balance and lien, loans' stored schedules):
 *  - savings: plans of products other than Targeted whose balance GL is not an equity account;
 *  - target saving: Targeted plans;
 *  - share capital: plans whose savings setup keeps the balance in an equity GL (share capital);
 *  - loan: principal still owed on approved loans not completed; loan + interest adds the interest
 *    still owed on their schedules;
 *  - other debits: savings held as liens for the member's loans.
 */
export async function memberBalanceRow(
  cooperativeId: string,
  member: BalanceMember,
  equitySetups: Set<string>,
): Promise<MemberBalanceRow> {
  const [plans, loans] = await Promise.all([
    memberPlans(cooperativeId, member.id),
    memberLoans(cooperativeId, member.id),
  ]);
  let savings = 0n;
  let target = 0n;
  let share = 0n;
  let liens = 0n;
  for (const plan of plans) {
    const balance = koboOf(plan.balance);
    liens += koboOf(plan.lien);
    if (equitySetups.has(String(plan.setup_id))) share += balance;
    else if (plan.is_target) target += balance;
    else savings += balance;
  }
  let principal = 0n;
  let withInterest = 0n;
  for (const loan of loans) {
    if (loan.status !== LOAN_STATUS.APPROVED || loan.is_paid === LOAN_REPAYMENT_STATUS.COMPLETED) continue;
    for (const row of loan.schedule ?? []) {
      if (row.is_paid === SCHEDULE_LINE_STATUS.PAID) continue;
      const owedPrincipal = BigInt(row.principal - row.principal_paid);
      principal += owedPrincipal;
      withInterest += owedPrincipal + BigInt(row.interest - row.interest_paid);
    }
  }
  return {
    id: member.id,
    firstname: member.firstname,
    lastname: member.lastname,
    coop_id: member.coop_id,
    meta: {
      totalSavingsBalance: nairaFigure(savings),
      totalTargetBalance: nairaFigure(target),
      totalLoanAmount: nairaFigure(principal),
      totalLoanInterest: nairaFigure(withInterest),
      otherDebits: nairaFigure(liens),
      shareCapital: nairaFigure(share),
    },
  };
}

/** Rows for many members, a few at a time so a download does not flood the table with reads. */
export async function memberBalanceRows(
  cooperativeId: string,
  members: BalanceMember[],
  equitySetups: Set<string>,
): Promise<MemberBalanceRow[]> {
  const rows: MemberBalanceRow[] = [];
  for (let i = 0; i < members.length; i += 16) {
    rows.push(
      ...(await Promise.all(members.slice(i, i + 16).map((m) => memberBalanceRow(cooperativeId, m, equitySetups)))),
    );
  }
  return rows;
}
