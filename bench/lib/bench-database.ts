// What several benches set up the same way: a database made anew for each run, and a payer's saved e-check whose
// token the sandbox gateway approves.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  sandboxTokenFor,
  SANDBOX_TOKEN_KEY_SETTING,
} from '../../apps/server/src/connectors/gateway/sandbox/sandbox-gateway';
import { sandboxTokens } from '../../apps/server/src/connectors/gateway/sandbox/sandbox.schema';
import type { Db } from '../../apps/server/src/db/client';
import { paymentCards } from '../../apps/server/src/db/schema';
import { readOrInitSetting } from '../../apps/server/src/modules/system/app-settings.repository';

/** A fresh database each run: the figures do not depend on what earlier runs left. */
export async function recreateDatabase(url: string, settings: string[] = []): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1)).replace(/"/g, '');
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
    for (const setting of settings) await client.query(`ALTER DATABASE "${name}" SET ${setting}`);
  } finally {
    await client.end();
  }
}

/** Saves an approving sandbox card of this number for the payer and returns its token. */
export async function saveBenchSandboxCard(
  db: Db,
  payerNumber: string,
  card: { number: string; type: 'AMEX' | 'VISA' | 'MC' },
): Promise<string> {
  const secret = await readOrInitSetting(db, SANDBOX_TOKEN_KEY_SETTING, () => randomBytes(32).toString('base64url'));
  const lastFour = card.number.slice(-4);
  const token = sandboxTokenFor(secret, card.type, card.number, lastFour);
  await db
    .insert(sandboxTokens)
    .values({ token, kind: 'card', brand: card.type, lastFour, behaviour: 'approve', createdAt: new Date() })
    .onConflictDoNothing();
  await saveBenchCard(db, payerNumber, token, card.type);
  return token;
}

/** The payer's saved card in the ledger (company code 1000), as the payment methods page saves it. */
export async function saveBenchCard(db: Db, payerNumber: string, token: string, type: 'AMEX' | 'VISA' | 'MC') {
  await db
    .insert(paymentCards)
    .values({
      payerNumber,
      companyCode: '1000',
      paymentCardToken: token,
      paymentCardType: type,
      paymentCardName: 'Bench Payer',
      validTo: '2030-12-31',
    })
    .onConflictDoNothing();
}

/** Saves an approving sandbox e-check for the payer (company code 1000) and returns its token. */
export async function saveBenchEcheck(db: Db, payerNumber: string, account: string): Promise<string> {
  const secret = await readOrInitSetting(db, SANDBOX_TOKEN_KEY_SETTING, () => randomBytes(32).toString('base64url'));
  const echeck = sandboxTokenFor(secret, 'EC', `011000015|${account}`, account.slice(-4));
  await db
    .insert(sandboxTokens)
    .values({
      token: echeck,
      kind: 'echeck',
      brand: 'EC',
      lastFour: account.slice(-4),
      behaviour: 'approve',
      createdAt: new Date(),
    })
    .onConflictDoNothing();
  await db
    .insert(paymentCards)
    .values({
      payerNumber,
      companyCode: '1000',
      paymentCardToken: echeck,
      paymentCardType: 'EC',
      paymentCardName: 'Bench Payer',
      echeckAccountType: 'X',
      echeckRdfiNumber: '011000015',
    })
    .onConflictDoNothing();
  return echeck;
}
