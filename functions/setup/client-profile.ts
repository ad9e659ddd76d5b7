import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientProfileInput } from '@coopledger/shared/schemas/client';
import { db } from '#core/clients';
import type { Item } from '#core/db';
import { getItem, nowIso, table } from '#core/db';
import { keys } from '#core/keys';

/** The platform client's profile (Client Setup): one item of the platform tenant. */
interface ClientProfileItem extends Item {
  name: string;
  email: string;
  phone: string;
  address: string;
  website?: string | null;
  updated_at: string;
}

const EMPTY = { name: 'CoopLedger', email: null, phone: null, address: null, website: null, updated_at: null };

export async function readClientProfile() {
  const item = await getItem<ClientProfileItem>(keys.clientProfile(), true);
  if (!item) return { ...EMPTY };
  return {
    name: item.name,
    email: item.email,
    phone: item.phone,
    address: item.address,
    website: item.website ?? null,
    updated_at: item.updated_at,
  };
}

export async function saveClientProfile(input: ClientProfileInput, by: string) {
  const profile = { ...input, website: input.website ?? null, updated_at: nowIso(), updated_by: by };
  await db().send(
    new PutCommand({ TableName: table(), Item: { ...keys.clientProfile(), entity: 'CLIENT_PROFILE', ...profile } }),
  );
  return readClientProfile();
}
