import type { BlackoutStatus } from '@portal/contracts';
import { entryInLanguage } from '@portal/domain';
import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { usePublicConfig } from '../../../lib/public-config';
import { usePortalTheme } from '../../../lib/portal-theme';
import { postLogin } from '../api/post-login';
import { completeSignIn } from '../utils/start-session';
import classes from './sign-in-page.module.css';

/**
 * /signin (spec §2, sign-in screen). On success the router takes the user on: to the last address when it is
 * the registration-requests page, otherwise /invoices. `admin` is /login/admin, the sign-in that stays open
 * to administrators during a blackout.
 */
export function SignInPage({ admin = false, blackout }: { admin?: boolean; blackout?: BlackoutStatus }) {
  const { t, i18n } = useTranslation();
  const { data: config } = usePublicConfig();
  const portalTheme = usePortalTheme();
  const banner = portalTheme
    ? entryInLanguage(portalTheme.banners, i18n.resolvedLanguage ?? i18n.language, (entry) => entry.content)
    : undefined;
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    // spec §5: both are required; the server is not called without them.
    if (!login.trim() || !password) {
      notify.error(t('errors.auth.credentials_required'), { id: 'credentials-required' });
      return;
    }
    setSubmitting(true);
    try {
      const { token } = await postLogin({ login: login.trim(), password });
      notify.clear();
      await completeSignIn(token);
    } catch (error) {
      // The API client has shown the toast; spec §4: bad credentials give Failed.
      if (error instanceof ApiError && error.status === 401) session.setStatus('Failed');
      setSubmitting(false);
    }
  };

  return (
    <Stack className={classes.page} gap="lg">
      <PageTitle>{t(admin ? 'auth.signin.admin_title' : 'auth.signin.title')}</PageTitle>
      {portalTheme?.brandLogo && (
        <img src={portalTheme.brandLogo} alt={config?.companyName ?? ''} className={classes.logo} />
      )}
      {/* The theme's banner in the reader's language (sanitised again here), else the built-in welcome. */}
      {banner ? (
        <SanitizedHtml className={classes.banner} data-testid="signin-banner" html={banner} />
      ) : (
        <Text className={classes.banner}>{t('auth.signin.banner')}</Text>
      )}
      {blackout?.active && (
        <Alert color="yellow" variant="light" role="status" data-testid="signin-blackout-notice">
          {blackout.message || t('errors.codes.MAINTENANCE')}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md" className={classes.card}>
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <TextInput
              type="email"
              label={t('auth.signin.login_label')}
              autoComplete="username"
              value={login}
              onChange={(event) => setLogin(event.currentTarget.value)}
              maxLength={320}
            />
            <TextInput
              type="password"
              label={t('auth.signin.password_label')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              maxLength={1024}
            />
            <Button type="submit" loading={submitting} fullWidth>
              {t('auth.signin.login_button')}
            </Button>
            <Anchor component={Link} to="/request-password-reset" className={classes.trouble}>
              {t('auth.signin.trouble_logging_in')}
            </Anchor>
            {/* Registration off: someone without an account asks an administrator for one (issue 14). */}
            {!admin && config && !config.allowRegistration && (
              <Anchor
                component={Link}
                to="/request-access"
                className={classes.trouble}
                data-testid="request-access-link"
              >
                {t('auth.signin.request_access_link')}
              </Anchor>
            )}
          </Stack>
        </form>
      </Paper>
      {!admin && config && (config.allowRegistration || config.allowGuestPayment) && (
        // Side by side where both labels fit, stacked on a phone (a long label, French or Russian, would be cut).
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" className={classes.card}>
          {config.allowRegistration && (
            <Button component={Link} to="/auto-register/accounts" variant="outline">
              {t('auth.signin.register_button')}
            </Button>
          )}
          {config.allowGuestPayment && (
            <Button component={Link} to="/guest-payment/guestpayment" variant="outline">
              {t('auth.signin.guest_payment_button')}
            </Button>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
