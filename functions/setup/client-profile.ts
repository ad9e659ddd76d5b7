import type { ClientProfileInput } from '@coopledger/shared/schemas/client';
import { nowIso } from '#core/db';
import { getClientProfile, putClientProfile } from './client-profile-entity.ts';

/** The platform client's profile (Client Setup): its entity is client-profile-entity.ts. */
const EMPTY = { name: 'CoopLedger', email: null, phone: null, address: null, website: null, updated_at: null };

export async function readClientProfile() {
  const profile = await getClientProfile();
  if (!profile) return { ...EMPTY };
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    address: profile.address,
    website: profile.website ?? null,
    updated_at: profile.updated_at,
  };
}

export async function saveClientProfile(input: ClientProfileInput, by: string) {
  await putClientProfile({ ...input, website: input.website ?? null, updated_at: nowIso(), updated_by: by });
  return readClientProfile();
}
