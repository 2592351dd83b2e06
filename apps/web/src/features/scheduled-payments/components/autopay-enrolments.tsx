// The user's AutoPay enrolments (issue 29): account, method, when it pays, the maximum, where it stands (and why it
// stopped), the past-due invoices it left for a person, and Stop (after a confirm step) while it is active.
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AutopayEnrolment } from '@portal/contracts';
import { currencyDecimalsOf, formatMoney } from '@portal/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { LeftInvoices } from './left-invoices';

export function AutopayEnrolments(props: {
  enrolments: AutopayEnrolment[];
  accountLabel: (enrolment: AutopayEnrolment) => string;
  /** The enrolment whose confirmation shows its left invoices already. */
  confirmedId: string | null;
  onStop: (enrolment: AutopayEnrolment) => void;
}) {
  // Active ones first; within each, as the server lists them (newest first).
  const enrolments = [
    ...props.enrolments.filter((enrolment) => enrolment.status === 'active'),
    ...props.enrolments.filter((enrolment) => enrolment.status !== 'active'),
  ];
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {enrolments.map((enrolment) => (
        <li key={enrolment.id}>
          <EnrolmentCard
            enrolment={enrolment}
            account={props.accountLabel(enrolment)}
            showLeft={enrolment.id !== props.confirmedId}
            onStop={() => props.onStop(enrolment)}
          />
        </li>
      ))}
    </Stack>
  );
}

function EnrolmentCard(props: { enrolment: AutopayEnrolment; account: string; showLeft: boolean; onStop: () => void }) {
  const { t } = useTranslation();
  const { enrolment } = props;
  const active = enrolment.status === 'active';
  const summary = useEnrolmentSummary(enrolment);
  return (
    <Paper withBorder p="md" data-testid="autopay-enrolment">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {t('scheduled-payments.autopay.account', { account: props.account })}
          </Title>
          <StatusBadge tone={active ? 'good' : 'neutral'} tt="none" data-testid="autopay-status">
            {t(`scheduled-payments.autopay.status.${enrolment.status}`)}
          </StatusBadge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Detail label={t('scheduled-payments.autopay.method')} value={enrolment.payment_method_label} />
          <Detail label={t('scheduled-payments.autopay.when')} value={summary.when} />
          <Detail label={t('scheduled-payments.autopay.maximum')} value={summary.maximum} />
          <Detail label={t('scheduled-payments.autopay.since')} value={formatDate(enrolment.enrolled_on)} />
        </SimpleGrid>
        {!active && enrolment.stopped_reason && (
          <Text size="sm" data-testid="autopay-stopped-reason">
            {t('scheduled-payments.autopay.stopped_on', {
              date: formatDateTime(enrolment.stopped_at),
              reason: t(`scheduled-payments.autopay.stopped_reasons.${enrolment.stopped_reason}`),
            })}
          </Text>
        )}
        {props.showLeft && enrolment.left_at_enrolment.length > 0 && <LeftAtEnrolment enrolment={enrolment} />}
        {active && (
          <Group>
            <Button variant="default" color="red" onClick={props.onStop}>
              {t('scheduled-payments.autopay.stop')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The past-due invoices left at enrolment: counted, and listed on demand (there may be many). */
function LeftAtEnrolment({ enrolment }: { enrolment: AutopayEnrolment }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const count = enrolment.left_at_enrolment.length;
  const listId = `autopay-left-${enrolment.id}`;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text size="sm">{t('scheduled-payments.autopay.left_count', { count })}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpened((current) => !current)}
          aria-expanded={opened}
          aria-controls={listId}
        >
          {t(opened ? 'scheduled-payments.autopay.left_hide' : 'scheduled-payments.autopay.left_show')}
        </Button>
      </Group>
      <div id={listId}>
        {opened && (
          <LeftInvoices invoices={enrolment.left_at_enrolment} label={t('scheduled-payments.autopay.left_title')} />
        )}
      </div>
    </Stack>
  );
}

/** "3 days before the due date" and the maximum, in the reader's words (also the confirmation's). */
export function useEnrolmentSummary(enrolment: AutopayEnrolment): { when: string; maximum: string } {
  const { t, i18n } = useTranslation();
  const currencyDecimals = useBackendConfiguration().data?.sapcust.currency_decimals ?? [];
  const days = enrolment.days_before_due;
  const when =
    days === 0
      ? t('scheduled-payments.autopay.on_due_date')
      : t('scheduled-payments.autopay.days_before', { count: days });
  const currency = enrolment.max_currency_key;
  const maximum =
    enrolment.max_amount === null || !currency
      ? t('scheduled-payments.autopay.no_maximum')
      : formatMoney(enrolment.max_amount, currency, i18n.language, {
          decimals: currencyDecimalsOf(currency, currencyDecimals),
        });
  return { when, maximum };
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </Stack>
  );
}
