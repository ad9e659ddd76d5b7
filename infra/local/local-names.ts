/**
 * Names of the local stand-ins for cloud resources. They are fixed, not generated, so that data
 * kept under `.data/` and tokens held by a browser stay valid from one run to the next.
 */
export const LOCAL = {
  stage: 'local',
  region: 'eu-west-1',
  /** API Gateway puts the account and API ids in every event; these are obviously fake. */
  accountId: '000000000000',
  apiId: 'c00pledgr0',
  tableName: 'coopledger-local',
  filesBucket: 'coopledger-local-files',
  /** The real format is `<region>_` + 9 alphanumerics; Amplify derives the region from it. */
  userPoolId: 'eu-west-1_C00pLedgr',
  /** Real app client ids are 26 lower-case alphanumerics. */
  userPoolClientId: 'c00pledger10ca1web0c1ient0',
  /**
   * s3rver only accepts this access key; it ignores V4 signatures, so the secret it is given does
   * not matter to it. The runtime's own secret, which presigned URLs are signed with, is made at
   * start (runtime.ts).
   */
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
} as const;

/** Where the browser (app's port) and the functions (internal port) reach the Cognito proxies. */
export const COGNITO_PATH = '/cognito';
/** Where browsers open presigned URLs on the app's port; S3_PUBLIC_ENDPOINT points here. */
export const FILES_PATH = '/s3';
export const WEBSOCKET_PATH = '/ws';
/**
 * The Step Functions API (JSON protocol) for `@aws-sdk/client-sfn`, on the internal port; STEP_FUNCTIONS_ENDPOINT
 * points here.
 */
export const STATES_PATH = '/_local/states';
