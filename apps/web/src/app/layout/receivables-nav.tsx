// Issue 38: the Receivables area's own links above its pages (the staff's side of the money coming in): the
// collectors' worklist, the invoice disputes (issue 39) and the payments received, each for those who may open it.
// Payments received keeps the address it had under Settings (issue 27), so that every link and bookmark to it still
// works.
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session';
import {
  COLLECTIONS_PATH,
  DISPUTES_PATH,
  mayManageCollections,
  mayManageDisputes,
  mayViewReceivedPayments,
  PAYMENTS_RECEIVED_PATH,
} from './nav-items';
import classes from './settings-nav.module.css';

/** The Receivables links above a page of the area (only when there is more than one place to go). */
export function ReceivablesSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const links = [
    ...(mayManageCollections(profile) ? [{ to: COLLECTIONS_PATH, labelKey: 'shell.pages.collections' }] : []),
    ...(mayManageDisputes(profile) ? [{ to: DISPUTES_PATH, labelKey: 'shell.pages.disputes' }] : []),
    ...(mayViewReceivedPayments(profile)
      ? [{ to: PAYMENTS_RECEIVED_PATH, labelKey: 'shell.pages.settings_payments_received' }]
      : []),
  ];
  return (
    <>
      {links.length > 1 && (
        <nav aria-label={t('shell.nav.receivables')} className={classes.nav}>
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
