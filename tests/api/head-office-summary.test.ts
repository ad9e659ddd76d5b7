import { beforeAll, describe, expect, it } from 'vitest';
import type { HeadOfficeSummaries, HeadOfficeSummaryView } from '@coopledger/shared/dividend-views';
import { today } from '@coopledger/shared/dates';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { keys } from '../../functions/core/keys.ts';
import { backfill } from '../../functions/maintenance/backfill.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative, postJournal } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

/**
 * The head office summary (issue 21): a year's targets, set by the cooperative's admin, against the
 * books. A cooperative of its own whose year is made of journal entries on the standard chart's
 * accounts (301001/301002 members' and target savings, 102001 loans to members, 504001 income,
 * 702002 an expense, 101002 the bank) and of members with known dates joined; every expected figure
 * is worked out by hand below.
 */
useRuntimeEnv();

const YEAR = Number(today().slice(0, 4));
const LAST_YEAR = YEAR - 1;
const TODAY = today();

let coop: string;
let code: string;
let token: string;
let department: string;

const get = <T>(path: string, query: Record<string, string | number> = {}) =>
  call<T>('GET', path, { token, query: { cooperative_id: coop, ...query } });
const send = <T>(path: string, body: Record<string, unknown>) =>
  call<T>('POST', path, { token, body: { cooperative_id: coop, ...body } });

const journal = (date: string, debit: string, credit: string, amount: number) =>
  postJournal(coop, token, { date, debit, credit, amount, description: 'Head office summary test' });

async function member(dateJoined: string): Promise<string> {
  const r = await send<{ coop_id: string }>('/cooperative/member', {
    ...memberBody(department, { date_joined: dateJoined }),
  });
  expect(r.status, r.body.message).toBe(201);
  return r.body.data.coop_id;
}

const summary = async (year?: number) => {
  const r = await get<HeadOfficeSummaryView>('/cooperative/dividend/head-office-summary', year ? { year } : {});
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
};

const TARGETS = {
  year: YEAR,
  savings_mobilised: '1000000',
  loans_disbursed: '800000.50',
  new_members: 3,
  surplus: 0,
};

beforeAll(async () => {
  token = await superToken();
  const made = await createTestCooperative('HO');
  coop = made.id;
  code = made.code;
  department = await createDepartment(coop);
  // This year: savings credited 400,000 + 100,000 (a withdrawal's debit of 50,000 is not savings
  // mobilised); loans debited 250,000 (a repayment's credit of 30,000 is not a disbursement); income
  // 300,000 less an expense of 120,000.
  await journal(TODAY, '101002', '301001', 400_000);
  await journal(TODAY, '101002', '301002', 100_000);
  await journal(TODAY, '301001', '101002', 50_000);
  await journal(TODAY, '102001', '101002', 250_000);
  await journal(TODAY, '101002', '102001', 30_000);
  await journal(TODAY, '101002', '504001', 300_000);
  await journal(TODAY, '702002', '101002', 120_000);
  // Last year's last day: counted in last year's summary only.
  await journal(`${LAST_YEAR}-12-31`, '101002', '301001', 7_777);
  await journal(`${LAST_YEAR}-12-31`, '102001', '101002', 3_333);
  await journal(`${LAST_YEAR}-12-31`, '101002', '504001', 1_111);
  // Two members joined this year, one last year.
  await member(`${YEAR}-01-01`);
  await member(`${YEAR}-01-01`);
  await member(`${LAST_YEAR}-06-15`);
});

