import { isIP } from 'node:net';

/** Addresses that mean "every interface": the server is then reached on this machine at 127.0.0.1. */
const EVERY_INTERFACE = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The base URL of the app's port bound to `host`, which the runtime writes into the URLs it hands
 * out (tokens' issuer, presigned files, the site's links): the bound address itself, since a
 * server bound to one address is reached only there, or 127.0.0.1 when it listens everywhere.
 */
export function appBaseUrl(host: string, port: number): string {
  const bare = host.trim();
  if (EVERY_INTERFACE.has(bare)) return `http://127.0.0.1:${port}`;
  const unbracketed = bare.replace(/^\[(.*)\]$/, '$1');
  return isIP(unbracketed) === 6 ? `http://[${unbracketed}]:${port}` : `http://${unbracketed}:${port}`;
}

/**
 * The site's address in mail and links (SITE_URL): `localhost` when the app is on loopback or
 * every interface (what a person types on this machine), else the bound address.
 */
export function siteUrl(host: string, port: number): string {
  const base = appBaseUrl(host, port);
  return base === `http://127.0.0.1:${port}` ? `http://localhost:${port}` : base;
}
