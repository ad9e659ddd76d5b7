import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The write routes whose audit record the API tests checked (tests/api/support/audit-check.ts), one
 * per line: cleared when the API tests' runtime starts, read by the api-audit project after them.
 */
export const AUDIT_COVERAGE_FILE = join(tmpdir(), 'coopledger-api-audit', 'checked-routes.txt');
