import type { SessionRow } from './sessions.repository';

export type SessionState = 'live' | 'revoked' | 'expired' | 'idle';

/** Spec: 30 minutes idle ends the session (on the server too); a session also has an absolute lifetime. */
export function sessionState(
  session: Pick<SessionRow, 'revokedAt' | 'expiresAt' | 'lastActivityAt'>,
  now: Date,
  idleTimeoutSeconds: number,
): SessionState {
  if (session.revokedAt) return 'revoked';
  if (session.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (now.getTime() - session.lastActivityAt.getTime() > idleTimeoutSeconds * 1000) return 'idle';
  return 'live';
}
