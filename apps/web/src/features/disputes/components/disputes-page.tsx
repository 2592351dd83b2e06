// /disputes (issue 39). One address for both sides: a customer's disputes (of the invoices it sees) on a page of its
// own, and the AR team's every dispute (CanManageDisputes) under Receivables, with its filters. Keyset pages by "Load
// more"; a dispute opens on its own page.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageTitle } from '../../../components/ui/page-title';
import { hasPermission, useSession } from '../../../lib/session';
import { useDisputes } from '../api/list-disputes';
import type { DisputeQuery } from '../utils/dispute-filters';
import { CustomerDisputeFilter, DisputeFiltersForm } from './dispute-filters-form';
import { DisputesTable } from './disputes-table';

export function DisputesPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const manager = hasPermission(profile, 'CanManageDisputes');
  const [filters, setFilters] = useState<DisputeQuery>({});
  const list = useDisputes(filters);
  const disputes = list.data?.pages.flatMap((page) => page.disputes) ?? [];

  return (
    <Stack gap="lg">
      <PageTitle>{t('shell.pages.disputes')}</PageTitle>
      <Text maw="48rem">{t(manager ? 'disputes.intro_manager' : 'disputes.intro_customer')}</Text>
      {manager ? <DisputeFiltersForm onApply={setFilters} /> : <CustomerDisputeFilter onApply={setFilters} />}
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} />
      ) : !list.data ? null : disputes.length === 0 ? (
        <Text data-testid="disputes-empty">
          {t(Object.keys(filters).length > 0 ? 'disputes.empty_filtered' : 'disputes.empty')}
        </Text>
      ) : (
        <DisputesTable disputes={disputes} manager={manager} />
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            data-testid="disputes-more"
          >
            {t('disputes.load_more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
