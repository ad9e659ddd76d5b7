import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { read } from '#core/entity';
import { AppError } from '#core/errors';
import type { ChartCategory } from '../cooperatives/standard-chart.ts';
import { nextGlCode } from './chart-entities.ts';
import { chartPuts } from './chart-store.ts';
import { chartRecords } from './coa-entity.ts';
import { GlTotalEntity } from './gl-total-entity.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

describe('the next GL code of a sub-category', () => {
  it('follows the highest code of the sub-category', () => {
    expect(
      nextGlCode({ code: '101', name: 'Cash and Bank' }, [
        { code: '101001' },
        { code: '101002' },
        { code: '102001' },
        { code: '1010001' },
      ]),
    ).toBe('101003');
  });

  it('starts at 001 and fills no gaps', () => {
    expect(nextGlCode({ code: '205', name: 'New' }, [])).toBe('205001');
    expect(nextGlCode({ code: '101', name: 'Cash' }, [{ code: '101005' }])).toBe('101006');
  });

  it('says when the sub-category is full', () => {
    expect(() => nextGlCode({ code: '101', name: 'Cash and Bank' }, [{ code: '101999' }])).toThrow(
      'No more GL codes are free in the sub-category 101 Cash and Bank',
    );
  });
});

describe('chart and GL total entities', () => {
  useConfigEnv({ TABLE_NAME: 'entity-test' });
  beforeAll(() => {
    vi.useFakeTimers({ now: new Date('2026-03-10T09:00:00.000Z'), toFake: ['Date'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  /** An account's all-time total as the ledger's post() writes it: ADD debit, credit; SET gl_code, entity. */
  const total = { pk: 'T#C1#GLTOT', sk: '101002', gl_code: '101002', debit: 150_000, credit: 9_007_199_254_740_993n };

  const refused = (stored: Record<string, unknown>) => {
    try {
      read(GlTotalEntity, stored);
    } catch (error) {
      return error instanceof AppError && error.statusCode === 500;
    }
    return false;
  };

  it('reads an all-time total the ledger wrote, a bigint past 2^53 included', () => {
    expect(read(GlTotalEntity, { ...total, entity: 'GL_TOTAL' })).toEqual({
      gl_code: '101002',
      debit: 150_000,
      credit: 9_007_199_254_740_993n,
    });
  });

  it('refuses a total without its account code, with an amount as text, or of another kind', () => {
    const { gl_code: _code, ...withoutCode } = total;
    expect(refused({ ...withoutCode, entity: 'GL_TOTAL' })).toBe(true);
    expect(refused({ ...total, debit: '150000', entity: 'GL_TOTAL' })).toBe(true);
    expect(refused({ ...total, entity: 'GL_MONTH' })).toBe(true);
  });

  it("writes a new cooperative's chart as it was written before the entities built it", () => {
    const chart: ChartCategory[] = [
      {
        code: '1',
        name: 'Current Assets',
        type: 'D',
        subCategories: [
          {
            code: '101',
            name: 'Cash and Bank',
            accounts: [
              { code: '101001', name: 'Cash in Hand', purpose: 'cash' },
              { code: '101002', name: 'Petty cash', type: 'C' },
            ],
          },
        ],
      },
    ];
    const at = '2026-03-10T09:00:00.000Z';
    const put = (Item: Record<string, unknown>) => ({ Put: { TableName: 'entity-test', Item } });
    expect(chartPuts('C1', chart)).toEqual([
      put({
        pk: 'T#C1#COA',
        sk: 'CAT#1',
        entity: 'COA_CATEGORY',
        id: '1',
        code: '1',
        name: 'Current Assets',
        type: 'D',
        status: 1,
        created_at: at,
      }),
      put({
        pk: 'T#C1#COA',
        sk: 'SUB#101',
        entity: 'COA_SUBCATEGORY',
        id: '101',
        code: '101',
        name: 'Cash and Bank',
        category_code: '1',
        status: 1,
        created_at: at,
      }),
      put({
        pk: 'T#C1#COA',
        sk: 'GL#101001',
        entity: 'GL_ACCOUNT',
        id: '101001',
        code: '101001',
        name: 'Cash in Hand',
        type: 'D',
        category_code: '1',
        subcategory_code: '101',
        purpose: 'cash',
        status: 1,
        created_at: at,
      }),
      put({
        pk: 'T#C1#COA',
        sk: 'GL#101002',
        entity: 'GL_ACCOUNT',
        id: '101002',
        code: '101002',
        name: 'Petty cash',
        type: 'C',
        category_code: '1',
        subcategory_code: '101',
        status: 1,
        created_at: at,
      }),
    ]);
  });

  it('checks a chart item the setup screens have just written, and refuses one of the wrong shape', () => {
    const written = { id: '101', code: '101', name: 'Cash and Bank', category_code: '1', status: 1, created_at: 'x' };
    expect(chartRecords.SUB.written('C1', written)).toEqual(written);
    expect(() => chartRecords.SUB.written('C1', { ...written, category_code: undefined })).toThrow(AppError);
  });
});
