import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { INVESTMENT_STATUS, JOURNAL_ENTRY_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { transactItem } from '#core/entity';
import { keys } from '#core/keys';
import { countSet } from '#core/list-counter-entity';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { INVESTMENTS_ALL, InvestmentEntity, investmentsOfStatus, listInvestments } from './investment-entity.ts';
import { JournalEntryEntity, allEntries } from './journal-entry-entity.ts';

/**
 * Journal entries and investments written before their list indexes: each posted entry's posted
 * index (gsi2), each investment's status index (gsi2, on the condition that its status is still the
 * one read), and the investment counters set to the recount.
 */
export const accountingBackfill: BackfillStep = {
  name: 'journal entry and investment list indexes and counters',
  async writes(cooperativeId) {
    const [entries, investments] = await Promise.all([allEntries(cooperativeId), listInvestments(cooperativeId)]);
    const posted = entries.filter((entry) => entry.status === JOURNAL_ENTRY_STATUS.POSTED);
    const statuses = [INVESTMENT_STATUS.OPEN, INVESTMENT_STATUS.CLOSED];
    return [
      ...posted.map((entry) =>
        transactItem(
          JournalEntryEntity.build(UpdateTransaction)
            .item({
              ...keys.journalEntry(cooperativeId, entry.transaction_code),
              ...keys.postedJournalEntryIndex(cooperativeId, entry.date, entry.transaction_code),
            })
            .options({
              condition: {
                and: [
                  { attr: 'status', eq: JOURNAL_ENTRY_STATUS.POSTED },
                  { attr: 'version', eq: entry.version },
                ],
              },
            })
            .params(),
        ),
      ),
      ...investments.map((investment) =>
        transactItem(
          InvestmentEntity.build(UpdateTransaction)
            .item({
              ...keys.investment(cooperativeId, investment.id),
              ...keys.investmentStatusIndex(cooperativeId, investment.status, investment.start_date, investment.id),
            })
            .options({ condition: { attr: 'status', eq: investment.status } })
            .params(),
        ),
      ),
      countSet(cooperativeId, INVESTMENTS_ALL, investments.length),
      ...statuses.map((status): TransactItem =>
        countSet(cooperativeId, investmentsOfStatus(status), investments.filter((i) => i.status === status).length),
      ),
    ];
  },
};
