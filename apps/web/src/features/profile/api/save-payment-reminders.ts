import { putPaymentReminders } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** Issue 38: the payment reminder e-mails on or off (PUT /api/profile/payment-reminders); failures are toasted. */
export const savePaymentReminders = (on: boolean) => call(putPaymentReminders, { payment_reminders: on });
