import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local runtime "sends" mail by writing JSON files to its outbox folder (infra/local README);
 * Cognito's reset codes land there too. E2E_OUTBOX_DIR names the folder: the global setup sets it
 * for the runtime it starts; set it yourself when pointing the tests at your own runtime.
 */
export const OUTBOX_DIR = process.env.E2E_OUTBOX_DIR;

interface CognitoMail {
  username?: string;
  code?: string;
  trigger?: string;
  at?: string;
}

/** The newest reset code Cognito sent to this login ID after `since`, if any. */
export function latestResetCode(loginId: string, since: Date): string | undefined {
  if (!OUTBOX_DIR) return undefined;
  const mails = readdirSync(OUTBOX_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(OUTBOX_DIR, file), 'utf8')) as CognitoMail)
    .filter(
      (mail) =>
        mail.trigger === 'ForgotPassword' &&
        mail.username === loginId &&
        mail.at !== undefined &&
        new Date(mail.at) >= since,
    )
    .sort((a, b) => String(b.at).localeCompare(String(a.at)));
  return mails[0]?.code;
}

interface AppMail {
  to?: string;
  kind?: string;
  subject?: string;
  text?: string;
  at?: string;
}

/**
 * The newest application mail of a kind sent to this address, if any. A new member's sign-in details
 * are `member-credentials`; the notifications mailed to the same address come after them.
 */
export function latestMailTo(address: string, kind = 'member-credentials'): AppMail | undefined {
  if (!OUTBOX_DIR) return undefined;
  const mails = readdirSync(OUTBOX_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(OUTBOX_DIR, file), 'utf8')) as AppMail)
    .filter((mail) => mail.to?.toLowerCase() === address.toLowerCase() && mail.kind === kind)
    .sort((a, b) => String(b.at).localeCompare(String(a.at)));
  return mails[0];
}
