import {
  saveReminderSchedule as saveRoute,
  type ReminderSchedule,
  type SaveReminderScheduleRequest,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** PUT /api/collections/reminder-schedule. Silent: the tab shows a refusal beside the fields it names. */
export function saveReminderSchedule(
  companyCode: string,
  body: SaveReminderScheduleRequest,
): Promise<ReminderSchedule> {
  return call(saveRoute, body, { query: { company_code: companyCode }, silent: true });
}
