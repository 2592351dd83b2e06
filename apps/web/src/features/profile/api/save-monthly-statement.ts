import { putMonthlyStatement } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** Issue 29: the monthly statement e-mail on or off (PUT /api/profile/monthly-statement); failures are toasted. */
export const saveMonthlyStatement = (on: boolean) => call(putMonthlyStatement, { monthly_statement: on });
