import { Aws, Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.ts';

export interface FilesBucketProps {
  stage: StageConfig;
  /** Browser origins that PUT and GET objects through presigned URLs. */
  allowedOrigins: string[];
  accessLogs: IBucket;
}

/**
 * The files bucket's name, fixed per stage, account and region: the site's Content-Security-Policy
 * (Edge stack) names the bucket's host while the bucket's CORS names the site, and a name known in
 * advance is what lets both stacks say so without a cycle between them.
 */
export function filesBucketName(stage: StageConfig): string {
  return `coopledger-${stage.name}-files-${Aws.ACCOUNT_ID}-${stage.region}`;
}

/** The host of the presigned URLs the functions hand to browsers (virtual-hosted style, regional). */
export function filesBucketHost(stage: StageConfig): string {
  return `${filesBucketName(stage)}.s3.${stage.region}.amazonaws.com`;
}

/** Uploads (logos, imports, payroll files) and generated reports; reached only through presigned URLs. */
export function createFilesBucket(scope: Construct, props: FilesBucketProps): Bucket {
  const { stage } = props;
  return new Bucket(scope, 'FilesBucket', {
    bucketName: filesBucketName(stage),
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    versioned: stage.retainData,
    serverAccessLogsBucket: props.accessLogs,
    serverAccessLogsPrefix: 'files/',
    cors: [
      {
        allowedOrigins: props.allowedOrigins,
        allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.HEAD],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      },
    ],
    lifecycleRules: [
      { abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ...(stage.noncurrentFileVersionExpiry
        ? [{ noncurrentVersionExpiration: stage.noncurrentFileVersionExpiry }]
        : []),
    ],
    removalPolicy: stage.removalPolicy,
    autoDeleteObjects: !stage.retainData,
  });
}
