import type {
  APIGatewayEventWebsocketRequestContextV2,
  APIGatewayProxyWebsocketEventV2WithRequestContext,
} from 'aws-lambda';

/**
 * What a WebSocket API passes to a route's Lambda. The cloud API uses a Lambda (REQUEST) authorizer
 * on $connect, whose context lands in `requestContext.authorizer`: here `principalId` (the `sub`)
 * and the ID token's claims as strings. $connect also carries the handshake's headers and query.
 */
export interface WebSocketRequestContext extends APIGatewayEventWebsocketRequestContextV2 {
  authorizer?: Record<string, string>;
  identity: { sourceIp: string; userAgent: string };
  disconnectStatusCode?: number;
  disconnectReason?: string;
}

export type WebSocketEvent = APIGatewayProxyWebsocketEventV2WithRequestContext<WebSocketRequestContext> & {
  headers?: Record<string, string>;
};
