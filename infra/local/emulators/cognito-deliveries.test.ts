import { describe, expect, it } from 'vitest';
import { deliveryReader, type CognitoDelivery } from './cognito-deliveries.ts';

const FORGOT_PASSWORD = {
  trigger: 'ForgotPassword',
  username: 'MAILUSER',
  destination: 'mail.user@example.org',
  code: '103642',
};
/** With a CustomMessage trigger the delivery also carries the subject and message; names may be anything. */
const INVITATION = {
  trigger: 'AdminCreateUser',
  username: 'NÉWUSER',
  destination: 'new@example.org',
  code: 'Tmp#Pass1',
  emailSubject: 'Welcome ╭╮',
  emailMessage: 'Hello NÉWUSER,\nyour password is Tmp#Pass1.',
};
const OUTPUT = `${JSON.stringify(FORGOT_PASSWORD)}\n${JSON.stringify(INVITATION)}\n`;

function read(chunks: Buffer[]): CognitoDelivery[] {
  const deliveries: CognitoDelivery[] = [];
  const feed = deliveryReader((delivery) => deliveries.push(delivery));
  chunks.forEach(feed);
  return deliveries;
}

describe("reading the delivery hook's lines", () => {
  it('gives each delivery with its fields', () => {
    expect(read([Buffer.from(OUTPUT)])).toEqual([FORGOT_PASSWORD, INVITATION]);
  });

  it('does not care where the output is cut into chunks, even inside a character', () => {
    const bytes = Buffer.from(OUTPUT);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(read([bytes.subarray(0, cut), bytes.subarray(cut)]).map((delivery) => delivery.username)).toEqual([
        'MAILUSER',
        'NÉWUSER',
      ]);
    }
  });

  it('waits for the end of a line', () => {
    expect(read([Buffer.from(JSON.stringify(FORGOT_PASSWORD))])).toEqual([]);
  });

  it('ignores lines that are not deliveries, and empty fields', () => {
    const lines = [
      'not json',
      '[1,2]',
      '{"username":"X"}',
      JSON.stringify({ ...FORGOT_PASSWORD, emailSubject: '', smsMessage: null }),
      '',
    ];
    expect(read([Buffer.from(lines.join('\n'))])).toEqual([FORGOT_PASSWORD]);
  });
});
