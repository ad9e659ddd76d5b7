import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PLATFORM_TENANT, ROLES } from '@coopledger/shared/roles';
import { ROLE_TYPES } from '@coopledger/shared/schemas/roles';
import { SETUP_STATUS } from '@coopledger/shared/statuses';
import { effect, entityDefaults, getEntity, entitiesIn } from '#core/entity';
import { AppError } from '#core/errors';
import { keys } from '#core/keys';
import type { SetupEffect } from '#core/setup-store';

/**
 * An added role: a platform setup record (kind ROLE; created, changed and deleted through the setup
 * records' writes in core/setup-store.ts) based on a sign-in role, with the count of users holding it.
 * Statuses: SETUP_STATUS.
 */
export const RoleEntity = new Entity({
  ...entityDefaults,
  name: 'ROLE',
  schema: item({
    /** The tenant: always PLATFORM. */
    cooperative_id: string().key(),
    id: string().key(),
    display_name: string(),
    belong_to: string().enum(...ROLE_TYPES),
    base_role: string().enum(...ROLES),
    status: number().enum(SETUP_STATUS.INACTIVE, SETUP_STATUS.ACTIVE),
    /** Users holding the role, kept in the transactions that create, change and delete users. */
    user_count: number().optional(),
    created_at: string(),
    updated_at: string(),
    entity: string().const('ROLE').hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.setup(cooperative_id, 'ROLE', id),
});

export type RoleRecord = FormattedItem<typeof RoleEntity>;

export const getRole = (id: string) => getEntity(RoleEntity, keys.setup(PLATFORM_TENANT, 'ROLE', id), true);

/** Every added role (one Query of the platform's ROLE partition). */
export function addedRoles(): Promise<RoleRecord[]> {
  return entitiesIn(RoleEntity, keys.setupPartition(PLATFORM_TENANT, 'ROLE'));
}

/**
 * Counts a user in (+1) or out (-1) of an added role, in the user's own transaction. Only an active
 * role can be given (a role being deleted cannot gain users); counting out needs the role to exist.
 */
export function userCountEffect(roleId: string, delta: 1 | -1): SetupEffect {
  const role = { cooperative_id: PLATFORM_TENANT, id: roleId };
  const update = RoleEntity.build(UpdateTransaction)
    .item({ ...role, user_count: $add(delta) })
    .options({
      condition:
        delta === 1
          ? {
              and: [
                { attr: 'id', exists: true },
                { attr: 'status', eq: SETUP_STATUS.ACTIVE },
              ],
            }
          : { attr: 'id', exists: true },
    });
  return effect(
    update.params(),
    new AppError('VALIDATION', 'The role is not active; choose another role', {
      role_id: 'Please elect the user role',
    }),
  );
}
