// Every kind, method and acknowledgement the filters offer and the table shows has a label in every language, and so
// has every status and stop reason of an AutoPay enrolment (issue 29), and (issue 37) every money-back status, refund
// reason, reversal state and dispute status.
import {
  autopayStopReasons,
  disputeStatuses,
  moneyBackStatuses,
  refundReasons,
  reversalStates,
  paymentsReceivedAcknowledged,
  paymentsReceivedKinds,
  paymentsReceivedMethods,
} from '@portal/contracts';
import { languages, loadMessages } from '@portal/i18n';
import { describe, expect, it } from 'vitest';

type Labels = Record<
  'kinds' | 'methods' | 'acknowledged' | 'reasons' | 'reversal_states' | 'dispute_statuses',
  Record<string, string>
> & {
  autopay: Record<'status' | 'stopped_reasons', Record<string, string>>;
  money_back: Record<'statuses', Record<string, string>>;
};

describe('payments received labels', () => {
  it.each(languages)('names every kind, method and acknowledgement in %s', (language) => {
    const labels = (loadMessages(language) as { 'payments-received': Labels })['payments-received'];
    expect(paymentsReceivedKinds.filter((kind) => !labels.kinds[kind])).toEqual([]);
    expect(paymentsReceivedMethods.filter((method) => !labels.methods[method])).toEqual([]);
    expect(paymentsReceivedAcknowledged.filter((value) => !labels.acknowledged[value])).toEqual([]);
  });

  it.each(languages)('names every AutoPay enrolment status and stop reason in %s', (language) => {
    const labels = (loadMessages(language) as { 'payments-received': Labels })['payments-received'].autopay;
    expect(['active', 'stopped'].filter((status) => !labels.status[status])).toEqual([]);
    expect(autopayStopReasons.filter((reason) => !labels.stopped_reasons[reason])).toEqual([]);
  });

  it.each(languages)(
    'names every money-back status, refund reason, reversal state and dispute status in %s',
    (language) => {
      const labels = (loadMessages(language) as { 'payments-received': Labels })['payments-received'];
      expect(moneyBackStatuses.filter((status) => !labels.money_back.statuses[status])).toEqual([]);
      expect(refundReasons.filter((reason) => !labels.reasons[reason])).toEqual([]);
      expect(reversalStates.filter((state) => !labels.reversal_states[state])).toEqual([]);
      expect(disputeStatuses.filter((status) => !labels.dispute_statuses[status])).toEqual([]);
    },
  );
});
