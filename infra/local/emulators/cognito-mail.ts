import { writeOutboxMail } from '../outbox.ts';
import type { CognitoDelivery } from './cognito-deliveries.ts';

/**
 * Cognito's own wording, used when no CustomMessage trigger wrote the message (the cloud pool has
 * none): an invitation carries the temporary password, everything else a verification code.
 */
function defaultMessage(delivery: CognitoDelivery): { subject: string; text: string } {
  const code = delivery.code ?? '';
  if (delivery.trigger === 'AdminCreateUser') {
    return {
      subject: 'Your temporary password',
      text: `Your username is ${delivery.username} and temporary password is ${code}.`,
    };
  }
  return { subject: 'Your verification code', text: `Your verification code is ${code}.` };
}

/** Writes each code cognito-local delivers to the outbox and lists it in the log. */
export function cognitoMailWriter(outboxDir: string, log: (line: string) => void): (delivery: CognitoDelivery) => void {
  return (delivery) => {
    const fallback = defaultMessage(delivery);
    const mail = {
      to: delivery.destination,
      username: delivery.username,
      subject: delivery.emailSubject ?? fallback.subject,
      text: delivery.emailMessage ?? delivery.smsMessage ?? fallback.text,
      code: delivery.code,
      kind: 'cognito',
      trigger: delivery.trigger,
    };
    try {
      const file = writeOutboxMail(outboxDir, mail, delivery.username);
      log(`Mail to ${mail.to}: ${mail.subject} (outbox/${file})`);
    } catch (error) {
      log(
        `Could not write the mail to ${mail.to} to the outbox: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}
