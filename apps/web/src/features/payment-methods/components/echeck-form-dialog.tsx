// Add or edit an e-check (spec §3 Echeck form, §5 Echeck). The routing number, type and holder are the portal's;
// the account number is typed in the provider's frame (the portal keeps only its last four, inside the token).
// Editing locks type, routing and account number; only the name is required. Issue 36: with Stripe the bank account
// is typed in Stripe's Payment Element (ACH: routing, account number and type, with the mandate text; SEPA for EUR
// accounts: the IBAN and its mandate), so the portal keeps only the holder's name; the accepted mandate's reference
// is shown once saved.
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { AccessTokenResponse, PayerData, PaymentCard, PaymentMethodsResponse } from '@portal/contracts';
import { echeckAccountTypes, lastFourOfToken, validateEcheckDetails } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { managePaymentMethod } from '../api/manage-payment-method';
import { fetchTokenizationResponse, requestAccessToken } from '../api/tokenization';
import { reportManageResult } from '../utils/manage-result';
import { paymentMethodLabel } from '../utils/payment-method-label';
import { MethodFormFooter } from './method-form-footer';
import { isStripeEntry, PaymentEntry, type PaymentEntryHandle } from '../../../components/ui/payment-entry';

type Props = {
  payer: PayerData;
  settings: PaymentMethodsResponse['settings'];
  check?: PaymentCard;
  onClose: () => void;
  onSaved: () => void;
};

type Fields = { electronic_check_account_type: string; name: string; electronic_check_rdfi_number: string };
type Errors = Partial<Record<keyof Fields | 'frame', string>>;

