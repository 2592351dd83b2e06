import type { z } from 'zod';
import type { ApiKeyScope } from './api-key-scopes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the portal API. The server registers it (validating request and response with these
 * schemas); the web calls it through the typed client. `public` routes answer without a bearer token.
 */
export type RouteContract = {
  method: HttpMethod;
  path: string;
  public?: boolean;
  permission?: (typeof permissions)[number];
  /** Only users of this role (the audit trail: administrators), whatever permissions they were granted. */
  requiredRole?: 'admin';
  /**
   * A signed-in user still waiting for e-mail confirmation may call this route (their profile, the resend call).
   * Every other signed-in route answers such a user 403 (issue 13: no customer data before confirmation).
   */
  allowUnconfirmed?: boolean;
  /**
   * The route still answers during a maintenance window (access spec §4 blackout) to everyone. Every other route
   * answers 503 with the window's notice, except to administrators (plugins/maintenance.ts).
   */
  duringBlackout?: boolean;
  /**
   * Binary answer: the body is a file of this kind (Content-Type and Content-Disposition set by the server), not
   * JSON; `response` is then z.any(). The web client reads it as a Blob. 'csv-or-xlsx': the request's `format`
   * query parameter chooses (the payments received export). 'pdf-csv-or-json': the request body's `format` chooses
   * (statements; json is a JSON document the web reads from the Blob).
   */
  download?: 'pdf' | 'xlsx' | 'csv' | 'image' | 'csv-or-xlsx' | 'pdf-csv-or-json';
  /**
   * Machine clients holding an API key with this scope may call the route (issue 27); user sessions still need
   * `permission`. A route without it refuses every API key (403): keys never reach a user's routes.
   */
  apiKeyScope?: ApiKeyScope;
  /**
   * The route answers this status on success (201 created, 202 accepted and still running) instead of 200. A handler
   * may still set 200, 201 or 202 itself (an import that finished at once answers 201, one still running 202).
   */
  successStatus?: 201 | 202;
  summary: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
};

export function defineRoute<const R extends RouteContract>(route: R): R {
  return route;
}

export const permissions = [
  'CanManagePaymentMethods',
  'CanEditSystemConfig',
  'CanViewUsers',
  'CanManageUsers',
  'CanImpersonate',
  'CanManageRegistrationRequests',
  'CanMakePayment',
  'CanManageOwnSAPAccounts',
  // Settings → Payments received (issue 27 §3): every payment the portal took, of every customer.
  'CanViewReceivedPayments',
  // Issue 37: refunds a posted payment through the payment provider (Settings → Payments received).
  'CanRefundPayments',
  // Issue 38: the collector's worklist, account timelines, notes, pauses and reminders sent by hand (Receivables).
  'CanManageCollections',
  // Issue 39: invoice disputes. The AR team works every one; a customer role that may complain but not pay raises them
  // (CanMakePayment raises them too).
  'CanManageDisputes',
  'CanRaiseDisputes',
] as const;

export type RequestOf<R extends RouteContract> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type ResponseOf<R extends RouteContract> = z.output<R['response']>;

// A body-less POST reaches the validator as null, not undefined: optional bodies are declared .nullish().
