// The instance's memory of sessions (issue 17): a checked session is not read again on the next call, and every
// change that could refuse it, made anywhere (another instance, a hand-written UPDATE), drops it, so that the next
// call is refused. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where a second instance has its own pool
// and its own listening connection.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testDatabaseUrl } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import type { ChangeFeed } from '../../db/change-feed';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { createSessionCache } from './session-cache';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const accountsCall = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/token/getuseraccounts', headers: { authorization: `Bearer ${token}` } });

async function sessionIdOf(token: string): Promise<string> {
  const claims = await t.app.ctx.tokens.verify(token);
  if (!claims) throw new Error('token not valid');
  return claims.sessionId;
}

/** Runs a statement as someone outside the portal would (no announcement by the portal's code). */
async function outsideWrite(statement: string): Promise<void> {
  const url = testDatabaseUrl() ? databaseUrlOf(t.database) : undefined;
  if (!url) {
    await t.database.db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrlOf(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

/** PostgreSQL delivers a notification a moment after the commit: wait for the entry to go (at most 5 s). */
async function untilDropped(app: FastifyInstance, sessionId: string): Promise<boolean> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (!(await app.ctx.sessions.find(sessionId)).cached) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('the instance keeps the sessions it checked', () => {
  it('serves the next call of a live session from memory', async () => {
    const { token } = await signInAs(t.app, 'payer@example.com');
    const sessionId = await sessionIdOf(token);
    expect((await accountsCall(t.app, token)).statusCode).toBe(200);
    expect((await t.app.ctx.sessions.find(sessionId)).cached).toBe(true);
    expect((await accountsCall(t.app, token)).statusCode).toBe(200);
  });

  it('refuses the next call after a sign-out', async () => {
    const { token } = await signInAs(t.app, 'payer@example.com');
    expect((await accountsCall(t.app, token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/token/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await accountsCall(t.app, token)).statusCode).toBe(401);
  });

  it('drops a session revoked outside the portal, and the next call is refused', async () => {
    const { token } = await signInAs(t.app, 'payer@example.com');
    const sessionId = await sessionIdOf(token);
    expect((await accountsCall(t.app, token)).statusCode).toBe(200);
    await outsideWrite(`update portal.sessions set revoked_at = now() where session_id = '${sessionId}'`);
    expect(await untilDropped(t.app, sessionId)).toBe(true);
    expect((await accountsCall(t.app, token)).statusCode).toBe(401);
  });

  it('drops the sessions of a user locked outside the portal, and of a user whose accounts changed', async () => {
    const payer = await signInAs(t.app, 'payer@example.com');
    const soldto = await signInAs(t.app, 'soldto@example.com');
    const payerSession = await sessionIdOf(payer.token);
    const soldtoSession = await sessionIdOf(soldto.token);
    expect((await accountsCall(t.app, payer.token)).statusCode).toBe(200);
    expect((await accountsCall(t.app, soldto.token)).statusCode).toBe(200);

    await outsideWrite(
      `update portal.users set access_version = access_version + 1 where login = 'soldto@example.com'`,
    );
    expect(await untilDropped(t.app, soldtoSession)).toBe(true);
    // Another user's session stays.
    expect((await t.app.ctx.sessions.find(payerSession)).cached).toBe(true);

    // What a receipt is addressed with is part of the kept session too.
    await outsideWrite(`update portal.users set email = 'payer.new@example.com' where login = 'payer@example.com'`);
    expect(await untilDropped(t.app, payerSession)).toBe(true);
    expect((await accountsCall(t.app, payer.token)).statusCode).toBe(200);

    await outsideWrite(`update portal.users set status = 'locked' where login = 'payer@example.com'`);
    expect(await untilDropped(t.app, payerSession)).toBe(true);
    expect((await accountsCall(t.app, payer.token)).statusCode).toBe(401);
  });

  it('does not drop a session when only its last activity moves (no announcement)', async () => {
    const { token } = await signInAs(t.app, 'payer@example.com');
    const sessionId = await sessionIdOf(token);
    expect((await accountsCall(t.app, token)).statusCode).toBe(200);
    await outsideWrite(`update portal.sessions set last_activity_at = now() where session_id = '${sessionId}'`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await t.app.ctx.sessions.find(sessionId)).cached).toBe(true);
  });

  it('reads the database every time while notifications cannot arrive', async () => {
    const { token } = await signInAs(t.app, 'payer@example.com');
    const sessionId = await sessionIdOf(token);
    let live = true;
    const feed: ChangeFeed = {
      subscribe: () => () => undefined,
      epoch: () => 0,
      usable: () => live,
      announce: () => undefined,
      close: async () => undefined,
    };
    const cache = createSessionCache(t.database.db, feed);
    expect((await cache.find(sessionId)).cached).toBe(false);
    expect((await cache.find(sessionId)).cached).toBe(true);
    live = false;
    expect((await cache.find(sessionId)).cached).toBe(false);
    expect((await cache.find(sessionId)).found?.session.sessionId).toBe(sessionId);
    // Nothing unusable is kept for later either.
    live = true;
    expect((await cache.find(sessionId)).cached).toBe(true);
    cache.close();
  });
});

describe.runIf(testDatabaseUrl())('two instances, each with its own connection to PostgreSQL', () => {
  let other: { database: Database; app: FastifyInstance } | undefined;
  afterEach(async () => {
    await other?.app.close();
    await other?.database.close();
    other = undefined;
  });

  async function secondInstance() {
    const database = await openDatabase({ kind: 'postgres', url: databaseUrlOf(t.database), poolSize: 2 });
    const app = await buildApp({ config: t.config, db: database.db, now: t.clock.now, logger: false });
    await app.ready();
    other = { database, app };
    return other;
  }

  it('a sign-out on one is refused on the other at the next call', async () => {
    const second = await secondInstance();
    const { token } = await signInAs(t.app, 'payer@example.com');
    expect((await accountsCall(second.app, token)).statusCode).toBe(200);
    expect((await second.app.ctx.sessions.find(await sessionIdOf(token))).cached).toBe(true);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/token/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(await untilDropped(second.app, await sessionIdOf(token))).toBe(true);
    expect((await accountsCall(second.app, token)).statusCode).toBe(401);
  });

  it('stops serving from memory when its listening connection is cut, and serves again once it listens', async () => {
    const second = await secondInstance();
    const { token } = await signInAs(t.app, 'payer@example.com');
    const sessionId = await sessionIdOf(token);
    expect((await accountsCall(second.app, token)).statusCode).toBe(200);
    expect((await second.app.ctx.sessions.find(sessionId)).cached).toBe(true);

    await outsideWrite(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN portal_changes'`,
    );
    expect(await untilDropped(second.app, sessionId)).toBe(true);
    // Back within the retry (a second): what it reads is kept again.
    let cachedAgain = false;
    for (let waited = 0; waited < 5_000 && !cachedAgain; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await second.app.ctx.sessions.find(sessionId);
      cachedAgain = (await second.app.ctx.sessions.find(sessionId)).cached;
    }
    expect(cachedAgain).toBe(true);
    expect((await accountsCall(second.app, token)).statusCode).toBe(200);
  });
});
