import type { LedgerDocument } from '@portal/contracts';
import { withoutLeadingZeros } from '../../../lib/account-selection';

/** The number a user reads: the billing document number, else the finance number, without leading zeros. */
export const documentNumber = (document: Pick<LedgerDocument, 'billing_document_number' | 'document_number_finance'>) =>
  withoutLeadingZeros(document.billing_document_number || document.document_number_finance);

/** spec §2: leading zeros are removed from the number in the detail link. */
export const detailPath = (billingDocumentNumber: string): string =>
  `/invoices/detail/${encodeURIComponent(withoutLeadingZeros(billingDocumentNumber))}`;
