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

// Night mode, density and direction apply before the first paint, sign-in page included.
followDocumentSettings();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
