import type { ReactNode } from 'react';
import { useState } from 'react';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import TextFilter from '@cloudscape-design/components/text-filter';
import { isRole, ROLE_DISPLAY_NAMES, STAFF_ROLES } from '@coopledger/shared/roles';
import type { ChatPerson } from '../../api/chat';
import { useChatContacts, useChatConversations } from '../../api/chat';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { useNow } from '../../components/hooks/use-now';
import { useRequiredSession } from '../../session/use-session';
import { lastMessagePreview, messageTime, presenceText } from './chat-format';
import styles from './chat.module.css';

type SidebarTab = 'recent' | 'new';

interface ChatSidebarProps {
  /** The login ID of the open conversation's partner, if any. */
  activeId: string | null;
  onOpen: (loginId: string) => void;
}

/** The right-hand side of the chat: Recent conversations and New ones from a search (spec 000 "Chat"). */
export function ChatSidebar({ activeId, onOpen }: ChatSidebarProps) {
  const [tab, setTab] = useState<SidebarTab>('recent');
  return (
    <Tabs
      variant="container"
      ariaLabel="Conversations"
      activeTabId={tab}
      onChange={({ detail }) => setTab(detail.activeTabId as SidebarTab)}
      tabs={[
        {
          id: 'recent',
          label: 'Recent',
          content: <RecentConversations activeId={activeId} onOpen={onOpen} onStartNew={() => setTab('new')} />,
        },
        { id: 'new', label: 'New', content: <NewConversation activeId={activeId} onOpen={onOpen} /> },
      ]}
    />
  );
}

interface PersonRowProps {
  person: ChatPerson;
  active: boolean;
  onOpen: (loginId: string) => void;
  /** Under the name: the last message, or who they are. */
  detail: ReactNode;
  /** Beside the name: the time and the unread count. */
  aside?: ReactNode;
  ariaLabel?: string;
}

/** One person in a list; the name is a real link, so a conversation can open in a new tab. */
function PersonRow({ person, active, onOpen, detail, aside, ariaLabel }: PersonRowProps) {
  return (
    <li className={styles.person} aria-current={active ? 'true' : undefined}>
      <div className={styles.personText}>
        <div className={active ? styles.selected : undefined}>
          <Link
            href={`/app-chat?with=${encodeURIComponent(person.login_id)}`}
            ariaLabel={ariaLabel}
            onFollow={(event) => {
              event.preventDefault();
              onOpen(person.login_id);
            }}
          >
            {person.name}
          </Link>
        </div>
        <Box variant="small" display="block" color="text-body-secondary">
          <span className={styles.preview}>{detail}</span>
        </Box>
      </div>
      {aside && <div className={styles.aside}>{aside}</div>}
    </li>
  );
}

function ShowMore({ visible, loading, onClick }: { visible: boolean; loading: boolean; onClick: () => void }) {
  if (!visible) return null;
  return (
    <Box textAlign="center">
      <Button variant="inline-link" loading={loading} onClick={onClick}>
        Show more
      </Button>
    </Box>
  );
}

function RecentConversations({ activeId, onOpen, onStartNew }: ChatSidebarProps & { onStartNew: () => void }) {
  const now = useNow();
  const conversations = useChatConversations();
  const items = conversations.data?.pages.flatMap((page) => page.data) ?? [];

  if (conversations.isPending) return <Spinner />;
  if (items.length === 0) {
    return (
      <Box textAlign="center" color="text-body-secondary" padding="m">
        <SpaceBetween size="s">
          <span>No conversations yet. Find someone under New to send your first message.</span>
          <Button onClick={onStartNew}>Start a conversation</Button>
        </SpaceBetween>
      </Box>
    );
  }
  return (
    <SpaceBetween size="s">
      <ul className={styles.people} aria-label="Recent conversations">
        {items.map((conversation) => (
          <PersonRow
            key={conversation.partner.login_id}
            person={conversation.partner}
            active={conversation.partner.login_id === activeId}
            onOpen={onOpen}
            detail={lastMessagePreview(conversation)}
            ariaLabel={
              conversation.unread > 0 ? `${conversation.partner.name}, ${conversation.unread} unread` : undefined
            }
            aside={
              <SpaceBetween size="xxs" alignItems="end">
                <Box variant="small" color="text-body-secondary">
                  {messageTime(conversation.last_at, now)}
                </Box>
                {conversation.unread > 0 && <Badge color="red">{conversation.unread}</Badge>}
              </SpaceBetween>
            }
          />
        ))}
      </ul>
      <ShowMore
        visible={conversations.hasNextPage}
        loading={conversations.isFetchingNextPage}
        onClick={() => void conversations.fetchNextPage()}
      />
    </SpaceBetween>
  );
}

const roleName = (role: string) => (isRole(role) ? ROLE_DISPLAY_NAMES[role] : role);

function NewConversation({ activeId, onOpen }: ChatSidebarProps) {
  const { user } = useRequiredSession();
  const now = useNow();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const contacts = useChatContacts(settled);
  const people = contacts.data?.pages.flatMap((page) => page.data) ?? [];
  const staff = STAFF_ROLES.includes(user.role_name);

  let empty = staff
    ? 'Your cooperative has no active members to message yet.'
    : 'Your cooperative has no staff to message yet.';
  if (settled) empty = `No one matches "${settled}". Try another name.`;

  return (
    <SpaceBetween size="s">
      <TextFilter
        filteringText={search}
        onChange={({ detail }) => setSearch(detail.filteringText)}
        filteringPlaceholder={staff ? 'Search members' : 'Search staff'}
        filteringAriaLabel={staff ? 'Search members' : 'Search staff'}
        filteringClearAriaLabel="Clear the search"
      />
      {contacts.isPending ? (
        <Spinner />
      ) : people.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary" padding="m">
          {empty}
        </Box>
      ) : (
        <ul className={styles.people} aria-label={staff ? 'Members' : 'Staff'}>
          {people.map((person) => (
            <PersonRow
              key={person.login_id}
              person={person}
              active={person.login_id === activeId}
              onOpen={onOpen}
              detail={`${roleName(person.role)} · ${presenceText(person, now)}`}
            />
          ))}
        </ul>
      )}
      <ShowMore
        visible={contacts.hasNextPage}
        loading={contacts.isFetchingNextPage}
        onClick={() => void contacts.fetchNextPage()}
      />
    </SpaceBetween>
  );
}
