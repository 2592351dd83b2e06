// Issue 29 on the profile: the monthly statement e-mail, opt-in (one message per account early each month, last
// month's statement attached). Saved at once; the session's profile keeps the answer, so the switch stays in step.
// Issue 38: the e-mails' section, with the payment reminders' switch (`children`) beside this one.
import { Paper, Stack, Switch, Title } from '@mantine/core';
import type { UserProfile } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { saveMonthlyStatement } from '../api/save-monthly-statement';

export function MonthlyStatementSetting({ profile, children }: { profile: UserProfile; children?: ReactNode }) {
  const { t } = useTranslation();
  // The value being saved, shown until the answer comes (then the profile's again).
  const [saving, setSaving] = useState<boolean | null>(null);

  const handleChange = async (on: boolean) => {
    if (saving !== null) return;
    setSaving(on);
    try {
      const saved = await saveMonthlyStatement(on);
      const current = session.get().profile;
      if (current) session.updateProfile({ ...current, monthly_statement: saved.monthly_statement });
      notify.success(t('statements.monthly.saved'));
    } catch (error) {
      // The client has shown the toast; the switch shows the stored value again.
      log.warn('Monthly statement setting not saved', error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-statements-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="profile-statements-title">
          {t('auth.profile.emails_title')}
        </Title>
        <Switch
          label={t('statements.monthly.label')}
          description={t('statements.monthly.description')}
          checked={saving ?? profile.monthly_statement ?? false}
          onChange={(event) => void handleChange(event.currentTarget.checked)}
          data-testid="monthly-statement"
        />
        {children}
      </Stack>
    </Paper>
  );
}
