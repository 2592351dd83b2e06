// Self-registration (access spec §2 /auto-register/*, §3 Registration form and Add account by invoice, §4
// Registration, §5, §7 token and users calls, §8; issue 13). A visitor proves each customer account with one of its
// invoices (number and total amount), then creates a user that waits for e-mail confirmation.
import { z } from 'zod';
import { defineRoute } from './route';
import { passwordMaxLength } from './auth';

/** spec §5, §9: at most 4 linked accounts per user. */
export const maxLinkedAccounts = 4;

export const registrationExpirationOptions = ['6', '12', '24', '48', 'ne'] as const;
export const RegistrationEmailExpiration = z.enum(registrationExpirationOptions);
export type RegistrationEmailExpiration = z.infer<typeof RegistrationEmailExpiration>;

/**
 * spec §5 Add account by invoice: account alphanumeric, invoice required, amount `-?digits(.dd)?`. The rules and
 * their messages are packages/domain validateAccountByInvoice (form and server); the schema bounds the sizes.
 */
export const AccountByInvoiceRequest = z.object({
  accountNumber: z.string().max(40),
  invoiceNumber: z.string().max(40),
  invoiceAmount: z.string().max(40),
});
export type AccountByInvoiceRequest = z.input<typeof AccountByInvoiceRequest>;

/** A proven account: the linked-account fields and a short-lived server signature over them. */
export const ProvenAccount = z.object({
  primary_account: z.string().max(20),
  account_type: z.string().max(20),
  company_code: z.string().max(10),
  sales_organization: z.string().max(10),
  distribution_channel: z.string().max(10),
  division: z.string().max(10),
  /** The payer's address name (spec §2: the list shows "name - number"). */
  name: z.string().max(200),
  proof: z.string().max(1000),
});
export type ProvenAccount = z.infer<typeof ProvenAccount>;

/**
 * What /auto-register/accounts reads first (access spec §2, §3; issue 27): whether registration is open, how many
 * accounts may be linked, how long the confirmation link will last and the administrator's note about it
 * (registrationEmailExpirationMessage), shown to the visitor before they register. While registration is off
 * nothing else is told.
 */
export const RegistrationSettings = z.object({
  allowRegistration: z.boolean(),
  max_linked_accounts: z.number().int().min(1),
  registrationEmailExpiration: RegistrationEmailExpiration,
  registrationEmailExpirationMessage: z.string(),
});
export type RegistrationSettings = z.infer<typeof RegistrationSettings>;

export const registrationSettings = defineRoute({
  method: 'GET',
  path: '/api/token/auto-register/accounts',
  public: true,
  summary:
    'The account-linking page of self-registration: whether registration is open, the account cap and the ' +
    "confirmation link's lifetime with the administrator's note.",
  response: RegistrationSettings,
});

export const validateAccount = defineRoute({
  method: 'PUT',
  path: '/api/users/account/validate',
  public: true,
  summary:
    'Prove an account by one of its invoices; unknown account, invoice or amount answer one 404 after the same time.',
  body: AccountByInvoiceRequest,
  response: z.object({ account: ProvenAccount }),
});

// Field rules and their spec §5 messages are checked by packages/domain checkRegistrationForm (the form and the
// server), so that a refusal names the field's own message; the schema only bounds the sizes.
export const RegistrationRequest = z.object({
  email: z.string().max(320),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  company: z.string().max(200),
  password: z.string().max(passwordMaxLength * 4),
  verify_password: z.string().max(passwordMaxLength * 4),
  accounts: z.array(ProvenAccount).max(maxLinkedAccounts),
});
export type RegistrationRequest = z.input<typeof RegistrationRequest>;

export const registerUser = defineRoute({
  method: 'POST',
  path: '/api/token/auto-register/user',
  public: true,
  summary:
    'Create a user (role user, waiting for confirmation) with proven accounts and mail the confirmation link. An address already registered gets the same answer and its owner a mail.',
  body: RegistrationRequest,
  response: z.object({ message: z.literal('Success'), isConfirmed: z.literal(false) }),
});

export const confirmRegistration = defineRoute({
  method: 'POST',
  path: '/api/token/auto-register/user-confirm/:id',
  public: true,
  summary: 'Confirm the e-mail address with the link of the confirmation mail: the user becomes active.',
  params: z.object({ id: z.string().max(200) }),
  response: z.object({ message: z.literal('Success') }),
});

export const resendConfirmation = defineRoute({
  method: 'PUT',
  path: '/api/token/auto-register/resend-confirmation',
  allowUnconfirmed: true,
  summary: 'Mail a new confirmation link to the signed-in user waiting for confirmation (the old link stops working).',
  response: z.object({ message: z.literal('Success') }),
});
