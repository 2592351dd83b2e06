// Fills a fresh database with the demo ledger and the demo users, once. The ledger's dates are relative to the
// day of the first start, stored in app_settings, so that "overdue" and "due in future" stay meaningful and
// the same start day always gives the same data.
import type { FastifyBaseLogger } from 'fastify';
import { demoUserAccounts, seedLedger } from './connectors/erp/ledger/seed';
import { seedPaymentHistory } from './connectors/erp/ledger/seed-payment-history';
import { seedPaymentMethods } from './connectors/erp/ledger/seed-payment-methods';
import { seedSandboxTokens } from './connectors/gateway/sandbox/seed-sandbox-tokens';
import type { Db } from './db/client';
import { readSetting, writeSetting } from './modules/system/app-settings.repository';
import { hashPassword } from './modules/auth/passwords';
import { demoPassword, demoPermissions, demoUsers } from './modules/users/demo-users';
import { countUsers, insertUser } from './modules/users/users.repository';

export const demoDocumentCount = 3_000;

export async function seedDemo(db: Db, log: FastifyBaseLogger, asOf: Date = new Date()): Promise<void> {
  if (await readSetting(db, 'demo_seeded_at')) return;
  const started = Date.now();
  const day = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth(), asOf.getUTCDate()));
  const ledger = await seedLedger(db, { documents: demoDocumentCount, asOf: day });
  // Issue 5: /payment-history shows the portal payments behind part of the settled items.
  const history = await seedPaymentHistory(db, { asOf: day });
  if ((await countUsers(db)) === 0) await seedDemoUsers(db);
  // spec issue 4: the demo payer has a saved default Visa and an e-check (sandbox tokens).
  await seedPaymentMethods(db, await seedSandboxTokens(db, day), day);
  await writeSetting(db, 'demo_seeded_at', day.toISOString());
  await writeSetting(db, 'application', { allowRegistration: true, allowGuestPayment: true });
  log.info({ ...ledger, paymentHistory: history, ms: Date.now() - started }, 'demo data seeded');
}

export async function seedDemoUsers(db: Db): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  for (const user of demoUsers) {
    await insertUser(
      db,
      {
        login: user.email,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        company: 'Demo Customer Inc.',
        passwordHash,
        status: 'active',
        userRole: user.role,
        primaryAccountTypeId: user.accountType,
        thirdPartyId: user.thirdPartyId ?? null,
        permissions: demoPermissions(user),
        lastPasswordChange: new Date(),
      },
      demoUserAccounts[user.kind].map((a) => ({
        primaryAccount: a.primary_account,
        accountType: 'both',
        companyCode: a.company_code,
        salesOrganization: a.sales_organization,
        distributionChannel: a.distribution_channel,
        division: a.division,
      })),
    );
  }
}
