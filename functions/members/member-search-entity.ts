import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { MEMBER_SIGN_IN_ROLES } from '@coopledger/shared/schemas/members';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { entityDefaults, tableKeyAttributes, transactItem } from '#core/entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { openEnded } from '#core/list-page';
import { nameWords } from '#core/search-items';
import { searchWords, tokenSearchPage, tokensOf } from '#core/search-tokens';
import { read } from '#core/entity';
import { keys } from '#core/keys';
import { GENDERS } from '@coopledger/shared/schemas/members';
import type { MemberRecord } from './member-entity.ts';

/**
 * Member search without reading the member partition (docs/decisions.md 2026-11-26 "Member
 * search items"): one item per search token of a member (each word of the name, the member number,
 * email, staff ID and phone), in the cooperative's search partition under `<token>#<member>`, written
 * in the same transactions as the member. A search is a prefix Query on that partition. Each item
 * carries what a list row shows and all the member's tokens, so a page is answered from the items
 * alone and a member found by two of its tokens is given once.
 */
export const MemberSearchEntity = new Entity({
  ...entityDefaults,
  name: 'MSEARCH',
  schema: item({
    ...tableKeyAttributes(),
    entity: string().const('MSEARCH').hidden(),
    cooperative_id: string(),
    id: string(),
    coop_id: string(),
    firstname: string(),
    middlename: string().optional(),
    lastname: string(),
    email: string(),
    phone: string(),
    staff_id: string().optional(),
    gender: string().enum(...GENDERS),
    role_name: string().enum(...MEMBER_SIGN_IN_ROLES),
    work_info: map({ department_id: string().optional() }).optional(),
    savings_amount: number(),
    status: number().enum(MEMBER_STATUS.WARNING, MEMBER_STATUS.APPROVED, MEMBER_STATUS.INACTIVE),
    /** Set once the member has left the cooperative (member-entity.ts). */
    exited_at: string().optional(),
    created_at: string(),
    /** Every token of the member, sorted. */
    tokens: list(string()),
    /** The token this item is filed under. */
    token: string(),
  }),
});

export type MemberSummary = Omit<FormattedItem<typeof MemberSearchEntity>, 'tokens' | 'token'>;

type Searchable = Pick<MemberRecord, 'id' | 'firstname' | 'middlename' | 'lastname' | 'email' | 'phone' | 'staff_id'>;

/**
 * A member's search tokens: the name words (the first NAME_WORDS of each name, which bounds the items
 * a member's write carries), the member number, email, staff ID and phone digits.
 */
export function memberTokens(member: Searchable): string[] {
  const words = nameWords(member.firstname, member.middlename, member.lastname);
  return tokensOf([...words, member.id, member.email, member.staff_id ?? '', member.phone.replace(/\D/g, '')]);
}

const summaryOf = (member: MemberRecord): MemberSummary => ({
  cooperative_id: member.cooperative_id,
  id: member.id,
  coop_id: member.coop_id,
  firstname: member.firstname,
  middlename: member.middlename,
  lastname: member.lastname,
  email: member.email,
  phone: member.phone,
  staff_id: member.staff_id,
  gender: member.gender,
  role_name: member.role_name,
  work_info: member.work_info?.department_id ? { department_id: member.work_info.department_id } : undefined,
  savings_amount: member.savings_amount,
  status: member.status,
  ...(member.exited_at ? { exited_at: member.exited_at } : {}),
  created_at: member.created_at,
});

/**
 * The writes that keep a member's search items true after a change from `previous` (undefined for
 * a new member) to `next`: a put of every token's item (each carries the row), and a delete of each
 * token the member no longer has.
 */
export function memberSearchWrites(previous: Searchable | undefined, next: MemberRecord): TransactItem[] {
  const tokens = memberTokens(next);
  const gone = previous ? memberTokens(previous).filter((token) => !tokens.includes(token)) : [];
  const summary = summaryOf(next);
  return [
    ...tokens.map((token) =>
      transactItem(
        MemberSearchEntity.build(PutTransaction)
          .item({ ...keys.memberSearch(next.cooperative_id, token, next.id), ...summary, tokens, token })
          .params(),
      ),
    ),
    ...gone.map((token) =>
      transactItem(
        MemberSearchEntity.build(DeleteTransaction)
          .key(keys.memberSearch(next.cooperative_id, token, previous?.id ?? next.id))
          .params(),
      ),
    ),
  ];
}

/**
 * One page of the members whose tokens begin with every word of `text`: a prefix Query on the
 * longest word; the other words and `keep` are checked on each item, and a member is given under
 * the first of its tokens the longest word begins with, so never twice. A search's total is the
 * matches up to this page, plus one when there is a next page (a search has no counter).
 */
export async function searchMembers(
  cooperativeId: string,
  text: string,
  request: PageRequest,
  keep: (member: MemberSummary) => boolean = () => true,
): Promise<ListPage<MemberSummary>> {
  const { found, matches } = await tokenSearchPage(keys.memberSearchPartition(cooperativeId), text, request);
  const data = found.data
    .map((stored) => read(MemberSearchEntity, stored))
    .filter((hit) => matches(hit) && keep(hit))
    .map(({ tokens: _tokens, token: _token, ...summary }) => summary);
  return openEnded({ data, meta: found.meta });
}

/** How many members a list's member search reads at most (docs/decisions.md 2026-11-26 "Money lists in DynamoDB"). */
export const SEARCHED_MEMBERS = 10;

/**
 * The member ids a list's `query` names (orders, plans, loans, loan forms): the first
 * SEARCHED_MEMBERS members whose search tokens it matches, in search order ([] when none does);
 * undefined when the query has no words (no member search).
 */
export async function searchedMemberIds(
  cooperativeId: string,
  text: string | undefined,
  request: PageRequest,
): Promise<string[] | undefined> {
  if (searchWords(text).length === 0) return undefined;
  const found = await searchMembers(cooperativeId, text ?? '', {
    ...request,
    query: { per_page: String(SEARCHED_MEMBERS) },
  });
  return found.data.map((member) => member.id);
}
