import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

// The portal's CSP forbids eval, and zod's probe for it (new Function, caught) is still reported as a policy
// violation: the browser tests fail on any script-src violation (issue 16), so zod runs without compiling.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Messages are bundled (no network), so the first paint already speaks the user's language.
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
