import { eshopSettingsSchema } from '@coopledger/shared/schemas/eshop';
import { nowIso } from '#core/db';
import type { RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { ok } from '#core/http';
import { validate } from '#core/validation';
import { getEshopSettings, saveEshopSettings } from './settings-entity.ts';

const BASE = '/cooperative/e-shop/settings';

export const settingsHandlers: RouteHandlers = {
  /** Everyone of the cooperative: the shop's checkout offers payroll deduction over at most these months. */
  [`GET ${BASE}`]: async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Store settings retrieved', await getEshopSettings(tenant));
  },

  /** The cooperative's admins: the months of payroll deduction the store offers (0: none). */
  [`POST ${BASE}`]: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(eshopSettingsSchema, ctx.body);
    await saveEshopSettings(tenant, { payroll_max_months: input.payroll_max_months }, identity.loginId, nowIso());
    return ok('Store settings saved', await getEshopSettings(tenant));
  },
};
