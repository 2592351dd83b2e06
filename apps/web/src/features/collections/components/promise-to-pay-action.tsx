// "Promise to pay" beside Continue in the invoice list's selection bar (issue 38, CanMakePayment): the selected invoices
// of the current account are promised for a day (today up to promiseMaxDays ahead), for all they owe or an amount.
// Their reminders then wait until after that day. The app puts it in the bar (features do not import each other).
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { defaultPromiseMaxDays, type LedgerDocument, type PayerData } from '@portal/contracts';
import { currencyDecimals, formatMoney, serverDay } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPrimary, useAccountSelection, withoutLeadingZeros } from '../../../lib/account-selection';
import { preventExponentKey, withoutExponent } from '../../../lib/amount-input';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useInvoiceSelection } from '../../../lib/invoice-selection';
import { notify } from '../../../lib/notify';
import { paymentSettingsQuery } from '../../../lib/payments-disabled';
import { promisesKey } from '../api/list-promises';
import { makePromise } from '../api/make-promise';
import {
  checkPromise,
  owedBy,
  promisableDocuments,
  promiseDateBounds,
  toPromiseRequest,
  type PromiseDraft,
  type PromiseErrors,
} from '../utils/promise-form';
import classes from './collections.module.css';

export function PromiseToPayAction({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const selection = useInvoiceSelection();
  const primary = currentPrimary(useAccountSelection());
  const [opened, setOpened] = useState(false);
  const currency = selection.currency ?? selection.selected[0]?.document.currency_key ?? null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCalendarDue size={16} aria-hidden="true" />}
        disabled={disabled || !primary || !currency || selection.selected.length === 0}
        onClick={() => setOpened(true)}
        data-testid="promise-to-pay"
      >
        {t('collections.promise.action')}
      </Button>
      {opened && primary && currency && (
        <PromiseDialog
          payer={{ customer_number: primary.PrimaryAcct, company_code: primary.CompanyCode }}
          documents={selection.selected.map((item) => item.document)}
          currency={currency}
          onClose={() => setOpened(false)}
        />
      )}
    </>
  );
}

function PromiseDialog({
  payer,
  documents,
  currency,
  onClose,
}: {
  payer: PayerData;
  documents: LedgerDocument[];
  currency: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(paymentSettingsQuery);
  const maxDays = settings.data?.promiseMaxDays ?? defaultPromiseMaxDays;
  // The server's days are UTC days: the bounds it checks.
  const [today] = useState(() => serverDay(new Date()));
  const bounds = promiseDateBounds(today, maxDays);
  const decimals = currencyDecimals(currency);
  const held = promisableDocuments(documents, decimals);
  const owed = owedBy(held, decimals);
  const money = (amount: string) => formatMoney(amount, currency, i18n.language, { decimals });
  const [draft, setDraft] = useState<PromiseDraft>({ date: '', amount: '' });
  const [errors, setErrors] = useState<PromiseErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const change = (value: Partial<PromiseDraft>) => {
    setDraft((current) => ({ ...current, ...value }));
    setErrors({});
  };
  const message = (key: string | undefined) =>
    key ? t(key, { max: formatDate(bounds.max), amount: money(owed) }) : undefined;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkPromise(draft, { today, maxDays, decimals, owed });
    setErrors(found);
    if (found.date || found.amount) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await makePromise(toPromiseRequest(payer, held, draft, decimals));
      notify.success(t('collections.promise.made', { date: formatDate(draft.date) }));
      void queryClient.invalidateQueries({ queryKey: promisesKey });
      // The invoice detail says which promise holds an invoice.
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'detail'] });
      onClose();
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t('collections.promise.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="promise-dialog"
    >
      {held.length === 0 ? (
        <Stack gap="md">
          <Alert color="yellow" role="status">
            {t('collections.promise.nothing_to_promise')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="promise-form">
          <Stack gap="md">
            {refusal && (
              <Alert color="red" role="alert" data-testid="promise-refusal">
                {refusal}
              </Alert>
            )}
            <Text size="sm">{t('collections.promise.intro')}</Text>
            <div>
              <Text size="sm" fw={600} data-testid="promise-invoices">
                {t('collections.promise.invoices', { count: held.length, amount: money(owed) })}
              </Text>
              <Text size="sm">
                {held.map((document) => withoutLeadingZeros(document.billing_document_number)).join(', ')}
              </Text>
            </div>
            <TextInput
              type="date"
              label={t('collections.promise.date')}
              description={t('collections.promise.date_hint', { max: formatDate(bounds.max) })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              min={bounds.min}
              max={bounds.max}
              value={draft.date}
              onChange={(event) => change({ date: event.currentTarget.value })}
              error={message(errors.date)}
              required
              data-autofocus
              className={classes.dateField}
              data-testid="promise-date"
            />
            <TextInput
              label={t('collections.promise.amount', { currency })}
              description={t('collections.promise.amount_hint', { amount: money(owed) })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              inputMode="decimal"
              autoComplete="off"
              value={draft.amount}
              onKeyDown={preventExponentKey}
              onChange={(event) => change({ amount: withoutExponent(event.currentTarget.value) })}
              error={message(errors.amount)}
              className={classes.amountField}
              data-testid="promise-amount"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="promise-submit">
                {t('collections.promise.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
