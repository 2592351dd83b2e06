// /collections (issue 38, CanManageCollections): the collectors' worklist, the accounts with something past due as of
// the collections job's last read of the ERP, oldest bucket first. Filters (company code, bucket, collector, promise
// status, payer), the figures (DSO and past-due share) of the company code, CSV and Excel exports of the filter, keyset
// pages by "Load more", and each account in a drawer with its timeline and what a collector does with it.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageTitle } from '../../../components/ui/page-title';
import { formatDateTime } from '../../../lib/format-date';
import { log } from '../../../lib/log';
import { exportWorklist, type WorklistExportFormat } from '../api/export-worklist';
import type { AccountRef } from '../api/get-collection-account';
import { useWorklist } from '../api/get-worklist';
import type { WorklistQuery } from '../utils/worklist-filters';
import { AccountDrawer } from './account-drawer';
import { FiguresPanel } from './figures-panel';
import { WorklistFiltersForm } from './worklist-filters-form';
import { WorklistTable } from './worklist-table';

export function CollectionsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<WorklistQuery>({});
  const [busy, setBusy] = useState<WorklistExportFormat | null>(null);
  const [opened, setOpened] = useState<AccountRef | null>(null);
  const worklist = useWorklist(filters);
  const accounts = worklist.data?.pages.flatMap((page) => page.accounts) ?? [];
  const refreshedAt = worklist.data?.pages[0]?.refreshed_at;

  const handleExport = async (format: WorklistExportFormat) => {
    setBusy(format);
    try {
      await exportWorklist(filters, format);
    } catch (error) {
      // The client has shown the toast.
      log.warn('Worklist export failed', error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <PageTitle>{t('shell.pages.collections')}</PageTitle>
      <Text maw="48rem">{t('collections.intro')}</Text>
      <WorklistFiltersForm onApply={setFilters} />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" fw={500} aria-live="polite" data-testid="worklist-as-of">
          {worklist.data &&
            (refreshedAt
              ? t('collections.as_of', { date: formatDateTime(refreshedAt) })
              : t('collections.not_refreshed'))}
        </Text>
        <Group gap="sm">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              loading={busy === format}
              disabled={accounts.length === 0}
              onClick={() => void handleExport(format)}
            >
              {t(format === 'csv' ? 'collections.export_csv' : 'collections.export_excel')}
            </Button>
          ))}
        </Group>
      </Group>
      {worklist.isError && !worklist.data ? (
        <LoadFailed error={worklist.error} />
      ) : !worklist.data ? null : accounts.length === 0 ? (
        <Text data-testid="worklist-empty">{t('collections.empty')}</Text>
      ) : (
        <WorklistTable
          accounts={accounts}
          onOpen={(account) => setOpened({ payer: account.payer_number, companyCode: account.company_code })}
        />
      )}
      {worklist.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={worklist.isFetchingNextPage}
            onClick={() => void worklist.fetchNextPage()}
            data-testid="worklist-more"
          >
            {t('collections.load_more')}
          </Button>
        </Group>
      )}
      {/* The day's work first; the figures a CFO reads below it. */}
      <FiguresPanel companyCode={filters.company_code} />
      {opened && <AccountDrawer account={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}
