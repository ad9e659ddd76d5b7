import { describe, expect, it } from 'vitest';
import { appBaseUrl, siteUrl } from './base-url.ts';

describe('the URLs the runtime hands out for the app port', () => {
  it('name the address HOST binds, so a server bound to one address is reached where it listens', () => {
    expect(appBaseUrl('192.168.1.20', 3000)).toBe('http://192.168.1.20:3000');
    expect(appBaseUrl('10.0.0.5', 8080)).toBe('http://10.0.0.5:8080');
    expect(appBaseUrl('fd00::1', 3000)).toBe('http://[fd00::1]:3000');
    expect(appBaseUrl('[::1]', 3000)).toBe('http://[::1]:3000');
    expect(appBaseUrl('localhost', 3000)).toBe('http://localhost:3000');
  });

  it('name 127.0.0.1 when the app listens on every interface or on loopback', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '', '127.0.0.1'])
      expect(appBaseUrl(host, 3000), host).toBe('http://127.0.0.1:3000');
  });

  it("give the site's links as localhost on this machine, and as the bound address otherwise", () => {
    expect(siteUrl('127.0.0.1', 3000)).toBe('http://localhost:3000');
    expect(siteUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(siteUrl('192.168.1.20', 3000)).toBe('http://192.168.1.20:3000');
  });
});
