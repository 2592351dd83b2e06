import { getReminderSchedule } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** A company code's reminder schedule (the default one until an administrator saves it). */
export const reminderScheduleQuery = (companyCode: string) =>
  queryOptions({
    queryKey: ['collections', 'reminder-schedule', companyCode],
    queryFn: ({ signal }) => call(getReminderSchedule, undefined, { query: { company_code: companyCode }, signal }),
  });

export function useReminderSchedule(companyCode: string | null) {
  return useQuery({ ...reminderScheduleQuery(companyCode ?? ''), enabled: Boolean(companyCode) });
}
