import { readFile } from 'node:fs/promises';
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
const EXPRESSION = 'Build DynamoDB expressions in an entity module (*-entity.ts) or functions/core, not in a service or handler';
const RAW_STATUS = 'Use a named status from @coopledger/shared/statuses, not a raw number';

let eslint: ESLint;
let expressionAllowList: string[];
beforeAll(async () => {
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  // eslint.config.js is JavaScript outside the TypeScript project: its exports are read untyped.
  const configFile = `${root}/eslint.config.js`;
  ({ expressionAllowList } = (await import(configFile)) as { expressionAllowList: string[] });
});

async function messagesOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
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
    for (const file of ['functions/savings/lint-probe.ts', 'functions/savings/handler.ts', 'functions/workflows/savings-import/write-rows.ts']) {
      expect(await messagesOf(writes, file), file).toEqual([EXPRESSION, EXPRESSION, EXPRESSION, EXPRESSION]);
    }
  });

  it('still refuses raw status numbers in the files it covers', async () => {
    const code = 'export const pending = (o: { status: number }) => o.status === 0;\n';
    expect(await messagesOf(code, 'functions/savings/lint-probe.ts')).toEqual([RAW_STATUS]);
  });

  it('lets functions/core, entity modules and tests build expressions', async () => {
    for (const file of ['functions/core/db.ts', 'functions/savings/order-entity.ts', 'functions/savings/lint-probe.test.ts']) {
      expect(await messagesOf(writes, file), file).toEqual([]);
    }
  });

  it('lets the files not yet converted keep theirs, and keeps none on that list that no longer needs it', async () => {
    expect(expressionAllowList.length).toBeGreaterThan(0);
    for (const file of expressionAllowList) {
      expect(await messagesOf(writes, file), file).not.toContain(EXPRESSION);
      // Linted under a name off the list, a listed file's own code must still break the rule.
      const own = await readFile(`${root}/${file}`, 'utf8');
      expect(await messagesOf(own, file.replace(/\.ts$/, '-probe.ts')), file).toContain(EXPRESSION);
    }
  });
});
