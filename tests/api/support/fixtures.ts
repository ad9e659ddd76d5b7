import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../../functions/core/clients.ts';
import { table } from '../../../functions/core/db.ts';
import { call, superToken, tokenFor } from './api.ts';

/**
 * The opening date of test cooperatives: tests post on fixed dates of this year and the last, which
 * a cooperative opened today would refuse.
 */
export const TEST_OPENING_DATE = '2020-01-01';

/**
 * A fresh cooperative (with the standard chart) for tests that need a clean ledger. Its creators may
 * approve their own records (the four-eyes rule off) unless `settings.four_eyes` keeps the default.
 */
export async function createTestCooperative(
  prefix = 'T',
  settings: { opening_date?: string; max_amount?: string; four_eyes?: boolean } = {},
): Promise<{ id: string; code: string; name: string }> {
  const code = `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10);
  const form = new FormData();
  form.append('name', `Test Cooperative ${code}`);
  form.append('code', code);
  form.append('email', `info@${code.toLowerCase()}.example`);
  form.append('phone', '+234 803 555 0100');
  form.append('address', '10 Test Street, Abuja');
  form.append('opening_date', settings.opening_date ?? TEST_OPENING_DATE);
  if (settings.max_amount !== undefined) form.append('max_amount', settings.max_amount);
  const response = await call<{ id: string; code: string; name: string }>('POST', '/cooperative', {
    token: await superToken(),
    form,
  });
  if (response.status !== 201)
    throw new Error(`Could not create a cooperative: ${response.status} ${response.body.message}`);
  if (!settings.four_eyes) {
    const rules = await call('PUT', '/cooperative/approval-rules', {
      token: await superToken(),
      query: { cooperative_id: response.body.data.id },
      body: { creator_cannot_approve: false },
    });
    if (rules.status !== 200) throw new Error(`Could not set the approval rules: ${rules.status}`);
  }
  return response.body.data;
}

/** Sets one attribute of a stored item directly (a record changed behind the API's back). */
export async function setAttribute(key: { pk: string; sk: string }, name: string, value: string | number) {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET #n = :v',
      ExpressionAttributeNames: { '#n': name },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}

/** A second cooperative-admin of a cooperative (password secret12), made by `token`: a login and its token. */
export async function secondAdmin(
  cooperativeId: string,
  token: string,
  login: string,
  firstname: string,
): Promise<{ id: string; token: string }> {
  const made = await call('POST', '/user/coopledger', {
    token,
    body: {
      coop_id: login,
      firstname,
      lastname: 'Admin',
      email: `${login.toLowerCase()}@example.com`,
      role_id: 'cooperative-admin',
      cooperative_id: cooperativeId,
      password: 'secret12',
      confirm_password: 'secret12',
    },
  });
  if (made.status !== 201) throw new Error(`Could not add the admin: ${made.body.message}`);
  return { id: login, token: await tokenFor(login, 'secret12') };
}

/** A manual journal entry of one debit and one credit of `amount` naira on `date` (201 or it throws). */
export async function postJournal(
  cooperativeId: string,
  token: string,
  entry: { date: string; debit: string; credit: string; amount: number; description?: string },
): Promise<void> {
  const r = await call('POST', '/cooperative/journal-entry', {
    token,
    body: {
      cooperative_id: cooperativeId,
      date: entry.date,
      description: entry.description ?? 'Test journal',
      lines: [
        { gl_code: entry.debit, debit: entry.amount, credit: 0 },
        { gl_code: entry.credit, debit: 0, credit: entry.amount },
      ],
    },
  });
  if (r.status !== 201) throw new Error(`Could not post the journal: ${r.status} ${r.body.message}`);
}
