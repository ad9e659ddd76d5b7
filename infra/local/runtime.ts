import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resetConfig } from '../../functions/core/config.ts';
import { workflowArnVariable } from '../../functions/core/workflow-arn-variable.ts';
import { WORKFLOWS, type WorkflowSpec } from '../lib/workflows/registry.ts';
import { startCognito, type CognitoEmulator } from './emulators/cognito.ts';
import { startDynamoDb, type DynamoDbEmulator } from './emulators/dynamodb.ts';
import { assertJava17 } from './emulators/java.ts';
import { startS3, type S3Emulator } from './emulators/s3.ts';
import { functionsFolder, type HandlerSource } from './handler-source.ts';
import { appBaseUrl, siteUrl } from './http/base-url.ts';
import { createIdTokenVerifier } from './http/jwt-verifier.ts';
import type { LockoutPolicy } from './http/sign-in-lockout.ts';
import { COGNITO_PATH, FILES_PATH, LOCAL, STATES_PATH } from './local-names.ts';
import { defaultDataDir, FUNCTIONS_DIR, WEB_DIST_DIR } from './paths.ts';
import { choosePort, freePorts } from './ports.ts';
import { useInvocationScopes } from './http/lambda-context.ts';
import type { LocalNotifications } from './notifications.ts';
import { startLocalNotifications } from './notifications.ts';
import { provision } from './provision.ts';
import { folderOrScratch } from './scratch-dir.ts';
import { startServer, type LocalServer } from './server.ts';
import { localStateMachineArn } from './states/arns.ts';
import { createWorkflowExecutor } from './states/executor.ts';

export interface RuntimeOptions {
  /** The server's port; default 3000; 0: any free port. */
  port?: number;
  /** Where data is kept between runs; default DATA_DIR or `<repo>/.data`. Ignored when inMemory. */
  dataDir?: string;
  /** DynamoDB in memory and temp folders for files, users and mail, all gone after stop(). */
  inMemory?: boolean;
  /**
   * Write the demo cooperatives and users (seed.ts) once everything is provisioned; 'life' adds DEMO's
   * year of member life (demo-life.ts), which `npm start` and `npm run seed` ask for and the tests do not.
   */
  seed?: boolean | 'life';
  log?: (line: string) => void;
  /** Where handlers come from; default `functions/<domain>/handler.ts`. Tests pass fakes. */
  handlers?: HandlerSource;
  /** The built web app; default `web/dist`. */
  webDistDir?: string;
  /**
   * Interface the app's port binds; default 127.0.0.1 (0.0.0.0 to reach it from elsewhere). The rest stays on
   * 127.0.0.1.
   */
  host?: string;
  /** Cognito's lockout after wrong passwords or reset codes; default Cognito's (COGNITO_LOCKOUT). */
  signInLockout?: Partial<LockoutPolicy>;
  /** The Step Functions workflows to run; default the registry (infra/lib/workflows/registry.ts). */
  workflows?: readonly WorkflowSpec[];
  /**
   * Deliver notifications (the poller standing in for the table's stream) and run the daily
   * notifications job; default on unless `handlers` are fakes.
   */
  notifications?: boolean;
}

export interface Runtime {
  /** The server's base URL; the API is under `<url>/api/v1`. */
  url: string;
  /** The environment handlers run with (also set in this process), for tests in other workers. */
  env: Record<string, string>;
  /** The functions' own listener (127.0.0.1): their Cognito, @connections and Step Functions. */
  internalUrl: string;
  /** The emulators' own URLs (handlers use them through `env`; cognito-local sits behind the proxies). */
  emulators: { dynamodb: string; s3: string; cognito: string };
  stop(): Promise<void>;
}

type Emulators = [DynamoDbEmulator, S3Emulator, CognitoEmulator];

/** Starts emulators in parallel; if one fails, stops the others before reporting it. */
async function startEmulators(
  starts: [Promise<DynamoDbEmulator>, Promise<S3Emulator>, Promise<CognitoEmulator>],
): Promise<Emulators> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((result) => result.status === 'rejected');
  if (!failed) return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as Emulators;
  const started = settled.filter((result) => result.status === 'fulfilled').map((result) => result.value);
  await Promise.all(started.map((emulator) => emulator.stop().catch(() => undefined)));
  throw failed.reason;
}

/**
 * The whole application on one machine: DynamoDB Local, s3rver, cognito-local, and one HTTP server
 * that plays API Gateway, Lambda, CloudFront, the WebSocket API and Step Functions (DESIGN.md section 1).
 */
