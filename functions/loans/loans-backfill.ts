import { LOAN_STATUS, SURETY_STATUS } from '@coopledger/shared/statuses';
import { keys } from '#core/keys';
import { countSet } from '#core/list-counter-entity';
import { partitionCount } from '#core/list-page';
import { listRefPut } from '#core/list-ref-entity';
import { FORMS_LIST, LoanFormEntity } from '../loanforms/loan-form-entity.ts';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { LOANS_LIST, cooperativeLoans, loansOfStatusList } from './loan-entity.ts';
import { LoanOffsetEntity, OFFSETS_LIST } from './offset-entity.ts';
import { SURETIES_LIST, cooperativeSureties, suretiesOfStatusList } from './surety-entity.ts';

/**
 * Loans written before the lists were paged in DynamoDB (docs/decisions.md 2026-11-26 "Money lists
 * in DynamoDB"): each loan's status and member list entries, each surety request's status entry,
 * and the counts of the cooperative's loans and surety requests (all and of each status), offsets
 * and loan forms, SET to a recount.
 */
export const loanListBackfill: BackfillStep = {
  name: 'loan list entries and counters',
  async writes(cooperativeId) {
    const [loans, sureties, offsets, forms] = await Promise.all([
      cooperativeLoans(cooperativeId),
      cooperativeSureties(cooperativeId),
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
      ...sureties.map((surety) =>
        listRefPut(keys.suretyStatusRef(cooperativeId, surety.status, surety.created_at, surety.id), surety.id),
      ),
      countSet(cooperativeId, SURETIES_LIST, sureties.length),
      ...Object.values(SURETY_STATUS).map((status) =>
        countSet(cooperativeId, suretiesOfStatusList(status), sureties.filter((s) => s.status === status).length),
      ),
      countSet(cooperativeId, OFFSETS_LIST, offsets),
      countSet(cooperativeId, FORMS_LIST, forms),
    ];
  },
};
