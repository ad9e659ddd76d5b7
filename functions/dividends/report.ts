import { nairaFigure } from '@coopledger/shared/money';
import type { TableColumn } from '#core/workbook';
import { tableWorkbook } from '#core/workbook';
import type { DeclarationMember, DeclarationRecord } from './declaration-entity.ts';

/**
 * The dividend report's download (issue 21, "Dividend report"): one sheet of the declaration's
 * member lines by member number, the figures the page shows, and a Total row whose figures are the
 * declaration's own totals (which the lines add up to).
 */
export const dividendReportFileName = (record: Pick<DeclarationRecord, 'id' | 'from' | 'to'>) =>
  `dividend-${record.from && record.to ? `${record.from}-to-${record.to}` : record.id}.xlsx`;

/** A member line, or the Total row built from the declaration's totals. */
type ReportRow = Omit<DeclarationMember, 'amount'>;

const money = (header: string, value: (r: ReportRow) => bigint | number): TableColumn<ReportRow> => ({
  header,
  width: 18,
  money: true,
  value: (r) => nairaFigure(value(r)),
});

export function dividendWorkbook(record: DeclarationRecord, lines: DeclarationMember[]): Promise<Buffer> {
  const total: ReportRow = {
    member_id: 'Total',
    member_name: `${record.members} members`,
    savings_basis: record.savings_basis,
    loan_basis: record.loan_basis,
    savings_part: record.savings_part,
    loan_part: record.loan_part,
  };
  return tableWorkbook(
    'Dividend',
    [
      { header: 'Member No.', width: 16, value: (r) => r.member_id },
      { header: 'Name', width: 32, value: (r) => r.member_name },
      money('Savings basis', (r) => r.savings_basis),
      money('Loan basis', (r) => r.loan_basis),
      money('Savings part', (r) => r.savings_part),
      money('Loan part', (r) => r.loan_part),
      money('Dividend', (r) => BigInt(r.savings_part) + BigInt(r.loan_part)),
    ],
    [...lines, total],
    { title: `Dividend${record.from ? ` of ${record.from} to ${record.to}` : ''}` },
  );
}
