import { Group, Loader, Text } from '@mantine/core';
import { foundCountCap } from '@portal/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** The found count, exact up to 1,000 and "1,000+" beyond. */
/** Any search answer with a capped found count (invoice search, payment history). */
export const FoundCount = memo(function FoundCount({
  data,
  loading,
}: {
  data: { found_count: number; found_count_capped: boolean } | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Group gap="xs" mih={24}>
      {data && (
        <Text size="sm" fw={500} aria-live="polite" data-testid="found-count">
          {data.found_count_capped
            ? t('invoices.list.found_capped', { total: number.format(foundCountCap) })
            : t('invoices.list.found', { total: number.format(data.found_count) })}
        </Text>
      )}
      {loading && <Loader size="xs" role="status" aria-label={t('common.loading')} />}
    </Group>
  );
});
