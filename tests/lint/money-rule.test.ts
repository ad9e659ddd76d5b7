import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The rule that keeps conversions by 100 (naira and kobo, percentages) in shared/src/money.ts, run
 * through ESLint's API with eslint.config.js on snippets placed (in name only) where it applies, as
 * in rules.test.ts.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const MONEY =
  'Convert naira, kobo and percentages with shared/src/money.ts (toKobo, toNaira, percentOf...), not by * 100 or / 100';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
});

async function messagesOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const violations = [
  'export const naira = (kobo: number) => kobo / 100;',
  'export const kobo = (naira: number) => naira * 100;',
  'export const kobo2 = (naira: number) => 100 * naira;',
  'export function scale(x: { v: number }) { x.v /= 100; x.v *= 100; }',
  '',
].join('\n');

describe('no conversion by 100 outside shared/src/money.ts', () => {
  it('refuses * 100 and / 100 (either side, and as *= or /=) in functions, the web app, shared and infra', async () => {
    for (const file of [
      'functions/savings/lint-probe.ts',
      'functions/core/lint-probe.ts',
      'web/src/pages/savings/lint-probe.tsx',
      'shared/src/lint-probe.ts',
      'infra/local/lint-probe.ts',
    ]) {
      expect(await messagesOf(violations, file), file).toEqual([MONEY, MONEY, MONEY, MONEY, MONEY]);
    }
  });

  it('accepts other numbers and the helpers of money.ts', async () => {
    const code = [
      "import { toKobo, toNaira } from '@coopledger/shared/money';",
      'export const a = (n: number) => n * 1000 + n / 10;',
      'export const b = (n: number) => toNaira(toKobo(n));',
      '',
    ].join('\n');
    expect(await messagesOf(code, 'functions/savings/lint-probe.ts')).toEqual([]);
  });

  it('leaves shared/src/money.ts and tests alone', async () => {
    expect(await messagesOf(violations, 'shared/src/money.ts')).toEqual([]);
    expect(await messagesOf(violations, 'functions/savings/lint-probe.test.ts')).toEqual([]);
  });
});
