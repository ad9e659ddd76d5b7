import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { SiteStack } from '../../infra/lib/site/site-stack.ts';
import { stageConfig } from '../../infra/lib/stage-config.ts';

describe('the site stack without a web build', () => {
  // Prepare
  const app = new App({ context: { 'aws:cdk:disable-asset-staging': true } });
  const shared = new Stack(app, 'Shared');
  const site = new SiteStack(app, 'Site', {
    stage: stageConfig('dev'),
    siteBucket: new Bucket(shared, 'Bucket'),
    distribution: Distribution.fromDistributionAttributes(shared, 'Distribution', {
      distributionId: 'E123',
      domainName: 'd123.cloudfront.net',
    }),
    userPool: UserPool.fromUserPoolId(shared, 'Pool', 'eu-west-1_abc'),
    userPoolClient: UserPoolClient.fromUserPoolClientId(shared, 'Client', 'client'),
    webSocketUrl: 'wss://chat.example.org/dev',
    webDist: '/nonexistent/web/dist',
  });

  it('still deploys config.json, and warns that the build is missing', () => {
    // Act
    const template = Template.fromStack(site);
    // Assess
    template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    Annotations.fromStack(site).hasWarning('*', Match.stringLikeRegexp('npm run build:web'));
    expect(site.resolve(site.webConfig)).toMatchObject({
      userPoolId: 'eu-west-1_abc',
      websocketUrl: 'wss://chat.example.org/dev',
    });
  });
});
