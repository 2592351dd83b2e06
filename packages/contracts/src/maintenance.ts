// The maintenance (blackout) window (access spec §2 start-up routing, §3 Blackout config, §4, §5 "Maintenance form",
// §7; issue 15). Field rules and messages: packages/domain validateBlackout (the Maintenance tab and the server).
import { z } from 'zod';
import { paymentMessageLanguages } from './configuration';
import { defineRoute } from './route';

export const BlackoutMessage = z.object({
  language: z.enum(paymentMessageLanguages),
  /** The notice; `{from}` and `{to}` are replaced by the window's start and end in the reader's format. */
  message: z.string().max(2000),
});
export type BlackoutMessage = z.infer<typeof BlackoutMessage>;

export const BlackoutConfig = z.object({
  isEnabled: z.boolean(),
  /** ISO 8601 instants (UTC); the form shows and takes them in the administrator's time zone. */
  fromUtcDate: z.string().max(40).nullable(),
  toUtcDate: z.string().max(40).nullable(),
  /** Where browsers are sent during the window instead of the sign-in page (empty: no redirect). */
  redirectUrl: z.string().max(500),
  messages: z.array(BlackoutMessage).max(paymentMessageLanguages.length),
});
export type BlackoutConfig = z.infer<typeof BlackoutConfig>;

export const getBlackout = defineRoute({
  method: 'GET',
  path: '/api/configuration/blackout',
  permission: 'CanEditSystemConfig',
  summary: 'The maintenance window: on or off, its period, redirect URL and notice per language.',
  response: BlackoutConfig,
});

export const putBlackout = defineRoute({
  method: 'PUT',
  path: '/api/configuration/blackout',
  permission: 'CanEditSystemConfig',
  summary: 'Save the maintenance window; when enabled it needs a notice, a start and an end (400 naming the fields).',
  body: BlackoutConfig,
  response: BlackoutConfig,
});

export const BlackoutStatus = z.object({
  active: z.boolean(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The notice in the request's language (else English, else any), `{from}`/`{to}` filled in. */
  message: z.string(),
  redirectUrl: z.string(),
});
export type BlackoutStatus = z.infer<typeof BlackoutStatus>;

export const isBlackoutActive = defineRoute({
  method: 'GET',
  path: '/api/configuration/isBlackoutActive',
  public: true,
  duringBlackout: true,
  summary: 'Whether the maintenance window is on now, with its notice in the request language and time zone.',
  querystring: z.object({
    /** An IANA time zone (the browser's) for the dates in the notice; UTC when absent or unknown. */
    tz: z.string().max(64).optional(),
  }),
  response: BlackoutStatus,
});
