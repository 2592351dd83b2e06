// The six calls an attacker guesses or enumerates through (issue 16 part 5), each with a target that exists and a
// way to name one that does not. Shared by security/guessing-limits.test.ts (the limits and identical answers) and
// bench/security/enumeration.ts (the median times of known and unknown targets).
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type GuessingFlow = {
  name: string;
  /** A target that exists (an account, an e-mail, a user). */
  known: string;
  /** A new target that does not exist. */
  unknown: () => string;
  send: (app: FastifyInstance, target: string, address: string) => Promise<LightMyRequestResponse>;
};

export const freshAddress = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const unknownEmail = () => `nobody-${randomUUID().slice(0, 12)}@example.com`;
const unknownAccount = () => String(randomInt(5_000_000, 9_999_999));

const call = (app: FastifyInstance, method: 'POST' | 'PUT', url: string, address: string, payload: object) =>
  app.inject({ method, url, remoteAddress: address, payload, headers: { 'accept-language': 'en' } });

/** The flows against the known e-mail `email` (a user of the portal) and the demo ledger's payer 0000100001. */
export function guessingFlows(email: string): GuessingFlow[] {
  return [
    {
      name: 'sign-in',
      known: email,
      unknown: unknownEmail,
      send: (app, target, address) =>
        call(app, 'POST', '/api/token/login', address, { login: target, password: 'Not-The-Password-1' }),
    },
    {
      name: 'password-reset request',
      known: email,
      unknown: unknownEmail,
      send: (app, target, address) =>
        call(app, 'POST', '/api/users/password-reset-request', address, { email: target }),
    },
    {
      name: 'registration',
      known: email,
      unknown: unknownEmail,
      send: (app, target, address) =>
        call(app, 'POST', '/api/token/auto-register/user', address, {
          email: target,
          first_name: 'Guess',
          last_name: 'Er',
          company: 'Guessing Ltd',
          password: 'Guessing-Password-2026',
          verify_password: 'Guessing-Password-2026',
          accounts: [],
        }),
    },
    {
      name: 'account proof',
      known: '0000100001',
      unknown: unknownAccount,
      send: (app, target, address) =>
        call(app, 'PUT', '/api/users/account/validate', address, {
          accountNumber: target,
          invoiceNumber: '90000001',
          invoiceAmount: '1.00',
        }),
    },
    {
      name: 'guest lookup',
      known: '0000100001',
      unknown: unknownAccount,
      send: (app, target, address) =>
        call(app, 'PUT', '/api/users/account/validateGuestPayment', address, {
          accountNumber: target,
          invoiceNumber: '90000001',
          invoiceAmount: '1.00',
          guest_tokens: [],
        }),
    },
    {
      name: 'admin recovery',
      known: 'admin@example.com',
      unknown: unknownEmail,
      send: (app, target, address) =>
        call(app, 'POST', '/api/admin/recovery', address, {
          key: 'not-the-recovery-key-not-the-recovery-key',
          user: target,
          mode: 'R',
          password: 'Recovered-Password-2026',
          confirmPassword: 'Recovered-Password-2026',
        }),
    },
  ];
}

/** An answer as a caller sees it, without the request's own id: two targets must not be told apart by it. */
export function visibleAnswer(response: { statusCode: number; body: string }): string {
  return `${response.statusCode} ${response.body.replace(/"uniqueId":"[^"]*"/g, '')}`;
}
