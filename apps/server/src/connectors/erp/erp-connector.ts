// The portal's only door to the ERP (DESIGN.md §1). The built-in ledger implements it in-process; an HTTP
// connector to an SAP middleware would send the same wire shapes. Later issues add invoice detail, PDFs,
// payments, deposits and payment cards.
import type {
  BackendConfiguration,
  HeaderAccountsRequest,
  HeaderAccountsResponse,
  PayerDetailResponse,
  PayerRequest,
  SearchDocumentsRequest,
  SearchDocumentsResponse,
} from '@portal/contracts';

export type ErpConnector = {
  /**
   * The header's primary accounts for a user's linked accounts, each with its secondary accounts (DropDownItems):
   * SoldTo itself; Payer its sold-tos; PayerAll the sold-tos of every payer in the group. Links the ERP does not
   * know (or in another company code or sales area) are left out.
   */
  getHeaderAccounts: (request: HeaderAccountsRequest) => Promise<HeaderAccountsResponse>;
  /** POST /api/customer/payer: address and phones of a customer; status E and detail null when unknown. */
  getPayer: (request: PayerRequest) => Promise<PayerDetailResponse>;
  /** Company codes, payment types, reason codes, currencies, payment provider and card settings. */
  getBackendConfiguration: () => Promise<BackendConfiguration>;
  /**
   * POST /api/Invoice: documents of the payer (or of every payer of a payer-all group) for the given sold-tos,
   * sorted by due date descending then id, one page at a time. The caller has checked that the user may see
   * these accounts: the connector trusts payer_data and soldto_data.
   */
  searchDocuments: (request: SearchDocumentsRequest) => Promise<SearchDocumentsResponse>;
};
