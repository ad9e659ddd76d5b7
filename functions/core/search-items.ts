import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from './db.ts';
import { entityDefaults, read, tableKeyAttributes, transactItem } from './entity.ts';
import type { Key } from './keys.ts';
import type { ListPage, PageRequest } from './list-page.ts';
import type { TokenHit } from './search-tokens.ts';
import { tokenSearchPage } from './search-tokens.ts';

/** The entities of such items (a literal name each, as dynamodb-toolbox types an entity by its name). */
export type IdSearchName = 'USEARCH' | 'RSEARCH' | 'PSEARCH';

/**
 * Search items that name their record by id only (users, registrations, the store's products;
 * docs/decisions.md 2026-11-26 "Search items for users and registrations"): one item per token of a record, under
 * `<token>#<id>` in its search partition, carrying every token of the record. A page of hits is one
 * prefix Query (core/search-tokens.ts); the caller reads the hits' records in one BatchGet and keeps
 * those whose current tokens still match, so an item left behind by a write that raced another is
 * never shown.
 */
export function idSearchEntity<Name extends IdSearchName>(name: Name) {
  return new Entity({
    ...entityDefaults,
    name,
    schema: item({
      ...tableKeyAttributes(),
      entity: string().const(name).hidden(),
      id: string(),
      /** Every token of the record, sorted. */
      tokens: list(string()),
      /** The token this item is filed under. */
      token: string(),
    }),
  });
}

type IdSearchEntity = ReturnType<typeof idSearchEntity<IdSearchName>>;

/** How many words of one name field become tokens: enough for any real name, and it bounds a record's items. */
export const NAME_WORDS = 5;

/** The words of each name (at most NAME_WORDS of each), empty ones left out. */
export const nameWords = (...names: (string | undefined)[]): string[] =>
  names.flatMap((name) =>
    (name ?? '')
      .split(/\s+/)
      .filter((word) => word !== '')
      .slice(0, NAME_WORDS),
  );

/** A record's tokens and where each is filed. */
export interface FiledTokens {
  id: string;
  tokens: string[];
  key: (token: string) => Key;
}

const keyText = (key: Key) => `${key.pk}\n${key.sk}`;

/**
 * The writes that move a record's search items from `previous` (undefined for a new record) to
 * `next` (undefined once deleted): a put of each item it has, a delete of each item it no longer has
 * (a token lost, or a token filed elsewhere, as a registration's when its status moves).
 */
export function searchItemWrites(
  entity: IdSearchEntity,
  previous: FiledTokens | undefined,
  next: FiledTokens | undefined,
): TransactItem[] {
  const puts = next
    ? next.tokens.map((token) => ({ ...next.key(token), id: next.id, tokens: next.tokens, token }))
    : [];
  const kept = new Set(puts.map(keyText));
  const gone = previous ? previous.tokens.map(previous.key).filter((key) => !kept.has(keyText(key))) : [];
  return [
    ...puts.map((put) => transactItem(entity.build(PutTransaction).item(put).params())),
    ...gone.map((key) => transactItem(entity.build(DeleteTransaction).key(key).params())),
  ];
}

/**
 * One page of the hits in `partition` matching every word of `text`, in token order (each hit's id
 * and token), with the page's meta; `matches` checks a record's current tokens for the hit's token.
 */
export async function idSearchPage(
  entity: IdSearchEntity,
  partition: string,
  text: string,
  request: PageRequest,
): Promise<{ hits: ListPage<{ id: string; token: string }>; matches: (hit: TokenHit) => boolean }> {
  const { found, matches } = await tokenSearchPage(partition, text, request);
  const data = found.data
    .map((stored) => read(entity, stored))
    .filter(matches)
    .map(({ id, token }) => ({ id, token }));
  return { hits: { data, meta: found.meta }, matches };
}
