// "Promises to pay" on the scheduled payments page (issue 38): the user's promises, open ones first, each with its day,
// amount, invoices and where it stands; an open one may be withdrawn (after a confirm step), and the reminders of its
// invoices go on. A table on wide screens, cards on a phone. The app puts it on the page.
import { Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PaymentPromise } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { TableScroll } from '../../../components/ui/table-scroll';
import { MOBILE_BREAKPOINT_PX } from '../../../config/constants';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { cancelPromise } from '../api/cancel-promise';
import { promisesKey, usePromises } from '../api/list-promises';
import { PromiseStatusBadge } from './collection-badges';
import classes from './collections.module.css';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;

export function PromisesSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const result = usePromises();
  const [withdrawing, setWithdrawing] = useState<PaymentPromise | null>(null);
  const promises = result.data?.promises ?? [];
  const money = (promise: PaymentPromise) =>
    formatMoney(promise.amount, promise.currency_key, i18n.language, { decimals: promise.currency_decimals });

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId} data-testid="promises-section">
      <Title order={2} size="h3" id={headingId}>
        {t('collections.promises.title')}
      </Title>
      <Text maw="48rem">{t('collections.promises.intro')}</Text>
      {result.isError && !result.data ? (
        <LoadFailed error={result.error} />
      ) : !result.data ? null : promises.length === 0 ? (
        <Text data-testid="promises-none">{t('collections.promises.none')}</Text>
      ) : (
        <PromiseList promises={promises} money={money} onWithdraw={setWithdrawing} />
      )}
      {withdrawing && (
        <WithdrawDialog promise={withdrawing} amount={money(withdrawing)} onClose={() => setWithdrawing(null)} />
      )}
    </Stack>
  );
}

function PromiseList({
  promises,
  money,
  onWithdraw,
}: {
  promises: PaymentPromise[];
  money: (promise: PaymentPromise) => string;
  onWithdraw: (promise: PaymentPromise) => void;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const caption = t('collections.promises.caption');
  const invoices = (promise: PaymentPromise) =>
    promise.documents
      .map((document) => withoutLeadingZeros(document.billing_document_number || document.document_number_finance))
      .join(', ');
  const account = (promise: PaymentPromise) =>
    `${withoutLeadingZeros(promise.payer_data.customer_number)} (${promise.payer_data.company_code})`;
  const withdraw = (promise: PaymentPromise) =>
    promise.status === 'open' ? (
      <Button
        size="xs"
        variant="default"
        onClick={() => onWithdraw(promise)}
        aria-label={t('collections.promises.withdraw_label', {
          amount: money(promise),
          date: formatDate(promise.promised_date),
        })}
        data-testid="promise-withdraw"
      >
        {t('collections.promises.withdraw')}
      </Button>
    ) : null;

  if (mobile) {
    return (
      <Stack gap="sm" component="ul" className={classes.plainList} aria-label={caption}>
        {promises.map((promise) => (
          <Paper component="li" key={promise.id} withBorder p="sm" data-testid="promise-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700}>
                {formatDate(promise.promised_date)} · {money(promise)}
              </Text>
              <PromiseStatusBadge status={promise.status} />
            </Group>
            <Text size="sm" mt={4}>
              {t('collections.promises.columns.invoices')}: {invoices(promise)}
            </Text>
            <Text size="sm">
              {t('collections.promises.columns.account')}: {account(promise)}
            </Text>
            <Text size="sm">
              {t('collections.promises.columns.made_by')}: {promise.made_by}
            </Text>
            {promise.status === 'open' && <Group mt="xs">{withdraw(promise)}</Group>}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll minWidth={760} label={caption}>
      <Table striped withTableBorder aria-label={caption} data-testid="promises-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('collections.promises.columns.date')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('collections.promises.columns.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('collections.promises.columns.invoices')}</Table.Th>
            <Table.Th scope="col">{t('collections.promises.columns.account')}</Table.Th>
            <Table.Th scope="col">{t('collections.promises.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('collections.promises.columns.made_by')}</Table.Th>
            <Table.Th scope="col">{t('collections.promises.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {promises.map((promise) => (
            <Table.Tr key={promise.id} data-testid="promise-row">
              <Table.Td className={classes.nowrap}>{formatDate(promise.promised_date)}</Table.Td>
              <Table.Td className={classes.number}>{money(promise)}</Table.Td>
              <Table.Td>{invoices(promise)}</Table.Td>
              <Table.Td className={classes.nowrap}>{account(promise)}</Table.Td>
              <Table.Td>
                <PromiseStatusBadge status={promise.status} />
              </Table.Td>
              <Table.Td>{promise.made_by}</Table.Td>
              <Table.Td>{withdraw(promise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function WithdrawDialog({
  promise,
  amount,
  onClose,
}: {
  promise: PaymentPromise;
  amount: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const date = formatDate(promise.promised_date);

  const handleWithdraw = async () => {
    setBusy(true);
    try {
      await cancelPromise(promise.id);
      notify.success(t('collections.promises.withdrawn', { date }));
    } catch (error) {
      // 409: kept or broken meanwhile; the list shows where it stands now.
      if (error instanceof ApiError && error.status === 409) notify.warning(t('collections.promises.not_open'));
      else if (error instanceof ApiError && error.body) notify.error(errorText(error.body));
      else {
        log.warn('Withdrawing a promise to pay failed', error);
        notify.error(t('errors.toast.system_error'));
      }
    }
    onClose();
    void queryClient.invalidateQueries({ queryKey: ['invoices', 'detail'] });
    await queryClient.invalidateQueries({ queryKey: promisesKey });
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t('collections.promises.withdraw_title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="promise-withdraw-dialog"
    >
      <Text>{t('collections.promises.withdraw_text', { amount, date })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          {t('collections.promises.keep')}
        </Button>
        <Button color="red" onClick={() => void handleWithdraw()} loading={busy} data-testid="promise-withdraw-confirm">
          {t('collections.promises.withdraw_confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
