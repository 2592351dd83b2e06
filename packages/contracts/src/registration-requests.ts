// Registration requests (access spec §2 /settings/registration-requests, §3 Registration request, §7; issue 14):
// where registration is off, a visitor asks for an account; the request is mailed to registrationRequestEmail and
// listed for those who may create users from it.
import { z } from 'zod';
import { defineRoute } from './route';

/** Field rules and messages: packages/domain validateRegistrationRequestForm (the form and the server). */
export const RegistrationRequestInput = z.object({
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  company: z.string().max(200),
  email: z.string().max(320),
  message: z.string().max(2000),
});
export type RegistrationRequestInput = z.input<typeof RegistrationRequestInput>;

export const RegistrationRequestItem = z.object({
  registrationRequestId: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  email: z.string(),
  message: z.string(),
  created_date: z.string(),
  completed_date: z.string().nullable(),
});
export type RegistrationRequestItem = z.infer<typeof RegistrationRequestItem>;

export const submitRegistrationRequest = defineRoute({
  method: 'POST',
  path: '/api/register',
  public: true,
  summary: 'Ask for an account (rate-limited); the request is mailed to registrationRequestEmail.',
  body: RegistrationRequestInput,
  response: z.object({ message: z.literal('Success') }),
});

export const listRegistrationRequests = defineRoute({
  method: 'GET',
  path: '/api/register',
  permission: 'CanManageRegistrationRequests',
  summary: 'The open registration requests, newest first (completed ones leave the list).',
  response: z.object({ items: z.array(RegistrationRequestItem) }),
});

const RequestIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const getRegistrationRequest = defineRoute({
  method: 'GET',
  path: '/api/register/:id',
  permission: 'CanManageRegistrationRequests',
  summary: 'One registration request (to prefill the new user form).',
  params: RequestIdParams,
  response: RegistrationRequestItem,
});

export const completeRegistrationRequest = defineRoute({
  method: 'POST',
  path: '/api/register/:id/completed',
  permission: 'CanManageRegistrationRequests',
  summary: 'Mark a request completed (saving a user created from it does this too).',
  params: RequestIdParams,
  response: z.object({ message: z.literal('Success') }),
});
