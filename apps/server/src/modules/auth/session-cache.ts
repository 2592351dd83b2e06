// The sessions this instance has checked, kept in memory so that a call does not read its session from the database
// each time (issue 17: the read was most of what a small call cost). Safe with any number of instances because
// PostgreSQL announces every change that could refuse a session (db/change-feed.ts, migration 0012): a revocation,
// a sign-out, an impersonation started or stopped, a user deactivated, locked, deleted, given other permissions or
// another role or other accounts. The entry is dropped when the announcement arrives; while announcements cannot
// arrive (the listening connection is down) nothing is served from memory.
//
// Only a session found live is trusted from memory: the auth plugin reads the database again before it refuses a
// call on an entry (idle, expired, a status), so that the entry's age never refuses what the database would allow.
import type { Db } from '../../db/client';
import type { Change, ChangeFeed } from '../../db/change-feed';
import { findSessionWithUser, type SessionWithUser } from './sessions.repository';

/** Entries kept at most: beyond it the oldest read goes first. */
const maxEntries = 20_000;
/** An entry is read again after this long even without an announcement (a bound, not the mechanism). */
const maxAgeMs = 60_000;

type Entry = { found: SessionWithUser; epoch: number; readAt: number };

export type SessionCache = {
  /** The session with its user: from memory when it may be, else from the database (and kept). */
  find: (sessionId: string) => Promise<{ found: SessionWithUser | undefined; cached: boolean }>;
  /** The session from the database, whatever memory holds (kept when found). */
  read: (sessionId: string) => Promise<SessionWithUser | undefined>;
  /** This instance has just moved the session's last activity: the entry says so (no read). */
  touched: (sessionId: string, at: Date) => void;
  close: () => void;
};

export function createSessionCache(db: Db, feed: ChangeFeed | undefined): SessionCache {
  const entries = new Map<string, Entry>();
  // Moves on with every drop: a read that started before a drop must not put back what it read.
  let generation = 0;

  const drop = (change: Change) => {
    generation++;
    if (change === 'reset') return entries.clear();
    const [kind, id] = splitChange(change);
    if (kind === 'session') entries.delete(id);
    else if (kind === 'user') {
      const userId = Number(id);
      for (const [sessionId, entry] of entries) {
        if (entry.found.user.userId === userId || entry.found.impersonated?.userId === userId) {
          entries.delete(sessionId);
        }
      }
    }
  };
  const unsubscribe = feed?.subscribe(drop);

  const read = async (sessionId: string) => {
    const startedAt = generation;
    const epoch = feed?.epoch() ?? 0;
    const found = await findSessionWithUser(db, sessionId);
    if (feed && found && generation === startedAt && feed.usable(epoch)) {
      entries.delete(sessionId);
      entries.set(sessionId, { found, epoch, readAt: Date.now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return found;
  };

  return {
    find: async (sessionId) => {
      const entry = entries.get(sessionId);
      if (entry && feed?.usable(entry.epoch) && Date.now() - entry.readAt < maxAgeMs) {
        return { found: entry.found, cached: true };
      }
      return { found: await read(sessionId), cached: false };
    },
    read,
    touched: (sessionId, at) => {
      const entry = entries.get(sessionId);
      if (entry) entry.found = { ...entry.found, session: { ...entry.found.session, lastActivityAt: at } };
    },
    close: () => {
      unsubscribe?.();
      entries.clear();
    },
  };
}

function splitChange(change: Change): [string, string] {
  const colon = change.indexOf(':');
  return colon < 0 ? [change, ''] : [change.slice(0, colon), change.slice(colon + 1)];
}
