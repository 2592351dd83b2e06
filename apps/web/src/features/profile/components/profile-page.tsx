// /settings/profile (issue 13; access spec §2 Settings area, §6): the user's details, the linked accounts (more
// linked by invoice, up to 4, unless the user is third-party, whose accounts are read-only), the monthly statement
// e-mail (issue 29) and the password change.
import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { maxLinkedAccounts, type UserProfile } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccountByInvoiceForm, accountLinkRefusalKey } from '../../../components/ui/account-by-invoice-form';
import { PageTitle } from '../../../components/ui/page-title';
import { TableScroll } from '../../../components/ui/table-scroll';
import { accountLabel } from '../../../lib/account-label';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { isLanguage } from '@portal/i18n';
import { languageNames } from '../../../lib/i18n';
import { hasPermission, isThirdParty, session, useSession } from '../../../lib/session';
import { fetchProfile, postLinkAccount } from '../api/profile';
import { ChangePasswordForm } from './change-password-form';
import { MonthlyStatementSetting } from './monthly-statement-setting';
import { PaymentRemindersSetting } from './payment-reminders-setting';

export function ProfilePage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  if (!profile) return null;
  // spec §6: a third-party user's linked accounts are read-only; their password lives with the third party.
  const thirdParty = isThirdParty(profile);
  const readOnly = thirdParty || !hasPermission(profile, 'CanManageOwnSAPAccounts');
  const full = profile.Accounts.length >= maxLinkedAccounts;

  const handleLink = async (values: Parameters<typeof postLinkAccount>[1]) => {
    try {
      await postLinkAccount(profile.user_id, values);
    } catch (failure) {
      if (failure instanceof ApiError) throw new Error(t(accountLinkRefusalKey(failure.status, failure.body)));
      throw failure;
    }
    session.updateProfile(await fetchProfile());
    await queryClient.invalidateQueries({ queryKey: ['customers', 'header-accounts'] });
  };

  return (
    <Stack gap="lg">
      <PageTitle>{t('shell.pages.settings_profile')}</PageTitle>
      <Details profile={profile} />
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-accounts-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-accounts-title">
            {t('auth.profile.accounts_title')}
          </Title>
          <TableScroll minWidth={420} label={t('auth.profile.accounts_title')}>
            <Table data-testid="profile-accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('auth.profile.account_number')}</Table.Th>
                  <Table.Th scope="col">{t('auth.profile.company_code')}</Table.Th>
                  <Table.Th scope="col">{t('auth.profile.account_type')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {profile.Accounts.map((account) => (
                  <Table.Tr key={account.account_id}>
                    <Table.Td>{accountLabel(account.primary_account)}</Table.Td>
                    <Table.Td>{account.company_code}</Table.Td>
                    <Table.Td>{account.account_type}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {profile.Accounts.length === 0 && <Text c="dimmed">{t('auth.registration.no_linked_accounts')}</Text>}
          {readOnly ? (
            <Text size="sm" c="dimmed">
              {t('auth.profile.accounts_read_only')}
            </Text>
          ) : full ? (
            <Alert color="blue" role="status">
              {t('auth.registration.max_no_of_accounts', { max: maxLinkedAccounts })}
            </Alert>
          ) : (
            <Stack gap="sm" maw={480}>
              <Title order={3} size="h5" id="profile-link-title">
                {t('auth.registration.add_account_title')}
              </Title>
              <Text size="sm">{t('auth.registration.link_accounts_intro')}</Text>
              <AccountByInvoiceForm
                onSubmit={handleLink}
                submitLabel={t('auth.registration.add_account_button')}
                titleId="profile-link-title"
              />
            </Stack>
          )}
        </Stack>
      </Paper>
      {/* The statements and the reminders go to the linked accounts: without one there is nothing to send (unless a
          switch is away from its default already, so that it can be put back). */}
      {(profile.Accounts.length > 0 || profile.monthly_statement || profile.payment_reminders === false) && (
        <MonthlyStatementSetting profile={profile}>
          <PaymentRemindersSetting profile={profile} />
        </MonthlyStatementSetting>
      )}
      {!thirdParty && <ChangePasswordForm />}
    </Stack>
  );
}

function Details({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('auth.profile.name'), `${profile.first_name} ${profile.last_name}`],
    [t('auth.profile.company'), profile.company],
    [t('auth.profile.email'), profile.email],
    [t('auth.profile.language'), isLanguage(profile.language) ? languageNames[profile.language] : profile.language],
    [t('auth.profile.last_login'), profile.last_login ? formatDate(profile.last_login) : '—'],
  ];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-details-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="profile-details-title">
          {t('auth.profile.details_title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              {/* A long e-mail address wraps instead of widening a phone's page (WCAG 1.4.10). */}
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
