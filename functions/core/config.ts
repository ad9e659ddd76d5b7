/**
 * The one place that reads the environment. Handlers never know whether they run in Lambda or in
 * the local runtime: only these endpoints and names differ.
 */
export interface Config {
  stage: string;
  region: string;
  tableName: string;
  filesBucket: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only locally: DynamoDB Local, s3rver, cognito-local. */
  dynamodbEndpoint?: string;
  s3Endpoint?: string;
  /** The endpoint browsers use to reach S3 (presigned URLs); defaults to s3Endpoint. */
  s3PublicEndpoint?: string;
  cognitoEndpoint?: string;
  /** The endpoint browsers use to reach Cognito, which tokens name as their issuer; defaults to cognitoEndpoint. */
  cognitoPublicEndpoint?: string;
  /** Step Functions: the local runtime's executor endpoint, or unset for AWS. */
  stepFunctionsEndpoint?: string;
  /** Local mail goes to files in this folder instead of SES. */
  outboxDir?: string;
  /** Public URL of the web app, for links in mail. */
  siteUrl: string;
  /** The verified SES sender for mail in the cloud. */
  mailFrom: string;
  /** The chat WebSocket API's @connections endpoint, for pushing to open connections. */
  websocketCallbackUrl?: string;
  /** The value CloudFront sends in the origin-verify header (origin-verify.ts); unset locally. */
  originVerifySecret?: string;
  /** The key page cursors are signed with (core/cursor.ts); unset locally, where each process makes one. */
  cursorKey?: string;
}

function optional(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

function required(name: string, fallback?: string): string {
  const value = optional(name) ?? fallback;
  if (value === undefined) {
    throw new Error(`The environment variable ${name} is not set.`);
  }
  return value;
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= {
    stage: required('STAGE', 'local'),
    region: required('AWS_REGION', 'eu-west-1'),
    tableName: required('TABLE_NAME'),
    filesBucket: required('FILES_BUCKET'),
    userPoolId: required('USER_POOL_ID'),
    userPoolClientId: required('USER_POOL_CLIENT_ID'),
    dynamodbEndpoint: optional('DYNAMODB_ENDPOINT'),
    s3Endpoint: optional('S3_ENDPOINT'),
    s3PublicEndpoint: optional('S3_PUBLIC_ENDPOINT') ?? optional('S3_ENDPOINT'),
    cognitoEndpoint: optional('COGNITO_ENDPOINT'),
    cognitoPublicEndpoint: optional('COGNITO_PUBLIC_ENDPOINT') ?? optional('COGNITO_ENDPOINT'),
    stepFunctionsEndpoint: optional('STEP_FUNCTIONS_ENDPOINT'),
    outboxDir: optional('OUTBOX_DIR'),
    siteUrl: required('SITE_URL', 'http://localhost:3000'),
    mailFrom: required('MAIL_FROM', 'CoopLedger <no-reply@coopledger.example>'),
    websocketCallbackUrl: optional('WEBSOCKET_CALLBACK_URL'),
    originVerifySecret: optional('ORIGIN_VERIFY_SECRET'),
    cursorKey: optional('CURSOR_KEY'),
  };
  return cached;
}

/** For the local runtime and tests, which set the environment after modules load. */
export function resetConfig(): void {
  cached = undefined;
}
