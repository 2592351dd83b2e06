// The guest lookup (spec §3 and §5 Guest form; access §2): account number, invoice number, invoice amount, Next.
// The page's own checks first, then PUT /api/users/account/validateGuestPayment with the guest tokens this visit
// holds (the server's duplicate check and four-account cap).
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ValidateGuestPaymentResponse } from '@portal/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { preventExponentKey } from '../../../lib/amount-input';
import { ApiError } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { validateGuestPayment } from '../api/validate-guest-payment';
import { guestTokens } from '../utils/guest-session';
import {
  lookupFromLink,
  lookupRefusal,
  validateLookup,
  type LookupErrors,
  type LookupField,
  type LookupRefusal,
  type LookupValues,
} from '../utils/lookup-form';

/** A message above the form: why the guest is back here (already paid, the guest session expired). */
export type FormNotice = { key: string; values?: Record<string, string> };

export function GuestLookupForm(props: {
  notice?: FormNotice | undefined;
  onFound: (lookup: ValidateGuestPaymentResponse) => void;
  onRefused: (refusal: LookupRefusal) => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [values, setValues] = useState<LookupValues>(() => lookupFromLink(params));
  const [errors, setErrors] = useState<LookupErrors>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const set = (field: LookupField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = validateLookup(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const lookup = await validateGuestPayment({
        accountNumber: values.accountNumber.trim(),
        invoiceNumber: values.invoiceNumber.trim(),
        invoiceAmount: values.invoiceAmount.trim(),
        guest_tokens: guestTokens.list().map((held) => held.token),
      });
      props.onFound(lookup);
    } catch (error) {
      if (!(error instanceof ApiError)) log.warn('Guest lookup failed', error);
      props.onRefused(
        error instanceof ApiError
          ? lookupRefusal(error.status, error.body)
          : { kind: 'error', messageKey: 'errors.codes.SERVICE_UNAVAILABLE' },
      );
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const error = (field: LookupField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="guest-lookup-title">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="guest-lookup-form">
        <Stack gap="md">
          <Text fw={700} component="h2" size="lg" m={0} id="guest-lookup-title">
            {t('guest-payment.lookup.title')}
          </Text>
          {props.notice && (
            <Alert color="yellow" role="status" data-testid="guest-lookup-notice">
              {t(props.notice.key, props.notice.values)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('guest-payment.lookup.account_number')}
              value={values.accountNumber}
              onChange={(event) => set('accountNumber')(event.currentTarget.value)}
              error={error('accountNumber')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              required
            />
            <TextInput
              label={t('guest-payment.lookup.invoice_number')}
              value={values.invoiceNumber}
              onChange={(event) => set('invoiceNumber')(event.currentTarget.value)}
              error={error('invoiceNumber')}
              autoComplete="off"
              maxLength={20}
              required
            />
            <TextInput
              label={t('guest-payment.lookup.invoice_amount')}
              description={t('guest-payment.lookup.invoice_amount_hint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={values.invoiceAmount}
              onChange={(event) => set('invoiceAmount')(event.currentTarget.value)}
              onKeyDown={preventExponentKey}
              error={error('invoiceAmount')}
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              required
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={busy} disabled={busy} data-testid="guest-lookup-next">
              {t('guest-payment.lookup.next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
