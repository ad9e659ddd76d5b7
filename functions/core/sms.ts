import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { config } from './config.ts';
import { logger } from './logger.ts';

/**
 * Outgoing SMS: SNS in the cloud (a transactional message to one number); on one machine, a JSON
 * file per message in the outbox folder, beside the mail (kind `sms`), as mail.ts does for SES.
 */
export interface Sms {
  /** The number as the person gave it; SNS wants E.164, see `e164`. */
  to: string;
  text: string;
  /** What the message is for, e.g. 'notification'. */
  kind: string;
}

let sns: SNSClient | undefined;

/** A Nigerian number as E.164 (`0803…` → `+234803…`); one already international is kept. */
export function e164(phone: string): string | undefined {
  const digits = phone.replace(/[\s()-]/g, '');
  if (/^\+\d{8,15}$/.test(digits)) return digits;
  if (/^234\d{10}$/.test(digits)) return `+${digits}`;
  if (/^0\d{10}$/.test(digits)) return `+234${digits.slice(1)}`;
  return undefined;
}

export async function sendSms(sms: Sms): Promise<void> {
  const { outboxDir, region } = config();
  if (outboxDir) {
    await mkdir(outboxDir, { recursive: true });
    const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-sms-${randomBytes(3).toString('hex')}.json`;
    await writeFile(
      path.join(outboxDir, file),
      JSON.stringify(
        { to: sms.to, subject: 'SMS', text: sms.text, kind: sms.kind, channel: 'sms', at: new Date().toISOString() },
        null,
        2,
      ),
    );
    logger.info('sms written to the outbox', { to: sms.to, file });
    return;
  }
  const number = e164(sms.to);
  if (!number) {
    logger.warn('an SMS was not sent: the phone number is not one SNS takes', { kind: sms.kind });
    return;
  }
  sns ??= new SNSClient({ region });
  await sns.send(
    new PublishCommand({
      PhoneNumber: number,
      Message: sms.text,
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    }),
  );
}
