// Customer accounts as the ERP returns them (spec: Account, header accounts, payer details).
import { z } from 'zod';
import { AccountType } from './auth';
import { DocumentAddress, ErpFlag, ErpStatus } from './ledger';
import { defineRoute } from './route';

/** A customer account in a sales area; the secondary accounts in DropDownItems have the same shape. */
export const AccountSummary = z.object({
  PrimaryAcct: z.string(),
  Name: z.string(),
  name_2: z.string(),
  CompanyCode: z.string(),
  CurrencyKey: z.string(),
  SalesOrganization: z.string(),
  DistributionChannel: z.string(),
  Division: z.string(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/** Spec §3 Account: a primary account of the header dropdown with its secondary accounts (sold-tos). */
export const HeaderItem = AccountSummary.extend({
  AccountType,
  DropDownItems: z.array(AccountSummary),
});
export type HeaderItem = z.infer<typeof HeaderItem>;

/** One linked account of a user as the portal stores it (access §3 Linked account). */
export const AccountLink = z.object({
  primary_account: z.string().max(20),
  company_code: z.string().max(10),
  sales_organization: z.string().max(10),
  distribution_channel: z.string().max(10),
  division: z.string().max(10),
});
export type AccountLink = z.infer<typeof AccountLink>;

export const HeaderAccountsRequest = z.object({
  account_type: AccountType,
  accounts: z.array(AccountLink).max(100),
});
export type HeaderAccountsRequest = z.infer<typeof HeaderAccountsRequest>;

export const HeaderAccountsResponse = z.object({
  status: ErpStatus,
  HeaderItems: z.array(HeaderItem),
});
export type HeaderAccountsResponse = z.infer<typeof HeaderAccountsResponse>;

export const SalesAreaData = z.object({
  sales_organization: z.string(),
  distribution_channel: z.string(),
  division: z.string(),
});
export type SalesAreaData = z.infer<typeof SalesAreaData>;

/** POST /api/customer/payer request (spec §7); action is carried for the ERP and not interpreted by the ledger. */
export const PayerRequest = z.object({
  customer_number: z.string().min(1).max(20),
  company_code: z.string().max(10),
  action: z.string().max(10).optional(),
  sales_area_data: SalesAreaData.optional(),
});
export type PayerRequest = z.infer<typeof PayerRequest>;

/** A document's address block plus the postal code and city as one line, the way address blocks print it. */
export const PayerAddress = DocumentAddress.extend({ postal_code_city: z.string() });
export type PayerAddress = z.infer<typeof PayerAddress>;

export const PayerDetail = z.object({
  customer_number: z.string(),
  company_code: z.string(),
  currency_key: z.string(),
  sales_area_data: SalesAreaData,
  address_data: PayerAddress,
  /** Phones with standard X on the default one; the web shows a placeholder when the list is empty. */
  communication_data: z.object({
    phone: z.array(z.object({ telephone: z.string(), standard: ErpFlag })),
  }),
});
export type PayerDetail = z.infer<typeof PayerDetail>;

export const PayerDetailResponse = z.object({
  status: ErpStatus,
  detail: PayerDetail.nullable(),
});
export type PayerDetailResponse = z.infer<typeof PayerDetailResponse>;

export const headerAccounts = defineRoute({
  method: 'POST',
  path: '/api/customer/header-accounts',
  summary: "The header's primary accounts of the user (or, with userid, of an impersonated user) and their sold-tos.",
  body: z.object({ userid: z.number().int().positive().max(2_147_483_647).nullish() }).nullish(),
  response: HeaderAccountsResponse,
});

export const payer = defineRoute({
  method: 'POST',
  path: '/api/customer/payer',
  summary: "Address and phones of one of the user's accounts.",
  body: PayerRequest,
  response: PayerDetailResponse,
});
