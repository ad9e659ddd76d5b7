import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DbModule from '#core/db';
import type * as RunEntityModule from './run-entity.ts';
import type { PayrollRun } from './runs.ts';
import type * as SetupEntityModule from '../setup/setup-entity.ts';

/**
 * A payroll run is marked FAILED (which hands its period to the next upload) only when its
 * workflow does not exist: never because a call around a start that did happen failed (issue 18
 * review, item 4). Step Functions, S3 and the table are stood in for here, since those failures
 * cannot be caused in the local runtime; hardening-payroll.test.ts covers the run found by its
 * execution's name against the runtime.
 */
const writes = vi.hoisted(() => [] as Record<string, unknown>[]);
const workflows = vi.hoisted(() => ({ startWorkflow: vi.fn(), findWorkflow: vi.fn(), describeWorkflow: vi.fn() }));
const recordArn = vi.hoisted(() => ({ fails: false }));

vi.mock('#core/workflows', () => workflows);
vi.mock('../setup/setup-entity.ts', async (original) => {
  const actual = await original<typeof SetupEntityModule>();
  const bank = { id: 'BANK1', coa_id: '101001', status: 1, bank: 'Test bank', account_no: '0123456789' };
  return {
    ...actual,
    setupRecords: {
      ...actual.setupRecords,
      bankAccount: { ...actual.setupRecords.bankAccount, get: async () => bank },
    },
  };
});
vi.mock('#core/import-files', () => ({
  XLSX_CONTENT_TYPE: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  putObject: async () => undefined,
}));
vi.mock('./run-entity.ts', async (original) => ({
  ...(await original<typeof RunEntityModule>()),
  updateRun: async (_tenant: string, _id: string, set: Record<string, unknown>) => {
    if (recordArn.fails && 'execution_arn' in set) throw new Error('The table did not answer');
    writes.push(set);
  },
}));
vi.mock('#core/db', async (original) => ({
  ...(await original<typeof DbModule>()),
  table: () => 'unit-table',
  getItem: async () => undefined,
  queryAll: async () => [],
  transactWrite: async () => undefined,
}));
vi.mock('#core/logger', () => ({ logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } }));
// The claim's transaction items are built (then handed to the stand-in transactWrite) for a table.
for (const [name, value] of Object.entries({
  TABLE_NAME: 'unit-table',
  FILES_BUCKET: 'f',
  USER_POOL_ID: 'p',
  USER_POOL_CLIENT_ID: 'c',
}))
  vi.stubEnv(name, value);

const { currentRun, newRun, startRun } = await import('./runs.ts');

const input = { start_date: '2026-10-01', end_date: '2026-10-31', repayment_type: 'Salary' as const, bank_id: 'BANK1' };
const file = {
  fieldName: 'file',
  fileName: 'payroll.xlsx',
  contentType: 'application/octet-stream',
  content: Buffer.from('xlsx'),
};
const start = () => startRun('COOP1', input, file, 'ADMIN', '2026-11-25');
const failedWrites = () => writes.filter((set) => set.status === 'FAILED');
const running = { status: 'RUNNING', executionArn: 'arn:aws:states:eu-west-1:1:execution:payroll-upload:payroll-RUN1' };

beforeEach(() => {
  writes.length = 0;
  recordArn.fails = false;
  vi.clearAllMocks();
});

describe('starting a payroll run', () => {
  it('does not fail a run whose workflow started when the write of its ARN fails', async () => {
    workflows.startWorkflow.mockResolvedValue({ executionArn: 'arn:started' });
    recordArn.fails = true;

    const run = await start();

    expect(run).toMatchObject({ status: 'VALIDATING', execution_arn: 'arn:started' });
    expect(failedWrites()).toEqual([]);
  });

  it('does not fail a run whose start call failed after its execution began', async () => {
    workflows.startWorkflow.mockRejectedValue(new Error('socket hang up'));
    workflows.findWorkflow.mockResolvedValue(running);

    const run = await start();

    expect(run).toMatchObject({ status: 'VALIDATING', execution_arn: running.executionArn });
    expect(writes).toEqual([{ execution_arn: running.executionArn }]);
  });

  it('fails a run whose workflow does not exist, and answers the error', async () => {
    workflows.startWorkflow.mockRejectedValue(new Error('throttled'));
    workflows.findWorkflow.mockResolvedValue(undefined);

    await expect(start()).rejects.toThrow('throttled');

    expect(failedWrites()).toHaveLength(1);
    expect(workflows.findWorkflow.mock.calls[0]?.[1]).toMatch(/^payroll-/);
  });

  it('leaves the run as it is when Step Functions cannot say whether it started', async () => {
    workflows.startWorkflow.mockRejectedValue(new Error('throttled'));
    workflows.findWorkflow.mockRejectedValue(new Error('throttled again'));

    await expect(start()).rejects.toThrow('throttled');

    expect(writes).toEqual([]);
  });
});

describe('a working run without an execution ARN, past five minutes', () => {
  const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
  const stale = (): PayrollRun => ({
    ...newRun({
      id: 'RUN1',
      tenant: 'COOP1',
      period: input,
      bank: { id: 'BANK1', name: 'Test bank', gl: '101001' },
      file: { name: 'payroll.xlsx', key: 'k' },
      generation: 0,
      by: 'ADMIN',
      today: '2026-11-25',
    }),
    updated_at: tenMinutesAgo,
  });

  it('follows the execution of its name when there is one, recording its ARN', async () => {
    workflows.findWorkflow.mockResolvedValue(running);

    expect((await currentRun(stale())).status).toBe('VALIDATING');

    expect(workflows.findWorkflow).toHaveBeenCalledWith('payroll-upload', 'payroll-RUN1');
    expect(writes).toEqual([{ execution_arn: running.executionArn }]);
  });

  it('is marked FAILED when no execution of its name exists', async () => {
    workflows.findWorkflow.mockResolvedValue(undefined);

    expect((await currentRun(stale())).status).toBe('FAILED');

    expect(failedWrites()).toHaveLength(1);
  });

  it('is left as it is when Step Functions cannot say', async () => {
    workflows.findWorkflow.mockRejectedValue(new Error('throttled'));

    expect((await currentRun(stale())).status).toBe('VALIDATING');

    expect(writes).toEqual([]);
  });
});
