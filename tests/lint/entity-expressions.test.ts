import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The rule that keeps DynamoDB expression strings in entity modules and functions/core, run through
 * ESLint's API with eslint.config.js on snippets placed (in name only) where it applies; rules that
 * need type information are off (the snippets are not files of the TypeScript project).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const EXPRESSION =
  'Build DynamoDB expressions in an entity module (*-entity.ts) or functions/core, not in a service or handler';
const RAW_STATUS = 'Use a named status from @coopledger/shared/statuses, not a raw number';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
});

async function messagesOf(code: string, filePath: string, rule = 'no-restricted-syntax'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const writes = [
  "import { UpdateCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';",
  "export const deny = new UpdateCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' }, UpdateExpression: 'SET a = :a', 'ConditionExpression': 'b = :b' });",
  "const KeyConditionExpression = 'pk = :pk';",
  "export const list = new QueryCommand({ TableName: 't', KeyConditionExpression, FilterExpression: 'c = :c' });",
  '',
].join('\n');

describe('no DynamoDB expression strings outside entity modules and core', () => {
  it('refuses update, condition, key condition and filter expressions in a service, a handler and a workflow', async () => {
    for (const file of [
      'functions/savings/lint-probe.ts',
      'functions/savings/handler.ts',
      'functions/workflows/savings-import/write-rows.ts',
    ]) {
      expect(await messagesOf(writes, file), file).toEqual([EXPRESSION, EXPRESSION, EXPRESSION, EXPRESSION]);
    }
  });

  it('still refuses raw status numbers in the files it covers', async () => {
    const code = 'export const pending = (o: { status: number }) => o.status === 0;\n';
    expect(await messagesOf(code, 'functions/savings/lint-probe.ts')).toEqual([RAW_STATUS]);
  });

  it('lets functions/core, entity modules and tests build expressions', async () => {
    for (const file of [
      'functions/core/db.ts',
      'functions/savings/order-entity.ts',
      'functions/savings/lint-probe.test.ts',
    ]) {
      expect(await messagesOf(writes, file), file).toEqual([]);
    }
  });

  it('makes no exception for any service, handler or workflow: every domain is on entity modules', async () => {
    const services = readdirSync(`${root}/functions`, { recursive: true, encoding: 'utf8' })
      .map((f) => `functions/${f}`)
      .filter(
        (f) =>
          f.endsWith('.ts') &&
          !f.includes('node_modules') &&
          !f.startsWith('functions/core/') &&
          !f.endsWith('-entity.ts') &&
          !f.endsWith('.test.ts'),
      );
    expect(services.length).toBeGreaterThan(100);
    for (const file of services) {
      const config = (await eslint.calculateConfigForFile(`${root}/${file}`)) as
        { rules?: Record<string, unknown[]> } | undefined;
      const selectors = (config?.rules?.['no-restricted-syntax'] ?? []).slice(1) as { message: string }[];
      expect(
        selectors.some((s) => s.message === EXPRESSION),
        file,
      ).toBe(true);
    }
  });
});

const READ_THROUGH_ENTITY = 'Read stored items through an entity module (*-entity.ts';
const rawReads = [
  "import { getItem, nowIso } from '#core/db';",
  "import { eachQueryPage, getItems, queryAll } from '../core/db.ts';",
  "import { queryPartition } from '../../core/db';",
  'export const reads = [getItem, nowIso, getItems, queryAll, eachQueryPage, queryPartition];',
  '',
].join('\n');

describe('no raw reads of stored items outside entity modules and core', () => {
  it('refuses getItem, getItems, queryAll, eachQueryPage and queryPartition from core/db in a service, a handler and a workflow', async () => {
    for (const file of [
      'functions/setup/lint-probe.ts',
      'functions/users/handler.ts',
      'functions/workflows/savings-import/lint-probe.ts',
    ]) {
      const messages = await messagesOf(rawReads, file, 'no-restricted-imports');
      expect(
        messages.map((m) => /^'(\w+)' import/.exec(m)?.[1]),
        file,
      ).toEqual(['getItem', 'eachQueryPage', 'getItems', 'queryAll', 'queryPartition']);
      for (const message of messages) expect(message, file).toContain(READ_THROUGH_ENTITY);
    }
  });

  it('lets a service import what core/db offers besides the raw readers', async () => {
    const code =
      "import { nowIso, partitionKeys, transactWrite } from '#core/db';\nexport const ok = [nowIso, partitionKeys, transactWrite];\n";
    expect(await messagesOf(code, 'functions/setup/lint-probe.ts', 'no-restricted-imports')).toEqual([]);
  });

  it('lets entity modules, functions/core and tests read raw items', async () => {
    for (const file of [
      'functions/setup/client-profile-entity.ts',
      'functions/core/setup-store.ts',
      'functions/setup/lint-probe.test.ts',
    ]) {
      expect(await messagesOf(rawReads, file, 'no-restricted-imports'), file).toEqual([]);
    }
  });

  it('still refuses ExcelJS outside core/workbook.ts in the files it covers', async () => {
    const code = "import ExcelJS from 'exceljs';\nexport const workbook = new ExcelJS.Workbook();\n";
    expect(await messagesOf(code, 'functions/setup/lint-probe.ts', 'no-restricted-imports')).toEqual([
      expect.stringContaining('Build and read workbooks through functions/core/workbook.ts'),
    ]);
  });
});
