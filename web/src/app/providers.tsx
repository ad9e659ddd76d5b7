import type { ReactNode } from 'react';
import { useState } from 'react';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { COMPONENT_LABELS } from './component-labels';
import { createQueryClient } from './query-client';

const MESSAGES = [COMPONENT_LABELS];

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nProvider locale="en" messages={MESSAGES}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}
