import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../lib/i18n';
import { usePortalTheme } from '../lib/portal-theme';
import { queryClient } from '../lib/query-client';
import { themedOverride, themedVariables } from './theme';

/** Mantine with the theme of this host, switched in place when it arrives or changes (issue 15). */
function ThemedMantine({ children }: { children: ReactNode }) {
  const portal = usePortalTheme();
  const theme = useMemo(() => themedOverride(portal), [portal]);
  const variables = useMemo(() => themedVariables(portal), [portal]);
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    link.href = portal?.brandIcon || '/favicon.svg';
    link.type = portal?.brandIcon ? '' : 'image/svg+xml';
  }, [portal?.brandIcon]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={variables} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedMantine>
          {/* spec §8: toasts at the top right. */}
          <Notifications position="top-right" zIndex={3000} limit={5} />
          <BrowserRouter>{children}</BrowserRouter>
        </ThemedMantine>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
