import { today } from '@coopledger/shared/dates';
import { kobo } from '@coopledger/shared/money';
import { assetApprovalSchema, assetDenialSchema } from '@coopledger/shared/schemas/assets';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#core/clients';
import { nowIso, table } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { domainHandler } from '#core/handler';
import { ok } from '#core/http';
import { keys } from '#core/keys';
import { post } from '#core/ledger';
import { validate } from '#core/validation';
import { crudHandlers, entityContext, findRecord } from '../setup/crud.ts';
import type { SetupRecord } from '#core/setup-store';
import type { AssetTypeRecord } from './asset-entities.ts';
import { assetTypes, assets } from './asset-entities.ts';
import { ASSET_STATUS, SETUP_STATUS } from '@coopledger/shared/statuses';

interface BankAccountLike {
  id: string;
  bank: string;
  account_no: string;
  coa_id: string;
  status: number;
}

export const handler = domainHandler('assets', {
  ...crudHandlers(assetTypes, { base: '/cooperative/asset/type' }),
  ...crudHandlers(assets, { base: '/cooperative/asset' }),

  /**
   * Approval buys the asset: Dr the type's fixed asset GL, Cr the chosen bank account's GL, for the
   * cost, posted with the pending -> approved transition in one transaction, once per asset.
   */
  'POST /cooperative/asset/approve': async (req) => {
    const ctx = entityContext(req);
    const input = validate(assetApprovalSchema, req.body);
    const asset = await findRecord(assets, ctx, input.asset_id);
    if (asset.status !== ASSET_STATUS.PENDING) throw conflict('Only pending assets can be approved');
    const type = await ctx.related.setup<AssetTypeRecord>('ASSET_TYPE', asset.asset_type_id);
    if (!type) throw conflict('The asset type of this asset no longer exists');
    const bank = await ctx.related.setup<SetupRecord & BankAccountLike>('BANK_ACCOUNT', input.bank_id);
    if (!bank || bank.status !== SETUP_STATUS.ACTIVE) throw invalid('bank_id', 'Please select a bank');
    const result = await post({
      cooperativeId: ctx.tenant,
      idempotencyKey: `asset-approve-${asset.id}`,
      date: today(),
      description: `Purchase of asset: ${asset.name}`,
      source: { type: 'ASSET', id: asset.id },
      lines: [
        { glCode: type.fixed_asset_gl, side: 'D', amount: kobo(asset.initial_cost) },
        { glCode: bank.coa_id, side: 'C', amount: kobo(asset.initial_cost), description: `Paid from ${bank.bank} ${bank.account_no}` },
      ],
      effects: [
        {
          item: {
            Update: {
              TableName: table(),
              Key: keys.setup(ctx.tenant, 'ASSET', asset.id),
              UpdateExpression: 'SET #status = :approved, bank_id = :bank, approved_at = :now, approved_by = :by, updated_at = :now',
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':approved': ASSET_STATUS.APPROVED, ':pending': ASSET_STATUS.PENDING, ':bank': bank.id, ':now': nowIso(), ':by': ctx.identity.loginId },
            },
          },
          onConditionFailed: conflict('Only pending assets can be approved'),
        },
      ],
      createdBy: ctx.identity.loginId,
    });
    // The journal's id is known only once posted; recording it on the asset is a convenience.
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.setup(ctx.tenant, 'ASSET', asset.id),
        UpdateExpression: 'SET journal_id = :j',
        ExpressionAttributeValues: { ':j': result.journalId },
      }),
    );
    const approved = await findRecord(assets, ctx, asset.id);
    return ok('Asset approved successfully', await assets.presentOne!(approved, ctx));
  },

  'POST /cooperative/asset/deny': async (req) => {
    const ctx = entityContext(req);
    const input = validate(assetDenialSchema, req.body);
    const asset = await findRecord(assets, ctx, input.asset_id);
    if (asset.status !== ASSET_STATUS.PENDING) throw conflict('Only pending assets can be denied');
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.setup(ctx.tenant, 'ASSET', asset.id),
          UpdateExpression: 'SET #status = :denied, denied_at = :now, denied_by = :by, updated_at = :now',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':denied': ASSET_STATUS.DENIED, ':pending': ASSET_STATUS.PENDING, ':now': nowIso(), ':by': ctx.identity.loginId },
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') throw conflict('Only pending assets can be denied');
      throw error;
    }
    const denied = await findRecord(assets, ctx, asset.id);
    return ok('Asset denied successfully', await assets.presentOne!(denied, ctx));
  },
});
