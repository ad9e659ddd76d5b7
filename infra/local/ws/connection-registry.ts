import type { WebSocket } from 'ws';

export interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

/** Open WebSocket connections by API Gateway connection id, shared by the gateway and @connections. */
export type ConnectionRegistry = Map<string, Connection>;
