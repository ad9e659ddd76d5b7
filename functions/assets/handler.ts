import { today } from '@coopledger/shared/dates';
import { kobo } from '@coopledger/shared/money';
import { assetApprovalSchema, assetDenialSchema } from '@coopledger/shared/schemas/assets';
import { nowIso } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { domainHandler } from '#core/handler';
import { ok } from '#core/http';
import { post } from '#core/ledger';
import { validate } from '#core/validation';
import { crudHandlers, entityContext, findRecord } from '../setup/crud.ts';
import { assetTypes, assets } from './asset-entities.ts';
import { approveEffect, denyPendingAsset, recordJournal } from './asset-entity.ts';
import { ASSET_STATUS, SETUP_STATUS } from '@coopledger/shared/statuses';

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
    const type = await ctx.related.setup('ASSET_TYPE', asset.asset_type_id);
    if (!type) throw conflict('The asset type of this asset no longer exists');
    const bank = await ctx.related.setup('BANK_ACCOUNT', input.bank_id);
    if (!bank || bank.status !== SETUP_STATUS.ACTIVE) throw invalid('bank_id', 'Please select a bank');
    const result = await post({
      cooperativeId: ctx.tenant,
      idempotencyKey: `asset-approve-${asset.id}`,
      date: today(),
      description: `Purchase of asset: ${asset.name}`,
      source: { type: 'ASSET', id: asset.id },
      lines: [
        { glCode: type.fixed_asset_gl, side: 'D', amount: kobo(asset.initial_cost) },
        {
          glCode: bank.coa_id,
          side: 'C',
          amount: kobo(asset.initial_cost),
          description: `Paid from ${bank.bank} ${bank.account_no}`,
        },
      ],
      effects: [approveEffect(asset, { bank_id: bank.id, approved_at: nowIso(), approved_by: ctx.identity.loginId })],
      createdBy: ctx.identity.loginId,
    });
    // The journal's id is known only once posted; recording it on the asset is a convenience.
    await recordJournal(asset, result.journalId);
    const approved = await findRecord(assets, ctx, asset.id);
    return ok('Asset approved successfully', await assets.presentOne!(approved, ctx));
  },

  'POST /cooperative/asset/deny': async (req) => {
    const ctx = entityContext(req);
    const input = validate(assetDenialSchema, req.body);
    const asset = await findRecord(assets, ctx, input.asset_id);
    if (asset.status !== ASSET_STATUS.PENDING) throw conflict('Only pending assets can be denied');
    await denyPendingAsset(asset, ctx.identity.loginId, nowIso());
    const denied = await findRecord(assets, ctx, asset.id);
    return ok('Asset denied successfully', await assets.presentOne!(denied, ctx));
  },
});
