// spec §8: manage payments error 74 '{card} already exists.', 76 '{card} already assigned to account {n}', other
// errors toast the server's message; success toasts ours.
import type { ManagePaymentsResponse } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { notify } from '../../../lib/notify';

export function reportManageResult(
  t: TFunction,
  answer: ManagePaymentsResponse,
  card: string,
  success: string,
): boolean {
  const { status } = answer;
  if (status.message_type === 'S') {
    notify.success(success);
    return true;
  }
  const number = Number(status.message_number);
  if (number === 74) notify.error(t('errors.payment.card_already_exists', { card }));
  else if (number === 76) {
    const account = /account\s+(\S+)\s*$/i.exec(status.message_line_string)?.[1] ?? '';
    notify.error(t('errors.payment.card_already_assigned', { card, account }));
  } else notify.error(status.message_line_string || t('errors.payment.payment_method_failed'));
  return false;
}
