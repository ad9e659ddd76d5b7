import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { TransactItem } from '#core/db';
import { transactItem } from '#core/entity';
import { keys } from '#core/keys';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { MemberEntity, membersOf } from './member-entity.ts';
import { memberSearchWrites } from './member-search-entity.ts';

/**
 * Members written before the status index and search items: each member's status index keys (on
 * the condition that its status is still the one read) and its search items.
 */
export const memberIndexBackfill: BackfillStep = {
  name: 'member status index and search items',
  async writes(cooperativeId) {
    const members = await membersOf(cooperativeId);
    return members.flatMap((member): TransactItem[] => [
      transactItem(
        MemberEntity.build(UpdateTransaction)
          .item({
            cooperative_id: member.cooperative_id,
            id: member.id,
            ...keys.memberStatusIndex(
              cooperativeId,
              member.status,
              `${member.lastname} ${member.firstname}`,
              member.id,
            ),
          })
          .options({ condition: { attr: 'status', eq: member.status } })
          .params(),
      ),
      ...memberSearchWrites(undefined, member),
    ]);
  },
};
