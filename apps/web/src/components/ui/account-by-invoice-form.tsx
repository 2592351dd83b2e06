// The account-linking form (access spec §2 "Guest payment and account linking form", §5 Add account by invoice):
// account number, invoice number and invoice amount, checked by the spec's rules before the caller's request.
// Registration and the profile page use it; the caller says what a refusal means.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { validateAccountByInvoice, type AccountByInvoiceInput } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { preventExponentKey } from '../../lib/amount-input';

const empty: AccountByInvoiceInput = { accountNumber: '', invoiceNumber: '', invoiceAmount: '' };

export function AccountByInvoiceForm(props: {
  /** Resolves when the account was added (the form empties); rejects with a translated message to show. */
  onSubmit: (values: AccountByInvoiceInput) => Promise<void>;
  submitLabel: string;
  titleId?: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof AccountByInvoiceInput, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof AccountByInvoiceInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateAccountByInvoice(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await props.onSubmit({
        accountNumber: values.accountNumber.trim(),
        invoiceNumber: values.invoiceNumber.trim(),
        invoiceAmount: values.invoiceAmount.trim(),
      });
      setValues(empty);
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const error = (field: keyof AccountByInvoiceInput) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-labelledby={props.titleId}>
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert" data-testid="account-link-error">
            {refusal}
          </Alert>
        )}
        <TextInput
          label={t('auth.registration.account_number_label')}
          value={values.accountNumber}
          onChange={(event) => set('accountNumber')(event.currentTarget.value)}
          error={error('accountNumber')}
          autoComplete="off"
          maxLength={20}
          required
        />
        <TextInput
          label={t('auth.registration.invoice_number_label')}
          value={values.invoiceNumber}
          onChange={(event) => set('invoiceNumber')(event.currentTarget.value)}
          error={error('invoiceNumber')}
          autoComplete="off"
          maxLength={20}
          required
        />
        <TextInput
          label={t('auth.registration.invoice_amount_label')}
          description={t('auth.registration.invoice_amount_hint')}
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
        <Group>
          <Button type="submit" loading={busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** spec §8: 404 'account.error_no_account_found', duplicate 'account.error.already_added', else too many attempts. */
export function accountLinkRefusalKey(
  status: number | null,
  body: { reason?: string; messageKey?: string } | undefined,
) {
  if (status === 404) return 'errors.account.no_account_found';
  if (body?.reason === 'duplicate') return 'errors.account.already_added';
  if (status === 400 && body?.messageKey) return body.messageKey;
  return 'errors.account.too_many_attempts';
}
