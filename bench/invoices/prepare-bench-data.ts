// The benchmark's database: created if absent, migrated, the large ledger built once (kept for later runs while
// its size is right), and two bench users: a payer on the largest payer account and a PayerAll user on the
// 100k-document payer-all group.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { customers, documents, payerAllMembers } from '../../apps/server/src/connectors/erp/ledger/ledger.schema';
import { ledgerShape, seedLedger } from '../../apps/server/src/connectors/erp/ledger/seed';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { rolePermissions } from '@portal/contracts';
import { insertUser } from '../../apps/server/src/modules/users/users.repository';

export const benchPassword = 'Bench-Password-2026';

export type BenchAccount = { primaryAccount: string; companyCode: string; accountType: 'Payer' | 'PayerAll' };

export const benchUsers = {
  /** The generator's largest payer (about 11% of the documents: ~115k at 1M). */
  payer: {
    login: 'bench-payer@example.com',
    account: { primaryAccount: '0000100001', companyCode: '1000', accountType: 'Payer' },
  },
  /** The payer-all group of the large shape (a tenth of the documents: 100k at 1M). */
  payerAll: {
    login: 'bench-payerall@example.com',
    account: { primaryAccount: '0000900001', companyCode: '1000', accountType: 'PayerAll' },
  },
  /** A Japanese payer (company code JP01): its invoices' PDFs carry name_2 in the CJK font. */
  japan: {
    login: 'bench-japan@example.com',
    account: { primaryAccount: '0000100004', companyCode: 'JP01', accountType: 'Payer' },
  },
} satisfies Record<string, { login: string; account: BenchAccount }>;

export type BenchData = {
  documents: number;
  customers: number;
  payerAllDocuments: number;
  built: boolean;
  buildSeconds?: number;
};

/** CREATE DATABASE when the URL's database does not exist (through the server's maintenance database). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Error(`No database name in ${url}`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

async function ledgerSize(db: Db) {
  const [documentCount] = await db.select({ n: sql<number>`count(*)::int` }).from(documents);
  const [customerCount] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
  const groupPayers = db
    .select({ payer: payerAllMembers.payerNumber })
    .from(payerAllMembers)
    .where(eq(payerAllMembers.groupNumber, benchUsers.payerAll.account.primaryAccount));
  const [groupCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(sql`${documents.payerNumber} IN ${groupPayers}`);
  return { documents: documentCount?.n ?? 0, customers: customerCount?.n ?? 0, payerAll: groupCount?.n ?? 0 };
}

export async function ensureBenchUser(
  db: Db,
  login: string,
  account: BenchAccount,
  passwordHash: string,
): Promise<void> {
  const [existing] = await db.select({ id: users.userId }).from(users).where(eq(users.login, login));
  if (existing) return;
  await insertUser(
    db,
    {
      login,
      email: login,
      firstName: 'Bench',
      lastName: account.accountType,
      company: 'Benchmark',
      passwordHash,
      status: 'active',
      userRole: 'user',
      primaryAccountTypeId: account.accountType,
      permissions: [...rolePermissions.user],
      lastPasswordChange: new Date(),
    },
    [
      {
        primaryAccount: account.primaryAccount,
        accountType: account.accountType,
        companyCode: account.companyCode,
        salesOrganization: account.companyCode,
        distributionChannel: '10',
        division: '00',
      },
    ],
  );
}

export async function prepareBenchData(
  url: string,
  options: {
    documents: number;
    rebuild: boolean;
    log: (line: string) => void;
    /** The payer-all group's share (default: the large shape's tenth). */
    payerAllDocuments?: number;
  },
): Promise<BenchData> {
  await ensureDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const shape = {
      ...ledgerShape(options.documents),
      ...(options.payerAllDocuments === undefined ? {} : { payerAllDocuments: options.payerAllDocuments }),
    };
    const expected = {
      documents: options.documents,
      customers: shape.customers,
      payerAll: shape.payerAllDocuments,
    };
    let size = await ledgerSize(database.db);
    const fits =
      size.documents === expected.documents &&
      (expected.customers === undefined || size.customers === expected.customers) &&
      (expected.payerAll === undefined || size.payerAll === expected.payerAll);
    let built = false;
    let buildSeconds: number | undefined;
    if (options.rebuild || !fits) {
      options.log(
        `Building the ledger: ${options.documents} documents (found ${size.documents}); this takes a few minutes ` +
          'once, later runs reuse it.',
      );
      const started = performance.now();
      let reported = 0;
      await seedLedger(database.db, {
        documents: options.documents,
        ...(options.payerAllDocuments === undefined ? {} : { payerAllDocuments: options.payerAllDocuments }),
        asOf: new Date(),
        reset: true,
        onProgress: (inserted) => {
          if (inserted - reported >= 100_000 || inserted === options.documents) {
            reported = inserted;
            options.log(`  ${inserted} documents, ${((performance.now() - started) / 1000).toFixed(0)} s`);
          }
        },
      });
      buildSeconds = Math.round((performance.now() - started) / 1000);
      built = true;
      size = await ledgerSize(database.db);
    }
    const passwordHash = await hashPassword(benchPassword);
    for (const user of Object.values(benchUsers))
      await ensureBenchUser(database.db, user.login, user.account, passwordHash);
    return {
      documents: size.documents,
      customers: size.customers,
      payerAllDocuments: size.payerAll,
      built,
      ...(buildSeconds === undefined ? {} : { buildSeconds }),
    };
  } finally {
    await database.close();
  }
}
