import type { HeadOfficeFigures, HeadOfficeMeasure, HeadOfficeSummaryView } from '@coopledger/shared/dividend-views';
import { HEAD_OFFICE_MEASURES } from '@coopledger/shared/dividend-views';
import { formatDate, today } from '@coopledger/shared/dates';
import type { KoboSum } from '@coopledger/shared/money';
import { nairaFigure, ratioPercent } from '@coopledger/shared/money';
import { membersJoinedIn } from '../members/members-joined.ts';
import { loadChartTree } from '../reports/chart-tree.ts';
import { portfolioAccounts } from '../reports/portfolio-accounts.ts';
import { incomeAndExpenses } from '../reports/statements.ts';
import type { HeadOfficeTargetsRecord } from './head-office-target-entity.ts';
import { movementsBeforeClosing } from '../accounting/financial-years.ts';

/** A year's measures in kobo (new members a count), before they are shown. */
interface Figures {
  savings_mobilised: KoboSum;
  loans_disbursed: KoboSum;
  new_members: number;
  surplus: KoboSum;
}

/** The days of a year the summary counts: the whole year, or up to today while it runs (empty before it starts). */
export function summaryPeriod(year: number): { from: string; to: string } {
  const from = formatDate(year, 1, 1);
  const end = formatDate(year, 12, 31);
  const now = today();
  return { from, to: end < now ? end : now };
}

/**
 * A cooperative's actuals of a year, all from the books (docs/decisions.md 2026-11-27 "Head office
 * summary"): savings mobilised is what its members' savings accounts were credited in the year,
 * loans disbursed what its loan accounts were debited (the consolidated report's figure), surplus its
 * income less expenses (the income statement's), new members the members who joined in the year.
 */
async function actualsOf(cooperativeId: string, year: number): Promise<Figures> {
  const { from, to } = summaryPeriod(year);
  const tree = await loadChartTree(cooperativeId);
  const [accounts, movements, joined] = await Promise.all([
    portfolioAccounts(cooperativeId, tree),
    movementsBeforeClosing(cooperativeId, from, to),
    membersJoinedIn(cooperativeId, year),
  ]);
  let savings = 0n;
  for (const code of accounts.savings) savings += movements.get(code)?.credit ?? 0n;
  let loans = 0n;
  for (const code of accounts.loans) loans += movements.get(code)?.debit ?? 0n;
  const { income, expenses } = incomeAndExpenses(tree, movements);
  return { savings_mobilised: savings, loans_disbursed: loans, new_members: joined, surplus: income - expenses };
}

const figures = (f: Figures): HeadOfficeFigures => ({
  savings_mobilised: nairaFigure(f.savings_mobilised),
  loans_disbursed: nairaFigure(f.loans_disbursed),
  new_members: f.new_members,
  surplus: nairaFigure(f.surplus),
});

/** A measure's actual as a percentage of its target; null with no target (none set, or 0). */
function percentOf(actual: Figures, targets: HeadOfficeTargetsRecord | undefined, measure: HeadOfficeMeasure) {
  if (!targets || targets[measure] === 0) return null;
  return ratioPercent(BigInt(actual[measure]), BigInt(targets[measure]));
}

/** One cooperative's head office summary of a year: its targets (if set) against its actuals. */
export async function headOfficeSummary(
  cooperativeId: string,
  year: number,
  targets: HeadOfficeTargetsRecord | undefined,
): Promise<HeadOfficeSummaryView> {
  const actual = await actualsOf(cooperativeId, year);
  return {
    year,
    ...summaryPeriod(year),
    targets: targets
      ? {
          ...figures({
            savings_mobilised: BigInt(targets.savings_mobilised),
            loans_disbursed: BigInt(targets.loans_disbursed),
            new_members: targets.new_members,
            surplus: BigInt(targets.surplus),
          }),
          updated_at: targets.updated_at,
          updated_by: targets.updated_by,
        }
      : null,
    actuals: figures(actual),
    percent: Object.fromEntries(
      HEAD_OFFICE_MEASURES.map((measure) => [measure, percentOf(actual, targets, measure)]),
    ) as Record<HeadOfficeMeasure, number | null>,
  };
}
