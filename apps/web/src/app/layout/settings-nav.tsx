// The settings area's own links (access spec §2 Settings area, §6): each page the user may open, so that an
// administrator finds Users, Configuration or Sent e-mail without typing an address.
import { Anchor } from '@mantine/core';
import type { Permission, UserProfile } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { hasPermission, isThirdParty, useSession } from '../../lib/session';
import classes from './settings-nav.module.css';

type SettingsLink = {
  to: string;
  labelKey: string;
  permission?: Permission;
  adminOnly?: boolean;
  notForThirdParty?: boolean;
};

const settingsLinks: SettingsLink[] = [
  { to: '/settings/profile', labelKey: 'shell.pages.settings_profile', notForThirdParty: true },
  {
    to: '/settings/payment-methods',
    labelKey: 'shell.pages.settings_payment_methods',
    permission: 'CanManagePaymentMethods',
  },
  { to: '/settings/users', labelKey: 'shell.pages.settings_users', permission: 'CanViewUsers' },
  {
    to: '/settings/registration-requests',
    labelKey: 'shell.pages.settings_registration_requests',
    permission: 'CanManageRegistrationRequests',
  },
  { to: '/settings/configuration', labelKey: 'shell.pages.settings_configuration', permission: 'CanEditSystemConfig' },
  { to: '/settings/integration', labelKey: 'shell.pages.settings_integration', permission: 'CanEditSystemConfig' },
  { to: '/settings/imports', labelKey: 'shell.pages.settings_imports', permission: 'CanEditSystemConfig' },
  { to: '/settings/outbox', labelKey: 'shell.pages.settings_outbox', permission: 'CanEditSystemConfig' },
  // Issue 38: Payments received moved to the Receivables area (receivables-nav.tsx), at the same address.
  { to: '/settings/audit', labelKey: 'shell.pages.settings_audit', adminOnly: true },
];

export function visibleSettingsLinks(profile: UserProfile | null): SettingsLink[] {
  return settingsLinks.filter(
    (link) =>
      (!link.permission || hasPermission(profile, link.permission)) &&
      (!link.adminOnly || profile?.user_role === 'admin') &&
      !(link.notForThirdParty && isThirdParty(profile)),
  );
}

/** The settings links above a settings page (only when there is more than one place to go). */
export function SettingsSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const links = visibleSettingsLinks(profile);
  return (
    <>
      {links.length > 1 && (
        <nav aria-label={t('shell.nav.settings')} className={classes.nav}>
          <ul className={classes.list}>
            {links.map((link) => (
              <li key={link.to}>
                <Anchor component={NavLink} to={link.to} end className={classes.link}>
                  {t(link.labelKey)}
                </Anchor>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {children}
    </>
  );
}
