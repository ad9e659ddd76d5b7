import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * No raw status numbers: a number compared with, assigned to or typed as a `status`, `*_status` or
 * `is_paid` (or given to a condition value named for a status, like ':pending': 0) must be a name
 * from shared/src/statuses.ts. An HTTP status (`response.status`, `error.status`) is not an entity's.
 */
const STATUS = '/^(status|is_paid|\\w+_status)$/';
const NUMBER = 'type(number)';
const STATUS_VALUE_KEY =
  '/^:(active|inactive|pending|approved|denied|rejected|paid|unpaid|open|closed|deleted|posted|on|off|running|completed)$/';
const NOT_HTTP = ':not([object.name=/^(response|res|error|err)$/])';
const RAW_STATUS_MESSAGE = 'Use a named status from @coopledger/shared/statuses, not a raw number';
export const rawStatusSelectors = [
  ...['left', 'right'].flatMap((side) => {
    const other = side === 'left' ? 'right' : 'left';
    return [
      `BinaryExpression[operator=/^[!=]==?$/][${other}.type='Literal'][${other}.value=${NUMBER}] > MemberExpression.${side}[property.name=${STATUS}]${NOT_HTTP}`,
      `BinaryExpression[operator=/^[!=]==?$/][${other}.type='Literal'][${other}.value=${NUMBER}] > Identifier.${side}[name=${STATUS}]`,
      `BinaryExpression[operator=/^[!=]==?$/][${other}.type='Literal'][${other}.value=${NUMBER}] > CallExpression.${side}[callee.name='Number'] > MemberExpression.arguments[property.name=${STATUS}]`,
    ];
  }),
  `Property[key.name=${STATUS}] > Literal.value[value=${NUMBER}]`,
  `Property[key.value=${STATUS}] > Literal.value[value=${NUMBER}]`,
  `Property[key.name=${STATUS}] > ConditionalExpression.value > Literal[value=${NUMBER}]`,
  `AssignmentExpression[left.type='MemberExpression'][left.property.name=${STATUS}] > Literal.right[value=${NUMBER}]`,
  `Property[key.value=${STATUS_VALUE_KEY}] > Literal.value[value=${NUMBER}]`,
  `TSPropertySignature[key.name=${STATUS}] TSLiteralType > Literal[value=${NUMBER}]`,
];

/**
 * No `* 100` or `/ 100` outside shared/src/money.ts: naira and kobo, and percentages, are converted
 * there only (toKobo, toNaira, percentOf, ratioPercent, wholePercent...), so an amount cannot be
 * converted twice or not at all. Tests are exempt: they state the expected kobo worked out by hand
 * (₦1,234.50 is 1234.50 * 100), independently of the module they check.
 */
const MONEY_MESSAGE =
  'Convert naira, kobo and percentages with shared/src/money.ts (toKobo, toNaira, percentOf...), not by * 100 or / 100';
export const moneySelectors = ['left', 'right'].flatMap((side) =>
  ['*', '/'].map((operator) => `BinaryExpression[operator='${operator}'][${side}.type='Literal'][${side}.value=100]`),
);
moneySelectors.push(
  ...['*=', '/='].map(
    (operator) => `AssignmentExpression[operator='${operator}'][right.type='Literal'][right.value=100]`,
  ),
);
const moneyRule = moneySelectors.map((selector) => ({ selector, message: MONEY_MESSAGE }));

/**
 * No DynamoDB expression strings in services and handlers: conditions, updates and key conditions
 * are built by the entity modules (`*-entity.ts`, with DynamoDB-Toolbox) and core/ (docs/decisions.md,
 * 2026-11-26); every domain is on entity modules (tests/lint/entity-expressions.test.ts).
 */
const EXPRESSION_PROPERTY = '/^(UpdateExpression|ConditionExpression|KeyConditionExpression|FilterExpression)$/';
const EXPRESSION_MESSAGE =
  'Build DynamoDB expressions in an entity module (*-entity.ts) or functions/core, not in a service or handler';
export const expressionSelectors = [
  `Property[key.name=${EXPRESSION_PROPERTY}]`,
  `Property[key.value=${EXPRESSION_PROPERTY}]`,
];

/**
 * No raw reads of stored items in services and handlers: `getItem`, `getItems`, `queryAll`,
 * `eachQueryPage` and `queryPartition` of functions/core/db.ts hand back items cast to a type; outside functions/core
 * items are read through an entity module (`*-entity.ts`: getEntity, entitiesIn, queryEntity...),
 * which checks each against the entity's schema (docs/decisions.md, 2026-11-26).
 */
export const RAW_READERS = ['getItem', 'getItems', 'queryAll', 'eachQueryPage', 'queryPartition'];
export const RAW_READ_MESSAGE =
  "Read stored items through an entity module (*-entity.ts: getEntity, entitiesIn, queryEntity...), which checks each item against its schema; core/db.ts's raw readers are for functions/core and entity modules";
const rawReadPattern = {
  regex: '^(#core/db|(\\.\\./)+core/db)(\\.ts)?$',
  importNames: RAW_READERS,
  message: RAW_READ_MESSAGE,
};
const exceljsPath = {
  name: 'exceljs',
  message: 'Build and read workbooks through functions/core/workbook.ts (newWorkbook, workbookBuffer, loadWorkbook).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'cdk.out/**',
      'web/dist/**',
      '.data/**',
      'bench/results/**',
      'tests/e2e/results/**',
      'tests/e2e/report/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
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
      // Prettier (npm run lint checks it) prints code within 120 columns but leaves long strings and
      // comments as written: comments are wrapped by hand, text that a reader searches for is not split.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    files: ['functions/**/*.ts', 'shared/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...rawStatusSelectors.map((selector) => ({ selector, message: RAW_STATUS_MESSAGE })),
        ...moneyRule,
      ],
    },
  },
  {
    files: ['infra/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...moneyRule] },
  },
  {
    // The same rule with the expression selectors added (a later block's rule replaces an earlier one's).
    files: ['functions/**/*.ts'],
    ignores: ['functions/core/**', 'functions/**/*-entity.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...rawStatusSelectors.map((selector) => ({ selector, message: RAW_STATUS_MESSAGE })),
        ...expressionSelectors.map((selector) => ({ selector, message: EXPRESSION_MESSAGE })),
        ...moneyRule,
      ],
    },
  },
  {
    // The one place that converts by 100.
    files: ['shared/src/money.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...rawStatusSelectors.map((selector) => ({ selector, message: RAW_STATUS_MESSAGE })),
      ],
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
      'no-restricted-imports': ['error', { paths: [exceljsPath] }],
    },
  },
  {
    // The same rule with the raw readers added (a later block's rule replaces an earlier one's).
    files: ['functions/**/*.ts'],
    ignores: ['functions/core/**', 'functions/**/*-entity.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [exceljsPath], patterns: [rawReadPattern] }] },
  },
);
