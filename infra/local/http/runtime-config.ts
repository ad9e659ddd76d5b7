import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_BASE } from '@coopledger/shared/routes';
import { COGNITO_PATH, LOCAL, WEBSOCKET_PATH } from '../local-names.ts';

/**
 * `/config.json`, which the web app reads at start-up instead of baking settings into the build.
 * URLs are made from the Host the browser used, so whatever name it reached us by (localhost,
 * 127.0.0.1, a forwarded port) Cognito calls stay on the same origin.
 */
export function serveRuntimeConfig(req: IncomingMessage, res: ServerResponse): void {
  const host = req.headers.host ?? 'localhost';
  const body = JSON.stringify({
    region: LOCAL.region,
    userPoolId: LOCAL.userPoolId,
    userPoolClientId: LOCAL.userPoolClientId,
    cognitoEndpoint: `http://${host}${COGNITO_PATH}`,
    apiBase: API_BASE,
    stage: LOCAL.stage,
    websocketUrl: `ws://${host}${WEBSOCKET_PATH}`,
  });
  res.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'no-cache',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
