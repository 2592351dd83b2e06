import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
   * JSON; `response` is then z.any(). The web client reads it as a Blob.
   */
  download?: 'pdf' | 'xlsx' | 'csv' | 'image';
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
] as const;

export type RequestOf<R extends RouteContract> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type ResponseOf<R extends RouteContract> = z.output<R['response']>;

// A body-less POST reaches the validator as null, not undefined: optional bodies are declared .nullish().
