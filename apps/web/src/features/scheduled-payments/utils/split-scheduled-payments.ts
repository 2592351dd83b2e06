// The page's two lists of scheduled payments (issue 29): those still to come (waiting for their day, or being paid by
// the job right now), soonest first; and the others (paid, not paid, cancelled), as the server sends them, newest day
// first.
import type { ScheduledPayment } from '@portal/contracts';
import { toIsoDate } from '@portal/domain';

export function splitScheduledPayments(payments: readonly ScheduledPayment[]): {
  open: ScheduledPayment[];
  history: ScheduledPayment[];
} {
  const isOpen = (payment: ScheduledPayment) => payment.status === 'scheduled' || payment.status === 'processing';
  const day = (payment: ScheduledPayment) => toIsoDate(payment.scheduled_date) ?? '';
  const open = payments.filter(isOpen).sort((a, b) => day(a).localeCompare(day(b)));
  return { open, history: payments.filter((payment) => !isOpen(payment)) };
}

/** The documents a payment settles, as the page names them: billing number, else the finance number. */
export function documentNumbers(payment: Pick<ScheduledPayment, 'documents'>): string[] {
  return payment.documents.map((document) =>
    (document.billing_document_number || document.document_number_finance).replace(/^0+(?=\d)/, ''),
  );
}
