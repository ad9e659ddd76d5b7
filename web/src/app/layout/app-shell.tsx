import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import AppLayout from '@cloudscape-design/components/app-layout';
import Box from '@cloudscape-design/components/box';
import Flashbar from '@cloudscape-design/components/flashbar';
import { useChatConnection } from '../chat/use-chat-connection';
import { useNotifications } from '../notifications/use-notifications';
import { pageAt } from '../pages';
import { SettingsPanel } from '../settings/settings-panel';
import { useSettings } from '../settings/use-settings';
import { headerBackground, shellPaletteFor } from '../theme/shell-theme';
import { useActiveCooperative } from '../theme/use-active-cooperative';
import { useShellTheme } from '../theme/use-shell-theme';
import { ShellBreadcrumbs } from './shell-breadcrumbs';
import { ShellNavigation } from './shell-navigation';
import styles from './shell.module.css';
import './top-bar-menu.css';
import { TopBar } from './top-bar';

// top-bar-menu.css names it too.
const HEADER_ID = 'app-top-navigation';
/** Where the Skip to content link, the first Tab stop, moves the focus. */
const MAIN_ID = 'main-content';

/** The authenticated frame: header band, sidebar by role, breadcrumbs, toasts, settings drawer, footer. */
export function AppShell() {
  const { flashItems } = useNotifications();
  // One connection per signed-in tab, whatever page is open, so the top bar counts new messages and
  // notifications; everyone has notifications, so everyone connects (chat or not).
  useChatConnection(true);
  const settings = useSettings();
  const { cooperative, colors } = useActiveCooperative();
  const { pathname } = useLocation();
  const [navigationOpen, setNavigationOpen] = useState(true);
  const [toolsOpen, setToolsOpen] = useState(false);
  const palette = shellPaletteFor(colors, settings);
  useShellTheme(palette, colors, settings.font);

  // A page opened from the menu, the top bar or the breadcrumbs: the focus moves to the new page, so
  // the next Tab is on it rather than further down the menu (WCAG 2.4.3, focus order).
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(`nav, [role="navigation"], #${HEADER_ID}`))
      document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);

  const title = pageAt(pathname)?.title;
  useEffect(() => {
    document.title = title ? `${title} · CoopLedger` : 'CoopLedger';
  }, [title]);

  return (
    <>
      <a
        className={styles.skipLink}
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        Skip to content
      </a>
      <div
        id={HEADER_ID}
        className={`${styles.header} ${settings.fixNavbarTop ? styles.headerFixed : ''}`}
        style={{ background: headerBackground(palette) }}
        data-header-dark={settings.headerDark}
      >
        <TopBar
          cooperative={cooperative}
          onToggleMenu={() => setNavigationOpen((open) => !open)}
          onOpenSettings={() => setToolsOpen(true)}
        />
      </div>
      <AppLayout
        headerSelector={settings.fixNavbarTop ? `#${HEADER_ID}` : undefined}
        navigation={<ShellNavigation cooperative={cooperative} />}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        navigationWidth={settings.minSidebarDark ? 220 : 280}
        breadcrumbs={<ShellBreadcrumbs />}
        notifications={<Flashbar items={flashItems} stackItems={flashItems.length > 3} />}
        tools={<SettingsPanel open={toolsOpen} />}
        toolsOpen={toolsOpen}
        onToolsChange={({ detail }) => setToolsOpen(detail.open)}
        toolsWidth={360}
        content={
          <div id={MAIN_ID} tabIndex={-1} className={styles.mainContent}>
            <Outlet />
            <Box textAlign="center" color="text-body-secondary" padding={{ vertical: 'l' }} variant="small">
              © {new Date().getFullYear()} CoopLedger. All rights reserved.
            </Box>
          </div>
        }
        ariaLabels={{
          navigation: 'Menu',
          navigationClose: 'Close the menu',
          navigationToggle: 'Open the menu',
          notifications: 'Notifications',
          tools: 'Settings',
          toolsClose: 'Close the settings',
          toolsToggle: 'Open the settings',
        }}
      />
    </>
  );
}
