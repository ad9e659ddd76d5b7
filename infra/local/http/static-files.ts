import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** Vite writes built assets to assets/ as `name-<hash>.ext`; those never change, so cache them for good. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CoopLedger</title></head>
<body style="font-family: sans-serif; margin: 3rem">
<h1>CoopLedger</h1>
<p>The web app has not been built yet. Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it) and reload.</p>
<p>The API is running under <code>/api/v1</code>.</p>
</body></html>`;

function send(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): void {
  const size = statSync(file).size;
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(size),
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * The built single-page app: files as they are, and index.html for any other path without an
 * extension so client-side routes survive a reload (CloudFront does the same with an error page).
 */
export function serveStatic(req: IncomingMessage, res: ServerResponse, distDir: string, path: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' });
    res.end();
    return;
  }
  const index = join(distDir, 'index.html');
  if (!isFile(index)) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : NOT_BUILT);
    return;
  }

  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const file = normalize(join(distDir, decoded));
  if (file !== distDir && !file.startsWith(distDir + sep)) {
    res.writeHead(403);
    res.end();
    return;
  }
  if (isFile(file)) {
    const immutable = file.startsWith(join(distDir, 'assets') + sep) && HASHED.test(file);
    send(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return;
  }
  if (extname(decoded) !== '') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  send(req, res, index, 'no-cache');
}
