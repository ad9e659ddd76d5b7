import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { entityDefaults, getEntity, writeItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A person's notification choices (`T#<tenant>#USER#<LOGIN>` / `NOTIFYPREFS`, beside their user
 * item): whether they opted out of e-mail and of SMS. No item: they receive both (where they have
 * an address or a phone). The bell is not optional.
 */
export const NotificationPreferencesEntity = new Entity({
  ...entityDefaults,
  name: 'NOTIFICATION_PREFERENCES',
  schema: item({
    tenant: string().key(),
    login_id: string().key(),
    email_opt_out: boolean(),
    sms_opt_out: boolean(),
    updated_at: string(),
    entity: string().const('NOTIFICATION_PREFERENCES').hidden(),
  }),
  computeKey: ({ tenant, login_id }: { tenant: string; login_id: string }) =>
    keys.notificationPreferences(tenant, login_id),
});

export type NotificationPreferencesRecord = FormattedItem<typeof NotificationPreferencesEntity>;

export interface OptOuts {
  email: boolean;
  sms: boolean;
}

export async function optOutsOf(tenant: string, loginId: string): Promise<OptOuts> {
  const stored = await getEntity(NotificationPreferencesEntity, keys.notificationPreferences(tenant, loginId), true);
  return { email: stored?.email_opt_out ?? false, sms: stored?.sms_opt_out ?? false };
}

export async function saveOptOuts(tenant: string, loginId: string, optOuts: OptOuts, at: string): Promise<void> {
  await writeItem(
    NotificationPreferencesEntity.build(PutTransaction)
      .item({
        tenant,
        login_id: loginId.toUpperCase(),
        email_opt_out: optOuts.email,
        sms_opt_out: optOuts.sms,
        updated_at: at,
      })
      .params(),
  );
}
