import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { StageConfig } from '../stage-config.ts';

/** The resources every function is configured with (functions/core/config.ts requires them all). */
export interface AppResources {
  stage: StageConfig;
  table: ITable;
  filesBucket: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  siteUrl: string;
}

/** The variables functions/core/config.ts reads. AWS_REGION is set by Lambda itself. */
export function baseEnvironment(resources: AppResources): Record<string, string> {
  return {
    STAGE: resources.stage.name,
    TABLE_NAME: resources.table.tableName,
    FILES_BUCKET: resources.filesBucket.bucketName,
    USER_POOL_ID: resources.userPool.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClient.userPoolClientId,
    SITE_URL: resources.siteUrl,
  };
}
