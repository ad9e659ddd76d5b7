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
  /** s3rver only accepts signatures made with this key pair; the other emulators accept any. */
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
} as const;

/** Where the browser and handlers reach the Cognito proxy on the local server. */
export const COGNITO_PATH = '/cognito';
export const WEBSOCKET_PATH = '/ws';
/** The Step Functions API (JSON protocol) for `@aws-sdk/client-sfn`; STEP_FUNCTIONS_ENDPOINT points here. */
export const STATES_PATH = '/_local/states';
