import { z } from 'zod';
import { requiredText } from './common.ts';
import { idRef } from './fields.ts';

/** The private staff-member chat (spec 000: Chat). An empty or whitespace-only message is not sent. */
export const CHAT_MESSAGE_MAX = 2000;

export const chatMessageSchema = z.object({
  to: idRef('Choose who to send the message to'),
  message: requiredText('Please enter a message', CHAT_MESSAGE_MAX),
});
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

export const chatReadSchema = z.object({
  with: idRef('Choose a conversation'),
});
