import { Outlet } from 'react-router';
import AppLayout from '@cloudscape-design/components/app-layout';
import Flashbar from '@cloudscape-design/components/flashbar';
import { useNotifications } from '../notifications/use-notifications';
import { TopBar } from './top-bar';

const HEADER_ID = 'app-top-navigation';

/** The authenticated frame: top bar, toasts and the page. Side navigation arrives with the menus. */
export function AppShell() {
  const { flashItems } = useNotifications();
  return (
    <>
      <div id={HEADER_ID} style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopBar />
      </div>
      <AppLayout
        headerSelector={`#${HEADER_ID}`}
        navigationHide
        toolsHide
        notifications={<Flashbar items={flashItems} />}
        content={<Outlet />}
        ariaLabels={{ notifications: 'Notifications' }}
      />
    </>
  );
}
