// /scheduled-payments (issue 29, not in the spec): the user's payments planned for a later day (chosen on the pay page,
// or planned by AutoPay) with their history, and AutoPay itself. The e-mails about them link here.
import { Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { AutopaySection } from './autopay-section';
import { ScheduledPaymentsSection } from './scheduled-payments-section';

export function ScheduledPaymentsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <PageTitle>{t('shell.pages.scheduled_payments')}</PageTitle>
        <Text maw="48rem">{t('scheduled-payments.intro')}</Text>
      </Stack>
      <ScheduledPaymentsSection />
      <Divider />
      <AutopaySection />
    </Stack>
  );
}
