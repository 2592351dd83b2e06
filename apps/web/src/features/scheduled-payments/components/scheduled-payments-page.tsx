// /scheduled-payments (issue 29, not in the spec): the user's payments planned for a later day (chosen on the pay page,
// or planned by AutoPay) with their history, and AutoPay itself. The e-mails about them link here. Issue 38: the user's
// promises to pay follow, the other payments planned for a day.
import { Divider, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { AutopaySection } from './autopay-section';
import { ScheduledPaymentsSection } from './scheduled-payments-section';

/** promises: the user's promises to pay (issue 38), composed by the app from the collections feature. */
export function ScheduledPaymentsPage({ promises }: { promises?: ReactNode }) {
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
      {promises && (
        <>
          <Divider />
          {promises}
        </>
      )}
    </Stack>
  );
}
