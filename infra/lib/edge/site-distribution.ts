import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionEventType,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { API_BASE } from '@coopledger/shared/routes';
import { acknowledge } from '../nag/acknowledge.ts';
import { createSpaRewrite } from './spa-rewrite.ts';

export interface SiteDistributionProps {
  siteBucket: IBucket;
  apiDomainName: string;
  logBucket: IBucket;
}

/** One origin for the browser: the web app from S3, and `/api/v1/*` passed through to the HTTP API. */
export function createSiteDistribution(scope: Construct, props: SiteDistributionProps): Distribution {
  const distribution = new Distribution(scope, 'Distribution', {
    comment: 'CoopLedger web app and API',
    defaultRootObject: 'index.html',
    httpVersion: HttpVersion.HTTP2_AND_3,
    // Includes the Africa edge locations (Lagos, Johannesburg) where the users are.
    priceClass: PriceClass.PRICE_CLASS_200,
    enableLogging: true,
    logBucket: props.logBucket,
    logFilePrefix: 'cloudfront/',
    defaultBehavior: {
      origin: S3BucketOrigin.withOriginAccessControl(props.siteBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
      functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: createSpaRewrite(scope) }],
    },
    additionalBehaviors: {
      [`${API_BASE}/*`]: {
        origin: new HttpOrigin(props.apiDomainName, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
        // HTTPS only rather than a redirect: a redirected POST would arrive as a GET.
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // Everything but Host (API Gateway routes on its own host name); with caching disabled this
        // includes the Authorization header.
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
      },
    },
  });
  acknowledge(distribution, 'AwsSolutions-CFR1', 'The cooperatives and their members may travel or work abroad; the product does not restrict by country.');
  acknowledge(distribution, 'AwsSolutions-CFR2', 'No WAF web ACL yet: the API authenticates every non-public route and is throttled per stage; a web ACL is a later cost decision.');
  acknowledge(distribution, 'AwsSolutions-CFR4', 'The distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be raised; a custom domain and certificate would enforce TLS 1.2.');
  return distribution;
}
