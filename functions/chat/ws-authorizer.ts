import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { logger } from '#core/logger';
import { observed } from '#core/observability';
import { verifyIdToken } from '#core/token-verifier';

/**
 * The WebSocket API's $connect authorizer: browsers cannot send headers on a WebSocket, so the ID
 * token comes as the `token` query parameter. The verified claims reach the chat handler as the
 * authorizer context, the way the HTTP API's JWT authorizer passes them to the domain handlers.
 */
async function authorize(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = event.queryStringParameters?.token;
  if (!token) throw new Error('Unauthorized');
  try {
    const claims = await verifyIdToken(token);
    const context: Record<string, string> = {};
    // auth_time and iat: the chat handler refuses tokens of sign-ins before a password change.
    for (const name of ['sub', 'cognito:username', 'custom:role', 'custom:cooperative_id', 'auth_time', 'iat']) {
      const value = claims[name];
      if (typeof value === 'string' || typeof value === 'number') context[name] = String(value);
    }
    return {
      principalId: String(claims.sub),
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
      },
      context,
    };
  } catch (error) {
    logger.info('websocket token refused', { error });
    // API Gateway turns this exact message into a 401.
    throw new Error('Unauthorized');
  }
}

export const handler = observed('chat', authorize, (event) => ({ request_id: event.requestContext?.requestId }));
