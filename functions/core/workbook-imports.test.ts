import { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's lint rules for a file, as `npm run lint` applies them (eslint.config.js). */
async function importRuleFor(filePath: string): Promise<Linter.RuleEntry | undefined> {
  const config = (await new ESLint({ cwd: process.cwd() }).calculateConfigForFile(filePath)) as Linter.Config;
  return config.rules?.['no-restricted-imports'];
}

/** The messages that rule gives a module importing ExcelJS directly. */
function violations(rule: Linter.RuleEntry): string[] {
  const code = "import ExcelJS from 'exceljs';\nexport const workbook = new ExcelJS.Workbook();\n";
  return new Linter()
    .verify(code, { languageOptions: { sourceType: 'module' }, rules: { 'no-restricted-imports': rule } })
    .map((m) => m.message);
}

describe('the exceljs import rule', () => {
  it('refuses importing exceljs in a domain module, the local runtime and the bench', async () => {
    for (const file of [
      'functions/loans/loan-workbooks.ts',
      'functions/core/import-files.ts',
      'infra/local/server.ts',
      'tests/bench/payroll.ts',
    ]) {
      const rule = await importRuleFor(file);
      expect(rule, file).toBeDefined();
      expect(violations(rule!), file).toEqual([expect.stringContaining('functions/core/workbook.ts')]);
    }
  });

  it('lets core/workbook modules and tests import exceljs', async () => {
    for (const file of [
      'functions/core/workbook.ts',
      'functions/core/workbook-upload.ts',
      'functions/payroll/payroll.test.ts',
      'tests/api/payroll.test.ts',
    ]) {
      expect(await importRuleFor(file), file).toBeUndefined();
    }
  });
});
