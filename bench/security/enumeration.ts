// Issue 16 part 5: do known and unknown targets take the same time? For each guessable call (sign-in, reset request,
// registration, account proof, guest lookup, admin recovery) the median answer time of targets that exist and of
// targets that do not, over --samples calls each, interleaved, every call from a new address and every known target
// used once (so that no limit answers instead). Target: medians within 20 ms. The portal runs in process on PGlite
// with its default guest lookup floor; the limits are raised so that only timing is measured.
//
//   npm run bench:enumeration [-- --samples 20]
import { parseArgs } from 'node:util';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { writeSetting } from '../../apps/server/src/modules/system/app-settings.repository';
import { insertUser } from '../../apps/server/src/modules/users/users.repository';
import { freshAddress, guessingFlows } from '../../apps/server/src/security/guessing-flows';
import { createTestApp } from '../../apps/server/src/test/test-app';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '20' } } });
const samples = Number(values.samples);
const targetMs = 20;

const t = await createTestApp({
  ledgerDocuments: 300,
  settings: {
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    PASSWORD_RESET_MAX_PER_EMAIL: '100000',
    PASSWORD_RESET_MAX_PER_ADDRESS: '100000',
    GUEST_LOOKUP_MAX_PER_ACCOUNT: '100000',
    GUEST_LOOKUP_MAX_PER_ADDRESS: '100000',
    ADMIN_RECOVERY_KEY: 'the-recovery-key-of-this-bench-0123456789',
    RATE_LIMIT_PER_MINUTE: '1000000',
  },
});
await writeSetting(t.database.db, 'application', { allowRegistration: true, allowGuestPayment: true });

// Known targets, one per sample: users (customers and administrators) and the ledger's payers.
const passwordHash = await hashPassword('Known-Password-2026');
const knownUsers: string[] = [];
for (let index = 0; index < samples; index++) {
  const email = `known-${index}-${Date.now()}@example.com`;
  await insertUser(
    t.database.db,
    {
      login: email,
      email,
      firstName: 'Known',
      lastName: `Target ${index}`,
      company: 'Known Ltd',
      passwordHash,
      status: 'active',
      userRole: 'admin',
      primaryAccountTypeId: 'Payer',
      permissions: [],
      lastPasswordChange: new Date(),
    },
    [],
  );
  knownUsers.push(email);
}
const knownAccounts = ['0000100001', '0000100002', '0000100003', '0000100004', '0000100005', '0000100009'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number) => Math.round(value * 10) / 10;

const figures: Record<string, object> = {};
for (const flow of guessingFlows(knownUsers[0]!)) {
  const known: number[] = [];
  const unknown: number[] = [];
  const byAccount = flow.known.startsWith('0000');
  for (let index = 0; index < samples; index++) {
    const knownTarget = byAccount ? knownAccounts[index % knownAccounts.length]! : knownUsers[index]!;
    for (const [target, into] of [
      [knownTarget, known],
      [flow.unknown(), unknown],
    ] as const) {
      const started = performance.now();
      const response = await flow.send(t.app, target, freshAddress());
      into.push(performance.now() - started);
      if (response.statusCode === 429 || response.statusCode >= 500)
        throw new Error(`${flow.name}: ${response.statusCode} ${response.body}`);
    }
  }
  const difference = Math.abs(median(known) - median(unknown));
  figures[flow.name] = {
    knownMedianMs: round(median(known)),
    unknownMedianMs: round(median(unknown)),
    differenceMs: round(difference),
    targetMs,
    met: difference <= targetMs,
  };
}
await t.close();
process.stdout.write(`${JSON.stringify({ bench: 'enumeration', samples, figures })}\n`);
