import { useTranslation } from 'react-i18next';
import { useRequestsInFlight } from '../../lib/request-counter';
import classes from './global-spinner.module.css';

/** A thin bar along the top of the window while any request is in flight (spec §2: global spinner). */
export function GlobalSpinner() {
  const { t } = useTranslation();
  const inFlight = useRequestsInFlight();
  if (inFlight === 0) return null;
  return <div className={classes.bar} role="progressbar" aria-label={t('shell.spinner.label')} />;
}
