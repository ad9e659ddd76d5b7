import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';
import { tracer } from './observability.ts';

/**
 * AWS clients, created once per process and shared by every handler. Locally the endpoints point at
 * the emulators; in Lambda they are unset and the SDK uses the regional services. With tracing on
 * (in Lambda) each call is an X-Ray subsegment (`tracer.captureAWSv3Client`, functions/core/observability.ts);
 * elsewhere the client is returned as it is.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let presignS3Client: S3Client | undefined;
let cognitoClient: CognitoIdentityProviderClient | undefined;
let sfnClient: SFNClient | undefined;
let connectionsClient: ApiGatewayManagementApiClient | undefined;

const localCredentials = () =>
  process.env.AWS_ACCESS_KEY_ID ? undefined : { accessKeyId: 'local', secretAccessKey: 'local' };

export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { region, dynamodbEndpoint } = config();
    const base = tracer.captureAWSv3Client(
      new DynamoDBClient({
        region,
        endpoint: dynamodbEndpoint,
        credentials: dynamodbEndpoint ? localCredentials() : undefined,
        maxAttempts: 3,
      }),
    );
    documentClient = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

function makeS3(
  endpoint: string | undefined,
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined,
): S3Client {
  const { region } = config();
  return tracer.captureAWSv3Client(
    new S3Client({ region, endpoint, forcePathStyle: endpoint !== undefined, credentials }),
  );
}

/** Locally s3rver itself, which knows one access key. */
export function s3(): S3Client {
  const { s3Endpoint } = config();
  s3Client ??= makeS3(s3Endpoint, s3Endpoint ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } : undefined);
  return s3Client;
}

/**
 * Presigned URLs are opened by browsers, which may reach S3 by another address than the functions.
 * Locally they are signed with the runtime's key from the environment, which the local server checks.
 */
export function s3ForPresigning(): S3Client {
  const { s3PublicEndpoint } = config();
  presignS3Client ??= makeS3(s3PublicEndpoint, s3PublicEndpoint ? localCredentials() : undefined);
  return presignS3Client;
}

export function cognito(): CognitoIdentityProviderClient {
  if (!cognitoClient) {
    const { region, cognitoEndpoint } = config();
    cognitoClient = tracer.captureAWSv3Client(
      new CognitoIdentityProviderClient({
        region,
        endpoint: cognitoEndpoint,
        credentials: cognitoEndpoint ? localCredentials() : undefined,
      }),
    );
  }
  return cognitoClient;
}

/** Step Functions; locally the runtime's executor, which runs the same definitions in process. */
export function sfn(): SFNClient {
  if (!sfnClient) {
    const { region, stepFunctionsEndpoint } = config();
    sfnClient = tracer.captureAWSv3Client(
      new SFNClient({
        region,
        endpoint: stepFunctionsEndpoint,
        credentials: stepFunctionsEndpoint ? localCredentials() : undefined,
      }),
    );
  }
  return sfnClient;
}

/** For the local runtime and tests, which point the clients at new emulators. */
export function resetClients(): void {
  documentClient = undefined;
  s3Client = undefined;
  presignS3Client = undefined;
  cognitoClient = undefined;
  sfnClient = undefined;
  connectionsClient = undefined;
}

/** The chat WebSocket API's connections (PostToConnection), or undefined where none is configured. */
export function websocketConnections(): ApiGatewayManagementApiClient | undefined {
  const { region, websocketCallbackUrl } = config();
  if (!websocketCallbackUrl) return undefined;
  connectionsClient ??= new ApiGatewayManagementApiClient({
    region,
    endpoint: websocketCallbackUrl,
    credentials: config().dynamodbEndpoint ? localCredentials() : undefined,
  });
  return connectionsClient;
}
