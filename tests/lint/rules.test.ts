import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The project's own lint rules, run through ESLint's API with eslint.config.js on small snippets
 * placed (in name only) where the rules apply. The snippets are not files of the TypeScript
 * project, so the rules that need type information are turned off (typescript-eslint's
 * disableTypeChecked); the rules under test need none.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const RAW_STATUS = 'Use a named status from @coopledger/shared/statuses, not a raw number';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
});

async function messagesOf(code: string, filePath = 'functions/savings/lint-probe.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('no raw status numbers', () => {
  it('refuses a raw number compared with a status', async () => {
    const code = 'export const isActive = (plan: { status: number }) => plan.status === 1;\n';
    expect(await messagesOf(code)).toEqual([RAW_STATUS]);
  });

  it('refuses a raw number compared with a *_status or with Number(x.status), either side', async () => {
    const code = [
      'export const a = (loan: { repayment_status: number }) => 2 !== loan.repayment_status;',
      'export const b = (bank: { status: unknown }) => Number(bank.status) !== 1;',
      '',
    ].join('\n');
    expect(await messagesOf(code)).toEqual([RAW_STATUS, RAW_STATUS]);
  });

  it('refuses a raw number written to a status, a loan is_paid or a status condition value', async () => {
    const code = [
      'export const order = { id: "x", status: 0 };',
      'export const loan = { is_paid: true ? 1 : 0 };',
      'export const values = { ":pending": 0 };',
      'export function deny(o: { status: number }) { o.status = 2; }',
      '',
    ].join('\n');
    expect(await messagesOf(code)).toHaveLength(5);
  });

  it('refuses a status typed as raw numbers, in the web app too', async () => {
    const code = 'export interface Plan { status: 0 | 1 }\n';
    expect(await messagesOf(code, 'web/src/pages/savings/lint-probe.ts')).toEqual([RAW_STATUS, RAW_STATUS]);
  });

  it('accepts named statuses and HTTP statuses', async () => {
    const code = [
      "import { ORDER_STATUS } from '@coopledger/shared/statuses';",
      'export const pending = (o: { status: number }) => o.status === ORDER_STATUS.PENDING;',
      'export const order = { status: ORDER_STATUS.APPROVED, amount: 1 };',
      'export const expired = (response: { status: number }) => response.status === 401;',
      '',
    ].join('\n');
    expect(await messagesOf(code)).toEqual([]);
  });

  it('leaves tests alone', async () => {
    expect(
      await messagesOf(
        'export const x = (o: { status: number }) => o.status === 1;\n',
        'functions/savings/lint-probe.test.ts',
      ),
    ).toEqual([]);
  });
});
