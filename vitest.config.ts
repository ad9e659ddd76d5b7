import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Web tests that replace a module with vi.mock: isolated, so the replacement never leaks into other files. */
const WEB_MOCKING = [
  'web/src/pages/accounting/awaiting-journal-entries.test.tsx',
  'web/src/components/forms/bank-decision-modal.test.tsx',
  'web/src/pages/accounting/financial-years-page.test.tsx',
  'web/src/pages/eshop/order-step-modal.test.tsx',
  'web/src/pages/setup/approval-rules-page.test.tsx',
  'web/src/pages/statements/statement-modal.test.tsx',
  'web/src/app/layout/cooperative-gate.test.tsx',
  'web/src/pages/transactions/savings-accounts-page.test.tsx',
  'web/src/pages/transactions/deposits-page.test.tsx',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'tests/bench/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          environment: 'node',
          // The lint-rule tests run a type-aware ESLint, which takes seconds on a loaded machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/api/support/invocation-scopes.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One runtime serves every file; files run in parallel against it. The files mostly wait
          // on the runtime, so they run three at a time even on two cores (the default there is one).
          fileParallelism: true,
          maxWorkers: Math.max(3, availableParallelism() - 1),
          // Its own group, so a run of every project may give it its own worker count.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // After the API files (a later group): every write route was seen to leave its audit record.
          name: 'api-audit',
          include: ['tests/api-audit/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING,
          environment: 'happy-dom',
          // One module graph for every file (Cloudscape loads once, not once a file): a tenth of the
          // time. Each test cleans up what it renders; files that replace modules run apart.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web-mocked',
          include: WEB_MOCKING,
          environment: 'happy-dom',
        },
      },
    ],
  },
});
