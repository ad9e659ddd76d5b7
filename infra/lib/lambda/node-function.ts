import { posix } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../../functions/core/metric-names.ts';
import { acknowledge } from '../nag/acknowledge.ts';
import { allowFindings } from '../nag/allow-findings.ts';
import { LOCK_FILE, REPO_ROOT } from '../paths.ts';
import type { StageConfig } from '../stage-config.ts';

export interface NodeFunctionProps {
  /** Absolute path of the TypeScript entry. */
  entry: string;
  /** Exported handler name; `handler` unless given. */
  handler?: string;
  description: string;
  environment: Record<string, string>;
  stage: StageConfig;
  /** At most this many at once (and as many kept for it): the workflow tasks' cap. */
  reservedConcurrency?: number;
  /** Where Lambda puts an asynchronous invocation that failed every retry. */
  deadLetterQueue?: IQueue;
  /** Files copied into the function's asset after bundling (read at run time, e.g. a PDF font). */
  bundledFiles?: readonly BundledFile[];
}

/** A file the asset carries beside the bundle: `from` relative to the repo root, `to` relative to the asset. */
export interface BundledFile {
  from: string;
  to: string;
}

/**
 * The shell commands that copy `files` into the asset being built (`outputDir`), from the project
 * root esbuild bundles from (`inputDir`).
 */
export function copyCommands(files: readonly BundledFile[], inputDir: string, outputDir: string): string[] {
  return files.flatMap((file) => {
    const target = posix.join(outputDir, file.to);
    return [`mkdir -p "${posix.dirname(target)}"`, `cp "${posix.join(inputDir, file.from)}" "${target}"`];
  });
}

/**
 * ESM output still meets CommonJS dependencies that call `require` (exceljs, parts of the AWS SDK);
 * this gives them one.
 */
const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * What Powertools reads (functions/core/observability.ts): the service name on every log line and
 * metric, the metrics' namespace. Tracing follows the function's X-Ray setting.
 */
export const POWERTOOLS_ENVIRONMENT = {
  POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
  POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
};

/**
 * Every Lambda in the app: Node 22 on arm64, bundled by the local esbuild into one ESM file, with
 * its own log group (kept for the stage's retention) and a role that may write only to that log
 * group (rather than the AWS managed basic execution policy, which allows writing to any log group).
 * Grants add to the same role. X-Ray active tracing is on: Powertools' Tracer records the handler
 * and each AWS SDK call under the function's trace.
 */
export function nodeFunction(scope: Construct, id: string, props: NodeFunctionProps): NodejsFunction {
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: props.stage.logRetention,
    removalPolicy: props.stage.removalPolicy,
  });
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `Runs ${props.description}`,
  });
  role.addToPolicy(
    new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
  );

  const fn = new NodejsFunction(scope, id, {
    entry: props.entry,
    handler: props.handler ?? 'handler',
    description: props.description,
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    // Just under API Gateway's 30 s integration limit, so a slow call ends as our error, not a 503.
    timeout: Duration.seconds(29),
    role,
    logGroup,
    tracing: Tracing.ACTIVE,
    reservedConcurrentExecutions: props.reservedConcurrency,
    deadLetterQueue: props.deadLetterQueue,
    projectRoot: REPO_ROOT,
    depsLockFilePath: LOCK_FILE,
    environment: { ...props.environment, ...POWERTOOLS_ENVIRONMENT, NODE_OPTIONS: '--enable-source-maps' },
    bundling: {
      format: OutputFormat.ESM,
      target: 'node22',
      mainFields: ['module', 'main'],
      banner: ESM_REQUIRE_BANNER,
      minify: true,
      sourceMap: true,
      sourcesContent: false,
      // The pinned SDK versions in functions/package.json are the ones tested; the runtime's copy may differ.
      bundleAwsSDK: true,
      forceDockerBundling: false,
      ...(props.bundledFiles?.length
        ? {
            commandHooks: {
              beforeBundling: () => [],
              beforeInstall: () => [],
              afterBundling: (inputDir: string, outputDir: string) =>
                copyCommands(props.bundledFiles ?? [], inputDir, outputDir),
            },
          }
        : {}),
    },
  });
  allowFindings(role, [
    {
      rule: 'AwsSolutions-IAM5',
      finding: /^Resource::\*$/,
      reason: 'X-Ray active tracing: PutTraceSegments and PutTelemetryRecords accept no resource narrower than "*".',
    },
  ]);
  acknowledge(
    fn,
    'AwsSolutions-L1',
    'Node.js 22 is the runtime the project pins (DESIGN.md section 8); the code and its tests target it, and moving to a newer runtime is a deliberate upgrade.',
  );
  return fn;
}
