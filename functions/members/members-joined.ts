import { businessDate } from '@coopledger/shared/dates';
import type { TransactItem } from '#core/db';
import { countChange, countMove, countSet, listCount } from '#core/list-counter-entity';
import type { BackfillStep } from '../maintenance/backfill.ts';
import type { MemberRecord } from './member-entity.ts';
import { membersOf } from './member-entity.ts';

/**
 * The members who joined a cooperative in a year (the head office summary's new members): a counter
 * per year, changed in the transaction that creates a member or changes their date joined.
 */
const joinedList = (year: string) => `members-joined#${year}`;

type Joined = Pick<MemberRecord, 'cooperative_id' | 'work_info' | 'created_at'>;

/** The year a member joined: their date joined (work details) when given, else the day they were created. */
export const joinedYear = (member: Joined): string =>
  (member.work_info?.date_joined || businessDate(member.created_at)).slice(0, 4);

/** One more member joined in the new member's year. */
export const joinedCount = (member: Joined): TransactItem =>
  countChange(member.cooperative_id, joinedList(joinedYear(member)), 1);

/** A changed date joined moves the member to another year's count (nothing when the year stays). */
export const joinedMove = (previous: Joined, next: Joined): TransactItem[] =>
  countMove(previous.cooperative_id, joinedList(joinedYear(previous)), joinedList(joinedYear(next)));

/** How many members joined the cooperative in a year. */
export const membersJoinedIn = (cooperativeId: string, year: number): Promise<number> =>
  listCount(cooperativeId, joinedList(String(year)));

/** Members written before the counts: each year's count set to the members read who joined in it. */
export const membersJoinedBackfill: BackfillStep = {
  name: 'members joined per year',
  async writes(cooperativeId) {
    const byYear = new Map<string, number>();
    for (const member of await membersOf(cooperativeId)) {
      const year = joinedYear(member);
      byYear.set(year, (byYear.get(year) ?? 0) + 1);
    }
    return [...byYear].map(([year, count]) => countSet(cooperativeId, joinedList(year), count));
  },
};
