// First: schemas read this setting when they are created.
import './app/zod-without-eval';
import '@cloudscape-design/global-styles/index.css';
import './app/theme/status-labels.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { followDocumentSettings } from './app/settings/apply-document-settings';
import { sessionStore } from './session/session-store';
import { joinOtherTabs } from './session/session-tabs';

// Night mode, density and direction apply before the first paint, sign-in page included.
followDocumentSettings();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A tab opened from another (the Store in a new tab) takes that tab's session before its first page.
void joinOtherTabs(sessionStore, window.location.pathname).finally(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
