/**
 * Placeholder so the infrastructure can synthesize; the chat engineer replaces it with the real
 * WebSocket handler ($connect verifies the token, $default relays messages).
 */
export const handler = async (): Promise<{ statusCode: number }> => ({ statusCode: 200 });
