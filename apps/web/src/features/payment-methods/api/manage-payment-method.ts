import {
  managePayments,
  managePaymentsLogIds,
  type ManagePaymentsAction,
  type ManagePaymentsResponse,
  type PayerData,
  type PaymentCard,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

const logId: Record<ManagePaymentsAction, (typeof managePaymentsLogIds)[number]> = {
  '01': 'ADD_PAYMENT_CARD',
  '02': 'MOD_PAYMENT_CARD',
  '03': 'DEL_PAYMENT_CARD',
};

/** spec §7 manage payments: 01 add, 02 modify, 03 delete; the answer's status says whether it worked. */
export function managePaymentMethod(
  payer: PayerData,
  action: ManagePaymentsAction,
  card: PaymentCard,
): Promise<ManagePaymentsResponse> {
  return call(managePayments, { payer_data: payer, action, payment_cards: [card], log: { id: logId[action] } });
}
