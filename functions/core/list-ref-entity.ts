import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from './db.ts';
import { entityDefaults, tableKeyAttributes, transactItem } from './entity.ts';
import type { Key } from './keys.ts';

/**
 * A list entry that names a record kept elsewhere (docs/decisions.md 2026-11-26 "Money lists in
 * DynamoDB"): where a list needs an order the record's own two indexes are already used for (a
 * member's orders by date, the loans of one status by date), one small item per record in the list's
 * partition, sorted like the list, written and deleted in the same transaction as the record (or
 * its status move). A page of them is one Query; the page's records are one BatchGet.
 */
export const ListRefEntity = new Entity({
  ...entityDefaults,
  name: 'LISTREF',
  schema: item({
    ...tableKeyAttributes(),
    entity: string().const('LISTREF').hidden(),
    /** The id of the record listed. */
    id: string(),
  }),
});

/** The put of a list entry for record `id` at `key`. */
export const listRefPut = (key: Key, id: string): TransactItem =>
  transactItem(
    ListRefEntity.build(PutTransaction)
      .item({ ...key, entity: 'LISTREF', id })
      .params(),
  );

/** The delete of the list entry at `key`. */
export const listRefDelete = (key: Key): TransactItem =>
  transactItem(ListRefEntity.build(DeleteTransaction).key(key).params());
