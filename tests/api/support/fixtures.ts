import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../../functions/core/clients.ts';
import { table } from '../../../functions/core/db.ts';
import { call, superToken } from './api.ts';

/**
 * The opening date of test cooperatives: tests post on fixed dates of this year and the last, which
 * a cooperative opened today would refuse.
 */
export const TEST_OPENING_DATE = '2020-01-01';

/** A fresh cooperative (with the standard chart) for tests that need a clean ledger. */
export async function createTestCooperative(
  prefix = 'T',
  settings: { opening_date?: string; max_amount?: string } = {},
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
