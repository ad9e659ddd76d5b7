import type { TransactItem } from '#core/db';
import { getEntities } from '#core/entity';
import { keys } from '#core/keys';
import type { ListPage, PageRequest } from '#core/list-page';
import { openEnded } from '#core/list-page';
import type { FiledTokens } from '#core/search-items';
import { idSearchEntity, idSearchPage, nameWords, searchItemWrites } from '#core/search-items';
import { tokensOf } from '#core/search-tokens';
import type { UserRecord } from './user-entity.ts';
import { UserEntity } from './user-entity.ts';

/**
 * User search without reading the users partition (docs/decisions.md 2026-11-26 "Search items for
 * users and registrations"): one item per token of a user in its tenant's search partition, written
 * in the same transactions as the user (create, names/email change, delete). Status changes leave
 * them alone: the page's users are read in one BatchGet.
 */
export const UserSearchEntity = idSearchEntity('USEARCH');

/** What a user's tokens are made of. */
export type SearchableUser = Pick<UserRecord, 'tenant' | 'id' | 'firstname' | 'lastname' | 'email' | 'role_name'>;

/**
 * A user's search tokens: each name word, the login ID, the email, and the sign-in role
 * (`cooperative-admin`, and each of its words). The role shown may be an added role, whose name
 * can change; the sign-in role never does.
 */
export function userTokens(user: SearchableUser): string[] {
  return tokensOf([
    ...nameWords(user.firstname, user.lastname),
    user.id,
    user.email,
    user.role_name,
    ...user.role_name.split('-'),
  ]);
}

const filed = (user: SearchableUser | undefined): FiledTokens | undefined =>
  user && {
    id: user.id.toUpperCase(),
    tokens: userTokens(user),
    key: (token) => keys.userSearch(user.tenant, token, user.id),
  };

/** The writes that keep a user's search items true from `previous` (undefined: new) to `next` (undefined: deleted). */
export const userSearchWrites = (
  previous: SearchableUser | undefined,
  next: SearchableUser | undefined,
): TransactItem[] => searchItemWrites(UserSearchEntity, filed(previous), filed(next));

/**
 * One page of a tenant's users whose tokens begin with every word of `text`, in token order; a
 * search has no counter, so its total is what was seen plus one while there is a next page.
 */
export async function searchUsers(tenant: string, text: string, request: PageRequest): Promise<ListPage<UserRecord>> {
  const { hits, matches } = await idSearchPage(UserSearchEntity, keys.userSearchPartition(tenant), text, request);
  const users = new Map(
    (
      await getEntities(
        UserEntity,
        hits.data.map((hit) => keys.user(tenant, hit.id)),
      )
    ).map((user) => [user.id, user]),
  );
  const data = hits.data.flatMap(({ id, token }) => {
    const user = users.get(id);
    return user && matches({ tokens: userTokens(user), token }) ? [user] : [];
  });
  return openEnded({ data, meta: hits.meta });
}
