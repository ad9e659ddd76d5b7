import { Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag/acknowledge.ts';
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
}

/**
 * ESM output still meets CommonJS dependencies that call `require` (exceljs, parts of the AWS SDK);
 * this gives them one.
 */
const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * Every Lambda in the app: Node 22 on arm64, bundled by the local esbuild into one ESM file, with
 * its own log group and a role that may write only to that log group (rather than the AWS managed
 * basic execution policy, which allows writing to any log group). Grants add to the same role.
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
    projectRoot: REPO_ROOT,
    depsLockFilePath: LOCK_FILE,
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
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
    },
  });
  acknowledge(
    fn,
    'AwsSolutions-L1',
    'Node.js 22 is the runtime the project pins (DESIGN.md section 8); the code and its tests target it, and moving to a newer runtime is a deliberate upgrade.',
  );
  return fn;
}
