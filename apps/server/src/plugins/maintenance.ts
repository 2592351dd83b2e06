// The maintenance window closes the portal (access spec §2, §4 blackout; issue 15): while it is on, every /api
// call answers 503 with the administrator's notice, except to administrators (their sessions, signed in at
// /login/admin) and the few routes the closed portal still needs (contract `duringBlackout`: the window's
// status, sign-in, which refuses non-administrators itself, refresh and sign-out, health). Registered after the
// auth plugin, so the signed-in person is known.
import fp from 'fastify-plugin';
import type { Actor } from './auth';
import { AppError } from '../errors';
import { blackoutNotice } from '../modules/maintenance/blackout';
import type { BlackoutConfig } from '@portal/contracts';

/** The person really signed in is an administrator (while working as another user too). */
export function isAdministrator(actor: Actor | null): boolean {
  return (actor?.impersonator?.role ?? actor?.role) === 'admin';
}

export function closedForMaintenance(window: BlackoutConfig, language: string): AppError {
  return new AppError('MAINTENANCE', {
    reason: 'blackout',
    message: blackoutNotice(window, { language, timeZone: undefined }) || undefined,
    details: { from: window.fromUtcDate, to: window.toUtcDate, redirectUrl: window.redirectUrl },
  });
}

export const maintenancePlugin = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.duringBlackout) return;
    const window = await app.ctx.blackout.activeNow();
    if (!window || isAdministrator(request.actor)) return;
    throw closedForMaintenance(window, request.language);
  });
});
