import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local stand-in for SES: one JSON file per message in OUTBOX_DIR (DESIGN.md section 1).
 * functions/core/mail.ts writes the application's mail; cognito-local's codes are written here.
 */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for: 'cognito' for codes, the application's kinds otherwise. */
  kind: string;
  /** ISO time it was written. */
  at?: string;
  /** Cognito mail only: the user and the code sent to them. */
  username?: string;
  code?: string;
  [field: string]: unknown;
}

export interface OutboxEntry extends OutboxMail {
  /** The file's name in the outbox folder. */
  file: string;
}

/** File names start with the time, so they sort in the order the mail was sent. */
function timePrefix(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 64);

/** Writes one mail; returns the file's name. Never overwrites a mail written in the same millisecond. */
export function writeOutboxMail(dir: string, mail: OutboxMail, label: string): string {
  const at = new Date();
  const base = `${timePrefix(at)}-${safe(mail.kind)}-${safe(label)}`;
  for (let attempt = 0; ; attempt += 1) {
    const file = `${base}${attempt === 0 ? '' : `-${attempt}`}.json`;
    try {
      writeFileSync(join(dir, file), `${JSON.stringify({ ...mail, at: mail.at ?? at.toISOString() }, null, 2)}\n`, {
        flag: 'wx',
      });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Every mail in the outbox, oldest first; files that are not mail JSON are skipped. */
export function readOutbox(dir: string): OutboxEntry[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      try {
        const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as OutboxMail;
        return typeof mail === 'object' && mail !== null && typeof mail.to === 'string' ? [{ ...mail, file }] : [];
      } catch {
        // Being written right now, or not ours.
        return [];
      }
    });
}

/** The newest mail for a Cognito username (compared case-insensitively, as login IDs are). */
export function latestMailFor(dir: string, username: string): OutboxEntry | undefined {
  return readOutbox(dir)
    .filter((mail) => mail.username?.toLowerCase() === username.toLowerCase())
    .at(-1);
}
