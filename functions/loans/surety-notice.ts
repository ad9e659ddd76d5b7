import { formatNaira } from '@coopledger/shared/money';
import type { TransactItem } from '#core/db';
import { notice } from '../notifications/notify.ts';
import type { LoanRecord } from './loan-entity.ts';
import type { SuretyRecord } from './surety-entity.ts';

/** The notification asking each named surety to answer (an application, or a surety replaced). */
export function suretyRequestNotice(
  tenant: string,
  loan: Pick<LoanRecord, 'id' | 'member_name' | 'product_name' | 'loan_amount'>,
  sureties: readonly Pick<SuretyRecord, 'member_id'>[],
): TransactItem[] {
  return notice(tenant, {
    type: 'surety.requested',
    recipients: sureties.map((s) => s.member_id),
    data: {
      applicant: loan.member_name,
      product: loan.product_name,
      amount: formatNaira(loan.loan_amount),
      loan_id: loan.id,
    },
  });
}
