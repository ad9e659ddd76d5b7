import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { FieldError } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import PromptInput from '@cloudscape-design/components/prompt-input';
import Spinner from '@cloudscape-design/components/spinner';
import { CHAT_MESSAGE_MAX, chatMessageSchema } from '@coopledger/shared/schemas/chat';
import { errorMessage } from '../../api/api-error';
import type { ChatMessageView } from '../../api/chat';
import {
  currentPresence,
  flattenMessages,
  useChatConversations,
  useChatMessages,
  useMarkRead,
  useSendMessage,
} from '../../api/chat';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { useNow } from '../../components/hooks/use-now';
import { useZodForm } from '../../forms/zod-form';
import { messageTime, presenceText } from './chat-format';
import styles from './chat.module.css';

/** Within this many pixels of an edge counts as being at it. */
const EDGE_PX = 48;

/** The open conversation: who it is with, the messages, and the input. Keyed by partner by the page. */
export function ConversationWindow({ partnerId }: { partnerId: string }) {
  const now = useNow();
  const conversation = useChatMessages(partnerId);
  const messages = useMemo(() => flattenMessages(conversation.data), [conversation.data]);
  // Presence from the conversations the page polls: fresher than the conversation's first read.
  const conversations = useChatConversations();
  const firstRead = conversation.data?.pages[0]?.partner;
  const partner = firstRead ? currentPresence(firstRead, conversations.data) : undefined;
  const partnerLogin = partner?.login_id ?? partnerId;
  const name = partner?.name ?? partnerId;

  // Opening the conversation reads it, and so does each message that arrives while it is open.
  const { mutate: markRead } = useMarkRead();
  const lastFromPartner = messages.findLast((message) => message.from === partnerLogin)?.id;
  useEffect(() => {
    if (lastFromPartner) markRead(partnerLogin);
  }, [lastFromPartner, partnerLogin, markRead]);

  return (
    <Container
      header={
        <Header variant="h2" description={partner ? presenceText(partner, now) : undefined}>
          {name}
        </Header>
      }
      footer={<MessageInput partnerId={partnerLogin} name={name} />}
    >
      {conversation.isPending ? (
        <Box textAlign="center" padding="l">
          <Spinner size="large" />
        </Box>
      ) : conversation.isError ? (
        <Box textAlign="center" color="text-status-error" padding="l">
          {errorMessage(conversation.error)}
        </Box>
      ) : (
        <MessageList
          name={name}
          partnerLogin={partnerLogin}
          messages={messages}
          now={now}
          hasOlder={conversation.hasNextPage}
          loadingOlder={conversation.isFetchingNextPage}
          loadOlder={() => void conversation.fetchNextPage()}
        />
      )}
    </Container>
  );
}

interface MessageListProps {
  name: string;
  partnerLogin: string;
  messages: ChatMessageView[];
  now: Date;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/**
 * The messages in their own scroll box. It starts at the newest and follows new ones while the
 * reader is at the end (or wrote them); scrolling to the top reads the page before, and the
 * messages being read stay where they were as it lands above them.
 */
function MessageList({ name, partnerLogin, messages, now, hasOlder, loadingOlder, loadOlder }: MessageListProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  // Distance from the bottom, which prepending older messages must not change.
  const fromBottom = useRef(0);
  const shown = useRef<{ first?: string; last?: string }>({});

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const first = messages[0]?.id;
    const newest = messages.at(-1);
    const before = shown.current;
    if (newest?.id !== before.last) {
      if (before.last === undefined || atEnd.current || newest?.from !== partnerLogin) box.scrollTop = box.scrollHeight;
    } else if (first !== before.first) {
      box.scrollTop = box.scrollHeight - fromBottom.current;
    }
    shown.current = { first, last: newest?.id };
    fromBottom.current = box.scrollHeight - box.scrollTop;
    atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < EDGE_PX;
  }, [messages, partnerLogin]);

  const onScroll = () => {
    const box = boxRef.current;
    if (!box) return;
    fromBottom.current = box.scrollHeight - box.scrollTop;
    atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < EDGE_PX;
    if (box.scrollTop < EDGE_PX && hasOlder && !loadingOlder) loadOlder();
  };

  return (
    <div
      ref={boxRef}
      className={styles.messages}
      onScroll={onScroll}
      role="log"
      aria-label={`Conversation with ${name}`}
    >
      {/* The button is for keyboards, and for a first page too short to scroll. */}
      {loadingOlder ? (
        <div className={styles.older}>
          <Spinner />
        </div>
      ) : hasOlder ? (
        <div className={styles.older}>
          <Button variant="inline-link" onClick={loadOlder}>
            Show older messages
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          No messages yet. Write to {name} below; they will see it the next time they open chat.
        </Box>
      ) : (
        messages.map((message) => {
          const side = message.from === partnerLogin ? 'theirs' : 'own';
          return (
            <div
              key={message.id}
              className={`${styles.message} ${styles[side]}`}
              data-testid="chat-message"
              data-side={side}
            >
              <div className={styles.bubble}>{message.message}</div>
              <Box variant="small" color="text-body-secondary">
                {messageTime(message.created_at, now)}
              </Box>
            </div>
          );
        })
      )}
    </div>
  );
}

/** The box holds the message; who it goes to is the conversation's. */
const messageBoxSchema = chatMessageSchema.pick({ message: true });

/**
 * The message under the box: too long as soon as it is typed, other refusals (unsafe text) once
 * checked; none for a blank box, whose Send is simply disabled.
 */
function boxMessage(text: string, error: FieldError | undefined): string | undefined {
  if (text.trim().length > CHAT_MESSAGE_MAX) return `A message can be at most ${CHAT_MESSAGE_MAX} characters`;
  if (!error || error.type === 'too_small' || error.type === 'too_big') return undefined;
  return error.message;
}

/** Enter (or the send icon) sends; Shift+Enter starts a new line. Blank messages are never sent. */
function MessageInput({ partnerId, name }: { partnerId: string; name: string }) {
  const send = useSendMessage();
  const { control, handleSubmit, reset, getValues, setValue, formState } = useZodForm(messageBoxSchema, {
    defaultValues: { message: '' },
  });

  const submit = handleSubmit(({ message }) => {
    if (send.isPending) return;
    const typed = getValues('message');
    // Cleared at once so the next message can be typed; given back if the send fails.
    reset({ message: '' });
    send.mutate(
      { to: partnerId, message },
      {
        onError: (error) => {
          setValue('message', getValues('message') || typed, { shouldValidate: true });
          notificationsStore.notify('error', errorMessage(error));
        },
      },
    );
  });

  return (
    <Controller
      control={control}
      name="message"
      render={({ field, fieldState }) => {
        const problem = boxMessage(field.value, fieldState.error);
        return (
          <FormField stretch errorText={problem}>
            <PromptInput
              ref={field.ref}
              value={field.value}
              onChange={({ detail }) => field.onChange(detail.value)}
              onBlur={field.onBlur}
              onAction={() => void submit()}
              ariaLabel={`Message to ${name}`}
              placeholder="Type a message"
              actionButtonIconName="send"
              i18nStrings={{ actionButtonAriaLabel: 'Send message' }}
              disableActionButton={!formState.isValid || send.isPending}
              invalid={problem !== undefined}
              maxRows={6}
            />
          </FormField>
        );
      }}
    />
  );
}
