import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';

const INVOICES_PATH = '/invoices';

/** Issue 38: a reminder link with nothing to pay for this user: why, and the way to the invoice list. */
export function ReminderLinkPage({ outcome }: { outcome: { status: 'unavailable' | 'all_paid' } }) {
  const { t } = useTranslation();
  const unavailable = outcome.status === 'unavailable';
  return (
    <Stack gap="md">
      <PageTitle>{t('shell.pages.invoices_pay')}</PageTitle>
      <Alert
        color={unavailable ? 'yellow' : 'green'}
        variant="light"
        icon={<IconInfoCircle aria-hidden="true" />}
        role="status"
        data-testid="reminder-link-notice"
        title={t(unavailable ? 'payments.reminder.unavailable_title' : 'payments.reminder.all_paid_title')}
      >
        <Text size="sm">{t(unavailable ? 'payments.reminder.unavailable' : 'payments.reminder.all_paid')}</Text>
      </Alert>
      <Anchor component={Link} to={INVOICES_PATH}>
        {t('payments.reminder.to_invoices')}
      </Anchor>
    </Stack>
  );
}

/** Above the pay form: the reminder's invoices that are not selected, and why. */
export function ReminderSelectionNotice({
  outcome,
}: {
  outcome: { paid: string[]; otherCurrency: string[]; otherCurrencies: string[] };
}) {
  const { t } = useTranslation();
  if (outcome.paid.length === 0 && outcome.otherCurrency.length === 0) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle aria-hidden="true" />}
      role="status"
      data-testid="reminder-link-notice"
    >
      <Stack gap={4}>
        {outcome.paid.length > 0 && (
          <Text size="sm">{t('payments.reminder.some_paid', { invoices: outcome.paid.join(', ') })}</Text>
        )}
        {outcome.otherCurrency.length > 0 && (
          <Text size="sm">
            {t('payments.reminder.other_currency', {
              invoices: outcome.otherCurrency.join(', '),
              currencies: outcome.otherCurrencies.join(', '),
            })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
