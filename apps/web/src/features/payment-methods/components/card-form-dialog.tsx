// Add or edit a card (spec §3 Card form, §4 Adding a card, §5 Card). Adding: access token (CC) → the provider's
// frame takes number and CVV → tokenization response → 3-D Secure when active (a redirect to the provider and
// back, see use-three-ds-return) → manage payments 01 (saved) or kept for the session (save on file unchecked).
// Editing locks type and number; only name, month and year are required. Issue 36: with Stripe the entry is Stripe's
// Payment Element (number, expiry and security code; it tells the brand), so the type and expiry fields are not
// shown when adding, and 3-D Secure is Stripe's, inside the confirmation: the portal's own step is not taken.
import { Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { AccessTokenResponse, PayerData, PaymentCard, PaymentMethodsResponse } from '@portal/contracts';
import {
  cardBrands,
  expiryOf,
  expiryYears,
  isThreeDSecureActive,
  lastFourOfToken,
  validateCardDetails,
  validTo,
} from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { portalRunsThreeDs, usePaymentGateway } from '../../../lib/payment-gateway';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { managePaymentMethod } from '../api/manage-payment-method';
import { fetchTokenizationResponse, requestAccessToken } from '../api/tokenization';
import { reportManageResult } from '../utils/manage-result';
import { paymentMethodLabel } from '../utils/payment-method-label';
import { pendingThreeDs, postToThreeDs } from '../utils/pending-three-ds';
import { MethodFormFooter } from './method-form-footer';
import { isStripeEntry, PaymentEntry, type PaymentEntryHandle } from '../../../components/ui/payment-entry';

type Props = {
  payer: PayerData;
  settings: PaymentMethodsResponse['settings'];
  /** The card being edited; undefined when adding. */
  card?: PaymentCard;
  onClose: () => void;
  onSaved: () => void;
};

type Fields = { card_type: string; card_name: string; card_month: string; card_year: string };
type Errors = Partial<Record<keyof Fields | 'frame', string>>;

const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** spec §9: default pre-authorisation amount 10 when no card entry supplies one; 3-D Secure sends it x100. */
const THREE_DS_VERIFY_AMOUNT_MINOR = '1000';
export const PAYMENT_METHODS_PATH = '/settings/payment-methods';

export function CardFormDialog({ payer, settings, card, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = card !== undefined;
  const expiry = card ? expiryOf(card.valid_to) : null;
  const [fields, setFields] = useState<Fields>({
    card_type: card?.payment_card_type ?? '',
    card_name: card?.payment_card_name ?? '',
    card_month: expiry ? String(expiry.month).padStart(2, '0') : '',
    card_year: expiry ? String(expiry.year) : '',
  });
  const [saveOnFile, setSaveOnFile] = useState(true);
  const [makeDefault, setMakeDefault] = useState(card?.default === 'X');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [entry, setEntry] = useState<AccessTokenResponse | null>(null);
  const frame = useRef<PaymentEntryHandle>(null);
  const gateway = usePaymentGateway();
  // Stripe's element takes number, expiry and security code, and tells the brand.
  const providerEntry = !editing && isStripeEntry(entry);
  const now = new Date();
  const years = expiryYears(now).map(String);
  const isSession = card?.is_session === 'X';

  // The app's i18n instance, not the hook's t and i18n, which change with the language: a language switch would
  // otherwise fetch a new frame and lose what was typed in it.
  useEffect(() => {
    if (editing) return;
    let cancelled = false;
    requestAccessToken({ payment_method: 'CC', payer_data: payer })
      .then((answer) => {
        if (!cancelled) setEntry(answer);
      })
      .catch(() => {
        // spec §8: an access-token failure toasts 'Internal Error - please contact customer service'.
        if (!cancelled) notify.error(i18n.t('errors.payment.internal'));
      });
    return () => {
      cancelled = true;
    };
  }, [editing, payer]);

  const set = (name: keyof Fields) => (value: string | null) => setFields((f) => ({ ...f, [name]: value ?? '' }));
  const translated = (found: Record<string, string | undefined>): Errors =>
    Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v ? t(v) : undefined])) as Errors;
  const saved = !isSession && (settings.always_save_on_file || saveOnFile);

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateCardDetails(fields, { now, editing });
    const found = translated(providerEntry ? { card_name: checked.card_name } : checked);
    setErrors(found);
    if (Object.values(found).some(Boolean) && !editing) {
      // The frame checks number and CVV at the same time, so that every message shows at once.
      await frame.current?.check({ card_type: fields.card_type, expiration_month: '', expiration_year: '' });
      return;
    }
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      if (editing) await handleEdit();
      else await handleAdd();
    } finally {
      setBusy(false);
    }
  }

  async function handleEdit() {
    const updated: PaymentCard = {
      ...card!,
      payment_card_name: fields.card_name.trim(),
      valid_to: validTo(Number(fields.card_month), Number(fields.card_year)),
      default: !isSession && makeDefault ? 'X' : '',
    };
    const answer = await managePaymentMethod(payer, '02', updated);
    if (reportManageResult(t, answer, paymentMethodLabel(t, updated), t('payment-methods.toast.updated'))) onSaved();
  }

  async function handleAdd() {
    if (!entry || !frame.current) return;
    setErrors((e) => ({ ...e, frame: undefined }));
    const result = await frame.current.submit(
      { card_type: fields.card_type, expiration_month: fields.card_month, expiration_year: fields.card_year },
      { name: fields.card_name },
    );
    if (result.type === 'invalid') {
      const { expiry, entry: refused } = result.errors;
      if (expiry) setErrors((e) => ({ ...e, card_month: expiry }));
      if (refused) setErrors((e) => ({ ...e, frame: refused }));
      return;
    }
    if (result.type === 'failed') {
      setErrors((e) => ({ ...e, frame: t('payment-methods.frame.failed') }));
      return;
    }
    const response = await fetchTokenizationResponse(entry.access_token);
    const tokenized = response.paymentcard;
    if (!tokenized) {
      notify.error(t('errors.payment.payment_method_failed'));
      return;
    }
    const newCard: PaymentCard = {
      payment_card_name: fields.card_name.trim(),
      payment_card_token: tokenized.payment_card_token,
      payment_card_type: tokenized.payment_card_type,
      valid_from: '',
      valid_to: validTo(Number(tokenized.expiration_month), Number(tokenized.expiration_year)),
      default: saved && makeDefault ? 'X' : '',
      is_session: saved ? '' : 'X',
      electronic_check_account_type: '',
      electronic_check_rdfi_number: '',
      payer_account: payer.customer_number,
      preauthorization_amount: '',
    };
    const threeDs =
      portalRunsThreeDs(gateway) &&
      isThreeDSecureActive({
        secure3dsEnabled: settings.secure_3ds,
        companyCodeDisables3ds: false,
        cardType: newCard.payment_card_type,
      });
    if (threeDs) {
      const profile = session.get().profile;
      const step = await requestAccessToken({
        payment_method: 'TO',
        payer_data: payer,
        payment_card_token: newCard.payment_card_token,
        expiration_month: tokenized.expiration_month,
        expiration_year: tokenized.expiration_year,
        amount: THREE_DS_VERIFY_AMOUNT_MINOR,
        currency_code: '840',
        order_number: crypto.randomUUID(),
        redirect_uri: PAYMENT_METHODS_PATH,
        threeds_version: settings.secure_3ds_version,
        email: profile?.email,
        first_name: profile?.first_name,
        last_name: profile?.last_name,
      }).catch(() => null);
      if (!step) {
        notify.error(t('errors.payment.internal'));
        return;
      }
      pendingThreeDs.save({ accessToken: step.access_token, payer, card: newCard });
      notify.info(t('payment-methods.three_ds.redirecting'));
      postToThreeDs(step.paymetric_xi_url, step.access_token);
      return;
    }
    const answer = await managePaymentMethod(payer, '01', newCard);
    if (reportManageResult(t, answer, paymentMethodLabel(t, newCard), t('payment-methods.toast.saved'))) onSaved();
  }

  const brandOptions = cardBrands.map((brand) => ({ value: brand, label: t(`payment-methods.brands.${brand}`) }));
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onClose}
      title={t(editing ? 'payment-methods.form.edit_card_title' : 'payment-methods.form.add_card_title')}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {!providerEntry && (
            <Select
              label={t('payment-methods.form.card_type')}
              placeholder={t('payment-methods.form.select')}
              data={brandOptions}
              value={fields.card_type || null}
              onChange={set('card_type')}
              error={errors.card_type}
              disabled={editing}
              required={!editing}
              allowDeselect={false}
            />
          )}
          {editing ? (
            <TextInput
              label={t('payment-methods.form.card_number')}
              value={`•••• •••• •••• ${lastFourOfToken(card.payment_card_token)}`}
              disabled
              description={t('payment-methods.form.locked_hint')}
            />
          ) : entry ? (
            <PaymentEntry
              ref={frame}
              session={entry}
              title={t(providerEntry ? 'payment-methods.entry.card_title' : 'payment-methods.form.secure_entry')}
              height={224}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('payment-methods.form.frame_loading')}
            </Text>
          )}
          <TextInput
            label={t('payment-methods.form.card_name')}
            value={fields.card_name}
            onChange={(e) => set('card_name')(e.currentTarget.value)}
            error={errors.card_name}
            maxLength={80}
            autoComplete="cc-name"
            required
          />
          {!providerEntry && (
            <Group grow align="flex-start">
              <Select
                label={t('payment-methods.form.month')}
                placeholder={t('payment-methods.form.select')}
                data={months}
                value={fields.card_month || null}
                onChange={set('card_month')}
                error={errors.card_month}
                required
                allowDeselect={false}
              />
              <Select
                label={t('payment-methods.form.year')}
                placeholder={t('payment-methods.form.select')}
                data={years}
                value={fields.card_year || null}
                onChange={set('card_year')}
                error={errors.card_year}
                required
                allowDeselect={false}
              />
            </Group>
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
