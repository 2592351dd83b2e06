import { ActionIcon, Anchor, Burger, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { DEFAULT_SIGNED_IN_PATH, SIGN_IN_PATH } from '../../config/constants';
import { isSignedIn, isWaitingConfirmation, useSession } from '../../lib/session';
import { useLogout } from '../../features/auth/utils/use-logout';
import { useDepositSettings } from '../../features/deposits/api/get-deposit-settings';
import { stopImpersonation } from '../../features/users/api/users';
import { useSwitchIdentity } from '../../features/users/utils/use-switch-identity';
import { notify } from '../../lib/notify';
import { usePortalTheme } from '../../lib/portal-theme';
import { currentPrimary, useAccountSelection } from '../../lib/account-selection';
import { useMaintenance } from '../use-maintenance';
import classes from './header.module.css';
import { useHeaderAccountsSync } from './use-header-accounts-sync';
import { isNavItemActive, mayMakeDeposits, primaryNavItems, settingsPath, showsLogout } from './nav-items';

// The account dropdown (a Select with its floating list) loads with the first signed-in page, while the header
// accounts it lists are read, so that the sign-in page's first load does not carry it (issue 17).
const AccountSwitcher = lazy(() => import('./account-switcher').then((m) => ({ default: m.AccountSwitcher })));
// The small screens' menu (a drawer, with its scroll area) likewise: it loads, closed, with the first signed-in page.
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

export function Header() {
  const { t } = useTranslation();
  const { status, profile, impersonation } = useSession();
  const signedIn = isSignedIn(status);
  // A user waiting for e-mail confirmation, or shut out by a maintenance window (spec §2: "a system maintenance
  // header with logout only"), sees who they are and Log out, but no accounts, links or menu.
  const { closedToMe } = useMaintenance();
  const portalTheme = usePortalTheme();
  const customer = signedIn && !isWaitingConfirmation(profile) && !closedToMe;
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const logout = useLogout();
  useHeaderAccountsSync();

  // Following a link closes the drawer (useDisclosure's handler object is new each render; `close` is stable).
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  const who = impersonation
    ? t('auth.working_as', { name: impersonation.name })
    : t('auth.logged_in_as', { login: profile?.login ?? '' });
  // spec §6: the Deposits link follows the current account's deposit settings (asked only for users who may deposit).
  // Deferred, like the page's own accounts: the header renders again for them in React's background render.
  const primary = currentPrimary(useDeferredValue(useAccountSelection()));
  const depositPayer =
    customer && primary && mayMakeDeposits(profile)
      ? { customer_number: primary.PrimaryAcct, company_code: primary.CompanyCode }
      : null;
  const depositsAllowed = useDepositSettings(depositPayer).data?.deposits_allowed === true;
  const navItems = primaryNavItems(profile, depositsAllowed);
  const handleLogout = () => void logout();
  // access spec §4: while working as someone, the header says so and offers the way back (issue 14).
  const switchIdentity = useSwitchIdentity();
  const handleStop = async () => {
    await switchIdentity(stopImpersonation, '/settings/users');
    notify.success(t('auth.impersonation_stopped'));
  };
  const stopButton = impersonation && (
    <Button
      size="compact-sm"
      variant="white"
      color="dark"
      onClick={() => void handleStop()}
      className={classes.stop}
      data-testid="stop-impersonating"
    >
      {t('auth.stop_impersonating', { name: impersonation.name })}
    </Button>
  );

  return (
    <header className={classes.header}>
      <div className={classes.topBar}>
        <Link to={customer ? DEFAULT_SIGNED_IN_PATH : SIGN_IN_PATH} className={classes.brand}>
          {portalTheme?.brandLogo ? (
            <img src={portalTheme.brandLogo} alt={t('shell.logo_alt')} className={classes.brandLogo} />
          ) : (
            <Logo title={t('shell.logo_alt')} />
          )}
          <span className={classes.appName} aria-hidden="true">
            {t('shell.app_name')}
          </span>
        </Link>
        {signedIn && (
          <>
            {customer && (
              <div className={classes.desktopOnly}>
                <Suspense fallback={null}>
                  <AccountSwitcher className={classes.accountSwitcher} />
                </Suspense>
              </div>
            )}
            <div className={classes.spacer} />
            <Text className={classes.who} size="sm" data-testid="header-who">
              {who}
            </Text>
            {stopButton}
            {customer && (
              <ActionIcon
                component={Link}
                to={settingsPath(profile)}
                variant="subtle"
                color="white"
                c="var(--portal-brand-contrast)"
                size="lg"
                aria-label={t('shell.nav.settings')}
                className={classes.desktopOnly}
              >
                <IconSettings aria-hidden="true" />
              </ActionIcon>
            )}
            {showsLogout(profile) && (
              <Button
                variant="subtle"
                color="white"
                c="var(--portal-brand-contrast)"
                leftSection={<IconLogout size={18} aria-hidden="true" />}
                onClick={handleLogout}
                // Without the menu (no customer data) Log out stays in the bar on small screens too.
                className={customer ? classes.desktopOnly : undefined}
              >
                {t('auth.logout')}
              </Button>
            )}
            {customer && (
              <Burger
                opened={drawerOpened}
                onClick={drawer.toggle}
                color="var(--portal-brand-contrast)"
                className={classes.mobileOnly}
                aria-label={t('shell.nav.open_menu')}
                aria-expanded={drawerOpened}
                aria-controls="app-nav-drawer"
              />
            )}
          </>
        )}
      </div>
      {customer && (
        <nav className={`${classes.navBar} ${classes.desktopOnly}`} aria-label={t('shell.nav.main_label')}>
          <ul className={classes.navList}>
            {navItems.map((item) => (
              <li key={item.to}>
                {item.activePaths ? (
                  // An area of several pages: current on each of them, not only under its own address.
                  <Anchor
                    component={Link}
                    to={item.to}
                    aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
                    className={classes.navLink}
                  >
                    {t(item.labelKey)}
                  </Anchor>
                ) : (
                  <Anchor component={NavLink} to={item.to} className={classes.navLink}>
                    {t(item.labelKey)}
                  </Anchor>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      {customer && (
        <Suspense fallback={null}>
          <NavDrawer
            opened={drawerOpened}
            onClose={drawer.close}
            navItems={navItems}
            settingsTo={settingsPath(profile)}
            onLogout={showsLogout(profile) ? handleLogout : undefined}
          />
        </Suspense>
      )}
    </header>
  );
}
