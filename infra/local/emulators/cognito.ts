import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { captureOutput, guardChild, hasExited, stopChild } from '../child-guard.ts';
import { LOCAL } from '../local-names.ts';
import { ensurePortFree } from '../ports.ts';
import { folderOrScratch } from '../scratch-dir.ts';
import { DELIVERY_FD, hookedStart } from './cognito-delivery-hook.ts';
import { deliveryReader } from './cognito-deliveries.ts';
import { cognitoMailWriter } from './cognito-mail.ts';
import { cognitoPoolFile, writeCognitoFiles } from './cognito-pool.ts';
import { waitUntil } from './wait-until.ts';

export interface CognitoEmulator {
  /** cognito-local itself; browsers and handlers go through the proxy on the local server. */
  url: string;
  jwksUrl: string;
  /** Its file of the pool's users (cognito-pool.ts). */
  poolFile: string;
  stop(): Promise<void>;
}

export interface CognitoOptions {
  port: number;
  /** The folder cognito-local runs in (it keeps `.cognito/` there); omitted: a temp folder. */
  directory?: string;
  /** Base of the tokens' `iss`: the proxy's URL, so the issuer names what clients talk to. */
  issuerDomain: string;
  /** Where the codes it "sends" (ForgotPassword, invitations) are written as mail; omitted: not kept. */
  outboxDir?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

function startScript(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('cognito-local/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return join(dirname(manifestPath), bin ?? 'lib/bin/start.js');
}

/** cognito-local 5.3 as a child process, with the pool and app client pre-seeded. */
export async function startCognito(options: CognitoOptions): Promise<CognitoEmulator> {
  await ensurePortFree(options.port, 'cognito-local');
  const folder = folderOrScratch(options.directory, 'cognito');
  const host = '127.0.0.1';
  writeCognitoFiles(folder.path, { issuerDomain: options.issuerDomain, port: options.port, host });

  const start = hookedStart(startScript());
  const child = spawn(process.execPath, start.args, {
    cwd: folder.path,
    env: {
      ...process.env,
      ...start.env,
      PORT: String(options.port),
      HOST: host,
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    // The fourth pipe carries the codes it "sends" (cognito-delivery-hook.ts).
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  guardChild(child);
  const output = captureOutput(child);
  const deliveries = child.stdio[DELIVERY_FD];
  if (deliveries instanceof Readable) {
    if (options.outboxDir)
      deliveries.on('data', deliveryReader(cognitoMailWriter(options.outboxDir, options.log ?? (() => undefined))));
    // Nobody wants them: drained all the same, so the pipe never fills.
    else deliveries.resume();
  }
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const url = `http://${host}:${options.port}`;
  try {
    await waitUntil({
      what: `cognito-local on port ${options.port}`,
      timeoutMs: options.timeoutMs ?? 20_000,
      probe: async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok,
      abort: () =>
        spawnError ?? (hasExited(child) ? new Error(`cognito-local exited during start-up:\n${output()}`) : undefined),
    });
  } catch (error) {
    await stopChild(child, 1000);
    folder.remove();
    throw error;
  }
  options.log?.(
    `cognito-local ${folder.temporary ? '(temporary)' : `(data in ${folder.path})`} on ${url}, pool ${LOCAL.userPoolId}`,
  );

  return {
    url,
    jwksUrl: `${url}/${LOCAL.userPoolId}/.well-known/jwks.json`,
    poolFile: cognitoPoolFile(folder.path),
    stop: async () => {
      await stopChild(child);
      folder.remove();
    },
  };
}
