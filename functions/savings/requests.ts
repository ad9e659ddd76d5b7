import type { ChangeRequestView } from '@coopledger/shared/savings-views';
import { toNaira } from '@coopledger/shared/money';
import type { Item } from '#core/db';
import { TransactionConditionFailed, getItem, nowIso, queryPartition, table, transactWrite } from '#core/db';
import { conflict, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { keys } from '#core/keys';
import type { PlanRecord } from './plans.ts';
import { summaryUpdate } from './plans.ts';
import { CHANGE_REQUEST_STATUS, CHANGE_REQUEST_STATUS_LABELS } from '@coopledger/shared/statuses';
import type { ChangeRequestStatus } from '@coopledger/shared/statuses';

/** A savings change request: 0 pending, 1 approved, 2 denied. Amounts in kobo. */
export interface ChangeRequest extends Item {
  id: string;
  cooperative_id: string;
  member_id: string;
  member: { firstname: string; lastname: string };
  savings_id: string;
  product_name: string;
  old_amount: number;
  new_amount: number;
  comment: string;
  status: ChangeRequestStatus;
  created_at: string;
}

export async function requestChange(tenant: string, plan: PlanRecord, amount: number, comment: string, by: string): Promise<ChangeRequest> {
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
  await transactWrite([
    {
      Put: {
        TableName: table(),
        Item: { ...keys.savingsRequest(tenant, id), ...keys.savingsRequestIndex(tenant, plan.member_id, createdAt, id), entity: 'SAVINGS_REQUEST', ...request },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return request;
}

export const cooperativeRequests = (tenant: string) => queryPartition<ChangeRequest>(keys.savingsRequestsPartition(tenant), undefined, 'gsi1');
export const memberRequests = (tenant: string, memberId: string) => queryPartition<ChangeRequest>(keys.memberSavingsRequestsPartition(tenant, memberId), undefined, 'gsi2');

async function requirePending(tenant: string, id: string, action: string): Promise<ChangeRequest> {
  const request = await getItem<ChangeRequest>(keys.savingsRequest(tenant, id), true);
  if (!request) throw notFound('Savings change request');
  if (request.status !== CHANGE_REQUEST_STATUS.PENDING) throw conflict(`This request is no longer pending; only pending requests can be ${action}`);
  return request;
}

const statusChange = (tenant: string, id: string, to: Exclude<ChangeRequestStatus, typeof CHANGE_REQUEST_STATUS.PENDING>, by: string) => ({
  Update: {
    TableName: table(),
    Key: keys.savingsRequest(tenant, id),
    UpdateExpression: 'SET #status = :to, decided_by = :by, decided_at = :now',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':to': to, ':pending': CHANGE_REQUEST_STATUS.PENDING, ':by': by, ':now': nowIso() },
  },
});

/** Approval sets the plan's contribution (used by payroll) to the new amount, with the member's total. */
export async function approveRequest(tenant: string, id: string, by: string): Promise<ChangeRequest> {
  const request = await requirePending(tenant, id, 'approved');
  try {
    await transactWrite([
      statusChange(tenant, id, CHANGE_REQUEST_STATUS.APPROVED, by),
      {
        Update: {
          TableName: table(),
          Key: keys.savingsPlan(tenant, request.savings_id),
          UpdateExpression: 'SET amount = :new, updated_at = :now',
          ConditionExpression: 'amount = :old',
          ExpressionAttributeValues: { ':new': request.new_amount, ':old': request.old_amount, ':now': nowIso() },
        },
      },
      summaryUpdate(tenant, request.member_id, { monthly: request.new_amount - request.old_amount }),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    if (error.failedIndexes.includes(0)) throw conflict('This request is no longer pending; only pending requests can be approved');
    throw conflict("The plan's amount changed since this request was made; deny it and ask again");
  }
  return { ...request, status: CHANGE_REQUEST_STATUS.APPROVED };
}

export async function denyRequest(tenant: string, id: string, by: string): Promise<ChangeRequest> {
  const request = await requirePending(tenant, id, 'denied');
  try {
    await transactWrite([statusChange(tenant, id, CHANGE_REQUEST_STATUS.DENIED, by)]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict('This request is no longer pending; only pending requests can be denied');
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
