// The connector's payment posting and reversal (issue 37) on the wire of the ERP contract and back: minor units as
// integer strings (JSON numbers lose precision past 2^53), the moment as ISO 8601. Used by the HTTP connector and the
// reference service.
import type {
  ErpPaymentPosting,
  ErpPaymentReversal,
  ErpPostingResult,
  ErpReversalResult,
} from '@portal/contracts/erp-api';
import type { LedgerPaymentPosting, LedgerPostingResult, LedgerReversal, LedgerReversalResult } from '../erp-connector';

export function postingToWire(posting: LedgerPaymentPosting): ErpPaymentPosting {
  return {
    ...posting,
    amount_minor: String(posting.amount_minor),
    posted_at: posting.posted_at.toISOString(),
    documents: posting.documents.map((document) => ({ ...document, amount_minor: String(document.amount_minor) })),
  };
}

export function postingFromWire(posting: ErpPaymentPosting): LedgerPaymentPosting {
  return {
    ...posting,
    amount_minor: BigInt(posting.amount_minor),
    posted_at: new Date(posting.posted_at),
    documents: posting.documents.map((document) => ({ ...document, amount_minor: BigInt(document.amount_minor) })),
  };
}

export function resultToWire(result: LedgerPostingResult): ErpPostingResult {
  return {
    ...result,
    documents: result.documents.map((document) => ({
      ...document,
      applied_minor: String(document.applied_minor),
      open_after_minor: String(document.open_after_minor),
    })),
  };
}

export function resultFromWire(result: ErpPostingResult): LedgerPostingResult {
  return {
    ...result,
    documents: result.documents.map((document) => ({
      ...document,
      applied_minor: BigInt(document.applied_minor),
      open_after_minor: BigInt(document.open_after_minor),
    })),
  };
}

export function reversalToWire(reversal: LedgerReversal): ErpPaymentReversal {
  return {
    ...reversal,
    amount_minor: String(reversal.amount_minor),
    reversed_at: reversal.reversed_at.toISOString(),
    documents: reversal.documents.map((document) => ({ ...document, amount_minor: String(document.amount_minor) })),
  };
}

export function reversalFromWire(reversal: ErpPaymentReversal): LedgerReversal {
  return {
    ...reversal,
    amount_minor: BigInt(reversal.amount_minor),
    reversed_at: new Date(reversal.reversed_at),
    documents: reversal.documents.map((document) => ({ ...document, amount_minor: BigInt(document.amount_minor) })),
  };
}

export function reversalResultToWire(result: LedgerReversalResult): ErpReversalResult {
  return {
    ...result,
    documents: result.documents.map((document) => ({
      ...document,
      reopened_minor: String(document.reopened_minor),
      open_after_minor: String(document.open_after_minor),
    })),
  };
}

export function reversalResultFromWire(result: ErpReversalResult): LedgerReversalResult {
  return {
    ...result,
    documents: result.documents.map((document) => ({
      ...document,
      reopened_minor: BigInt(document.reopened_minor),
      open_after_minor: BigInt(document.open_after_minor),
    })),
  };
}
