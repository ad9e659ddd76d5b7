import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  DeleteBucketCorsCommand,
  HeadBucketCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { TABLE_SCHEMA } from '../../functions/core/table-schema.ts';

export interface ProvisionTarget {
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  dynamodbEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  buckets: readonly string[];
}

type Log = (line: string) => void;

const keyAttributes = [
  TABLE_SCHEMA.partitionKey,
  TABLE_SCHEMA.sortKey,
  ...TABLE_SCHEMA.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];

const globalIndexes: GlobalSecondaryIndex[] = TABLE_SCHEMA.globalIndexes.map((index) => ({
  IndexName: index.indexName,
  KeySchema: [
    { AttributeName: index.partitionKey, KeyType: 'HASH' },
    { AttributeName: index.sortKey, KeyType: 'RANGE' },
  ],
  Projection: { ProjectionType: 'ALL' },
}));

const attributeDefinitions: AttributeDefinition[] = keyAttributes.map((name) => ({
  AttributeName: name,
  AttributeType: 'S',
}));

async function describeTable(db: DynamoDBClient, tableName: string): Promise<TableDescription | undefined> {
  try {
    return (await db.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/** Creates the single table from TABLE_SCHEMA, or adds indexes a kept table lacks (data survives). */
async function ensureTable(db: DynamoDBClient, tableName: string, log: Log): Promise<void> {
  const existing = await describeTable(db, tableName);
  if (!existing) {
    await db.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions,
        KeySchema: [
          { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: globalIndexes,
      }),
    );
    await waitUntilTableExists({ client: db, maxWaitTime: 30 }, { TableName: tableName });
    log(`Created table ${tableName}`);
  } else {
    const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    // DynamoDB takes one index creation per UpdateTable call.
    for (const index of globalIndexes.filter((candidate) => !present.has(candidate.IndexName))) {
      await db.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: attributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: index }],
        }),
      );
      log(`Added index ${index.IndexName} to ${tableName}`);
    }
  }

  const ttl = await db.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await db.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
      }),
    );
  }
}

function isMissing(error: unknown, ...names: string[]): boolean {
  return error instanceof S3ServiceException && (names.includes(error.name) || error.$metadata.httpStatusCode === 404);
}

async function ensureBucket(s3: S3Client, bucket: string, log: Log): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (!isMissing(error, 'NotFound', 'NoSuchBucket')) throw error;
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    log(`Created bucket ${bucket}`);
  }
  // Browsers never talk to s3rver (files reach them through the server's checked `/s3`), so its
  // buckets answer no origin's CORS; a configuration an earlier version stored under .data/ goes.
  await s3.send(new DeleteBucketCorsCommand({ Bucket: bucket }));
}

/** Creates whatever is missing (table with both indexes and TTL, buckets without CORS); safe to repeat. */
export async function provision(target: ProvisionTarget, log: Log = () => undefined): Promise<void> {
  const db = new DynamoDBClient({
    region: target.region,
    endpoint: target.dynamodbEndpoint,
    credentials: target.credentials,
  });
  const s3 = new S3Client({
    region: target.region,
    endpoint: target.s3Endpoint,
    credentials: target.credentials,
    forcePathStyle: true,
  });
  try {
    await Promise.all([
      ensureTable(db, target.tableName, log),
      ...target.buckets.map((bucket) => ensureBucket(s3, bucket, log)),
    ]);
  } finally {
    db.destroy();
    s3.destroy();
  }
}
