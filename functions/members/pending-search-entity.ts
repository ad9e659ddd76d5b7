import type { PendingMemberStatus } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { getEntities } from '#core/entity';
import { keys } from '#core/keys';
import type { ListPage, PageRequest } from '#core/list-page';
import { openEnded } from '#core/list-page';
import type { FiledTokens } from '#core/search-items';
import { idSearchEntity, idSearchPage, nameWords, searchItemWrites } from '#core/search-items';
import { tokensOf } from '#core/search-tokens';
import type { PendingMember } from './pending-member-entity.ts';
import { PendingMemberEntity } from './pending-member-entity.ts';

/**
 * Registration search without reading a status's registrations (docs/decisions.md 2026-11-26
 * "Search items for users and registrations"): one item per token of a registration in the search
 * partition of its status, written with the registration and moved (the old status's items deleted,
 * the new status's put) in the decision's transaction. The page's registrations are one BatchGet.
 */
export const RegistrationSearchEntity = idSearchEntity('RSEARCH');

type Searchable = Pick<PendingMember, 'cooperative_id' | 'id' | 'status' | 'profile'>;

/** A registration's search tokens: each name word, the email and the phone's digits. */
export function registrationTokens({ profile }: Pick<PendingMember, 'profile'>): string[] {
  return tokensOf([
    ...nameWords(profile.firstname, profile.middlename, profile.lastname),
    profile.email,
    profile.phone.replace(/\D/g, ''),
  ]);
}

const filed = (registration: Searchable | undefined): FiledTokens | undefined =>
  registration && {
    id: registration.id,
    tokens: registrationTokens(registration),
    key: (token) => keys.registrationSearch(registration.cooperative_id, registration.status, token, registration.id),
  };

/** The writes that keep a registration's search items true from `previous` (undefined: new) to `next`. */
export const registrationSearchWrites = (previous: Searchable | undefined, next: Searchable): TransactItem[] =>
  searchItemWrites(RegistrationSearchEntity, filed(previous), filed(next));

/**
 * One page of a cooperative's registrations of `status` whose tokens begin with every word of
 * `text`, in token order; its total is what was seen plus one while there is a next page.
 */
export async function searchRegistrations(
  cooperativeId: string,
  status: PendingMemberStatus,
  text: string,
  request: PageRequest,
): Promise<ListPage<PendingMember>> {
  const partition = keys.registrationSearchPartition(cooperativeId, status);
  const { hits, matches } = await idSearchPage(RegistrationSearchEntity, partition, text, request);
  const found = await getEntities(
    PendingMemberEntity,
    hits.data.map((hit) => keys.pendingMember(cooperativeId, hit.id)),
  );
  const registrations = new Map(found.map((registration) => [registration.id, registration]));
  const data = hits.data.flatMap(({ id, token }) => {
    const registration = registrations.get(id);
    const current = registration?.status === status && matches({ tokens: registrationTokens(registration), token });
    return current ? [registration] : [];
  });
  return openEnded({ data, meta: hits.meta });
}
