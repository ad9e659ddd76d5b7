import { beforeAll, describe, expect, it } from 'vitest';
import { enrolMember } from '../../functions/members/member-service.ts';
import { call, cooperativeId, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

let coop: { id: string; code: string; name: string };
let departmentId = '';
let admin = '';

beforeAll(async () => {
  useRuntimeEnv();
  coop = await createTestCooperative('M');
  departmentId = await createDepartment(coop.id);
  admin = await superToken();
});

const create = (body: Record<string, unknown>) =>
  call<{ coop_id: string; id: string }>('POST', '/cooperative/member', {
    token: admin,
    body: { cooperative_id: coop.id, ...body },
  });

describe('Create member', () => {
  it('creates a member and their sign-in, and the member signs in with their member number', async () => {
    // Prepare
    const body = memberBody(departmentId);
    // Act
    const response = await create(body);
    // Assess
    expect(response.status, response.body.message).toBe(201);
    const number = response.body.data.coop_id;
    expect(number.startsWith(coop.code)).toBe(true);
    const login = await call('POST', '/auth/login', { body: { coop_id: number, password: 'secret123' } });
    expect(login.status).toBe(200);
    const single = await call<Record<string, unknown>>('GET', '/cooperative/member/single', {
      token: admin,
      query: { cooperative_id: coop.id, id: number },
    });
    expect(single.status).toBe(200);
    expect(single.body.data).toMatchObject({
      savings_amount: 5000.5,
      workInfo: { level: 3, department: { name: 'Engineering' } },
      bankInfo: { account_type: 'Savings', account_name: 'Ada Obi' },
      nokInfo: { name: 'Chidi Obi' },
      emergencyInfo: { name: 'Ngozi Obi' },
      documents: { avatar: null },
    });
  });

  it('generates a password when none is given', async () => {
    const response = await create(memberBody(departmentId, { password: undefined }));
    expect(response.status, response.body.message).toBe(201);
    expect(response.body.message).toContain('sign-in details were sent');
  });

  it.each([
    ['firstname', 'Please enter first name'],
    ['lastname', 'Please enter last name'],
    ['phone', 'Phone number is required'],
    ['gender', 'Please select gender'],
    ['current_address', 'Enter member current address'],
    ['savings_amount', 'Enter member savings amount'],
    ['staff_id', 'Please enter the staff ID'],
    ['role_id', 'Please select a role'],
    ['level', 'Please select level'],
    ['department_id', 'Please select department'],
    ['date_joined', 'Date joined field is required'],
    ['bank_id', 'Please select bank'],
    ['branch', 'Please enter the branch'],
    ['account_type', 'Select account type'],
    ['account_no', 'Enter account number'],
    ['account_name', 'Enter account  name'],
    ['nok_name', 'This field is required'],
    ['nok_address', 'This field is required'],
    ['nok_phone', 'This field is required'],
    ['nok_email', 'This field is required'],
    ['contact_name', 'This field is required'],
    ['contact_address', 'This field is required'],
    ['contact_phone', 'This field is required'],
    ['contact_email', 'This field is required'],
  ])('refuses a missing %s with the spec message', async (field, message) => {
    const response = await create(memberBody(departmentId, { [field]: '' }));
    expect(response.status).toBe(422);
    expect(response.body.errors?.[field]).toBe(message);
  });

  it('refuses a level outside 1 to 10, an unknown department and an account type other than Savings or Current', async () => {
    expect((await create(memberBody(departmentId, { level: 11 }))).body.errors?.level).toBe('Must be at most 10');
    const dept = await create(memberBody(departmentId, { department_id: 'nope' }));
    expect(dept.status).toBe(422);
    expect(dept.body.errors?.department_id).toBe('Please select department');
    expect((await create(memberBody(departmentId, { account_type: 'Fixed' }))).body.errors?.account_type).toBe(
      'Select account type',
    );
  });

  it('refuses a staff ID already used in the cooperative (409) and writes nothing', async () => {
    const body = memberBody(departmentId);
    expect((await create(body)).status).toBe(201);
    const again = await create(memberBody(departmentId, { staff_id: body.staff_id }));
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already used');
  });
});

describe('List, search and counts', () => {
  let listCoop: { id: string; code: string };
  beforeAll(async () => {
    listCoop = await createTestCooperative('L');
    const dept = await createDepartment(listCoop.id, 'Finance');
    for (let i = 1; i <= 105; i++) {
      await enrolMember(
        {
          cooperative_id: listCoop.id,
          firstname: i === 42 ? 'Zainab' : `First${i}`,
          lastname: `Last${String(i).padStart(3, '0')}`,
          email: `m${i}@list.example`,
          phone: '08030000000',
          gender: i % 2 === 0 ? 'Female' : 'Male',
          staff_id: `LS${i}`,
          role_name: 'cooperative-member',
          savings_amount: 100_00,
          status: 1,
          work_info: i <= 100 ? { level: 1, department_id: dept, date_joined: '2020-01-01' } : undefined,
        },
        listCoop.code,
        'password123',
      );
    }
  }, 120_000);

  const list = (query: Record<string, string | number>) =>
    call<{ data: Record<string, unknown>[]; meta: { total: number; last_page: number; current_page: number } }>(
      'GET',
      '/cooperative/member',
      {
        token: admin,
        query: { cooperative_id: listCoop.id, ...query },
      },
    );

  it('pages 105 members 20 at a time with the list columns', async () => {
    const page1 = await list({ page: 1 });
    expect(page1.body.data.meta).toMatchObject({ total: 105, last_page: 6, current_page: 1 });
    expect(page1.body.data.data).toHaveLength(20);
    expect(page1.body.data.data[0]).toMatchObject({
      department: 'Finance',
      ledger_balance: 0,
      available_balance: 0,
      monthly_savings: 100,
      status: 1,
    });
    const page6 = await list({ page: 6 });
    expect(page6.body.data.data).toHaveLength(5);
    expect(page6.body.data.data.some((r) => r.department === 'N/A')).toBe(true);
  });

  it('searches by name, member number, email and staff ID', async () => {
    expect((await list({ query: 'zainab' })).body.data.meta.total).toBe(1);
    expect((await list({ query: 'm7@list' })).body.data.data.map((r) => r.email)).toEqual(['m7@list.example']);
    expect((await list({ query: 'LS105' })).body.data.meta.total).toBe(1);
    expect((await list({ query: `${listCoop.code}0010` })).body.data.meta.total).toBe(1);
  });

  it('counts total, pending, male and female', async () => {
    const stats = await call('GET', '/cooperative/member/statistics', {
      token: admin,
      query: { cooperative_id: listCoop.id },
    });
    expect(stats.body.data).toMatchObject({ total: 105, pending: 0, male: 53, female: 52 });
  });

  it('downloads the report of active members and the import sample', async () => {
    const report = await fetch(
      new URL(
        `${(await import('./support/api.ts')).apiUrl()}/api/v1/cooperative/member/download-report?cooperative_id=${listCoop.id}`,
      ),
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(report.status).toBe(200);
    expect(report.headers.get('content-disposition')).toContain('members-report-Test Cooperative');
    const sample = await fetch(
      new URL(
        `${(await import('./support/api.ts')).apiUrl()}/api/v1/cooperative/member/download-sample?cooperative_id=${listCoop.id}`,
      ),
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(sample.headers.get('content-disposition')).toContain('sample-member-import.xlsx');
    expect(
      Buffer.from(await sample.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});

describe('Who may read and edit a member', () => {
  it('lets a member read and edit only their own record', async () => {
    const member = await tokenFor('DEMO0001');
    const demo = await cooperativeId('DEMO');
    expect((await call('GET', '/cooperative/member/single', { token: member, query: { id: 'DEMO0001' } })).status).toBe(
      200,
    );
    expect((await call('GET', '/cooperative/member/single', { token: member, query: { id: 'DEMO0003' } })).status).toBe(
      403,
    );
    const edit = await call('POST', '/cooperative/member/details/edit', {
      token: member,
      body: {
        cooperative_id: demo,
        coop_id: 'DEMO0003',
        detail_type: 'NOK-INFO',
        nok_name: 'X',
        nok_address: 'Y',
        nok_phone: '1',
        nok_email: 'x@example.com',
      },
    });
    expect(edit.status).toBe(403);
    const own = await call<{ nokInfo: { name: string } }>('POST', '/cooperative/member/details/edit', {
      token: member,
      body: {
        coop_id: 'DEMO0001',
        detail_type: 'NOK-INFO',
        nok_name: 'Mama Ada',
        nok_address: 'Y',
        nok_phone: '0803',
        nok_email: 'mama@example.com',
      },
    });
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.data.nokInfo.name).toBe('Mama Ada');
    const password = await call('POST', '/cooperative/member/details/change-password', {
      token: member,
      body: { coop_id: 'DEMO0003', password: 'abcdef', password_confirmation: 'abcdef' },
    });
    expect(password.status).toBe(403);
  });

  it('refuses an admin of another cooperative', async () => {
    const alphaAdmin = await tokenFor('ALPHA-ADMIN');
    const response = await call('GET', '/cooperative/member/single', {
      token: alphaAdmin,
      query: { cooperative_id: coop.id, id: `${coop.code}0001` },
    });
    expect(response.status).toBe(403);
    const list = await call('GET', '/cooperative/member', { token: alphaAdmin, query: { cooperative_id: coop.id } });
    expect(list.status).toBe(403);
  });

  it('saves each detail type and keeps the counts right when the gender changes', async () => {
    const created = await create(memberBody(departmentId, { gender: 'Male' }));
    const number = created.body.data.coop_id;
    const before = await call<{ male: number; female: number }>('GET', '/cooperative/member/statistics', {
      token: admin,
      query: { cooperative_id: coop.id },
    });
    const staff = memberBody(departmentId, {
      coop_id: number,
      cooperative_id: coop.id,
      detail_type: 'STAFF-INFO',
      gender: 'Female',
      firstname: 'Renamed',
    });
    const saved = await call<{ firstname: string }>('POST', '/cooperative/member/details/edit', {
      token: admin,
      body: staff,
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.firstname).toBe('Renamed');
    const after = await call<{ male: number; female: number }>('GET', '/cooperative/member/statistics', {
      token: admin,
      query: { cooperative_id: coop.id },
    });
    expect(after.body.data.female).toBe(before.body.data.female + 1);
    expect(after.body.data.male).toBe(before.body.data.male - 1);
    for (const [detail, missing, message] of [
      ['WORK-INFO', 'level', 'Please select level'],
      ['BANK-INFO', 'account_no', 'Enter account number'],
      ['CONTACT-INFO', 'contact_name', 'This field is required'],
    ] as const) {
      const bad = await call('POST', '/cooperative/member/details/edit', {
        token: admin,
        body: {
          ...memberBody(departmentId),
          coop_id: number,
          cooperative_id: coop.id,
          detail_type: detail,
          [missing]: '',
        },
      });
      expect(bad.body.errors?.[missing]).toBe(message);
      const good = await call('POST', '/cooperative/member/details/edit', {
        token: admin,
        body: { ...memberBody(departmentId), coop_id: number, cooperative_id: coop.id, detail_type: detail },
      });
      expect(good.status, good.body.message).toBe(200);
    }
  });

  it("sets a member's password (6 to 20, matching)", async () => {
    const number = (await create(memberBody(departmentId))).body.data.coop_id;
    const short = await call('POST', '/cooperative/member/details/change-password', {
      token: admin,
      body: { cooperative_id: coop.id, coop_id: number, password: 'abc', password_confirmation: 'abc' },
    });
    expect(short.body.errors?.password).toBe('Password must be at least 6 characters');
    const mismatch = await call('POST', '/cooperative/member/details/change-password', {
      token: admin,
      body: { cooperative_id: coop.id, coop_id: number, password: 'abcdef', password_confirmation: 'abcdeg' },
    });
    expect(mismatch.body.errors?.password_confirmation).toBe('Passwords must match');
    const done = await call('POST', '/cooperative/member/details/change-password', {
      token: admin,
      body: { cooperative_id: coop.id, coop_id: number, password: 'newpass99', password_confirmation: 'newpass99' },
    });
    expect(done.status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { coop_id: number, password: 'newpass99' } })).status).toBe(200);
  });
});

describe('Activate and deactivate', () => {
  it('deactivates: counts move, sign-in refused, an open session gets 406; activates again', async () => {
    const number = (await create(memberBody(departmentId))).body.data.coop_id;
    const session = (
      await call<{ token: { token: string } }>('POST', '/auth/login', {
        body: { coop_id: number, password: 'secret123' },
      })
    ).body.data.token.token;
    const before = (
      await call<{ active: number; inactive: number }>('GET', '/cooperative/member/statistics', {
        token: admin,
        query: { cooperative_id: coop.id },
      })
    ).body.data;

    const off = await call('GET', '/cooperative/member/deactivate', {
      token: admin,
      query: { cooperative_id: coop.id, coop_id: number },
    });
    expect(off.status, off.body.message).toBe(200);
    const after = (
      await call<{ active: number; inactive: number }>('GET', '/cooperative/member/statistics', {
        token: admin,
        query: { cooperative_id: coop.id },
      })
    ).body.data;
    expect(after).toMatchObject({ active: before.active - 1, inactive: before.inactive + 1 });
    expect((await call('GET', '/cooperative/member/single', { token: session, query: { id: number } })).status).toBe(
      406,
    );
    expect([401, 406]).toContain(
      (await call('POST', '/auth/login', { body: { coop_id: number, password: 'secret123' } })).status,
    );
    const inactive = await call<{ data: { coop_id: string }[] }>('GET', '/cooperative/member/get-deactivated-members', {
      token: admin,
      query: { cooperative_id: coop.id },
    });
    expect(inactive.body.data.data.map((m) => m.coop_id)).toContain(number);
    expect(
      (
        await call('GET', '/cooperative/member/deactivate', {
          token: admin,
          query: { cooperative_id: coop.id, coop_id: number },
        })
      ).status,
    ).toBe(409);

    expect(
      (
        await call('GET', '/cooperative/member/activate', {
          token: admin,
          query: { cooperative_id: coop.id, coop_id: number },
        })
      ).status,
    ).toBe(200);
    expect((await call('POST', '/auth/login', { body: { coop_id: number, password: 'secret123' } })).status).toBe(200);
  });
});

describe('Documents', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  const pdf = Buffer.from('%PDF-1.4\n%test\n');
  const upload = (number: string, files: [string, Buffer, string, string][]) => {
    const form = new FormData();
    form.append('cooperative_id', coop.id);
    form.append('coop_id', number);
    for (const [slot, content, name, type] of files) form.append(slot, new Blob([content], { type }), name);
    return call<Record<string, string | null>>('POST', '/cooperative/member/details/update-document', {
      token: admin,
      form,
    });
  };

  it('stores avatar, signature and registration form and shows them through presigned URLs', async () => {
    const number = (await create(memberBody(departmentId))).body.data.coop_id;
    const response = await upload(number, [
      ['avatar', png, 'me.png', 'image/png'],
      ['reg_form', pdf, 'form.pdf', 'application/pdf'],
    ]);
    expect(response.status, response.body.message).toBe(200);
    expect(response.body.data.avatar).toContain(`t/${coop.id}/members/${number}/avatar-`);
    expect(response.body.data.reg_form).toContain('X-Amz-Signature');
    const got = await fetch(response.body.data.avatar!);
    expect(got.status).toBe(200);
  });

  it('refuses a wrong type, a renamed file, an oversized file and no file', async () => {
    const number = (await create(memberBody(departmentId))).body.data.coop_id;
    const wrong = await upload(number, [['signature', pdf, 'sig.pdf', 'application/pdf']]);
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The signature must be a JPEG or PNG image (jpeg, jpg, png)');
    expect((await upload(number, [['avatar', Buffer.from('hello'), 'me.png', 'image/png']])).status).toBe(422);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const oversized = await upload(number, [['avatar', big, 'big.png', 'image/png']]);
    expect(oversized.body.message).toBe('The avatar must be at most 2 MB');
    expect((await upload(number, [])).body.message).toBe('Please select a file to upload');
  });
});
