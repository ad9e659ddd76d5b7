import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { string } from 'dynamodb-toolbox/schema/string';
import { entityDefaults, getEntity, tableKeyAttributes, writeItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The platform client's profile (Client Setup): one item of the platform tenant, `T#PLATFORM` /
 * `CLIENT`, replaced whole on each save. It stores nothing to compute its key from, so the key inputs
 * are the table's own `pk` and `sk` (keys.clientProfile()).
 */
export const ClientProfileEntity = new Entity({
  ...entityDefaults,
  name: 'CLIENT_PROFILE',
  schema: item({
    ...tableKeyAttributes(),
    name: string(),
    email: string(),
    phone: string(),
    address: string(),
    /** Stored as null when none is given. */
    website: anyOf(string(), nul()).optional(),
    updated_at: string(),
    /** The login id of who saved it. */
    updated_by: string().optional(),
    entity: string().const('CLIENT_PROFILE').hidden(),
  }),
});

export type ClientProfileRecord = FormattedItem<typeof ClientProfileEntity>;

/** The profile, if one was ever saved (a consistent read), checked. */
export const getClientProfile = () => getEntity(ClientProfileEntity, keys.clientProfile(), true);

/** The Put that replaces the profile. */
export const clientProfilePut = (profile: ClientProfileRecord) =>
  ClientProfileEntity.build(PutTransaction).item({ ...keys.clientProfile(), entity: 'CLIENT_PROFILE', ...profile });

/** Replaces the profile (one PutItem). */
export async function putClientProfile(profile: ClientProfileRecord): Promise<void> {
  await writeItem(clientProfilePut(profile).params());
}
