import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.ts';

export interface LogsBucketOptions {
  /** CloudFront standard logging writes with ACLs, so its target must accept them. */
  acceptsAclWrites?: boolean;
}

/** Where S3 server access logs (and CloudFront logs) go; kept per stack so no stack writes into another's bucket. */
export function createLogsBucket(
  scope: Construct,
  id: string,
  stage: StageConfig,
  options: LogsBucketOptions = {},
): Bucket {
  return new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    objectOwnership: options.acceptsAclWrites ? ObjectOwnership.OBJECT_WRITER : ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ expiration: stage.retainData ? Duration.days(365) : Duration.days(30) }],
    removalPolicy: stage.removalPolicy,
    autoDeleteObjects: !stage.retainData,
  });
}
