import { Duration } from 'aws-cdk-lib';
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

/** Uploads (logos, imports, payroll files) and generated reports; reached only through presigned URLs. */
export function createFilesBucket(scope: Construct, props: FilesBucketProps): Bucket {
  const { stage } = props;
  return new Bucket(scope, 'FilesBucket', {
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
      ...(stage.noncurrentFileVersionExpiry ? [{ noncurrentVersionExpiration: stage.noncurrentFileVersionExpiry }] : []),
    ],
    removalPolicy: stage.removalPolicy,
    autoDeleteObjects: !stage.retainData,
  });
}
