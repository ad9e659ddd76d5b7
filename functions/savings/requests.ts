import type { ChangeRequestView } from '@coopledger/shared/savings-views';
import { toNaira } from '@coopledger/shared/money';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { conflict, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { countChange } from '#core/list-counter-entity';
import { CHANGE_REQUEST_STATUS, CHANGE_REQUEST_STATUS_LABELS } from '@coopledger/shared/statuses';
import { summaryUpdate } from './member-savings-entity.ts';
import type { PlanRecord } from './plan-entity.ts';
import { contributionChange, findPlan } from './plan-entity.ts';
import { planDuePut } from '../payroll/due-entity.ts';
import type { ChangeRequest } from './savings-request-entity.ts';
import { REQUESTS_LIST, decideRequest, findRequest, putRequest } from './savings-request-entity.ts';

export async function requestChange(
  tenant: string,
  plan: PlanRecord,
  amount: number,
  comment: string,
  by: string,
): Promise<ChangeRequest> {
  const id = newId();
  const createdAt = nowIso();
  const request: ChangeRequest = {
    id,
    cooperative_id: tenant,
    member_id: plan.member_id,
    member: plan.user,
    savings_id: plan.id,
    product_name: plan.product_name,
    old_amount: plan.amount,
    new_amount: amount,
    comment,
    status: CHANGE_REQUEST_STATUS.PENDING,
    created_by: by,
    created_at: createdAt,
  };
  await transactWrite([putRequest(request), countChange(tenant, REQUESTS_LIST, 1)]);
  return request;
}

async function requirePending(tenant: string, id: string, action: string): Promise<ChangeRequest> {
  const request = await findRequest(tenant, id);
  if (!request) throw notFound('Savings change request');
  if (request.status !== CHANGE_REQUEST_STATUS.PENDING)
    throw conflict(`This request is no longer pending; only pending requests can be ${action}`);
  return request;
}

/** Approval sets the plan's contribution (used by payroll) to the new amount, with the member's total. */
export async function approveRequest(tenant: string, id: string, by: string): Promise<ChangeRequest> {
  const request = await requirePending(tenant, id, 'approved');
  const plan = await findPlan(tenant, request.savings_id);
  if (!plan) throw notFound('Savings plan');
  const now = nowIso();
  try {
    await transactWrite([
      decideRequest(request, CHANGE_REQUEST_STATUS.APPROVED, by, now),
      contributionChange(
        { cooperative_id: tenant, id: request.savings_id },
        request.old_amount,
        request.new_amount,
        now,
      ),
      summaryUpdate(tenant, request.member_id, { monthly: request.new_amount - request.old_amount }),
      // The payroll due item with the new contribution (the plan's condition above holds it to the old one).
      planDuePut({ ...plan, amount: request.new_amount }),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    if (error.failedIndexes.includes(0))
      throw conflict('This request is no longer pending; only pending requests can be approved');
    throw conflict("The plan's amount changed since this request was made; deny it and ask again");
  }
  return { ...request, status: CHANGE_REQUEST_STATUS.APPROVED };
}

export async function denyRequest(tenant: string, id: string, by: string): Promise<ChangeRequest> {
  const request = await requirePending(tenant, id, 'denied');
  try {
    await transactWrite([decideRequest(request, CHANGE_REQUEST_STATUS.DENIED, by, nowIso())]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict('This request is no longer pending; only pending requests can be denied');
    throw error;
  }
  return { ...request, status: CHANGE_REQUEST_STATUS.DENIED };
}

export const presentRequest = (r: ChangeRequest, withMember: boolean): ChangeRequestView => ({
  id: r.id,
  coop_id: r.member_id,
  ...(withMember ? { member: r.member } : {}),
  savings_id: r.savings_id,
  product_name: r.product_name,
  savings: { product: { name: r.product_name } },
  old_amount: toNaira(r.old_amount),
  new_amount: toNaira(r.new_amount),
  comment: r.comment,
  status: r.status,
  status_name: CHANGE_REQUEST_STATUS_LABELS[r.status],
  created_at: r.created_at,
});
