import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entityDefaults, tableKeyAttributes, transactItem } from '#core/entity';
import type { Key } from '#core/keys';

/**
 * That a daily notification went out (a member's birthday greeting of a year, `birthday#<year>`; a
 * loan installment's reminder, `due#<loan>#<date>`), in the person's notification partition. It is
 * written only if absent, in the transaction of the event it stands for, so a job run twice a day
 * (a retry, a restart) tells nobody twice.
 */
export const NotificationMarkerEntity = new Entity({
  ...entityDefaults,
  name: 'NOTIFICATION_MARKER',
  schema: item({
    ...tableKeyAttributes(),
    at: string(),
    expires_at: number().optional(),
    entity: string().const('NOTIFICATION_MARKER').hidden(),
  }),
});

/** The marker, only if it is not there yet; `keepSeconds` lets the table's TTL remove it later. */
export function markerPut(key: Key, at: Date, keepSeconds?: number): TransactItem {
  return transactItem(
    NotificationMarkerEntity.build(PutTransaction)
      .item({
        ...key,
        at: at.toISOString(),
        ...(keepSeconds ? { expires_at: Math.floor(at.getTime() / 1000) + keepSeconds } : {}),
      })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}
