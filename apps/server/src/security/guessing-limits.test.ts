// Guessing and enumeration (issue 16 part 5): each of the six guessable calls is measured, per client address (one
// address, a new target each time) and per target (one target, a new address each time), on one instance and across
// two instances sharing PostgreSQL and Redis; and a target that exists gets the very answer one that does not gets.
// The median times of known and unknown targets are measured by bench/security/enumeration.ts (tests assert no time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../config';
import { hashPassword } from '../modules/auth/passwords';
import { writeSetting } from '../modules/system/app-settings.repository';
import { insertUser } from '../modules/users/users.repository';
import { addInstance, createTestApp, type TestApp } from '../test/test-app';
import { freshAddress, guessingFlows, visibleAnswer, type GuessingFlow } from './guessing-flows';

/** The limits this file configures, and those fixed in code; each measured below must equal its line here. */
const settings = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '4',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '6',
  PASSWORD_RESET_MAX_PER_EMAIL: '3',
  PASSWORD_RESET_MAX_PER_ADDRESS: '6',
  GUEST_LOOKUP_MAX_PER_ACCOUNT: '4',
  GUEST_LOOKUP_MAX_PER_ADDRESS: '5',
  GUEST_LOOKUP_MIN_MS: '0',
  ADMIN_RECOVERY_KEY: 'the-recovery-key-of-this-test-0123456789',
  RATE_LIMIT_PER_MINUTE: '1000000',
};
const expected: Record<string, { perAddress: number; perTarget: number }> = {
  'sign-in': { perAddress: 6, perTarget: 4 },
  'password-reset request': { perAddress: 6, perTarget: 3 },
  registration: { perAddress: 10, perTarget: 10 },
  'account proof': { perAddress: 5, perTarget: 4 },
  'guest lookup': { perAddress: 5, perTarget: 4 },
  'admin recovery': { perAddress: 10, perTarget: 10 },
};

const knownEmail = `known-${Date.now()}@example.com`;
const flows = guessingFlows(knownEmail);
const figures: string[] = [];

async function startPortal(extra: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ ledgerDocuments: 30, settings: { ...settings, ...extra } });
  await writeSetting(t.database.db, 'application', { allowRegistration: true, allowGuestPayment: true });
  await insertUser(
    t.database.db,
    {
      login: knownEmail,
      email: knownEmail,
      firstName: 'Known',
      lastName: 'Target',
      company: 'Known Ltd',
      passwordHash: await hashPassword('Known-Password-2026'),
      status: 'active',
      userRole: 'user',
      primaryAccountTypeId: 'Payer',
      permissions: [],
      lastPasswordChange: new Date(),
    },
    [],
  );
  return t;
}

type Apps = { app: TestApp['app'] }[];

/** Attempts answered before the first 429: one address and new targets, or one target and new addresses. */
async function measure(apps: Apps, flow: GuessingFlow, per: 'address' | 'target'): Promise<number> {
  const address = freshAddress();
  const target = flow.unknown();
  for (let attempt = 0; attempt < 30; attempt++) {
    const app = apps[attempt % apps.length]!.app;
    const response = await flow.send(
      app,
      per === 'target' ? target : flow.unknown(),
      per === 'address' ? address : freshAddress(),
    );
    if (response.statusCode === 429) return attempt;
    if (response.statusCode >= 500) throw new Error(`${flow.name}: ${response.statusCode} ${response.body}`);
  }
  return Number.POSITIVE_INFINITY;
}

afterAll(() => {
  process.stdout.write(`guessing limits measured:\n${figures.map((line) => `  ${line}`).join('\n')}\n`);
});

describe('guessing and enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startPortal();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(flows.map((flow) => [flow.name, flow] as const))(
    '%s: answers a known target exactly as an unknown one',
    async (_name, flow) => {
      const known = await flow.send(t.app, flow.known, freshAddress());
      const unknown = await flow.send(t.app, flow.unknown(), freshAddress());
      expect(known.statusCode).toBeLessThan(500);
      expect(visibleAnswer(known)).toBe(visibleAnswer(unknown));
    },
  );

  it.each(flows.map((flow) => [flow.name, flow] as const))(
    '%s: is limited per address and per target on one instance',
    async (name, flow) => {
      const perAddress = await measure([t], flow, 'address');
      const perTarget = await measure([t], flow, 'target');
      figures.push(`${name}, one instance: ${perAddress} per address, ${perTarget} per target`);
      expect({ perAddress, perTarget }).toEqual(expected[name]);
    },
  );
});

// Two instances on one database, sharing a Redis (REDIS_URL): the attempts alternate between them and the limits
// hold as on one. Sign-in counts its failures in the database; the others count in Redis.
describe.skipIf(!testRedisUrl())('guessing limits across two instances (PostgreSQL or PGlite, and Redis)', () => {
  let one: TestApp;
  let two: Awaited<ReturnType<typeof addInstance>>;
  beforeAll(async () => {
    one = await startPortal({ REDIS_URL: testRedisUrl()! });
    two = await addInstance(one, { REDIS_URL: testRedisUrl()! });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it.each(flows.map((flow) => [flow.name, flow] as const))(
    '%s: is limited per address and per target across two instances',
    async (name, flow) => {
      const perAddress = await measure([one, two], flow, 'address');
      const perTarget = await measure([one, two], flow, 'target');
      figures.push(`${name}, two instances: ${perAddress} per address, ${perTarget} per target`);
      expect({ perAddress, perTarget }).toEqual(expected[name]);
    },
  );
});