export function EcheckFormDialog({ payer, settings, check, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = check !== undefined;
  const isSession = check?.is_session === 'X';
  const [fields, setFields] = useState<Fields>({
    electronic_check_account_type: check?.electronic_check_account_type ?? '',
    name: check?.payment_card_name ?? '',
    electronic_check_rdfi_number: check?.electronic_check_rdfi_number ?? '',
  });
  const [saveOnFile, setSaveOnFile] = useState(true);
  const [makeDefault, setMakeDefault] = useState(check?.default === 'X');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [entry, setEntry] = useState<AccessTokenResponse | null>(null);
  const frame = useRef<PaymentEntryHandle>(null);
  // Stripe's element takes routing, account number and type (or the IBAN) with the mandate.
  const providerEntry = !editing && isStripeEntry(entry);
  const saved = !isSession && (settings.always_save_on_file || saveOnFile);
  const payerEmail = session.get().profile?.email;

  // The app's i18n instance, not the hook's t and i18n, which change with the language: a language switch would
  // otherwise fetch a new frame and lose what was typed in it.
  useEffect(() => {
    if (editing) return;
    let cancelled = false;
    requestAccessToken({ payment_method: 'EC', payer_data: payer })
      .then((answer) => {
        if (!cancelled) setEntry(answer);
      })
      .catch(() => {
        if (!cancelled) notify.error(i18n.t('errors.payment.internal'));
      });
    return () => {
      cancelled = true;
    };
  }, [editing, payer]);

  const set = (name: keyof Fields) => (value: string | null) => setFields((f) => ({ ...f, [name]: value ?? '' }));

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateEcheckDetails(fields, { editing });
    const found = Object.fromEntries(
      Object.entries(providerEntry ? { name: checked.name } : checked).map(([k, v]) => [k, v ? t(v) : undefined]),
    ) as Errors;
    setErrors(found);
    const invalid = Object.values(found).some(Boolean);
    if (invalid && !editing) {
      await frame.current?.check({ ...fields });
      return;
    }
    if (invalid) return;
    setBusy(true);
    try {
      if (editing) {
        const updated: PaymentCard = {
          ...check,
          payment_card_name: fields.name.trim(),
          default: !isSession && makeDefault ? 'X' : '',
        };
        const answer = await managePaymentMethod(payer, '02', updated);
        if (reportManageResult(t, answer, paymentMethodLabel(t, updated), t('payment-methods.toast.updated')))
          onSaved();
        return;
      }
      if (!entry || !frame.current) return;
      const result = await frame.current.submit({ ...fields }, { name: fields.name });
      if (result.type === 'failed') setErrors((e) => ({ ...e, frame: t('payment-methods.frame.failed') }));
      if (result.type === 'invalid' && result.errors.entry) setErrors((e) => ({ ...e, frame: result.errors.entry }));
      if (result.type !== 'tokenized') return;
      const response = await fetchTokenizationResponse(entry.access_token);
      const tokenized = response.paymentcard;
      if (!tokenized) {
        notify.error(t('errors.payment.payment_method_failed'));
        return;
      }
      const newCheck: PaymentCard = {
        payment_card_name: fields.name.trim(),
        payment_card_token: tokenized.payment_card_token,
        payment_card_type: 'EC',
        valid_from: '',
        valid_to: '',
        default: saved && makeDefault ? 'X' : '',
        is_session: saved ? '' : 'X',
        electronic_check_account_type: tokenized.electronic_check_account_type,
        electronic_check_rdfi_number: tokenized.electronic_check_rdfi_number,
        payer_account: payer.customer_number,
        preauthorization_amount: '',
      };
      const answer = await managePaymentMethod(payer, '01', newCheck);
      if (!reportManageResult(t, answer, paymentMethodLabel(t, newCheck), t('payment-methods.toast.saved'))) return;
      // The mandate the payer accepted in the provider's element: its reference is what the bank statement names.
      if (response.mandate?.reference) {
        notify.info(
          t('payment-methods.mandate.accepted', {
            reference: response.mandate.reference,
            date: formatDateTime(response.mandate.accepted_at),
          }),
          { title: t('payment-methods.mandate.title'), autoClose: false },
        );
      }
      onSaved();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onClose}
      title={t(editing ? 'payment-methods.form.edit_echeck_title' : 'payment-methods.form.add_echeck_title')}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {!providerEntry && (
            <Select
              label={t('payment-methods.form.account_type')}
              placeholder={t('payment-methods.form.select')}
              data={echeckAccountTypes.map((type) => ({
                value: type,
                label: t(`payment-methods.account_types.${type}`),
              }))}
              value={fields.electronic_check_account_type || null}
              onChange={set('electronic_check_account_type')}
              error={errors.electronic_check_account_type}
              disabled={editing}
              required={!editing}
              allowDeselect={false}
            />
          )}
          <TextInput
            label={t('payment-methods.form.holder')}
            value={fields.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={errors.name}
            maxLength={80}
            required
          />
          {!providerEntry && (
            <TextInput
              label={t('payment-methods.form.routing')}
              value={fields.electronic_check_rdfi_number}
              onChange={(e) =>
                set('electronic_check_rdfi_number')(e.currentTarget.value.replace(/\D/g, '').slice(0, 9))
              }
              error={errors.electronic_check_rdfi_number}
              inputMode="numeric"
              maxLength={9}
              disabled={editing}
              required={!editing}
            />
          )}
          {editing ? (
            <TextInput
              label={t('payment-methods.form.account_number')}
              value={`•••• ${lastFourOfToken(check.payment_card_token)}`}
              disabled
            />
          ) : entry ? (
            <PaymentEntry
              ref={frame}
              session={entry}
              title={t(providerEntry ? 'payment-methods.entry.bank_title' : 'payment-methods.form.secure_entry_echeck')}
              height={118}
              {...(payerEmail ? { email: payerEmail } : {})}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('payment-methods.form.frame_loading')}
            </Text>
          )}
          <MethodFormFooter
            showSaveOnFile={!editing && !settings.always_save_on_file}
            saveOnFile={saveOnFile}
            onSaveOnFileChange={setSaveOnFile}
            showMakeDefault={saved}
            makeDefault={makeDefault}
            onMakeDefaultChange={setMakeDefault}
            frameError={errors.frame}
            busy={busy}
            saveDisabled={!editing && !entry}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
