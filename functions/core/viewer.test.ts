import { describe, expect, it } from 'vitest';
import type { ApiEvent } from './request.ts';
import { rateLimitKeyOf, viewerAddress } from './viewer.ts';

const event = (headers: Record<string, string>, sourceIp = '130.176.0.1') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as ApiEvent;

describe('viewerAddress', () => {
  it("reads the viewer's IPv4 and IPv6 address from CloudFront-Viewer-Address (ip:port)", () => {
    expect(viewerAddress(event({ 'cloudfront-viewer-address': '203.0.113.7:46532' }))).toBe('203.0.113.7');
    expect(viewerAddress(event({ 'cloudfront-viewer-address': '2001:db8:85a3::8a2e:370:7334:443' }))).toBe(
      '2001:db8:85a3::8a2e:370:7334',
    );
    expect(viewerAddress(event({ 'cloudfront-viewer-address': '2001:db8::1:46532' }))).toBe('2001:db8::1');
  });

  it('falls back to the source address without the header, or when the header is not an address and port', () => {
    expect(viewerAddress(event({}, '127.0.0.1'))).toBe('127.0.0.1');
    for (const header of ['', 'not-an-address', '203.0.113.7', '203.0.113.7:', '999.1.1.1:80', '203.0.113.7:port']) {
      expect(viewerAddress(event({ 'cloudfront-viewer-address': header })), header).toBe('130.176.0.1');
    }
  });
});

describe('rateLimitKeyOf', () => {
  it('counts an IPv4 address as it is and an IPv6 address by its /64 network', () => {
    expect(rateLimitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKeyOf('2001:db8:85a3:12::8a2e:370:7334')).toBe('2001:db8:85a3:12::/64');
    expect(rateLimitKeyOf('2001:db8:85a3:12:ffff:1:2:3')).toBe('2001:db8:85a3:12::/64');
    expect(rateLimitKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('counts an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(rateLimitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
