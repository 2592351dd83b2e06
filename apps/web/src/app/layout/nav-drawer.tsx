import { Anchor, Divider, Drawer, Group, Stack, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { AccountSwitcher } from './account-switcher';
import classes from './header.module.css';
import { isNavItemActive, type NavItem } from './nav-items';

// Slide without fading: text mid-fade has too little contrast, and axe may look at it just then.
const slideIn = {
  in: { transform: 'translateX(0)' },
  out: { transform: 'translateX(100%)' },
  transitionProperty: 'transform',
};

type Props = {
  opened: boolean;
  onClose: () => void;
  navItems: readonly NavItem[];
  settingsTo: string;
  /** Absent when the user has no Log out (showsLogout). */
  onLogout?: () => void;
};

/** The header's menu on small screens (the burger opens it): account, the main links, settings and Log out. */
export function NavDrawer({ opened, onClose, navItems, settingsTo, onLogout }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Drawer
      id="app-nav-drawer"
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(20rem, 85vw)"
      title={t('shell.drawer.title')}
      closeButtonProps={{ 'aria-label': t('shell.nav.close_menu') }}
      transitionProps={{ transition: slideIn, duration: 150 }}
    >
      <Stack gap="md">
        <AccountSwitcher withLabel />
        <nav aria-label={t('shell.nav.main_label')}>
          <ul className={classes.drawerList}>
            {navItems.map((item) => (
              <li key={item.to}>
                {item.activePaths ? (
                  <Anchor
                    component={Link}
                    to={item.to}
                    aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
                    className={classes.drawerLink}
                  >
                    {t(item.labelKey)}
                  </Anchor>
                ) : (
                  <Anchor component={NavLink} to={item.to} className={classes.drawerLink}>
                    {t(item.labelKey)}
                  </Anchor>
                )}
              </li>
            ))}
            <li>
              <Anchor component={NavLink} to={settingsTo} className={classes.drawerLink}>
                {t('shell.nav.settings')}
              </Anchor>
            </li>
          </ul>
        </nav>
        {onLogout && (
          <>
            <Divider />
            <UnstyledButton onClick={onLogout} className={classes.drawerLink}>
              <Group gap="xs" component="span">
                <IconLogout size={18} aria-hidden="true" />
                {t('auth.logout')}
              </Group>
            </UnstyledButton>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
