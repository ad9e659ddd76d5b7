import { StringDecoder } from 'node:string_decoder';

/** A code cognito-local "sent", as the delivery hook (cognito-delivery-hook.ts) reports it. */
export interface CognitoDelivery {
  /** The API call that caused it, e.g. ForgotPassword, AdminCreateUser, SignUp. */
  trigger?: string;
  username: string;
  destination: string;
  code?: string;
  /** Only set when a CustomMessage trigger wrote the message; otherwise Cognito's defaults apply. */
  emailSubject?: string;
  emailMessage?: string;
  smsMessage?: string;
}

const OPTIONAL_FIELDS = ['trigger', 'code', 'emailSubject', 'emailMessage', 'smsMessage'] as const;
/** A line never gets near this; past it the input is not what we expect and is dropped. */
const MAX_PENDING = 1024 * 1024;

/** One line of the hook's output; undefined when it is not a delivery. */
export function parseDelivery(line: string): CognitoDelivery | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.username !== 'string' || typeof record.destination !== 'string') return undefined;
  const delivery: CognitoDelivery = { username: record.username, destination: record.destination };
  for (const field of OPTIONAL_FIELDS) {
    const text = record[field];
    if (typeof text === 'string' && text !== '') delivery[field] = text;
  }
  return delivery;
}

/** Feeds on the hook's pipe and calls `onDelivery` for each complete line, however it is cut up. */
export function deliveryReader(onDelivery: (delivery: CognitoDelivery) => void): (chunk: Buffer) => void {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return (chunk) => {
    pending += decoder.write(chunk);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    if (pending.length > MAX_PENDING) pending = '';
    for (const line of lines) {
      const delivery = line.trim() === '' ? undefined : parseDelivery(line);
      if (delivery) onDelivery(delivery);
    }
  };
}
