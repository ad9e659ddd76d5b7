import { describe, expect, it } from 'vitest';
import { MEMBER_STATUS, PENDING_MEMBER_STATUS } from '@coopledger/shared/statuses';
import { read } from '#core/entity';
import { AppError } from '#core/errors';
import { statsUpdate } from '../cooperatives/cooperative-stats-entity.ts';
import { MemberEntity, memberReplacePut, newMemberPut } from './member-entity.ts';
import { PendingMemberEntity, pendingDecision } from './pending-member-entity.ts';
import { staffClaimDelete } from './staff-id-claim-entity.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

/** A member as the member wizard stores it (docs/data-model.md), keys and all. */
const stored = {
  pk: 'T#C1#MEMBER#DEMO0007',
  sk: 'MEMBER',
  gsi1pk: 'T#C1#MEMBERS',
  gsi1sk: 'obi ada#DEMO0007',
  // The status index (2026-11-26): the approved members by the same sort.
  gsi2pk: 'T#C1#MEMBERS#S1',
  gsi2sk: 'obi ada#DEMO0007',
  entity: 'MEMBER',
  id: 'DEMO0007',
  coop_id: 'DEMO0007',
  cooperative_id: 'C1',
  firstname: 'Ada',
  lastname: 'Obi',
  staff_id: 'STF7',
  email: 'ada@example.com',
  phone: '08030000000',
  gender: 'Female',
  current_address: '1 Marina',
  role_name: 'cooperative-member',
  role_id: 'cooperative-member',
  savings_amount: 500_000,
  status: 1,
  work_info: { level: 3, department_id: 'D1', date_joined: '2024-01-02' },
  bank_info: {
    bank_id: '29',
    branch: 'Marina',
    account_type: 'Savings',
    account_no: '1020304050',
    account_name: 'Ada Obi',
  },
  nok_info: { name: 'Ngozi Obi', address: '1 Marina', phone: '08031111111', email: 'ngozi@example.com' },
  documents: { avatar: 't/C1/members/DEMO0007/avatar-X.png' },
  source: { kind: 'wizard' },
  created_at: '2026-03-10T09:00:00.000Z',
  updated_at: '2026-03-10T09:00:00.000Z',
};

const statusOfError = (run: () => unknown): number | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.statusCode : -1;
  }
  return undefined;
};

describe('member entities', () => {
  useConfigEnv({ TABLE_NAME: 'member-entity-test' });

  it('writes a new member exactly as before: same keys, name index and attributes, only if the number is new', () => {
    const record = read(MemberEntity, stored);
    const { Put } = newMemberPut(record);
    expect(Put?.Item).toEqual(stored);
    expect(Put?.ConditionExpression).toMatch(/^attribute_not_exists\(/);
  });

  it('moves the name index with a renamed member, only if the record was not changed meanwhile', () => {
    const { Put } = memberReplacePut(
      { ...read(MemberEntity, stored), lastname: 'Bello', updated_at: 'later' },
      stored.updated_at,
    );
    expect(Put?.Item).toMatchObject({ pk: stored.pk, gsi1sk: 'bello ada#DEMO0007', lastname: 'Bello' });
    expect(Object.values(Put?.ExpressionAttributeValues ?? {})).toEqual([stored.updated_at]);
  });

  it('refuses a stored member with an unknown status or role as an internal error', () => {
    expect(statusOfError(() => read(MemberEntity, { ...stored, status: 5 }))).toBe(500);
    expect(statusOfError(() => read(MemberEntity, { ...stored, role_name: 'super-admin' }))).toBe(500);
    expect(read(MemberEntity, stored).status).toBe(MEMBER_STATUS.APPROVED);
  });

  it('reads a registration before approval, whose member number is still null', () => {
    const {
      firstname,
      lastname,
      email,
      phone,
      gender,
      current_address,
      savings_amount,
      work_info,
      bank_info,
      nok_info,
    } = stored;
    const pending = read(PendingMemberEntity, {
      pk: 'T#C1#PENDING#R1',
      sk: 'PENDING',
      gsi1pk: 'T#C1#PENDINGS',
      gsi1sk: '2026-03-10T09:00:00.000Z#R1',
      entity: 'PENDING_MEMBER',
      id: 'R1',
      cooperative_id: 'C1',
      coop_id: null,
      profile: {
        firstname,
        lastname,
        email,
        phone,
        gender,
        current_address,
        savings_amount,
        work_info,
        bank_info,
        nok_info,
      },
      status: 0,
      source_ip: '203.0.113.9',
      created_at: '2026-03-10T09:00:00.000Z',
      updated_at: '2026-03-10T09:00:00.000Z',
    });
    expect(pending).toMatchObject({
      coop_id: null,
      status: PENDING_MEMBER_STATUS.PENDING,
      profile: { firstname: 'Ada', savings_amount: 500_000 },
    });
  });

  it('decides a registration only while it is pending', () => {
    const [{ Update }] = pendingDecision(
      { cooperative_id: 'C1', id: 'R1', created_at: '2026-01-01T00:00:00.000Z' },
      PENDING_MEMBER_STATUS.DENIED,
      'now',
    );
    expect(Update?.Key).toEqual({ pk: 'T#C1#PENDING#R1', sk: 'PENDING' });
    const names = Update?.ExpressionAttributeNames ?? {};
    const values = Update?.ExpressionAttributeValues ?? {};
    const [attribute, value] = Update?.ConditionExpression?.split(' = ') ?? [];
    expect([names[attribute], values[value]]).toEqual(['status', PENDING_MEMBER_STATUS.PENDING]);
  });

  it("releases a staff ID only when it is the member's own (or already gone)", () => {
    const { Delete } = staffClaimDelete('C1', 'STF7', 'demo0007');
    expect(Delete?.Key).toEqual({ pk: 'T#C1#UNIQUE#MEMBER#staff_id#stf7', sk: 'CLAIM' });
    expect(Delete?.ConditionExpression).toMatch(/^\(attribute_not_exists\(#c_1\)\) OR \(#c_2 = :c_1\)$/);
    expect(Delete?.ExpressionAttributeNames).toEqual({ '#c_1': 'pk', '#c_2': 'member_id' });
    expect(Delete?.ExpressionAttributeValues).toEqual({ ':c_1': 'DEMO0007' });
  });

  it('adds to the member counts, leaving out the counts that do not change', () => {
    const { Update } = statsUpdate('C1', { members_active: -1, members_inactive: 1, members_male: 0 });
    expect(Update?.Key).toEqual({ pk: 'T#C1', sk: 'STATS' });
    expect(Update?.UpdateExpression).toMatch(/^ADD /);
    const names = Object.values(Update?.ExpressionAttributeNames ?? {});
    expect(names).toEqual(['members_active', 'members_inactive']);
    expect(Object.values(Update?.ExpressionAttributeValues ?? {})).toEqual([-1, 1]);
  });
});
