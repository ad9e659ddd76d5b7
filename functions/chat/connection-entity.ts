import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { db } from '#core/clients';
import { appTable, entityDefaults, writeItem, entitiesIn } from '#core/entity';
import { keys } from '#core/keys';

/**
 * An open WebSocket connection of a user (`T#<tenant>#WSCONN#<LOGIN>` / `<connection id>`), so
 * messages can be pushed to everything a user has open and presence shown. It expires on its own
 * (`expires_at`, the table's TTL) in case a $disconnect is ever missed.
 */
export const ConnectionEntity = new Entity({
  ...entityDefaults,
  name: 'WS_CONNECTION',
  schema: item({
    tenant: string().key(),
    login_id: string().key(),
    connection_id: string().key(),
    role: string(),
    connected_at: string(),
    /** Epoch seconds. */
    expires_at: number(),
    entity: string().const('WS_CONNECTION').hidden(),
  }),
  computeKey: ({ tenant, login_id, connection_id }: { tenant: string; login_id: string; connection_id: string }) =>
    keys.connection(tenant, login_id, connection_id),
});

export type ConnectionRecord = FormattedItem<typeof ConnectionEntity>;

export async function putConnection(connection: ConnectionRecord): Promise<void> {
  await writeItem(ConnectionEntity.build(PutTransaction).item(connection).params());
}

export async function deleteConnection(tenant: string, loginId: string, connectionId: string): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: appTable.getName(), Key: keys.connection(tenant, loginId, connectionId) }),
  );
}

/** A user's connections, expired ones included until the TTL removes them. */
export function connectionsOf(tenant: string, loginId: string): Promise<ConnectionRecord[]> {
  return entitiesIn(ConnectionEntity, keys.connectionsPartition(tenant, loginId));
}

/** Whether a user has an open (unexpired) connection at `nowSeconds`. */
export async function isOnline(tenant: string, loginId: string, nowSeconds: number): Promise<boolean> {
  return (await connectionsOf(tenant, loginId)).some((c) => c.expires_at > nowSeconds);
}