describe('head office summary', () => {
  it("shows the year's actuals from the books and no targets before they are set", async () => {
    const shown = await summary();
    expect(shown).toMatchObject({ year: YEAR, from: `${YEAR}-01-01`, to: TODAY, targets: null });
    expect(shown.actuals).toEqual({
      savings_mobilised: 500_000,
      loans_disbursed: 250_000,
      new_members: 2,
      surplus: 180_000,
    });
    expect(shown.percent).toEqual({ savings_mobilised: null, loans_disbursed: null, new_members: null, surplus: null });
    const last = await summary(LAST_YEAR);
    expect(last).toMatchObject({ from: `${LAST_YEAR}-01-01`, to: `${LAST_YEAR}-12-31` });
    expect(last.actuals).toEqual({ savings_mobilised: 7_777, loans_disbursed: 3_333, new_members: 1, surplus: 1_111 });
  });

  it('saves the targets and shows each actual as a percentage of its target', async () => {
    const saved = await send<HeadOfficeSummaryView>('/cooperative/dividend/head-office-summary/targets', TARGETS);
    expect(saved.status, saved.body.message).toBe(200);
    const shown = await summary(YEAR);
    expect(shown.targets).toMatchObject({
      savings_mobilised: 1_000_000,
      loans_disbursed: 800_000.5,
      new_members: 3,
      surplus: 0,
      updated_by: 'SUPERADMIN',
    });
    // 500,000 / 1,000,000; 250,000 / 800,000.50 = 31.2499...; 2 / 3 = 66.666...; no surplus target.
    expect(shown.percent).toEqual({ savings_mobilised: 50, loans_disbursed: 31.25, new_members: 66.67, surplus: null });
    expect(saved.body.data.percent).toEqual(shown.percent);
    // Last year's targets are its own: none set.
    expect((await summary(LAST_YEAR)).targets).toBeNull();
  });

  it('moves a member to the year of a changed date joined', async () => {
    const id = await member(`${YEAR}-01-01`);
    expect((await summary()).actuals.new_members).toBe(3);
    const body = memberBody(department, { date_joined: `${LAST_YEAR}-03-01` });
    const edit = await send('/cooperative/member/details/edit', {
      coop_id: id,
      detail_type: 'WORK-INFO',
      level: body.level,
      department_id: department,
      date_joined: body.date_joined,
    });
    expect(edit.status, edit.body.message).toBe(200);
    expect((await summary()).actuals.new_members).toBe(2);
    expect((await summary(LAST_YEAR)).actuals.new_members).toBe(2);
  });

  it.each([
    [{ year: '' }, 'year', 'Please select the year'],
    [{ year: 1999 }, 'year', `The year must be from 2000 to ${YEAR + 1}`],
    [{ year: YEAR + 2 }, 'year', `The year must be from 2000 to ${YEAR + 1}`],
    [{ year: 2024.5 }, 'year', 'Must be a whole number'],
    [{ savings_mobilised: '-1' }, 'savings_mobilised', 'Enter an amount in naira with at most 2 decimals'],
    [{ loans_disbursed: '12.345' }, 'loans_disbursed', 'Enter an amount in naira with at most 2 decimals'],
    [{ new_members: 1.5 }, 'new_members', 'Must be a whole number'],
    [{ new_members: -1 }, 'new_members', 'Must be at least 0'],
    [{ surplus: '' }, 'surplus', 'Please enter the surplus target'],
  ])('refuses targets %j on %s and keeps those saved', async (change, field, message) => {
    const r = await send('/cooperative/dividend/head-office-summary/targets', { ...TARGETS, surplus: 5, ...change });
    expect(r.status).toBe(422);
    expect(r.body.errors?.[field]).toContain(message);
    expect((await summary()).targets?.surplus).toBe(0);
  });

  it('refuses a year out of range in the query', async () => {
    const r = await get('/cooperative/dividend/head-office-summary', { year: 'soon' });
    expect(r.status).toBe(422);
    expect(r.body.errors?.year).toContain('Must be a number');
  });

  it("gives the super-admin every cooperative's summary, a page at a time in code order", async () => {
    // Pages are read until this file's cooperative is found (the runtime holds every test file's).
    let ours: HeadOfficeSummaries['data'][number] | undefined;
    let cursor: string | undefined;
    let previous = '';
    do {
      const r = await call<HeadOfficeSummaries>('GET', '/head-office-summary', {
        token,
        query: { year: YEAR, per_page: 20, ...(cursor ? { cursor } : {}) },
      });
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.data.year).toBe(YEAR);
      expect(r.body.data.data.length).toBeLessThanOrEqual(20);
      for (const row of r.body.data.data) {
        expect(row.cooperative.code > previous).toBe(true);
        previous = row.cooperative.code;
      }
      ours = r.body.data.data.find((row) => row.cooperative.id === coop);
      cursor = r.body.data.meta.next_cursor ?? undefined;
    } while (!ours && cursor);
    expect(ours?.cooperative.code).toBe(code);
    expect(ours?.actuals).toEqual({
      savings_mobilised: 500_000,
      loans_disbursed: 250_000,
      new_members: 2,
      surplus: 180_000,
    });
    expect(ours?.percent.savings_mobilised).toBe(50);
  });

  it('counts the members who joined each year again from the member records (backfill)', async () => {
    // As written before the counts.
    for (const year of [YEAR, LAST_YEAR])
      await db().send(
        new DeleteCommand({ TableName: config().tableName, Key: keys.counter(coop, `LIST#members-joined#${year}`) }),
      );
    expect((await summary()).actuals.new_members).toBe(0);
    await backfill([coop]);
    await backfill([coop]);
    expect((await summary()).actuals.new_members).toBe(2);
    expect((await summary(LAST_YEAR)).actuals.new_members).toBe(2);
  });
});
