import { createServer } from 'node:net';
import { PortInUseError } from './errors.ts';

/**
 * True when nothing listens on the port. Binding without a host takes every interface, so a
 * listener on any of them (DynamoDB Local binds 0.0.0.0) counts as "in use".
 */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    });
    probe.listen({ port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port the OS reports free right now; callers bind it soon after, so a clash is unlikely. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('The OS gave no free port.'))));
    });
  });
}

export async function ensurePortFree(port: number, purpose: string): Promise<void> {
  if (!(await isPortFree(port))) throw new PortInUseError(port, purpose);
}

/** `count` distinct free ports, none of them in `avoid`. */
export async function freePorts(count: number, avoid: readonly number[] = []): Promise<number[]> {
  const taken = new Set(avoid);
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!taken.has(port)) {
      taken.add(port);
      ports.push(port);
    }
  }
  return ports;
}

/** The requested port if it is free (0 or undefined: any free port); else a clear error. */
export async function choosePort(requested: number | undefined, purpose: string): Promise<number> {
  if (requested === undefined || requested === 0) return freePort();
  await ensurePortFree(requested, purpose);
  return requested;
}
