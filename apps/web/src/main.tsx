import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreenAt } from './app/routes';
import { startSession } from './features/auth/utils/start-session';
import { blackoutQuery } from './lib/blackout';
import { startI18n } from './lib/i18n';
import { portalThemeQuery } from './lib/portal-theme';
import { publicConfigQuery } from './lib/public-config';
import { queryClient } from './lib/query-client';
import { isSignedIn, session } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void startI18n().then(async ({ messages }) => {
  // What the first screen waits for (the sign-in status, the maintenance window, this host's theme, the public
  // configuration and the code of the screen at this address) is asked for now, beside the reader's messages, and
  // React renders once it is all there: one render of the whole page instead of one per answer, each of which holds
  // a phone's main thread for a tenth of a second (issue 17: TBT). None of these reads fails: each settles as
  // "unknown" (signed out, no window, the stored theme, no switches) and the page goes on from there.
  const signedIn = startSession().then(() =>
    preloadScreenAt(window.location.pathname, isSignedIn(session.get().status)),
  );
  await Promise.all([
    messages,
    signedIn,
    queryClient.prefetchQuery(blackoutQuery),
    queryClient.prefetchQuery(portalThemeQuery),
    queryClient.prefetchQuery(publicConfigQuery),
  ]);
  // In a transition: React renders the first page in slices of a few milliseconds, yielding to the browser between
  // them, instead of in one task that held a phone's main thread for a third of a second (issue 17: TBT).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
