import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryPasswordOf } from './cognito-pool.ts';

const dirs: string[] = [];
const poolFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pool-'));
  dirs.push(dir);
  return join(dir, 'pool.json');
};
const pool = JSON.stringify({
  Users: {
    ADA: { UserStatus: 'FORCE_CHANGE_PASSWORD', Password: 'temp123' },
    BOLA: { UserStatus: 'CONFIRMED', Password: 'own-choice' },
  },
});

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('temporaryPasswordOf', () => {
  it('gives the temporary password of a user who must change it, and nothing for anyone else', async () => {
    const file = poolFile();
    writeFileSync(file, pool);

    expect(await temporaryPasswordOf(file, 'ADA')).toBe('temp123');
    expect(await temporaryPasswordOf(file, 'BOLA')).toBeUndefined();
    expect(await temporaryPasswordOf(file, 'NOBODY')).toBeUndefined();
  });

  it('reads the file again when it finds it cut short by cognito-local rewriting it (a sign-in answered 502)', async () => {
    const file = poolFile();
    writeFileSync(file, pool.slice(0, 40));
    setTimeout(() => writeFileSync(file, pool), 30);

    expect(await temporaryPasswordOf(file, 'ADA')).toBe('temp123');
  });

  it('gives up on a file that never parses', async () => {
    const file = poolFile();
    writeFileSync(file, '{"Users": ');

    await expect(temporaryPasswordOf(file, 'ADA')).rejects.toThrow(SyntaxError);
  });
});
