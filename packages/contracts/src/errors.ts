import { z } from 'zod';

/** The body of every error answer (one shape, written by the server's one error handler). */
export const ErrorResponse = z.object({
  /** Stable machine code, e.g. AUTH_INVALID_CREDENTIALS. */
  error: z.string(),
  /** Message key the web translates; `message` is the same text in the request's language. */
  messageKey: z.string(),
  message: z.string(),
  /** The request id, shown to users as "Unique Id" and found in the server log. */
  uniqueId: z.string(),
  /** Why a 401 happened, e.g. not_logged_in or session_expired. */
  reason: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
