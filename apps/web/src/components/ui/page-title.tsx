import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The one h1 of a page; also names the browser tab ("Invoices | Customer Portal", WCAG 2.4.2). */
export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation();
  const appName = t('shell.app_name');
  useEffect(() => {
    document.title = `${children} | ${appName}`;
  }, [children, appName]);
  // A long word (an e-mail address in "Edit user …") wraps instead of widening a small screen.
  return (
    <Title order={1} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
}
