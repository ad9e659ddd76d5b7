import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from './identity.ts';
import { keys } from './keys.ts';
import { useConfigEnv } from './test-support/config-env.ts';

/**
 * The check every signed-in request makes of the user record and the cooperative. DynamoDB Local
 * reads every write at once, so only the request it sends can show the read is consistent: an
 * eventually consistent read could miss a password change, a deactivation or a new role for a moment.
 */
const sent: unknown[] = [];
const user = {
  ...keys.user('COOP1', 'DEMO0001'),
  role_name: 'cooperative-member',
  status: 1,
  tokens_valid_after: 1_764_000_000,
};
const profile = { ...keys.cooperative('COOP1'), status: 1 };
vi.mock('./clients.ts', () => ({
  db: () => ({
    send: async (command: unknown) => {
      sent.push(command);
      return { Responses: { t: [user, profile] } };
    },
  }),
}));

const { assertActive } = await import('./tenant.ts');

const identity = (authTime: number): Identity => ({
  userId: 'sub-1',
  loginId: 'DEMO0001',
  role: 'cooperative-member',
  tenant: 'COOP1',
  authTime,
});

useConfigEnv();
beforeEach(() => {
  sent.length = 0;
});

describe('the check of a signed-in request', () => {
  it('reads the user record and the cooperative consistently, so a password change holds from the next request', async () => {
    await expect(assertActive(identity(1_763_999_999))).rejects.toThrow(
      'Your password has been changed. Please sign in again.',
    );

    expect(sent).toHaveLength(1);
    const command = sent[0] as BatchGetCommand;
    expect(command).toBeInstanceOf(BatchGetCommand);
    expect(command.input.RequestItems?.t).toEqual({
      Keys: [keys.user('COOP1', 'DEMO0001'), keys.cooperative('COOP1')],
      ConsistentRead: true,
    });
  });

  it("returns the cooperative's profile read with it for the request's rules", async () => {
    expect(await assertActive(identity(1_764_000_000))).toEqual(profile);
  });
});
