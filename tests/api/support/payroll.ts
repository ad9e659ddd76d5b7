import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { PayrollFilePeriod, PayrollRunView } from '@coopledger/shared/payroll-views';
import { apiUrl, call } from './api.ts';
import type { SavingsWorld } from './savings.ts';

/** A payroll period: the whole calendar month `YYYY-MM` of a repayment type. */
export const period = (month: string, type: 'Salary' | 'Others' = 'Salary') => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start_date: `${month}-01`, end_date: `${month}-${String(last).padStart(2, '0')}`, repayment_type: type };
};
export type Period = ReturnType<typeof period>;

export const fileOf = async (book: ExcelJS.Workbook) => new Blob([Buffer.from(await book.xlsx.writeBuffer())]);

/**
 * The payroll calls of a test's cooperative, as its super-admin makes them. `worldOf` is read at
 * each call, so the client can be made before the world exists (in a file's top level).
 */
export function payrollClient(worldOf: () => SavingsWorld) {
  async function download(p: Period): Promise<{ response: Response; book: ExcelJS.Workbook }> {
    const world = worldOf();
    const url = new URL(`${apiUrl()}/api/v1/cooperative/monthly-deduction/download`);
    url.searchParams.set('cooperative_id', world.ctx.coop);
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...p, cooperative_id: world.ctx.coop }),
    });
    const book = new ExcelJS.Workbook();
    if (response.status === 200) await book.xlsx.load(await response.clone().arrayBuffer());
    return { response, book };
  }

  function upload(file: Blob | undefined, p: Period, extra: Record<string, string> = {}) {
    const world = worldOf();
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    for (const [name, value] of Object.entries({ ...p, bank_id: world.bank, ...extra })) form.append(name, value);
    if (file) form.append('file', file, extra.file_name ?? 'payroll.xlsx');
    return call<PayrollRunView>('POST', '/cooperative/monthly-deduction/upload', { token: world.ctx.token, form });
  }

  /** What the file says it is, before an upload (as the Upload form asks once a file is chosen). */
  function inspect(file: Blob, fileName = 'payroll.xlsx', token = worldOf().ctx.token) {
    const form = new FormData();
    form.append('cooperative_id', worldOf().ctx.coop);
    form.append('file', file, fileName);
    return call<PayrollFilePeriod>('POST', '/cooperative/monthly-deduction/inspect', { token, form });
  }

  const runOf = (runId: string) =>
    call<PayrollRunView>('GET', '/cooperative/monthly-deduction/single', {
      token: worldOf().ctx.token,
      query: { cooperative_id: worldOf().ctx.coop, run_id: runId },
    });

  /** The run once it is done (posted, refused, failed or reversed), polled every 200 ms. */
  async function finished(runId: string): Promise<PayrollRunView> {
    for (let i = 0; i < 600; i++) {
      const r = await runOf(runId);
      expect(r.status, r.body.message).toBe(200);
      if (r.body.data.done) return r.body.data;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('The payroll run did not finish');
  }

  async function posted(file: Blob, p: Period): Promise<PayrollRunView> {
    const started = await upload(file, p);
    expect(started.status, `${started.body.message} ${JSON.stringify(started.body.errors)}`).toBe(202);
    return finished(started.body.data.id);
  }

  const reverse = (runId: string) =>
    call<PayrollRunView>('POST', '/cooperative/monthly-deduction/reverse', {
      token: worldOf().ctx.token,
      body: { cooperative_id: worldOf().ctx.coop, run_id: runId },
    });

  return { download, upload, inspect, runOf, finished, posted, reverse };
}
