import { existsSync } from 'node:fs';
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISource } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { API_BASE } from '@coopledger/shared/routes';
import { acknowledge } from '../nag/acknowledge.ts';
import { allowFindings } from '../nag/allow-findings.ts';
import { WEB_DIST } from '../paths.ts';
import type { StageConfig } from '../stage-config.ts';

export interface SiteStackProps extends StackProps {
  stage: StageConfig;
  siteBucket: IBucket;
  distribution: IDistribution;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  webSocketUrl: string;
  /** The Vite build to publish; web/dist unless given. */
  webDist?: string;
}

/** The web app's runtime configuration, read by the app at start (the build itself is stage-agnostic). */
export interface WebConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  apiBase: string;
  stage: string;
  /** Spelled as the web app reads it (web/src/auth/runtime-config.ts). */
  websocketUrl: string;
}

/**
 * Publishes the Vite build and a generated config.json to the site bucket. Last in the chain: the
 * config names resources of every other stack. Files are never pruned: a browser still holding
 * the previous index.html can fetch the hashed assets it references.
 */
export class SiteStack extends Stack {
  readonly webConfig: WebConfig;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const config: WebConfig = {
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      apiBase: API_BASE,
      stage: props.stage.name,
      websocketUrl: props.webSocketUrl,
    };
    this.webConfig = config;
    const webDist = props.webDist ?? WEB_DIST;
    const hasBuild = existsSync(webDist);
    if (!hasBuild) {
      Annotations.of(this).addWarningV2(
        'coopledger:web-dist-missing',
        `${webDist} does not exist, so only config.json is deployed; run \`npm run build:web\` before deploying the site.`,
      );
    }

    // Hashed assets never change under their name; index.html and config.json must be re-read.
    const assets = hasBuild
      ? new BucketDeployment(this, 'Assets', {
          sources: [Source.asset(webDist, { exclude: ['index.html', 'config.json'] })],
          destinationBucket: props.siteBucket,
          prune: false,
          cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
        })
      : undefined;
    const entrySources: ISource[] = [Source.jsonData('config.json', config)];
    if (hasBuild) {
      entrySources.push(Source.asset(webDist, { exclude: ['*', '!index.html'] }));
    }
    const entry = new BucketDeployment(this, 'Entry', {
      sources: entrySources,
      destinationBucket: props.siteBucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/index.html', '/config.json'],
    });
    if (assets) {
      entry.node.addDependency(assets);
    }
    this.acknowledgeDeploymentHandler();
  }

  /** The deployment handler is CDK's own Lambda; its runtime and policies are chosen by CDK. */
  private acknowledgeDeploymentHandler(): void {
    acknowledge(
      this,
      'AwsSolutions-L1',
      "The only functions in this stack are CDK's BucketDeployment handlers, whose runtime CDK pins.",
    );
    allowFindings(this, [
      {
        rule: 'AwsSolutions-IAM4',
        finding: /AWSLambdaBasicExecutionRole$/,
        reason: "CDK's BucketDeployment handler writes its logs with the AWS managed basic execution policy.",
      },
      {
        rule: 'AwsSolutions-IAM5',
        finding: /^(Action::s3:[A-Za-z]+\*|Resource::.+\/\*|Resource::\*)$/,
        reason:
          "CDK's BucketDeployment handler copies the build from the CDK asset bucket into the site bucket (object wildcards) and invalidates the distribution.",
      },
    ]);
  }
}
