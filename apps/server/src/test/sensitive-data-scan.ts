// The security scan (issue 4, DESIGN.md §3 "Nothing sensitive at rest or in logs"): every API test app dumps its
// database (schemas portal, ledger and gateway_sandbox) and the server log it wrote, and this looks for a card
// number (13-19 digits, alone or in groups, passing Luhn and of a brand's prefix and length), a CVV field with a
// value, a bank account number field, a password field with a value, a bearer or refresh token, or a one-time link
// (reset, confirmation, invite) with its token (issue 13), and secrets the tests know by value: the demo password and
// the SMTP password they configure (issue 16), and an API key of a machine client (`arp_` and its 43 characters;
// issue 27: only its hash and its 12-character prefix may be kept). createTestApp runs it when a test file closes its app, so the whole
// suite is covered.
import { detectCardBrand, passesLuhn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export type ScanFinding = { where: string; what: string; excerpt: string };

const scannedSchemas = ['portal', 'ledger', 'gateway_sandbox', 'gateway_stripe'];

export async function dumpDatabase(db: Db): Promise<string[]> {
  const tables = (await db.execute(
    sql`SELECT table_schema, table_name FROM information_schema.tables
        WHERE table_schema IN ('portal', 'ledger', 'gateway_sandbox', 'gateway_stripe') AND table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  const lines: string[] = [];
  for (const { table_schema, table_name } of tables.rows) {
    if (!scannedSchemas.includes(table_schema)) continue;
    const rows = (await db.execute(
      sql.raw(`SELECT row_to_json(t)::text AS line FROM "${table_schema}"."${table_name}" t`),
    )) as unknown as { rows: { line: string }[] };
    for (const row of rows.rows) lines.push(`${table_schema}.${table_name} ${row.line}`);
  }
  return lines;
}

/**
 * Card numbers written as one run of digits or in groups split by spaces or dashes. Decimal fractions are not
 * numbers of anything (pino's responseTime has 16 digits after the point).
 */
const digitRuns = /(?<![\d.])\d(?:[ -]?\d){12,18}(?![\d]|\.\d)/g;
const cvvField = /"?(card_validation_code|cvv|cvc|cvv2|security_code)"?\s*[:=]\s*"?\d{3,4}\b/i;
const bankAccountField = /"?(account_number|bank_account_number|accountNumber)"?\s*[:=]\s*"?\d{5,17}\b/i;
/** A password field with a value (a sealed SMTP password, v1.…, is no password in clear). */
const passwordField =
  /"(password|NewPassword|CurrentPassword|ConfirmNewPassword|confirmPassword|verify_password|smtpPassword)"\s*:\s*"(?!v1\.)[^"]+"/;
/** A bearer access token (a JWT) or a refresh token cookie value. */
const bearerToken = /Bearer\s+eyJ[\w-]+\.[\w-]+|portal_rt=[\w-]{20,}/;
/** A whole API key (arp_ and 32 bytes in base64url), not inside another base64url run; its prefix is shorter. */
const apiKey = /(?<![\w-])arp_[\w-]{43}(?![\w-])/;
/** A one-time link of the self-service flows with its token (reset, confirmation, invite). */
const oneTimeLink =
  /\/(reset-password|auto-register\/confirm|register|password-reset|user-confirm)\/[A-Za-z0-9_-]{40,}/;

/**
 * UUIDs (request ids, session ids) are 32 hex digits in 8-4-4-4-12 groups: no card number looks like one, but an
 * all-digit stretch of a random UUID can pass the digit-run, Luhn and brand tests by chance (a flaky scan).
 */
const uuids = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** Hex digests (SHA-256 request hashes of the idempotency store and the payment intents): the same by-chance trap. */
const hexDigests = /\b[0-9a-f]{32,}\b/gi;

export function findSensitiveData(lines: string[], where: string, knownSecrets: string[] = []): ScanFinding[] {
  const findings: ScanFinding[] = [];
  for (const line of lines) {
    for (const match of line.replace(uuids, 'uuid').replace(hexDigests, 'hex').matchAll(digitRuns)) {
      const digits = match[0].replace(/\D/g, '');
      if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits) && detectCardBrand(digits))
        findings.push({ where, what: 'card number', excerpt: excerpt(line, match.index) });
    }
    const cvv = cvvField.exec(line);
    if (cvv) findings.push({ where, what: 'CVV field', excerpt: excerpt(line, cvv.index) });
    const account = bankAccountField.exec(line);
    if (account) findings.push({ where, what: 'bank account number field', excerpt: excerpt(line, account.index) });
    for (const [pattern, what] of [
      [passwordField, 'password field'],
      [bearerToken, 'bearer or refresh token'],
      [oneTimeLink, 'one-time link token'],
      [apiKey, 'API key'],
    ] as const) {
      const found = pattern.exec(line);
      if (found) findings.push({ where, what, excerpt: excerpt(line, found.index) });
    }
    for (const secret of knownSecrets) {
      const at = line.indexOf(secret);
      if (at >= 0) findings.push({ where, what: 'a known secret', excerpt: excerpt(line, at) });
    }
  }
  return findings;
}

function excerpt(line: string, at: number): string {
  // Mask digits: the report must not repeat what it found.
  return line.slice(Math.max(0, at - 40), at + 60).replace(/\d/g, '#');
}

/** The memory the test apps log into (pino JSON lines, the production redaction applied). */
export function createLogCapture() {
  const lines: string[] = [];
  return {
    lines,
    stream: {
      write(chunk: string) {
        lines.push(chunk);
      },
    },
  };
}

/** Secrets the tests type by value: found anywhere in clear, they leaked (hashes and sealed values differ). */
export const knownTestSecrets = ['Portal-Demo-2026', 'smtp-secret-value'];

/**
 * The one-time tokens (reset, invite, confirmation) of every e-mail the tests' SMTP server received (issue 16 part
 * 9): by value, none may be found in a database dump or a log. The scan of each test app reads them.
 */
export const mailedTokens = new Set<string>();

const mailedLink = /\/(?:reset-password|auto-register\/confirm|register|invite|password-reset)\/([A-Za-z0-9_-]{20,})/g;

export function rememberMailedTokens(text: string): void {
  for (const match of text.matchAll(mailedLink)) mailedTokens.add(match[1]!);
}

/** The known secrets and the mailed tokens, for findSensitiveData. */
export function secretsByValue(): string[] {
  return [...knownTestSecrets, ...mailedTokens];
}
