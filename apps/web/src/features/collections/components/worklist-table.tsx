// The worklist's accounts, oldest bucket first, then the largest amount past due. Wider than a phone: it scrolls
// sideways inside a named region the keyboard reaches (TableScroll). A row opens the account's drawer: its account
// button by keyboard, anywhere on the row by mouse.
import { Anchor, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { WorklistAccount } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/ui/table-scroll';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { stepLabel } from '../utils/reminder-step';
import { BucketBadge, WorklistPromiseBadge } from './collection-badges';
import classes from './collections.module.css';

export function WorklistTable({
  accounts,
  onOpen,
}: {
  accounts: WorklistAccount[];
  onOpen: (account: WorklistAccount) => void;
}) {
  const { t } = useTranslation();
  const caption = t('collections.table.label');
  return (
    <TableScroll minWidth={1180} label={caption}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" data-testid="worklist-table">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('collections.table.account')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('collections.table.past_due')}
            </Table.Th>
            <Table.Th scope="col">{t('collections.table.bucket')}</Table.Th>
            <Table.Th scope="col">{t('collections.table.last_contact')}</Table.Th>
            <Table.Th scope="col">{t('collections.table.next_reminder')}</Table.Th>
            <Table.Th scope="col">{t('collections.table.promise')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('collections.table.disputes')}
            </Table.Th>
            <Table.Th scope="col">{t('collections.table.autopay')}</Table.Th>
            <Table.Th scope="col">{t('collections.table.collector')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <WorklistRow
              key={`${account.company_code}|${account.payer_number}`}
              account={account}
              onOpen={() => onOpen(account)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function WorklistRow({ account, onOpen }: { account: WorklistAccount; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const payer = withoutLeadingZeros(account.payer_number);
  return (
    <Table.Tr
      className={classes.row}
      onClick={onOpen}
      data-testid="worklist-row"
      data-payer={account.payer_number}
      data-company-code={account.company_code}
    >
      <Table.Td>
        {/* The row's keyboard way in; the click on the row does the same for a mouse. */}
        <Anchor
          component="button"
          type="button"
          size="sm"
          className={classes.accountButton}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
          data-testid="worklist-open"
        >
          {payer}{' '}
          <Text span size="sm" display="block" fw={400}>
            {account.name}
          </Text>
        </Anchor>
        <Text size="xs">{account.company_code}</Text>
      </Table.Td>
      <Table.Td className={classes.number}>
        <Stack gap={2} align="flex-end">
          {account.past_due.map((due) => (
            <div key={due.currency_key}>
              <Text size="sm" fw={600} span data-testid="worklist-past-due">
                {formatMoney(due.amount, due.currency_key, i18n.language, { decimals: due.currency_decimals })}
              </Text>
              <Text size="xs">{t('collections.table.oldest_days', { count: due.oldest_days })}</Text>
            </div>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <BucketBadge bucket={account.bucket} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {account.last_contact_at ? formatDateTime(account.last_contact_at) : t('collections.table.never')}
      </Table.Td>
      <Table.Td>
        <NextReminder account={account} />
      </Table.Td>
      <Table.Td>
        <WorklistPromiseBadge status={account.promise_status} />
      </Table.Td>
      <Table.Td className={classes.number}>{account.open_disputes}</Table.Td>
      <Table.Td>{t(account.autopay ? 'common.yes' : 'common.no')}</Table.Td>
      <Table.Td>{account.collector?.name ?? t('collections.table.nobody')}</Table.Td>
    </Table.Tr>
  );
}

/** The next reminder's day and step, or why there is none (paused, or none due). */
export function NextReminder({ account }: { account: Pick<WorklistAccount, 'next_step' | 'paused_until'> }) {
  const { t } = useTranslation();
  if (account.next_step) {
    const step = stepLabel(account.next_step.days_from_due);
    return (
      <>
        <Text size="sm" className={classes.nowrap}>
          {formatDate(account.next_step.date)}
        </Text>
        <Text size="xs">{t(step.key, { count: step.count })}</Text>
      </>
    );
  }
  return (
    <Text size="sm">
      {account.paused_until
        ? t('collections.table.paused_until', { date: formatDate(account.paused_until) })
        : t('collections.table.no_reminder')}
    </Text>
  );
}