export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.log ?? (() => undefined);
  // Checked first so a missing Java stops the start before anything else is running.
  assertJava17();
  const dataDir = options.inMemory ? undefined : resolve(options.dataDir ?? defaultDataDir());
  const port = await choosePort(options.port ?? 3000, 'the local server, PORT');
  const [dynamoPort, s3Port, cognitoPort, internalPort] = await freePorts(4, [port]);
  const host = options.host ?? '127.0.0.1';
  // Where the app's port is reached: what tokens, presigned URLs and links name.
  const url = appBaseUrl(host, port);
  const internalUrl = `http://127.0.0.1:${internalPort}`;
  // The browser reaches Cognito's sign-in calls through the app's port, and tokens name that as
  // their issuer (stable across restarts); the functions reach all of Cognito on the internal port.
  const cognitoEndpoint = `${url}${COGNITO_PATH}`;
  // Presigned URLs are signed with this and checked by the server; a new one each start.
  const presignSecret = randomBytes(32).toString('base64url');
  const outbox = folderOrScratch(dataDir && join(dataDir, 'outbox'), 'outbox');
  mkdirSync(outbox.path, { recursive: true });

  const workflows = options.workflows ?? WORKFLOWS;
  const executor = createWorkflowExecutor({ specs: workflows, log });
  let server: LocalServer | undefined;
  let emulators: Emulators | undefined;
  let notifications: LocalNotifications | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      executor.stop();
      await notifications?.stop();
      await server?.close();
      await Promise.all((emulators ?? []).map((emulator) => emulator.stop()));
      outbox.remove();
    })());

  try {
    emulators = await startEmulators([
      startDynamoDb({ port: dynamoPort, dbPath: dataDir && join(dataDir, 'dynamodb'), log }),
      startS3({ port: s3Port, directory: dataDir && join(dataDir, 's3'), buckets: [LOCAL.filesBucket], log }),
      startCognito({
        port: cognitoPort,
        directory: dataDir && join(dataDir, 'cognito'),
        issuerDomain: cognitoEndpoint,
        outboxDir: outbox.path,
        log,
      }),
    ]);
    const [dynamo, s3, cognito] = emulators;

    const env: Record<string, string> = {
      STAGE: LOCAL.stage,
      AWS_REGION: LOCAL.region,
      AWS_ACCESS_KEY_ID: LOCAL.accessKeyId,
      AWS_SECRET_ACCESS_KEY: presignSecret,
      TABLE_NAME: LOCAL.tableName,
      FILES_BUCKET: LOCAL.filesBucket,
      USER_POOL_ID: LOCAL.userPoolId,
      USER_POOL_CLIENT_ID: LOCAL.userPoolClientId,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      // The browser opens presigned URLs on the app's port, which checks them before asking s3rver.
      S3_PUBLIC_ENDPOINT: `${url}${FILES_PATH}`,
      COGNITO_ENDPOINT: `${internalUrl}${COGNITO_PATH}`,
      COGNITO_PUBLIC_ENDPOINT: cognitoEndpoint,
      OUTBOX_DIR: outbox.path,
      SITE_URL: siteUrl(host, port),
      WEBSOCKET_CALLBACK_URL: internalUrl,
      STEP_FUNCTIONS_ENDPOINT: `${internalUrl}${STATES_PATH}`,
      ...Object.fromEntries(workflows.map((spec) => [workflowArnVariable(spec.name), localStateMachineArn(spec.name)])),
      // Powertools (functions/core/observability.ts): log lines indented for reading, no metrics
      // (EMF would only clutter the terminal), no traces. LOG_LEVEL is left to the caller.
      POWERTOOLS_DEV: process.env.POWERTOOLS_DEV ?? 'true',
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
    };
    // Before any handler module loads: handlers read the environment once, through config().
    Object.assign(process.env, env);
    // Many requests run at once in this process: each keeps its log keys and metrics to itself.
    await useInvocationScopes();
    resetConfig();

    server = await startServer({
      port,
      host,
      internalPort,
      handlers: options.handlers ?? functionsFolder(FUNCTIONS_DIR),
      workflows: executor,
      verifier: createIdTokenVerifier({
        jwksUrl: cognito.jwksUrl,
        issuer: `${cognitoEndpoint}/${LOCAL.userPoolId}`,
        audience: LOCAL.userPoolClientId,
      }),
      cognitoUrl: cognito.url,
      userPoolId: LOCAL.userPoolId,
      cognitoPoolFile: cognito.poolFile,
      signInLockout: options.signInLockout,
      s3Url: s3.endpoint,
      buckets: [LOCAL.filesBucket],
      presignKey: { accessKeyId: LOCAL.accessKeyId, secretAccessKey: presignSecret, region: LOCAL.region },
      webDistDir: options.webDistDir ?? WEB_DIST_DIR,
      filesEndpoint: env.S3_PUBLIC_ENDPOINT,
      gateway: { accountId: LOCAL.accountId, apiId: LOCAL.apiId },
      region: LOCAL.region,
      log,
    });

    await provision(
      {
        region: LOCAL.region,
        credentials: { accessKeyId: LOCAL.accessKeyId, secretAccessKey: LOCAL.secretAccessKey },
        dynamodbEndpoint: dynamo.endpoint,
        s3Endpoint: s3.endpoint,
        tableName: LOCAL.tableName,
        buckets: [LOCAL.filesBucket],
      },
      log,
    );
    if (options.seed) {
      // Loaded only now: seeding code may read the environment as soon as it is imported.
      const { seedDemoData } = await import('./seed.ts');
      await seedDemoData({ log, life: options.seed === 'life' });
    }
    if (options.notifications ?? options.handlers === undefined) notifications = startLocalNotifications(log);
    log(`Local runtime ready on ${url}${dataDir ? ` (data in ${dataDir})` : ' (in memory)'}`);
    return {
      url,
      env,
      internalUrl,
      emulators: { dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: cognito.url },
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
