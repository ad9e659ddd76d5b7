import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { ROLE_DISPLAY_NAMES } from '@coopledger/shared/roles';
import { sessionStore } from '../../session/session-store';
import { useRequiredSession } from '../../session/use-session';
import { useFollow } from '../navigation/use-follow';
import { notificationsStore } from '../notifications/notifications-store';

const SIGN_OUT = 'signout';

export function TopBar() {
  const { user, role } = useRequiredSession();
  const navigate = useNavigate();
  const follow = useFollow();
  const queryClient = useQueryClient();

  const signOut = () => {
    sessionStore.clear();
    // Nothing of this user's may show to whoever signs in next on this browser.
    queryClient.clear();
    notificationsStore.clear();
    void navigate('/login', { replace: true });
  };

  return (
    <TopNavigation
      identity={{ href: '/dashboard', title: 'CoopLedger', onFollow: follow }}
      utilities={[
        {
          type: 'menu-dropdown',
          text: `${user.firstname} ${user.lastname}`,
          description: ROLE_DISPLAY_NAMES[role],
          iconName: 'user-profile',
          ariaLabel: `Account menu for ${user.firstname} ${user.lastname}`,
          items: [{ id: SIGN_OUT, text: 'Sign out' }],
          onItemClick: ({ detail }) => {
            if (detail.id === SIGN_OUT) signOut();
          },
        },
      ]}
      i18nStrings={{
        overflowMenuTriggerText: 'More',
        overflowMenuTitleText: 'All',
        overflowMenuBackIconAriaLabel: 'Back',
        overflowMenuDismissIconAriaLabel: 'Close menu',
      }}
    />
  );
}
