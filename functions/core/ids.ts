import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A time-ordered unique id (ULID layout: 10 chars of milliseconds, 16 of randomness), so ids sort by
 * creation time inside a partition without a separate timestamp in the key.
 */
export function newId(now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = '';
  for (const byte of bytes) rand += ALPHABET[byte % 32];
  return time + rand;
}

/** A human-friendly reference number for receipts and statements: prefix, date and 6 random chars. */
export function referenceNumber(prefix: string, date: string): string {
  const bytes = randomBytes(6);
  let rand = '';
  for (const byte of bytes) rand += ALPHABET[byte % 32];
  return `${prefix}${date.replaceAll('-', '')}${rand}`;
}
