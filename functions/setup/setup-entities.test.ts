import { describe, expect, it } from 'vitest';
import type { AnyEntity } from '#core/entity';
import { read, transactItem } from '#core/entity';
import { AppError } from '#core/errors';
import { AssetTypeEntity, assetRecords } from '../assets/asset-entity.ts';
import { EshopCategoryEntity } from '../eshop/eshop-category-entity.ts';
import { ClientProfileEntity, clientProfilePut } from './client-profile-entity.ts';
import { TemplateEntity, setupRecords } from './setup-entity.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

/**
 * The entities of the setup kinds that were read with a cast before (asset types, birthday
 * templates, e-shop categories) and of the client profile: items written by hand in the shape the
 * setup store and the Client Setup screen stored them (docs/data-model.md), keys and all.
 */
const frame = (kind: string, id: string, tenant = 'C1') => ({
  pk: `T#${tenant}#${kind}`,
  sk: id,
  entity: kind,
  id,
  cooperative_id: tenant,
  created_at: '2026-03-10T09:00:00.000Z',
  updated_at: '2026-03-11T10:00:00.000Z',
});

const assetType = {
  ...frame('ASSET_TYPE', 'AT1'),
  name: 'Office equipment',
  fixed_asset_gl: '104001',
  dep_expense_gl: '702005',
  accumulated_dep_gl: '104002',
  status: 1,
};
const template = {
  ...frame('TEMPLATE', 'TP1'),
  object_key: 'cooperatives/C1/birthday-templates/TP1.png',
  content_type: 'image/png',
  size: 48_213,
};
const eshopCategory = {
  ...frame('ESHOP_CATEGORY', 'EC1', 'PLATFORM'),
  name: 'Groceries',
  status: 0,
  description: 'Food and household items',
};
const clientProfile = {
  pk: 'T#PLATFORM',
  sk: 'CLIENT',
  entity: 'CLIENT_PROFILE',
  name: 'CoopLedger Ltd',
  email: 'hello@coopledger.test',
  phone: '+234 800 000 0000',
  address: '1 Marina, Lagos',
  website: null,
  updated_at: '2026-03-12T08:00:00.000Z',
  updated_by: 'SUPERADMIN',
};

/** The error a read throws, or undefined when it reads. */
function refusal(entity: AnyEntity, stored: Record<string, unknown>): unknown {
  try {
    read(entity, stored);
  } catch (error) {
    return error;
  }
  return undefined;
}

function expectRefused(entity: AnyEntity, stored: Record<string, unknown>) {
  const error = refusal(entity, stored);
  expect(error, JSON.stringify(stored)).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(500);
}

const without = (stored: Record<string, unknown>, name: string) =>
  Object.fromEntries(Object.entries(stored).filter(([key]) => key !== name));

describe('asset type, template and e-shop category entities', () => {
  useConfigEnv({ TABLE_NAME: 'entity-test' });

  it('reads a stored asset type as its record, without the table keys or the kind', () => {
    expect(read(AssetTypeEntity, assetType)).toEqual({
      id: 'AT1',
      cooperative_id: 'C1',
      created_at: '2026-03-10T09:00:00.000Z',
      updated_at: '2026-03-11T10:00:00.000Z',
      name: 'Office equipment',
      fixed_asset_gl: '104001',
      dep_expense_gl: '702005',
      accumulated_dep_gl: '104002',
      status: 1,
    });
  });

  it('refuses an asset type without a GL account, with a status as text or out of range, or stored as another kind', () => {
    expectRefused(AssetTypeEntity, without(assetType, 'accumulated_dep_gl'));
    expectRefused(AssetTypeEntity, { ...assetType, status: '1' });
    expectRefused(AssetTypeEntity, { ...assetType, status: 2 });
    expectRefused(AssetTypeEntity, { ...assetType, entity: 'ASSET' });
  });

  it('reads a stored birthday template and refuses one without its image key or with its size as text', () => {
    expect(read(TemplateEntity, template)).toMatchObject({
      id: 'TP1',
      object_key: 'cooperatives/C1/birthday-templates/TP1.png',
      content_type: 'image/png',
      size: 48_213,
    });
    expectRefused(TemplateEntity, without(template, 'object_key'));
    expectRefused(TemplateEntity, { ...template, size: '48213' });
  });

  it('reads a stored e-shop category and refuses one without a description or a created date', () => {
    expect(read(EshopCategoryEntity, eshopCategory)).toMatchObject({
      id: 'EC1',
      cooperative_id: 'PLATFORM',
      name: 'Groceries',
      status: 0,
      description: 'Food and household items',
    });
    expectRefused(EshopCategoryEntity, without(eshopCategory, 'description'));
    expectRefused(EshopCategoryEntity, without(eshopCategory, 'created_at'));
  });

  it('checks a record the setup store has just written as a read of it would, and refuses a wrong one', () => {
    const { pk: _pk, sk: _sk, entity: _entity, ...written } = template;
    expect(setupRecords.template.written(written)).toEqual(read(TemplateEntity, template));
    const { pk: _p, sk: _s, entity: _e, ...asset } = assetType;
    expect(() => assetRecords.assetType.written({ ...asset, fixed_asset_gl: 104001 })).toThrow(AppError);
  });
});

describe('client profile entity', () => {
  useConfigEnv({ TABLE_NAME: 'entity-test' });

  it('reads a saved profile, with or without a website and the saver', () => {
    expect(read(ClientProfileEntity, clientProfile)).toEqual({
      name: 'CoopLedger Ltd',
      email: 'hello@coopledger.test',
      phone: '+234 800 000 0000',
      address: '1 Marina, Lagos',
      website: null,
      updated_at: '2026-03-12T08:00:00.000Z',
      updated_by: 'SUPERADMIN',
    });
    const older = without(without(clientProfile, 'website'), 'updated_by');
    expect(read(ClientProfileEntity, older)).toMatchObject({ name: 'CoopLedger Ltd' });
    expect(read(ClientProfileEntity, { ...clientProfile, website: 'https://coopledger.test' })).toMatchObject({
      website: 'https://coopledger.test',
    });
  });

  it('refuses a profile without an email or with a phone stored as a number', () => {
    expectRefused(ClientProfileEntity, without(clientProfile, 'email'));
    expectRefused(ClientProfileEntity, { ...clientProfile, phone: 2348000000000 });
  });

  it('saves the profile as the item it was stored as before, replacing it whole', () => {
    const { pk: _pk, sk: _sk, entity: _entity, ...profile } = clientProfile;
    expect(transactItem(clientProfilePut(profile).params())).toEqual({
      Put: { TableName: 'entity-test', Item: clientProfile },
    });
  });
});
