import type { AdminCreateUserCommandInput } from '@aws-sdk/client-cognito-identity-provider';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cognito } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { MemberImportEntity, createImportRecord } from '../../functions/core/import-entity.ts';
import { XLSX_CONTENT_TYPE, putObject } from '../../functions/core/import-files.ts';
import { newId } from '../../functions/core/ids.ts';
import { objectKeys } from '../../functions/core/keys.ts';
import { memberOfStaffId } from '../../functions/members/member-store.ts';
import { listUsers } from '../../functions/users/user-store.ts';
import { handler as finish } from '../../functions/workflows/member-import/finish.ts';
import { handler as validateRows } from '../../functions/workflows/member-import/validate-rows.ts';
import { handler as writeRows } from '../../functions/workflows/member-import/write-rows.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberImportRow, memberImportWorkbook } from './support/members.ts';

/**
 * Issue 20 item 5: the member import's tasks, run in this worker against the runtime's emulators
 * (as its workflow runs them), with this worker's Cognito client counting its calls, and refusing
 * the sign-in of one chosen email as Cognito would refuse a request.
 */
let coop: { id: string; code: string; name: string };
let admin = '';
const TAG = `CG${Date.now().toString(36).toUpperCase().slice(-5)}`;
const cognitoCalls: string[] = [];
let refusedEmail: string | undefined;
/** Cognito's answer to the refused email's AdminCreateUser. */
let refusal = { name: 'InvalidParameterException', message: 'Invalid email address format.' };

beforeAll(async () => {
  useRuntimeEnv();
  coop = await createTestCooperative('G');
  await createDepartment(coop.id, 'Engineering');
  admin = await superToken();
  cognito().middlewareStack.add(
    (next, context) => async (args) => {
      cognitoCalls.push(context.commandName ?? '');
      const input = args.input as Partial<AdminCreateUserCommandInput>;
      const email = input.UserAttributes?.find((a) => a.Name === 'email')?.Value;
      if (context.commandName === 'AdminCreateUserCommand' && email !== undefined && email === refusedEmail)
        throw Object.assign(new Error(refusal.message), { name: refusal.name });
      return next(args);
    },
    { step: 'initialize', name: 'countCognitoCalls' },
  );
});

beforeEach(() => {
  cognitoCalls.length = 0;
  refusedEmail = undefined;
  refusal = { name: 'InvalidParameterException', message: 'Invalid email address format.' };
});

const emailOf = (staff: string) => `${staff.toLowerCase()}@cognito.example`;

const row = (staff: string) => memberImportRow(staff, { firstname: 'Counted', gender: 'Male', email: emailOf(staff) });

interface Status {
  status: string;
  rows_written: number;
  created: number;
  updated: number;
  error_count: number;
  errors: { row: number; column: string; message: string }[];
}

/**
 * One import of `staffIds`, its tasks run here one after another as the workflow runs them (a chunk
 * that fails with a throttle is run again, as its Retry does, after `beforeRetry`); its status.
 */
async function runImport(staffIds: string[], beforeRetry = () => {}): Promise<Status> {
  const id = newId();
  const fileKey = objectKeys.memberImportFile(coop.id, id);
  await putObject(fileKey, await memberImportWorkbook(staffIds.map(row)), XLSX_CONTENT_TYPE);
  const now = new Date().toISOString();
  await createImportRecord(MemberImportEntity, {
    cooperative_id: coop.id,
    id,
    file_name: 'members.xlsx',
    file_key: fileKey,
    status: 'VALIDATING',
    rows_total: staffIds.length,
    rows_validated: 0,
    rows_written: 0,
    created: 0,
    updated: 0,
    started_by: 'test',
    created_at: now,
    updated_at: now,
  });
  const input = { cooperative_id: coop.id, import_id: id };
  const validated = (await validateRows(input)) as { valid: boolean; chunks: Parameters<typeof writeRows>[0][] };
  expect(validated.valid).toBe(true);
  for (const chunk of validated.chunks) {
    await writeRows(chunk).catch((error: unknown) => {
      if ((error as Error).name !== 'TooManyRequestsException') throw error;
      beforeRetry();
      return writeRows(chunk);
    });
  }
  await finish(input);
  const status = await call<Status>('GET', '/cooperative/member/import/status', {
    token: admin,
    query: { cooperative_id: coop.id, import_id: id },
  });
  return status.body.data;
}

const poolHas = (loginId: string) =>
  cognito()
    .send(new AdminGetUserCommand({ UserPoolId: config().userPoolId, Username: loginId }))
    .then(
      () => true,
      (error: unknown) => {
        if ((error as Error).name === 'UserNotFoundException') return false;
        throw error;
      },
    );

describe('Cognito calls of a member import', () => {
  it('creates each new member with one Cognito call, and a re-import of the same rows makes none', async () => {
    const staff = [`${TAG}1`, `${TAG}2`, `${TAG}3`];
    expect(await runImport(staff)).toMatchObject({ status: 'COMPLETED', created: 3, updated: 0, rows_written: 3 });
    expect(cognitoCalls).toEqual(['AdminCreateUserCommand', 'AdminCreateUserCommand', 'AdminCreateUserCommand']);

    cognitoCalls.length = 0;
    expect(await runImport(staff)).toMatchObject({ status: 'COMPLETED', created: 0, updated: 3, rows_written: 3 });
    expect(cognitoCalls).toEqual([]);
  });

  it('reports a row whose sign-in Cognito refuses, leaves nothing of that member, and writes the other rows', async () => {
    const [before, refused, after] = [`${TAG}4`, `${TAG}5`, `${TAG}6`];
    refusedEmail = emailOf(refused);
    const status = await runImport([before, refused, after]);
    expect(status).toMatchObject({ status: 'COMPLETED', created: 2, updated: 0, rows_written: 2, error_count: 1 });
    // The file's header is row 1: the refused member is on row 3.
    expect(status.errors).toEqual([
      {
        row: 3,
        column: '',
        message: 'This member could not be created; upload the file again to retry the row',
      },
    ]);
    expect(await memberOfStaffId(coop.id, refused)).toBeUndefined();
    // Nor a user record (the sign-in's record was undone when the pool refused it).
    expect((await listUsers(coop.id)).filter((user) => user.email === emailOf(refused))).toEqual([]);
    const written = await Promise.all([before, after].map((staff) => memberOfStaffId(coop.id, staff)));
    for (const loginId of written) expect(loginId && (await poolHas(loginId))).toBe(true);

    // Uploaded again once Cognito takes it, the row is written; the others are not made twice.
    refusedEmail = undefined;
    cognitoCalls.length = 0;
    expect(await runImport([before, refused, after])).toMatchObject({ created: 1, updated: 2, error_count: 0 });
    expect(cognitoCalls).toEqual(['AdminCreateUserCommand']);
    const loginId = await memberOfStaffId(coop.id, refused);
    expect(loginId && (await poolHas(loginId))).toBe(true);
  });

  it('fails a chunk on a throttled Cognito call, and its retry counts each row once', async () => {
    const staff = [`${TAG}7`, `${TAG}8`, `${TAG}9`];
    refusedEmail = emailOf(staff[1]);
    refusal = { name: 'TooManyRequestsException', message: 'Rate exceeded' };
    const status = await runImport(staff, () => (refusedEmail = undefined));
    expect(status).toMatchObject({ status: 'COMPLETED', created: 3, updated: 0, rows_written: 3, error_count: 0 });
    // The retry found the first row written and made no second sign-in for it.
    expect(cognitoCalls.filter((name) => name === 'AdminCreateUserCommand')).toHaveLength(4);
  });
});
