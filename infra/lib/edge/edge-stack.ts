import { Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { filesBucketHost } from '../data/files-bucket.ts';
import { createLogsBucket } from '../data/logs-bucket.ts';
import type { StageConfig } from '../stage-config.ts';
import { HttpApiGateway } from './http-api.ts';
import type { CspSources } from './security-headers.ts';
import { createSiteDistribution } from './site-distribution.ts';
import { createWebAcl, USER_POOL_RATE_RULES } from './web-acl.ts';

export interface EdgeStackProps extends StackProps {
  stage: StageConfig;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** The ARN of the CloudFront web ACL, from the Firewall stack in us-east-1. */
  siteWebAclArn: string;
}

/**
 * What the browser reaches: CloudFront, the private bucket behind it, the HTTP API gateway (without
 * its routes), the chat WebSocket API (without its routes) and the user pool's web ACL. Kept ahead
 * of the data, chat and API stacks so that they can name the site's URL (CORS, links in mail) while
 * CloudFront names the APIs' hosts (origin, Content-Security-Policy), without a cycle between stacks.
 */
export class EdgeStack extends Stack {
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;
  readonly gateway: HttpApiGateway;
  /** The chat API; its routes, function and stage are the Chat stack's. */
  readonly chatApi: WebSocketApi;
  /** `https://<distribution>.cloudfront.net` */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
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
    this.chatApi = new WebSocketApi(this, 'ChatApi', {
      apiName: `coopledger-${stage.name}-chat`,
      description: `CoopLedger ${stage.name} chat`,
    });

    // Amplify signs in against the user pool's regional endpoint; the chat opens a WebSocket to its
    // API; logos, templates and documents are presigned URLs of the files bucket.
    const region = Stack.of(props.userPool).region;
    const csp: CspSources = {
      connect: [
        `https://cognito-idp.${region}.amazonaws.com`,
        `wss://${this.chatApi.apiId}.execute-api.${this.region}.amazonaws.com`,
      ],
      images: [`https://${filesBucketHost(stage)}`],
    };
    this.distribution = createSiteDistribution(this, {
      siteBucket: this.siteBucket,
      apiDomainName: this.gateway.domainName,
      apiOriginHeaders: this.gateway.originHeaders(),
      logBucket: logs,
      csp,
      webAclArn: props.siteWebAclArn,
    });
    this.siteUrl = `https://${this.distribution.distributionDomainName}`;

    // The browser signs in and refreshes against Cognito directly, not through CloudFront.
    const userPoolWebAcl = createWebAcl(this, 'UserPoolWebAcl', {
      scope: 'REGIONAL',
      name: `coopledger-${stage.name}-user-pool`,
      description: `CoopLedger ${stage.name}: calls to the Cognito user pool`,
      rateRules: USER_POOL_RATE_RULES,
      allowLargeBodies: false,
    });
    new CfnWebACLAssociation(this, 'UserPoolWebAclAssociation', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: userPoolWebAcl.attrArn,
    });
  }
}
