// Fills a fresh database with the demo ledger and the demo users, once. The ledger's dates are relative to the
// day of the first start, stored in app_settings, so that "overdue" and "due in future" stay meaningful and
// the same start day always gives the same data.
import { defaultReminderRepeatDays, defaultReminderSteps } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { demoUserAccounts, seedLedger } from './connectors/erp/ledger/seed';
import { seedPaymentHistory } from './connectors/erp/ledger/seed-payment-history';
import { saveDemoPaymentMethods, seedPaymentMethods } from './connectors/erp/ledger/seed-payment-methods';
import type { ErpConnector } from './connectors/erp/erp-connector';
import { seedSandboxTokens } from './connectors/gateway/sandbox/seed-sandbox-tokens';
import type { Db } from './db/client';
import { reminderSchedules } from './db/schema';
import { readSetting, writeSetting } from './modules/system/app-settings.repository';
import { hashPassword } from './modules/auth/passwords';
import { demoPassword, demoPermissions, demoUsers } from './modules/users/demo-users';
import { countUsers, insertUser } from './modules/users/users.repository';

export const demoDocumentCount = 3_000;

export async function seedDemo(
  db: Db,
  log: FastifyBaseLogger,
  asOf: Date = new Date(),
  /** An ERP behind ERP_URL (issue 28): its demo ledger is its own (npm run erp:serve -- --demo). */
  remoteErp?: ErpConnector,
): Promise<void> {
  if (await readSetting(db, 'demo_seeded_at')) return;
  const started = Date.now();
  const day = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth(), asOf.getUTCDate()));
  if (remoteErp) return seedDemoBesideErp(db, log, day, remoteErp);
  const ledger = await seedLedger(db, { documents: demoDocumentCount, asOf: day });
  // Issue 5: /payment-history shows the portal payments behind part of the settled items.
  const history = await seedPaymentHistory(db, { asOf: day });
  if ((await countUsers(db)) === 0) await seedDemoUsers(db);
  // spec issue 4: the demo payer has a saved default Visa and an e-check (sandbox tokens).
  await seedPaymentMethods(db, await seedSandboxTokens(db, day), day);
  await writeSetting(db, 'demo_seeded_at', day.toISOString());
  await writeSetting(db, 'application', demoApplicationSettings);
  await seedDemoReminderSchedules(db, day);
  log.info({ ...ledger, paymentHistory: history, ms: Date.now() - started }, 'demo data seeded');
}

/**
 * The demo users and settings in the portal's database, and the demo payer's saved methods in the ERP. Left for the
 * next start (nothing marked seeded) when the ERP does not answer: the portal starts all the same.
 */
async function seedDemoBesideErp(db: Db, log: FastifyBaseLogger, day: Date, erp: ErpConnector): Promise<void> {
  if ((await countUsers(db)) === 0) await seedDemoUsers(db);
  try {
    await saveDemoPaymentMethods(erp, await seedSandboxTokens(db, day), day);
  } catch (error) {
    log.warn({ err: error }, 'demo payment methods not saved in the ERP: tried again at the next start');
    return;
  }
  await writeSetting(db, 'demo_seeded_at', day.toISOString());
  await writeSetting(db, 'application', demoApplicationSettings);
  await seedDemoReminderSchedules(db, day);
  log.info("demo users seeded; the ledger is the ERP's");
}

/**
 * The demo's switches: self-registration and guest payment on, and (issue 29) scheduled payments and AutoPay offered
 * in the demo ledger's company codes.
 */
const demoCompanyCodes = ['1000', '2000', '3000', 'JP01', 'KW01'];
const demoApplicationSettings = {
  allowRegistration: true,
  allowGuestPayment: true,
  scheduledPaymentsCompanyCodes: demoCompanyCodes,
  autopayCompanyCodes: demoCompanyCodes,
};

/** Issue 38: the demo reminds on the default schedule in each of its company codes (a new portal starts with it off). */
async function seedDemoReminderSchedules(db: Db, day: Date): Promise<void> {
  await db
    .insert(reminderSchedules)
    .values(
      demoCompanyCodes.map((companyCode) => ({
        companyCode,
        enabled: true,
        steps: defaultReminderSteps.map((step) => ({ ...step })),
        repeatEveryDays: defaultReminderRepeatDays,
        updatedAt: day,
      })),
    )
    .onConflictDoNothing();
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
