import { Alert, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText, isErpUnavailable } from '../../lib/api-client';

/**
 * What a screen shows where its data would be when loading it failed: with the ERP down (issue 28) the screen says
 * so in the user's language, in place, and keeps its header, menu and filters (never a spinner that never ends), and
 * the query is asked again every 10 s until the ERP answers (lib/query-client.ts);
 * any other failure, the spec's "no data" text (the call's own toast said what went wrong).
 */
export function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isErpUnavailable(error) && error.body)
    return (
      <Alert color="red" role="alert" data-testid="erp-unavailable" title={t('errors.erp.title')}>
        {errorText(error.body)}
      </Alert>
    );
  return (
    <Alert color="gray" role="status" data-testid="load-failed">
      {t('common.no_data')}
    </Alert>
  );
}

/** While the header accounts load: a loader, or why they did not load (the pages that need them wait on them). */
export function AccountsPending({ failure }: { failure: unknown }) {
  const { t } = useTranslation();
  if (failure) return <LoadFailed error={failure} />;
  return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
}
