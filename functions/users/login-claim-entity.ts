import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, tableKeyAttributes, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The platform-wide claim on a login ID, written with the user: it keeps login IDs unique across
 * tenants and says which tenant holds one. It stores only the tenant, so its key is given whole.
 */
export const LoginClaimEntity = new Entity({
  ...entityDefaults,
  name: 'LOGIN_CLAIM',
  schema: item({
    ...tableKeyAttributes(),
    tenant: string(),
    created_at: string(),
  }),
});

/** The claim of a new login ID; a taken login ID fails the transaction. */
export function loginClaimPut(loginId: string, tenant: string, createdAt: string): TransactItem {
  return transactItem(
    LoginClaimEntity.build(PutTransaction)
      .item({ ...keys.loginClaim(loginId), tenant, created_at: createdAt })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}

export const loginClaimDelete = (loginId: string): TransactItem =>
  transactItem(LoginClaimEntity.build(DeleteTransaction).key(keys.loginClaim(loginId)).params());

/** The tenant holding a login ID, if any. */
export const findLoginClaim = (loginId: string) => getEntity(LoginClaimEntity, keys.loginClaim(loginId));
