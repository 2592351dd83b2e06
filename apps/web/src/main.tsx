import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSession } from './features/auth/utils/start-session';
import { blackoutQuery } from './lib/blackout';
import { startI18n } from './lib/i18n';
import { portalThemeQuery } from './lib/portal-theme';
import { publicConfigQuery } from './lib/public-config';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void startI18n().then(async ({ messages }) => {
  // What the first screen waits for (the sign-in status, the maintenance window, this host's theme and the public
  // configuration) is asked for now, beside the reader's messages, not after them (issue 17: one round trip fewer
  // before the first paint).
  void startSession();
  void queryClient.prefetchQuery(blackoutQuery);
  void queryClient.prefetchQuery(portalThemeQuery);
  void queryClient.prefetchQuery(publicConfigQuery);
  await messages;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
