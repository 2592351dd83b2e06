// The filters of a search or an export as the repository takes them: the period settled by the one rule of the form
// and the server (contracts paymentsReceivedPeriod: default the last 30 days, at most 366 days), empty texts dropped.
import { paymentsReceivedPeriod, type PaymentsReceivedFilters } from '@portal/contracts';
import { AppError } from '../../errors';
import type { ReceivedFilters } from './payments-received.repository';

export function receivedFilters(filters: PaymentsReceivedFilters, now: Date): ReceivedFilters {
  const period = paymentsReceivedPeriod(filters, now.toISOString().slice(0, 10));
  if (period.error) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: `payments-received.errors.period_${period.error}`,
      details: { field: period.error === 'order' ? 'date_to' : 'date_from' },
    });
  }
  return {
    from: period.date_from,
    to: period.date_to,
    companyCode: filters.company_code || undefined,
    kind: filters.kind,
    method: filters.method,
    acknowledged: filters.acknowledged ?? 'all',
    payerNumber: filters.payer_number || undefined,
  };
}
