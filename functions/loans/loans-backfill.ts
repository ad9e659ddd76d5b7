import { LOAN_STATUS } from '@coopledger/shared/statuses';
import { keys } from '#core/keys';
import { countSet } from '#core/list-counter-entity';
import { partitionCount } from '#core/list-page';
import { listRefPut } from '#core/list-ref-entity';
import { FORMS_LIST, LoanFormEntity } from '../loanforms/loan-form-entity.ts';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { LOANS_LIST, cooperativeLoans, loansOfStatusList } from './loan-entity.ts';
import { LoanOffsetEntity, OFFSETS_LIST } from './offset-entity.ts';

/**
 * Loans written before the lists were paged in DynamoDB (docs/decisions.md 2026-11-26 "Money lists
 * in DynamoDB"): each loan's status and member list entries, and the counts of the cooperative's
 * loans, of each status, of its offsets and of its loan forms, SET to a recount.
 */
export const loanListBackfill: BackfillStep = {
  name: 'loan list entries and counters',
  async writes(cooperativeId) {
    const [loans, offsets, forms] = await Promise.all([
      cooperativeLoans(cooperativeId),
      partitionCount(LoanOffsetEntity, keys.loanOffsetsPartition(cooperativeId), { index: 'gsi1' })(),
      partitionCount(LoanFormEntity, keys.loanFormsPartition(cooperativeId), { index: 'gsi1' })(),
    ]);
    return [
      ...loans.flatMap((loan) => [
        listRefPut(keys.loanStatusRef(cooperativeId, loan.status, loan.date, loan.id), loan.id),
        listRefPut(keys.memberLoanRef(cooperativeId, loan.member_id, loan.date, loan.id), loan.id),
      ]),
      countSet(cooperativeId, LOANS_LIST, loans.length),
      ...Object.values(LOAN_STATUS).map((status) =>
        countSet(cooperativeId, loansOfStatusList(status), loans.filter((loan) => loan.status === status).length),
      ),
      countSet(cooperativeId, OFFSETS_LIST, offsets),
      countSet(cooperativeId, FORMS_LIST, forms),
    ];
  },
};
