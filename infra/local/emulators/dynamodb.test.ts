import type { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dynamoDbSpawner, exposureWarning } from './dynamodb.ts';

describe('DynamoDB Local', () => {
  it('starts with telemetry off, by the option and the variable the jar reads', () => {
    const started: { args: readonly string[]; env: NodeJS.ProcessEnv | undefined }[] = [];
    const fake = ((_command: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv }) => {
      started.push({ args, env: options.env });
      return {};
    }) as unknown as typeof spawn;

    dynamoDbSpawner(fake)({ port: 4567, path: null, sharedDb: true, detached: true });

    expect(started).toHaveLength(1);
    expect(started[0].args).toContain('-disableTelemetry');
    expect(started[0].args).toEqual(expect.arrayContaining(['-port', '4567', '-inMemory', '-sharedDb']));
    expect(started[0].env?.DDB_LOCAL_TELEMETRY).toBe('0');
  });

  it('warns, naming the port and the addresses, that it listens beyond loopback', () => {
    const loopback = {
      address: '127.0.0.1',
      netmask: '255.0.0.0',
      family: 'IPv4',
      mac: '00:00:00:00:00:00',
      internal: true,
      cidr: '127.0.0.1/8',
    } as const;
    const lan = {
      ...loopback,
      address: '192.168.1.20',
      netmask: '255.255.255.0',
      internal: false,
      cidr: '192.168.1.20/24',
    } as const;

    const warning = exposureWarning(4567, { lo: [loopback], eth0: [lan] });

    expect(warning).toMatch(/^WARNING: /);
    expect(warning).toContain('port 4567');
    expect(warning).toContain('192.168.1.20');
    expect(exposureWarning(4567, { lo: [loopback] })).toBeUndefined();
  });
});
