import { Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { createLogsBucket } from '../data/logs-bucket.ts';
import type { StageConfig } from '../stage-config.ts';
import { HttpApiGateway } from './http-api.ts';
import { createSiteDistribution } from './site-distribution.ts';

export interface EdgeStackProps extends StackProps {
  stage: StageConfig;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

/**
 * What the browser reaches: CloudFront, the private bucket behind it, and the HTTP API gateway
 * (without its routes). Kept ahead of the data and API stacks so that they can name the site's URL
 * (CORS, links in mail) while CloudFront names the API's domain, without a cycle between stacks.
 */
export class EdgeStack extends Stack {
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;
  readonly gateway: HttpApiGateway;
  /** `https://<distribution>.cloudfront.net` */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const logs = createLogsBucket(this, 'AccessLogs', stage, { acceptsAclWrites: true });
    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.retainData,
    });
    this.gateway = new HttpApiGateway(this, 'HttpApi', {
      stage,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
    });
    this.distribution = createSiteDistribution(this, {
      siteBucket: this.siteBucket,
      apiDomainName: this.gateway.domainName,
      logBucket: logs,
    });
    this.siteUrl = `https://${this.distribution.distributionDomainName}`;
  }
}
