// /invoices/payment-status (spec §2 Payment status page): the answer of the last invoice payment, back to /.
import { PaymentStatusView } from '../../../components/ui/payment-status-view';
import { paymentOutcome } from '../utils/payment-session';

export function PaymentStatusPage() {
  return <PaymentStatusView outcome={paymentOutcome.read()} backTo="/" />;
}
