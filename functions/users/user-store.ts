import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@coopledger/shared/roles';
import { db } from '#core/clients';
import type { Item, TransactItem } from '#core/db';
import { TransactionConditionFailed, getItem, nowIso, queryPartition, table, transactWrite } from '#core/db';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';

/** A sign-in user as stored: one item per user in its tenant, plus a platform-wide login ID claim. */
export interface UserRecord extends Item {
  id: string;
  coop_id: string;
  firstname: string;
  lastname: string;
  email: string;
  role_name: Role;
  /** The role shown and governed by the Role Access grid: an added role's id, or the sign-in role. */
  role_id?: string;
  status: number;
  /** The tenant: a cooperative id, or PLATFORM. */
  tenant: string;
  /** Sign-ins before this second (epoch seconds) no longer count: set when the password changes. */
  tokens_valid_after?: number;
  created_at: string;
  updated_at: string;
}

export interface NewUser {
  tenant: string;
  loginId: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  /** An added role based on `role`; default `role` itself. */
  roleId?: string;
  status?: number;
}

export function userItems(user: NewUser): { record: UserRecord; items: TransactItem[] } {
  const loginId = user.loginId.toUpperCase();
  const now = nowIso();
  const record: UserRecord = {
    id: loginId,
    coop_id: loginId,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role_name: user.role,
    role_id: user.roleId ?? user.role,
    status: user.status ?? 1,
    tenant: user.tenant,
    created_at: now,
    updated_at: now,
  };
  const TableName = table();
  return {
    record,
    items: [
      {
        Put: {
          TableName,
          Item: { ...keys.loginClaim(loginId), tenant: user.tenant, created_at: now },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName,
          Item: { ...keys.user(user.tenant, loginId), ...keys.userIndex(user.tenant, loginId), entity: 'USER', ...record },
        },
      },
    ],
  };
}

/** Writes the user and claims the login ID; a taken login ID is a 409 and nothing is written. */
export async function insertUser(user: NewUser, extra: TransactItem[] = []): Promise<UserRecord> {
  const { record, items } = userItems(user);
  try {
    await transactWrite([...items, ...extra]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed && error.failedIndexes.includes(0)) {
      throw conflict(`The login ID ${record.coop_id} is already taken`);
    }
    throw error;
  }
  return record;
}

export async function removeUser(tenant: string, loginId: string): Promise<void> {
  await transactWrite([
    { Delete: { TableName: table(), Key: keys.user(tenant, loginId) } },
    { Delete: { TableName: table(), Key: keys.loginClaim(loginId) } },
  ]);
}

export const findUser = (tenant: string, loginId: string) => getItem<UserRecord>(keys.user(tenant, loginId));

export const listUsers = (tenant: string) => queryPartition<UserRecord>(keys.usersPartition(tenant), undefined, 'gsi1');

export async function findLoginClaim(loginId: string): Promise<{ tenant: string } | undefined> {
  return getItem<{ tenant: string } & Item>(keys.loginClaim(loginId));
}

export async function setUserStatus(tenant: string, loginId: string, status: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(tenant, loginId),
      UpdateExpression: 'SET #status = :s, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':s': status, ':now': nowIso() },
    }),
  );
}

/** Refuses, from now on, every token of a sign-in made before `seconds` (functions/core/tenant.ts). */
export async function setTokensValidAfter(tenant: string, loginId: string, seconds: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(tenant, loginId),
      UpdateExpression: 'SET tokens_valid_after = :t, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': seconds, ':now': nowIso() },
    }),
  );
}

/** The user as the API shows it (no keys, no tenant internals). */
export function publicUser(user: UserRecord) {
  return {
    id: user.id,
    coop_id: user.coop_id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role_id: user.role_id ?? user.role_name,
    role_name: user.role_name,
    status: user.status,
    cooperative_id: user.tenant === 'PLATFORM' ? null : user.tenant,
    created_at: user.created_at,
  };
}
