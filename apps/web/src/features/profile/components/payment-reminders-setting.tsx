// Issue 38 on the profile: the payment reminder e-mails of the collections schedule, on unless the user switches them
// off. Saved at once; the session's profile keeps the answer, so the switch stays in step.
import { Switch } from '@mantine/core';
import type { UserProfile } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { savePaymentReminders } from '../api/save-payment-reminders';

export function PaymentRemindersSetting({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  // The value being saved, shown until the answer comes (then the profile's again).
  const [saving, setSaving] = useState<boolean | null>(null);

  const handleChange = async (on: boolean) => {
    if (saving !== null) return;
    setSaving(on);
    try {
      const saved = await savePaymentReminders(on);
      const current = session.get().profile;
      if (current) session.updateProfile({ ...current, payment_reminders: saved.payment_reminders });
      notify.success(t('auth.profile.payment_reminders.saved'));
    } catch (error) {
      // The client has shown the toast; the switch shows the stored value again.
      log.warn('Payment reminders setting not saved', error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Switch
      label={t('auth.profile.payment_reminders.label')}
      description={t('auth.profile.payment_reminders.description')}
      // Absent means on: reminders go out unless the user switched them off.
      checked={saving ?? profile.payment_reminders ?? true}
      onChange={(event) => void handleChange(event.currentTarget.checked)}
      data-testid="payment-reminders"
    />
  );
}
