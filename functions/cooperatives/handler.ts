import type { ApprovalRulesView } from '@coopledger/shared/approval-rules';
import { DEFAULT_APPROVAL_RULES } from '@coopledger/shared/approval-rules';
import { toNaira } from '@coopledger/shared/money';
import { approvalRulesSchema } from '@coopledger/shared/schemas/approval-rules';
import { cooperativeSchema, cooperativeUpdateSchema } from '@coopledger/shared/schemas/cooperative';
import { nowIso } from '#core/db';
import { notFound } from '#core/errors';
import { sendMail } from '#core/mail';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { isPlatformUser } from '#core/identity';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import type { StoredApprovalRules } from '#core/cooperative-rules';
import { saveApprovalRules } from './cooperative-entity.ts';
import { findCooperative } from './cooperative-store.ts';
import {
  assertSameCooperative,
  changeCooperative,
  cooperativeList,
  createCooperative,
  deleteCooperative,
  presentCooperative,
  presentFor,
  registrationLink,
} from './cooperative-service.ts';

export const handler = domainHandler('cooperatives', {
  'GET /cooperative/all': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const found = await cooperativeList(tenant, isPlatformUser(identity), pageRequest(ctx));
    return ok('Cooperatives retrieved', { data: await presentFor(identity.role, found.data), meta: found.meta });
  },

  'GET /cooperative': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const record = await findCooperative(tenant);
    if (!record) throw notFound('Cooperative');
    const [presented] = await presentFor(identity.role, [record]);
    return ok('Cooperative retrieved', presented);
  },

  'POST /cooperative': async (ctx) => {
    const input = validate(cooperativeSchema, ctx.body);
    const record = await createCooperative(input, ctx.files.logo);
    return ok('Cooperative created successfully', await presentCooperative(record), 201);
  },

  'POST /cooperative/update': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const input = validate(cooperativeUpdateSchema, ctx.body);
    const platformUser = isPlatformUser(identity);
    assertSameCooperative(input.id, tenant, platformUser);
    const record = await changeCooperative(input.id, input, ctx.files.logo, platformUser);
    return ok('Cooperative updated successfully', await presentCooperative(record));
  },

  'GET /cooperative/approval-rules': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const record = await findCooperative(tenant);
    if (!record) throw notFound('Cooperative');
    return ok('Approval rules retrieved', presentApprovalRules(record.approval_rules));
  },

  'PUT /cooperative/approval-rules': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const input = validate(approvalRulesSchema, ctx.body);
    const record = await saveApprovalRules(tenant, {
      creator_cannot_approve: input.creator_cannot_approve,
      ...(input.second_approval_above === null ? {} : { second_approval_above: input.second_approval_above }),
      updated_at: nowIso(),
      updated_by: identity.loginId,
    });
    return ok('Approval rules saved', presentApprovalRules(record.approval_rules));
  },

  'GET /utilities/send-registration-email': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const coop = await findCooperative(tenant);
    if (!coop) throw notFound('Cooperative');
    const link = registrationLink(coop.code);
    await sendMail({
      to: coop.email,
      kind: 'registration-link',
      subject: `${coop.name}: membership registration link`,
      text: [
        `Hello,`,
        ``,
        `People who want to join ${coop.name} can fill in the membership form here:`,
        link,
        ``,
        `Share this link with prospective members. Their requests appear under Pending Members for approval.`,
      ].join('\n'),
    });
    return ok(`The registration link has been sent to ${coop.email}`, { link });
  },

  'DELETE /cooperative': async (ctx) => {
    const { tenant } = signedIn(ctx);
    await deleteCooperative(tenant);
    return ok('Cooperative deleted successfully');
  },
});

/** The rules in naira, with who saved them (null before anyone did: the defaults apply). */
function presentApprovalRules(record: StoredApprovalRules | undefined): ApprovalRulesView {
  return {
    creator_cannot_approve: record?.creator_cannot_approve ?? DEFAULT_APPROVAL_RULES.creator_cannot_approve,
    second_approval_above: record?.second_approval_above === undefined ? null : toNaira(record.second_approval_above),
    updated_at: record?.updated_at ?? null,
    updated_by: record?.updated_by ?? null,
  };
}
