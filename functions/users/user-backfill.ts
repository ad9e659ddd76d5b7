import { countSet } from '#core/list-counter-entity';
import { transactItem } from '#core/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { STAFF_ROLES } from '@coopledger/shared/roles';
import { keys } from '#core/keys';
import { USERS_LIST, UserEntity, usersOf } from './user-entity.ts';

/** Users written before the users counter and the staff index: the count, and each staff user's index keys. */
export const userIndexBackfill: BackfillStep = {
  name: 'users counter and staff index',
  async writes(cooperativeId) {
    const users = await usersOf(cooperativeId);
    return [
      countSet(cooperativeId, USERS_LIST, users.length),
      ...users
        .filter((user) => STAFF_ROLES.includes(user.role_name))
        .map((user) =>
          transactItem(
            UserEntity.build(UpdateTransaction)
              .item({ tenant: user.tenant, id: user.id, ...keys.staffUserIndex(user.tenant, user.id) })
              .options({ condition: { attr: 'id', exists: true } })
              .params(),
          ),
        ),
    ];
  },
};
