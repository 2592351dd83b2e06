import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './email-preview.module.css';

/**
 * An e-mail's HTML and text parts, as a mail client shows them: the HTML in a sandboxed frame (no script, no
 * navigation of this page). Used by the Sent e-mail page and the template editor.
 */
export function EmailPreview({ html, text, testId }: { html: string; text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="html">
      <Tabs.List>
        <Tabs.Tab value="html">{t('mail.outbox.html_part')}</Tabs.Tab>
        <Tabs.Tab value="text">{t('mail.outbox.text_part')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="html" pt="sm">
        <iframe
          title={t('mail.outbox.html_part')}
          sandbox=""
          srcDoc={html}
          className={classes.frame}
          data-testid={`${testId}-html`}
        />
      </Tabs.Panel>
      <Tabs.Panel value="text" pt="sm">
        {/* A long text scrolls in its box: the box is then reached by keyboard, and named (WCAG 2.1.1). */}
        <pre
          className={`mantine-focus-auto ${classes.text}`}
          tabIndex={0}
          role="region"
          aria-label={t('mail.outbox.text_part')}
          data-testid={`${testId}-text`}
        >
          {text}
        </pre>
      </Tabs.Panel>
    </Tabs>
  );
}
