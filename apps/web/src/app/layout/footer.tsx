import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import { usePublicConfig } from '../../lib/public-config';
import { useFooterLinks } from '../../features/configuration/api/get-footer-links';
import { footerLinkHref } from '../../features/configuration/utils/footer-link-href';
import { isSignedIn, useSession } from '../../lib/session';
import classes from './footer.module.css';
import { LanguageSelector } from './language-selector';

/** On every page: copyright, version, language selector, and the configured links when signed in (spec §2). */
export function Footer() {
  const { t } = useTranslation();
  const { status } = useSession();
  const signedIn = isSignedIn(status);
  const { data: config } = usePublicConfig();
  const { data: links } = useFooterLinks(signedIn);

  const footerLinks = signedIn
    ? [
        { key: 'privacy', labelKey: 'shell.footer.privacy_policy', href: footerLinkHref(links?.privacyPolicy) },
        {
          key: 'terms',
          labelKey: 'shell.footer.terms_and_conditions',
          href: footerLinkHref(links?.termsAndConditions),
        },
        { key: 'contact', labelKey: 'shell.footer.contact_us', href: footerLinkHref(links?.contactUs) },
      ].filter((link): link is { key: string; labelKey: string; href: string } => link.href !== null)
    : [];

  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <Group gap="md" className={classes.meta}>
          <Text size="sm">
            {t('shell.footer.copyright', { year: new Date().getFullYear() })}
            {config?.companyName ? ` ${config.companyName}` : ''}
          </Text>
          <Text size="sm">{t('shell.footer.version', { version: env.appVersion })}</Text>
        </Group>
        {footerLinks.length > 0 && (
          <nav aria-label={t('shell.footer.links_label')}>
            <ul className={classes.links}>
              {footerLinks.map((link) => (
                <li key={link.key}>
                  <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm" className={classes.link}>
                    {t(link.labelKey)}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <LanguageSelector />
      </div>
    </footer>
  );
}
