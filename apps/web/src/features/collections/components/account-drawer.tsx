// One account of the worklist in a drawer beside it (issue 38): its row's facts, what a collector does with it (a
// note or a call, the collector, a pause of its reminders, a reminder sent now) and its timeline, newest first. After
// each action the drawer reads the account again and the worklist's row shows it as the server now has it.
import { Button, Drawer, Loader, Stack, Text, Title } from '@mantine/core';
import type { WorklistAccount } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useCollectionAccount, type AccountRef } from '../api/get-collection-account';
import { useRefreshAccount } from '../api/refresh-account';
import { CollectorForm, NoteForm, PauseForm } from './account-actions';
import { AccountTimeline } from './account-timeline';
import { BucketBadge, WorklistPromiseBadge } from './collection-badges';
import classes from './collections.module.css';
import { SendReminderDialog } from './send-reminder-dialog';
import { NextReminder } from './worklist-table';

export function AccountDrawer({ account, onClose }: { account: AccountRef; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useCollectionAccount(account);
  const refresh = useRefreshAccount(account);
  const [confirming, setConfirming] = useState(false);
  const payer = withoutLeadingZeros(account.payer);
  return (
    <>
      <Drawer
        opened
        onClose={onClose}
        position="right"
        size="lg"
        title={t('collections.drawer.title', { payer, company: account.companyCode })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="collection-account"
      >
        {detail.isPending ? (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ) : detail.isError ? (
          <LoadFailed error={detail.error} />
        ) : (
          <Stack gap="lg">
            <AccountFacts account={detail.data.account} />
            <DrawerSection title={t('collections.actions.reminder_title')}>
              <Stack gap="sm" align="flex-start">
                <PauseForm account={account} pausedUntil={detail.data.account.paused_until} onDone={refresh} />
                <Button variant="outline" onClick={() => setConfirming(true)} data-testid="send-reminder">
                  {t('collections.actions.send_reminder')}
                </Button>
              </Stack>
            </DrawerSection>
            <DrawerSection title={t('collections.actions.collector_title')}>
              <CollectorForm account={account} collector={detail.data.account.collector} onDone={refresh} />
            </DrawerSection>
            <DrawerSection title={t('collections.actions.note_title')}>
              <NoteForm account={account} onDone={refresh} />
            </DrawerSection>
            <AccountTimeline timeline={detail.data.timeline} />
          </Stack>
        )}
      </Drawer>
      {/* Beside the drawer, not in it: its Escape and its focus are the dialog's alone. */}
      {confirming && <SendReminderDialog account={account} onDone={refresh} onClose={() => setConfirming(false)} />}
    </>
  );
}

function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function AccountFacts({ account }: { account: WorklistAccount }) {
  const { t, i18n } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('collections.drawer.name'), account.name],
    [t('collections.drawer.company_code'), account.company_code],
    [
      t('collections.drawer.past_due'),
      <Stack gap={2} key="past-due">
        {account.past_due.map((due) => (
          <Text size="sm" key={due.currency_key}>
            {formatMoney(due.amount, due.currency_key, i18n.language, { decimals: due.currency_decimals })}
            {' · '}
            {t('collections.table.oldest_days', { count: due.oldest_days })}
          </Text>
        ))}
      </Stack>,
    ],
    [t('collections.drawer.bucket'), <BucketBadge bucket={account.bucket} key="bucket" />],
    [
      t('collections.drawer.last_contact'),
      account.last_contact_at ? formatDateTime(account.last_contact_at) : t('collections.table.never'),
    ],
    [t('collections.drawer.next_reminder'), <NextReminder account={account} key="next" />],
    [
      t('collections.drawer.paused_until'),
      account.paused_until ? formatDate(account.paused_until) : t('collections.drawer.not_paused'),
    ],
    [t('collections.drawer.promise'), <WorklistPromiseBadge status={account.promise_status} key="promise" />],
    [t('collections.drawer.disputes'), String(account.open_disputes)],
    [t('collections.drawer.autopay'), t(account.autopay ? 'common.yes' : 'common.no')],
    [t('collections.drawer.collector'), account.collector?.name ?? t('collections.table.nobody')],
  ];
  return (
    <dl className={classes.facts} data-testid="collection-account-facts">
      {rows.map(([label, value]) => (
        <div key={label} className={classes.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
