import { useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import { canChat } from '../../api/chat';
import { useRequiredSession } from '../../session/use-session';
import { ChatSidebar } from './chat-sidebar';
import { ConversationWindow } from './conversation-window';

// Side by side from a narrow content area up (the sidebar menu takes part of the window).
const LAYOUT = [{ colspan: { default: 12, xs: 7, m: 8 } }, { colspan: { default: 12, xs: 5, m: 4 } }];

/**
 * Private chat between a cooperative's staff and its members (spec 000 "Chat (/app-chat)"): the
 * open conversation on the left, Recent and New on the right. `?with=<login ID>` opens a
 * conversation, so a conversation has its own address.
 */
export function ChatPage() {
  const { user } = useRequiredSession();
  const [params, setParams] = useSearchParams();
  // Login IDs are upper-case everywhere (the user pool, messages, pushes); a typed link may not be.
  const partnerId = params.get('with')?.trim().toUpperCase() || null;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Private messages between your cooperative's staff and its members">
          Chat
        </Header>
      }
    >
      {!canChat(user.role_name) ? (
        <Alert type="info" header="Chat is for cooperatives">
          Chat is between a cooperative&apos;s staff and its members. Platform accounts have no conversations; sign in
          with a cooperative account to chat.
        </Alert>
      ) : (
        <Grid gridDefinition={LAYOUT}>
          {partnerId ? (
            <ConversationWindow key={partnerId} partnerId={partnerId} />
          ) : (
            <Container>
              <Box textAlign="center" color="text-body-secondary" padding="xxl">
                Choose a conversation under Recent, or find someone under New to start one.
              </Box>
            </Container>
          )}
          <ChatSidebar activeId={partnerId} onOpen={(loginId) => setParams({ with: loginId })} />
        </Grid>
      )}
    </ContentLayout>
  );
}
