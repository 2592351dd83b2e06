// /auto-register/accounts (access spec §2): on the left the form that proves an account by one of its invoices
// (replaced by 'register.max_no_of_accounts' once four are linked); on the right the linked accounts as "name -
// number", or a note when there are none. Continue is disabled without accounts and leads to /auto-register/create.
// The page reads GET /api/token/auto-register/accounts first: open or not, the cap, and the confirmation link's
// lifetime with the administrator's note (registrationEmailExpirationMessage), told before the visitor registers.
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ProvenAccount, RegistrationSettings } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountByInvoiceForm, accountLinkRefusalKey } from '../../../components/ui/account-by-invoice-form';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError } from '../../../lib/api-client';
import { proveAccount, registrationSettingsQuery } from '../api/registration';
import { accountListLabel, registrationAccounts } from '../utils/registration-accounts';
import classes from './registration.module.css';

export function LinkAccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: settings, isPending } = useQuery(registrationSettingsQuery);
  const [accounts, setAccounts] = useState<ProvenAccount[]>(() => registrationAccounts.list());

  const handleAdd = async (values: Parameters<typeof proveAccount>[0]) => {
    try {
      const { account } = await proveAccount(values);
      if (!registrationAccounts.add(account)) throw new Error(t('errors.account.already_added'));
      setAccounts(registrationAccounts.list());
    } catch (failure) {
      if (failure instanceof ApiError) throw new Error(t(accountLinkRefusalKey(failure.status, failure.body)));
      throw failure;
    }
  };

  const handleRemove = (account: ProvenAccount) => {
    registrationAccounts.remove(account);
    setAccounts(registrationAccounts.list());
  };

  if (isPending) return null;
  if (!settings?.allowRegistration)
    return (
      <Stack className={classes.page} gap="lg">
        <PageTitle>{t('auth.registration.link_accounts_title')}</PageTitle>
        <Alert color="yellow">{t('errors.codes.REGISTRATION_DISABLED')}</Alert>
      </Stack>
    );

  return (
    <Stack className={classes.page} gap="lg">
      <PageTitle>{t('auth.registration.link_accounts_title')}</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="link-account-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="link-account-title">
              {t('auth.registration.add_account_title')}
            </Title>
            {accounts.length >= settings.max_linked_accounts ? (
              <Alert color="blue" role="status">
                {t('auth.registration.max_no_of_accounts', { max: settings.max_linked_accounts })}
              </Alert>
            ) : (
              <>
                <Text size="sm">{t('auth.registration.link_accounts_intro')}</Text>
                <AccountByInvoiceForm
                  onSubmit={handleAdd}
                  submitLabel={t('auth.registration.add_account_button')}
                  titleId="link-account-title"
                />
              </>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="linked-accounts-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="linked-accounts-title">
              {t('auth.registration.linked_accounts_title')}
            </Title>
            {accounts.length === 0 ? (
              <Text c="dimmed">{t('auth.registration.no_linked_accounts')}</Text>
            ) : (
              <ul className={classes.accountList} data-testid="linked-accounts">
                {accounts.map((account) => (
                  <li key={`${account.primary_account}|${account.company_code}`} className={classes.accountItem}>
                    <span>{accountListLabel(account)}</span>
                    <UnstyledButton
                      className={classes.remove}
                      onClick={() => handleRemove(account)}
                      aria-label={t('auth.registration.remove_account', { account: accountListLabel(account) })}
                    >
                      <IconX size={16} aria-hidden="true" />
                    </UnstyledButton>
                  </li>
                ))}
              </ul>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
      <LinkLifetime settings={settings} />
      <Group justify="flex-end">
        <Button disabled={accounts.length === 0} onClick={() => void navigate('/auto-register/create')}>
          {t('auth.registration.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

/** How long the confirmation link mailed after registering will work, and what the administrator adds about it. */
function LinkLifetime({ settings }: { settings: RegistrationSettings }) {
  const { t } = useTranslation();
  const hours = settings.registrationEmailExpiration;
  return (
    <Stack gap={4} data-testid="registration-link-lifetime">
      <Text size="sm">
        {hours === 'ne'
          ? t('auth.registration.link_lifetime_never')
          : t('auth.registration.link_lifetime', { count: Number(hours) })}
      </Text>
      {settings.registrationEmailExpirationMessage && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {settings.registrationEmailExpirationMessage}
        </Text>
      )}
    </Stack>
  );
}
