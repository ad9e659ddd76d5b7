import { join } from 'node:path';

/**
 * The write routes whose audit record the API tests checked (tests/api/support/audit-check.ts), one
 * per line: cleared when the API tests' runtime starts, read by the api-audit project after them.
 * Kept in the checkout's own cache folder, so two checkouts on one machine never share it.
 */
export const AUDIT_COVERAGE_FILE = join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '.cache',
  'coopledger',
  'audit-checked-routes.txt',
);
