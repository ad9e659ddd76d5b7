import { Duration, Fn, Stack } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { API_BASE } from '@coopledger/shared/routes';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_VARIABLE } from '../../../functions/core/origin-verify.ts';
import { acknowledge } from '../nag/acknowledge.ts';
import type { StageConfig } from '../stage-config.ts';

export interface HttpApiGatewayProps {
  stage: StageConfig;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

/**
 * The HTTP API itself and the Cognito JWT authorizer. Routes and the `$default` stage are added by
 * the Api stack; this lives with CloudFront because the distribution needs the API's domain while the
 * functions behind the routes need the site's URL.
 *
 * AWS WAF cannot be attached to an HTTP API, so the API serves only what came through CloudFront
 * (and its web ACL): CloudFront sends a secret header the functions compare (functions/core/origin-verify.ts).
 */
export class HttpApiGateway extends Construct {
  readonly api: HttpApi;
  readonly authorizer: IHttpRouteAuthorizer;
  /** `<id>.execute-api.<region>.amazonaws.com`, the CloudFront origin. */
  readonly domainName: string;
  /** The value CloudFront sends in the origin-verify header; resolved by CloudFormation at deploy time. */
  private readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: HttpApiGatewayProps) {
    super(scope, id);
    const { stage } = props;
    const origins = stage.extraBrowserOrigins;
    this.api = new HttpApi(this, 'Api', {
      apiName: `coopledger-${stage.name}`,
      description: `CoopLedger ${stage.name} API, routes under ${API_BASE}`,
      createDefaultStage: false,
      // The site calls the API on its own origin through CloudFront, so it needs no CORS; other
      // origins are the stage's own list (none in prod). API Gateway answers preflights itself.
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

    // The $default stage is made with the routes, in the Api stack (infra/lib/api/api-stage.ts).

    const region = Stack.of(props.userPool).region;
    const issuer = `https://cognito-idp.${region}.amazonaws.com/${props.userPool.userPoolId}`;
    this.authorizer = new HttpJwtAuthorizer('CognitoJwt', issuer, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
    this.domainName = Fn.select(2, Fn.split('/', this.api.apiEndpoint));

    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description: `CoopLedger ${stage.name}: the header value CloudFront sends to the HTTP API, which its functions require`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'CloudFormation resolves the value into the distribution and the functions at deploy time; a rotation would split them until the next deploy, so it is replaced by deploying with a new secret.',
    );
  }

  /** The custom origin headers CloudFront adds to every request it passes to the API. */
  originHeaders(): Record<string, string> {
    return { [ORIGIN_VERIFY_HEADER]: this.originSecret.secretValue.unsafeUnwrap() };
  }

  /** Makes a function behind the routes refuse requests that did not come through CloudFront. */
  requireCloudFront(fn: LambdaFunction): void {
    fn.addEnvironment(ORIGIN_VERIFY_VARIABLE, this.originSecret.secretValue.unsafeUnwrap());
  }
}
