import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ApiEvent } from './request.ts';

/**
 * The address of the person (the viewer) behind a request. Behind CloudFront the connection's source
 * is an edge server, shared by everyone that edge serves; CloudFront names the viewer in the
 * `CloudFront-Viewer-Address` header, `ip:port` with an IPv6 address unbracketed
 * (`2001:db8::1:46532`), which its origin request policy must forward. Without the header (the local
 * runtime, a direct call) the connection's source is the viewer.
 */
export function viewerAddress(event: Pick<ApiEvent, 'headers' | 'requestContext'>): string {
  const header = event.headers['cloudfront-viewer-address']?.trim();
  const colon = header?.lastIndexOf(':') ?? -1;
  const address = header && colon > 0 && /^\d{1,5}$/.test(header.slice(colon + 1)) ? header.slice(0, colon) : undefined;
  return address && isIP(address) !== 0 ? address : event.requestContext.http.sourceIp;
}

/**
 * What a per-address rate limit counts: an IPv4 address as it is, an IPv6 address by its /64
 * network, because one subscriber holds at least a /64 and could otherwise change address per request.
 * IPv4 addresses written as IPv6 (`::ffff:203.0.113.7`) count as the IPv4 address.
 */
export function rateLimitKeyOf(address: string): string {
  if (isIP(address) === 0) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
