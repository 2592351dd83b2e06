import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** Keyset pages: previous and next only (a cursor cannot jump), so the DOM never holds more than one page. */
export const Pager = memo(function Pager({
  page,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  if (page === 0 && !hasNext) return null;
  return (
    <nav aria-label={t('invoices.paging.label')}>
      <Group justify="center" gap="sm" my="sm">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
          disabled={page === 0}
          onClick={onPrevious}
        >
          {t('invoices.paging.previous')}
        </Button>
        <Text size="sm" aria-live="polite">
          {t('invoices.paging.page', { page: page + 1 })}
        </Text>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden="true" />}
          disabled={!hasNext}
          onClick={onNext}
        >
          {t('invoices.paging.next')}
        </Button>
      </Group>
    </nav>
  );
});
