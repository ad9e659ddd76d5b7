import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntities, read, tableKeyAttributes, transactItem } from '#core/entity';
import { keys } from '#core/keys';
import type { ListPage, PageRequest } from '#core/list-page';
import { openEnded } from '#core/list-page';
import { tokenSearchPage, tokensOf } from '#core/search-tokens';
import type { CooperativeRecord } from './cooperative-entity.ts';
import { CooperativeEntity } from './cooperative-entity.ts';

/**
 * Cooperative search without reading the platform's list (docs/decisions.md 2026-11-26 "Paging the
 * books' lists"): one item per token of a cooperative (each word of its name, its code) in the
 * platform's search partition under `<token>#<cooperative id>`, written in the same transactions as
 * the profile. A search is a prefix Query on the longest word; each item carries all the
 * cooperative's tokens, so the other words are checked on the item and a cooperative found by two
 * of its tokens is given once. The page's profiles are one BatchGet.
 */
export const CooperativeSearchEntity = new Entity({
  ...entityDefaults,
  name: 'CSEARCH',
  schema: item({
    ...tableKeyAttributes(),
    entity: string().const('CSEARCH').hidden(),
    id: string(),
    /** Every token of the cooperative, sorted. */
    tokens: list(string()),
    /** The token this item is filed under. */
    token: string(),
  }),
});

type Searchable = Pick<CooperativeRecord, 'id' | 'name' | 'code'>;

/**
 * How many words of a cooperative's name become tokens: enough for any real name ("Federal Ministry
 * of Works Staff Multipurpose Cooperative Society" has 8), and it bounds the items of the
 * transaction that creates a cooperative with its whole chart (DynamoDB takes at most 100).
 */
export const COOPERATIVE_NAME_WORDS = 12;

/** A cooperative's search tokens: the first COOPERATIVE_NAME_WORDS words of its name, and its code. */
export function cooperativeTokens(cooperative: Pick<CooperativeRecord, 'name' | 'code'>): string[] {
  const words = cooperative.name.split(/\s+/).filter((word) => word !== '');
  return tokensOf([...words.slice(0, COOPERATIVE_NAME_WORDS), cooperative.code]);
}

/**
 * The writes that keep a cooperative's search items true after a change from `previous` (undefined
 * for a new one) to `next` (undefined once deleted): a put per token it has, a delete per token it lost.
 */
export function cooperativeSearchWrites(
  previous: Searchable | undefined,
  next: Searchable | undefined,
): TransactItem[] {
  const tokens = next ? cooperativeTokens(next) : [];
  const gone = previous ? cooperativeTokens(previous).filter((token) => !tokens.includes(token)) : [];
  const id = next?.id ?? previous?.id ?? '';
  return [
    ...(next
      ? tokens.map((token) =>
          transactItem(
            CooperativeSearchEntity.build(PutTransaction)
              .item({ ...keys.cooperativeSearch(token, id), id, tokens, token })
              .params(),
          ),
        )
      : []),
    ...gone.map((token) =>
      transactItem(CooperativeSearchEntity.build(DeleteTransaction).key(keys.cooperativeSearch(token, id)).params()),
    ),
  ];
}

/**
 * One page of the cooperatives whose tokens begin with every word of `text` (see above), in token
 * order; a search has no counter, so its total is what was seen plus one while there is a next page.
 */
export async function searchCooperatives(text: string, request: PageRequest): Promise<ListPage<CooperativeRecord>> {
  const { found, matches } = await tokenSearchPage(keys.cooperativeSearchPartition(), text, request);
  const ids = found.data
    .map((stored) => read(CooperativeSearchEntity, stored))
    .filter(matches)
    .map((hit) => hit.id);
  const profiles = new Map(
    (await getEntities(CooperativeEntity, ids.map(keys.cooperative))).map((record) => [record.id, record]),
  );
  const data = ids.flatMap((id) => profiles.get(id) ?? []);
  return openEnded({ data, meta: found.meta });
}
