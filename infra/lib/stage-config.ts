import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export const STAGES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGES)[number];

/** API Gateway's token bucket: requests per second, and how many may come at once. */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/** Everything that differs between stages, decided once here so constructs never test the stage name. */
export interface StageConfig {
  name: StageName;
  /** Stack name prefix, `CoopLedger-<stage>-`. */
  prefix: string;
  /**
   * The region every stack but the CloudFront firewall deploys to (that one is in us-east-1, where
   * CloudFront's web ACLs live). Named rather than left to the CLI because the firewall's web ACL
   * reaches the Edge stack as a cross-region reference, which needs both regions known at synth.
   */
  region: string;
  /** Whether stateful resources (table, buckets, user pool, logs) must survive a stack deletion. */
  retainData: boolean;
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /**
   * Origins besides the CloudFront site that may call the HTTP API and the files bucket from a
   * browser: the Vite dev server against a deployed dev stage. The site itself reaches the API on its
   * own origin through CloudFront, so it needs no CORS on the API.
   */
  extraBrowserOrigins: string[];
  /** Steady-state requests per second and burst for the HTTP API stage, a cost guard. */
  apiThrottle: Throttle;
  /**
   * The tighter limit of each route anyone may call without signing in and that costs or sends
   * something: sign-in, password reset, the public registration form (infra/lib/api/api-stage.ts).
   */
  sensitiveRouteThrottle: Throttle;
  /**
   * Reserved concurrency of each workflow task function: at most this many run at once, so a payroll
   * or an import cannot take the account's concurrency from the API functions. At least the largest
   * Map concurrency of the workflows (8), or chunks queue up on throttling retries.
   */
  workflowTaskConcurrency: number;
  /**
   * Chunks of a member import written at once (the Map's MaxConcurrency). Each new member is one
   * AdminCreateUser call, in Cognito's UserCreation category (a default of about 50 requests per
   * second per account and region, shared by every user pool): a chunk writes its rows one after
   * another at about 10 a second in AWS, so 4 chunks stay near 40 a second, and a throttled chunk is
   * retried with backoff (infra/lib/workflows/registry.ts THROTTLE_RETRY). At most
   * `workflowTaskConcurrency`.
   */
  memberImportConcurrency: number;
  /** Where alarms are e-mailed (the SNS topic's subscription); none when unset. `-c alarmEmail=` overrides. */
  alarmEmail?: string;
  /** How long superseded versions of uploaded files are kept. */
  noncurrentFileVersionExpiry?: Duration;
}

/** Near the users in Nigeria with every service the app uses; the local runtime plays the same region. */
const DEFAULT_REGION = 'eu-west-1';

const CONFIGS: Record<StageName, Omit<StageConfig, 'name' | 'prefix' | 'region'>> = {
  dev: {
    retainData: false,
    removalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.TWO_WEEKS,
    extraBrowserOrigins: ['http://localhost:3000', 'http://localhost:5173'],
    apiThrottle: { rateLimit: 50, burstLimit: 100 },
    sensitiveRouteThrottle: { rateLimit: 5, burstLimit: 10 },
    workflowTaskConcurrency: 8,
    memberImportConcurrency: 4,
  },
  prod: {
    retainData: true,
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.ONE_YEAR,
    extraBrowserOrigins: [],
    apiThrottle: { rateLimit: 500, burstLimit: 1000 },
    sensitiveRouteThrottle: { rateLimit: 25, burstLimit: 50 },
    workflowTaskConcurrency: 10,
    memberImportConcurrency: 4,
    noncurrentFileVersionExpiry: Duration.days(90),
  },
};

function isStageName(value: unknown): value is StageName {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

export function stageConfig(name: StageName, region: string = DEFAULT_REGION): StageConfig {
  return { name, prefix: `CoopLedger-${name}-`, region, ...CONFIGS[name] };
}

const REGION_FORMAT = /^[a-z]{2}(-[a-z]+)+-\d$/;
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads `-c stage=dev|prod` (default dev) and refuses anything else, so a typo never deploys a new
 * stage; `-c region=<aws region>` moves the stage from its default region.
 */
export function stageFromContext(scope: Construct): StageConfig {
  const raw: unknown = scope.node.tryGetContext('stage') ?? 'dev';
  if (!isStageName(raw)) {
    throw new Error(`Unknown stage "${String(raw)}": use -c stage=${STAGES.join('|')}.`);
  }
  const region: unknown = scope.node.tryGetContext('region') ?? DEFAULT_REGION;
  if (typeof region !== 'string' || !REGION_FORMAT.test(region)) {
    throw new Error(`Unknown region "${String(region)}": use -c region=<an AWS region such as ${DEFAULT_REGION}>.`);
  }
  const alarmEmail: unknown = scope.node.tryGetContext('alarmEmail');
  if (alarmEmail !== undefined && (typeof alarmEmail !== 'string' || !EMAIL_FORMAT.test(alarmEmail))) {
    throw new Error(`Not an e-mail address for alarms: ${JSON.stringify(alarmEmail)}.`);
  }
  const config = stageConfig(raw, region);
  return alarmEmail === undefined ? config : { ...config, alarmEmail };
}
