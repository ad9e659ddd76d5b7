import { Duration, Fn, Stack } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_BASE } from '@coopledger/shared/routes';
import type { StageConfig } from '../stage-config.ts';
import { HTTP_ACCESS_LOG } from './access-log.ts';

export interface HttpApiGatewayProps {
  stage: StageConfig;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

/**
 * The HTTP API itself, its `$default` stage and the Cognito JWT authorizer. Routes are added by the
 * Api stack; this lives with CloudFront because the distribution needs the API's domain while the
 * functions behind the routes need the site's URL.
 */
export class HttpApiGateway extends Construct {
  readonly api: HttpApi;
  readonly authorizer: IHttpRouteAuthorizer;
  /** `<id>.execute-api.<region>.amazonaws.com`, the CloudFront origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: HttpApiGatewayProps) {
    super(scope, id);
    const { stage } = props;
    const origins = stage.extraBrowserOrigins;
    this.api = new HttpApi(this, 'Api', {
      apiName: `coopledger-${stage.name}`,
      description: `CoopLedger ${stage.name} API, routes under ${API_BASE}`,
      createDefaultStage: false,
      // The site calls the API on its own origin through CloudFront; CORS is for other origins only.
      corsPreflight:
        origins.length === 0
          ? undefined
          : {
              allowOrigins: origins,
              allowMethods: [CorsHttpMethod.ANY],
              allowHeaders: ['authorization', 'content-type'],
              maxAge: Duration.hours(1),
            },
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      // Routes live in another stack; auto deploy publishes them whenever they change.
      autoDeploy: true,
      throttle: stage.apiThrottle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: HTTP_ACCESS_LOG },
    });

    const region = Stack.of(props.userPool).region;
    const issuer = `https://cognito-idp.${region}.amazonaws.com/${props.userPool.userPoolId}`;
    this.authorizer = new HttpJwtAuthorizer('CognitoJwt', issuer, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
    this.domainName = Fn.select(2, Fn.split('/', this.api.apiEndpoint));
  }
}
