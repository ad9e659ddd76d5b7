import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'cdk.out/**', 'web/dist/**', '.data/**', 'bench/results/**', 'tests/e2e/results/**', 'tests/e2e/report/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Workbooks are built and read only through functions/core/workbook.ts and workbook-upload.ts
    // (safe text out, size caps in); tests may build upload files with ExcelJS directly.
    files: ['functions/**/*.ts', 'infra/**/*.ts', 'tests/bench/**/*.ts'],
    ignores: ['functions/core/workbook*.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'exceljs', message: 'Build and read workbooks through functions/core/workbook.ts (newWorkbook, workbookBuffer, loadWorkbook).' }] },
      ],
    },
  },
);
