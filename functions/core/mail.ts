import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config.ts';
import { logger } from './logger.ts';

/**
 * Outgoing mail: SES in the cloud; on one machine, a JSON file per message in the outbox folder
 * (DESIGN.md section 1), so people and tests can read what would have been sent.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for, e.g. 'registration-link'. */
  kind: string;
}

let ses: SESv2Client | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const { outboxDir, region, mailFrom } = config();
  if (outboxDir) {
    await mkdir(outboxDir, { recursive: true });
    const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${randomBytes(3).toString('hex')}.json`;
    await writeFile(
      path.join(outboxDir, file),
      JSON.stringify({ ...mail, from: mailFrom, at: new Date().toISOString() }, null, 2),
    );
    logger.info('mail written to the outbox', { to: mail.to, subject: mail.subject, file });
    return;
  }
  ses ??= new SESv2Client({ region });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
    }),
  );
}
