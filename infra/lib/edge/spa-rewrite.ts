import { FunctionCode, FunctionRuntime, Function as ViewerFunction } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

/**
 * SPA fallback on the site behaviour only: a path without a file extension is a client-side route,
 * so it is served index.html. Distribution-wide error responses (403/404 -> index.html) would also
 * turn the API's own 403 and 404 answers into the web page.
 */
const CODE = `
function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;

export function createSpaRewrite(scope: Construct): ViewerFunction {
  return new ViewerFunction(scope, 'SpaRewrite', {
    code: FunctionCode.fromInline(CODE),
    runtime: FunctionRuntime.JS_2_0,
    comment: 'Serves index.html for client-side routes',
  });
}
