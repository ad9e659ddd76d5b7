import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { ensurePortFree } from '../ports.ts';
import { folderOrScratch } from '../scratch-dir.ts';

export interface S3Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

export interface S3Options {
  port: number;
  /** Where objects are kept; omitted: a temp folder removed on stop. */
  directory?: string;
  buckets: readonly string[];
  log?: (line: string) => void;
}

/** s3rver in this process (it is a Koa app, no child needed); clients must use path-style URLs. */
export async function startS3(options: S3Options): Promise<S3Emulator> {
  await ensurePortFree(options.port, 's3rver');
  const folder = folderOrScratch(options.directory, 's3');
  const directory = folder.path;
  mkdirSync(directory, { recursive: true });

  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory,
    silent: true,
    // No CORS configuration: browsers never reach s3rver, only the server's checked `/s3` does.
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  try {
    await server.run();
  } catch (error) {
    folder.remove();
    throw error;
  }
  const endpoint = `http://127.0.0.1:${options.port}`;
  options.log?.(`s3rver ${folder.temporary ? '(temporary)' : `(data in ${directory})`} on ${endpoint}`);

  let stopped = false;
  return {
    endpoint,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // Keep-alive sockets from SDK clients would otherwise hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      folder.remove();
    },
  };
}
