import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody, memberImportWorkbook } from './support/members.ts';

let coop: { id: string; code: string; name: string };
let departmentId = '';
let admin = '';

beforeAll(async () => {
  useRuntimeEnv();
  coop = await createTestCooperative('P');
  departmentId = await createDepartment(coop.id, 'Engineering');
  admin = await superToken();
});

const registration = (overrides: Record<string, unknown> = {}) => {
  const { role_id: _r, staff_id: _s, password: _p, ...body } = memberBody(departmentId);
  return { ...body, cooperative_code: coop.code, type: 'pending', ...overrides };
};

describe('Public registration and pending members', () => {
  it('shows the cooperative and its departments of a registration link; an unknown code is 404', async () => {
    const found = await call('GET', '/cooperative/pending_members/get-cooperative', {
      query: { cooperative_code: coop.code },
    });
    expect(found.body.data).toMatchObject({ name: coop.name, code: coop.code, status: 1 });
    const departments = await call<{ name: string }[]>('GET', '/cooperative/pending_members/get-department', {
      query: { cooperative_code: coop.code },
    });
    expect(departments.body.data.map((d) => d.name)).toEqual(['Engineering']);
    const unknown = await call('GET', '/cooperative/pending_members/get-cooperative', {
      query: { cooperative_code: 'NOSUCH' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('No active cooperative has the code NOSUCH');
  });

  it('validates the form like the wizard', async () => {
    const r = await call('POST', '/cooperative/pending_members', {
      body: registration({ firstname: '', nok_email: '' }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({ firstname: 'Please enter first name', nok_email: 'This field is required' });
  });

  it('registers, then approval creates the member, who signs in with the emailed credentials', async () => {
    const created = await call<{ id: string }>('POST', '/cooperative/pending_members', {
      body: registration({ firstname: 'Pending' }),
    });
    expect(created.status, created.body.message).toBe(201);
    expect(created.body.message).toBe("Success - We received your membership request; we'll be in touch shortly!");
    const list = await call<{ data: { id: string; firstname: string }[] }>('GET', '/cooperative/pending_members', {
      token: admin,
      query: { cooperative_id: coop.id },
    });
    expect(list.body.data.data.map((p) => p.id)).toContain(created.body.data.id);
    expect(
      (
        await call<{ pending: number }>('GET', '/cooperative/member/statistics', {
          token: admin,
          query: { cooperative_id: coop.id },
        })
      ).body.data.pending,
    ).toBeGreaterThanOrEqual(1);

    const approved = await call<{ coop_id: string }>('POST', '/cooperative/pending_members/approve', {
      token: admin,
      body: { cooperative_id: coop.id, member_id: created.body.data.id },
    });
    expect(approved.status, approved.body.message).toBe(200);
    const number = approved.body.data.coop_id;
    // The temporary password is in the emailed credentials (the local outbox).
    const { readdir, readFile } = await import('node:fs/promises');
    const outbox = process.env.OUTBOX_DIR!;
    let password = '';
    for (const file of await readdir(outbox)) {
      const mail = JSON.parse(await readFile(`${outbox}/${file}`, 'utf8')) as { text: string; kind: string };
      if (mail.kind === 'member-credentials' && mail.text.includes(number))
        password = /temporary password is (\S+)\./.exec(mail.text)?.[1] ?? '';
    }
    expect(password).not.toBe('');
    expect((await call('POST', '/auth/login', { body: { coop_id: number, password } })).status).toBe(200);
    const again = await call('POST', '/cooperative/pending_members/approve', {
      token: admin,
      body: { cooperative_id: coop.id, member_id: created.body.data.id },
    });
    expect(again.status).toBe(409);
  });

  it('keeps a denied registration with status 2', async () => {
    const created = await call<{ id: string }>('POST', '/cooperative/pending_members', { body: registration() });
    const denied = await call('GET', '/cooperative/pending_members/deny', {
      token: admin,
      query: { cooperative_id: coop.id, member_id: created.body.data.id },
    });
    expect(denied.status, denied.body.message).toBe(200);
    const single = await call<{ status: number }>('GET', '/cooperative/pending_members/single', {
      token: admin,
      query: { cooperative_id: coop.id, id: created.body.data.id },
    });
    expect(single.body.data.status).toBe(2);
  });

  it('limits registrations per source and cooperative (429)', async () => {
    const limited = await createTestCooperative('R');
    const dept = await createDepartment(limited.id);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const { role_id: _r, staff_id: _s, password: _p, ...body } = memberBody(dept);
      statuses.push(
        (
          await call('POST', '/cooperative/pending_members', {
            body: { ...body, cooperative_code: limited.code, type: 'pending' },
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(5);
    expect(statuses).toContain(429);
  });
});

const workbook = async (rows: (string | number)[][]): Promise<Blob> => new Blob([await memberImportWorkbook(rows)]);

const importFile = (file: Blob | undefined, name = 'members.xlsx') => {
  const form = new FormData();
  form.append('cooperative_id', coop.id);
  if (file) form.append('file', file, name);
  return call<{ import_id: string }>('POST', '/cooperative/member/import', { token: admin, form });
};

async function finished(importId: string) {
  for (let i = 0; i < 200; i++) {
    const status = await call<{
      done: boolean;
      status: string;
      rows_written: number;
      created: number;
      updated: number;
      errors: { row: number; column: string; message: string }[];
    }>('GET', '/cooperative/member/import/status', {
      token: admin,
      query: { cooperative_id: coop.id, import_id: importId },
    });
    if (status.body.data.done) return status.body.data;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The import did not finish');
}

const row = (staff: string, first: string) => [
  staff,
  first,
  '',
  'Imported',
  `${staff.toLowerCase()}@import.example`,
  '08030000000',
  'Male',
  'Single',
  '1990-01-01',
  '1 Import Road',
  2500,
  2,
  'Engineering',
  '2021-03-01',
];

describe('Member import', () => {
  it('imports a good file, and the same file again creates no duplicates', async () => {
    const file = await workbook([row('IMP1', 'One'), row('IMP2', 'Two'), row('IMP3', 'Three')]);
    const first = await importFile(file);
    expect(first.status, first.body.message).toBe(202);
    expect(await finished(first.body.data.import_id)).toMatchObject({
      status: 'COMPLETED',
      rows_written: 3,
      created: 3,
      updated: 0,
    });
    const second = await importFile(file);
    expect(await finished(second.body.data.import_id)).toMatchObject({ status: 'COMPLETED', created: 0, updated: 3 });
    const list = await call<{ meta: { total: number } }>('GET', '/cooperative/member', {
      token: admin,
      query: { cooperative_id: coop.id, query: 'IMP' },
    });
    expect(list.body.data.meta.total).toBe(3);
  }, 60_000);

  it('writes nothing for a file with bad rows and gives a row/column/message report', async () => {
    const file = await workbook([
      row('BAD1', 'Good'),
      ['BAD2', '', '', 'X', 'x@import.example', '0803000000', 'Male', '', '', 'Road', 10, 11, 'Nowhere', '2021-01-01'],
    ]);
    const started = await importFile(file);
    const result = await finished(started.body.data.import_id);
    expect(result.status).toBe('INVALID');
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'firstname', message: 'Please enter first name' },
        { row: 3, column: 'level', message: 'Must be at most 10' },
      ]),
    );
    const list = await call<{ meta: { total: number } }>('GET', '/cooperative/member', {
      token: admin,
      query: { cooperative_id: coop.id, query: 'BAD1' },
    });
    expect(list.body.data.meta.total).toBe(0);
    const report = await fetch(
      `${apiUrl()}/api/v1/cooperative/member/import/report?cooperative_id=${coop.id}&import_id=${started.body.data.import_id}`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(report.status).toBe(200);
  }, 60_000);

  it('refuses no file, a non-xlsx file and a corrupt workbook with a clear 422', async () => {
    const none = await importFile(undefined);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Please select a file to import');
    expect((await importFile(new Blob(['a,b']), 'members.csv')).body.message).toBe(
      'The file must be an Excel workbook (.xlsx)',
    );
    const corrupt = await importFile(new Blob([Buffer.from('PK not really a zip')]), 'members.xlsx');
    expect(corrupt.status).toBe(422);
    expect(corrupt.body.message).toContain('could not be read as an Excel (.xlsx) workbook');
  });
});
