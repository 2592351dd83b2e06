import { formatDate } from '../../../lib/format-date';

/** MM-DD-YYYY HH:MM in UTC: the filter's days are UTC days, so the screen's times are too. */
export function utcDateTime(value: string): string {
  return `${formatDate(value)} ${value.slice(11, 16)}`;
}
