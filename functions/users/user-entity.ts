import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ROLES, STAFF_ROLES } from '@coopledger/shared/roles';
import { USER_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, transactItem, entitiesIn } from '#core/entity';
import { keys } from '#core/keys';
import { countedTotal } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';

/**
 * A sign-in user as stored: one item per user in its tenant (a cooperative id, or PLATFORM), listed
 * in the tenant by login ID. Its id and coop_id are the login ID, upper case. Statuses: USER_STATUS.
 */
export const UserEntity = new Entity({
  ...entityDefaults,
  name: 'USER',
  schema: item({
    /** The tenant: a cooperative id, or PLATFORM. */
    tenant: string().key(),
    id: string().key(),
    coop_id: string(),
    firstname: string(),
    lastname: string(),
    email: string(),
    /** The sign-in role (Cognito's `custom:role`, fixed at creation). */
    role_name: string().enum(...ROLES),
    /** The role shown and governed by the Role Access grid: an added role's id, or the sign-in role. */
    role_id: string().optional(),
    status: number().enum(USER_STATUS.INACTIVE, USER_STATUS.ACTIVE),
    /** Sign-ins before this second (epoch seconds) no longer count: set when the password changes. */
    tokens_valid_after: number().optional(),
    /** When the user's last chat connection closed (functions/chat). */
    last_seen_at: string().optional(),
    created_at: string(),
    updated_at: string(),
    entity: string().const('USER').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    /** Staff users only (keys.staffUserIndex): the sign-in role never changes, so it is set once. */
    gsi2pk: string().optional().hidden(),
    gsi2sk: string().optional().hidden(),
  }),
  computeKey: ({ tenant, id }: { tenant: string; id: string }) => keys.user(tenant, id),
});

export type UserRecord = FormattedItem<typeof UserEntity>;
type UserChanges = Omit<UpdateItemInput<typeof UserEntity>, 'tenant' | 'id'>;

export const getUser = (tenant: string, loginId: string, consistent = false) =>
  getEntity(UserEntity, keys.user(tenant, loginId), consistent);

/** A tenant's users by login ID (one Query of gsi1). */
export function usersOf(tenant: string): Promise<UserRecord[]> {
  return entitiesIn(UserEntity, keys.usersPartition(tenant), { index: 'gsi1' });
}

/** The staff index keys of a staff user (none for members, executives and platform users). */
export const staffIndexOf = (user: Pick<UserRecord, 'tenant' | 'id' | 'role_name'>) =>
  STAFF_ROLES.includes(user.role_name) ? keys.staffUserIndex(user.tenant, user.id) : {};

/** The counter of a tenant's users (`meta.total` of the system users list). */
export const USERS_LIST = 'users';

/** One page of a tenant's users by login ID (gsi1); a search reads the search items (user-search-entity.ts). */
export const userPage = (tenant: string, request: PageRequest) =>
  entityPage(UserEntity, keys.usersPartition(tenant), request, {
    index: 'gsi1',
    total: countedTotal(tenant, USERS_LIST),
  });

/** The put of a new user (the login claim beside it keeps its login ID unique). */
export function userPut(record: UserRecord): TransactItem {
  return transactItem(
    UserEntity.build(PutTransaction)
      .item({ ...record, ...keys.userIndex(record.tenant, record.id), ...staffIndexOf(record) })
      .params(),
  );
}

/**
 * An update of a user's attributes. `mustExist` conditions it on the user being there; without it
 * the attributes are set whether or not it is (as the member profile's copy of the names always was).
 */
export function userUpdate(user: { tenant: string; id: string }, changes: UserChanges, mustExist = true): TransactItem {
  const update = UserEntity.build(UpdateTransaction).item({
    ...changes,
    tenant: user.tenant,
    id: user.id.toUpperCase(),
  });
  return transactItem((mustExist ? update.options({ condition: { attr: 'id', exists: true } }) : update).params());
}

/** The delete of a user, only while it is there (so the users counter moves once). */
export const userDelete = (tenant: string, loginId: string): TransactItem =>
  transactItem(
    UserEntity.build(DeleteTransaction)
      .key({ tenant, id: loginId.toUpperCase() })
      .options({ condition: { attr: 'id', exists: true } })
      .params(),
  );
