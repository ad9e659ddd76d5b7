import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
          environment: 'happy-dom',
        },
      },
    ],
  },
});
