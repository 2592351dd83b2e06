// Secrets at rest (issue 13, 15): values the portal must read back later (the SMTP password, the links of queued
// e-mail, which hold one-time tokens) are sealed with AES-256-GCM under the configuration key. The key is
// CONFIG_ENCRYPTION_KEY, else the one kept in DATA_DIR by the embedded default (server.ts), else one kept in the
// database (a warning says to set the variable: a key beside the data it protects protects little).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type ConfigSecrets = {
  seal: (plain: string) => string;
  /** The plain value, or null when the value was sealed under another key or altered. */
  open: (sealed: string) => string | null;
};

const version = 'v1';

export function createConfigSecrets(key: string): ConfigSecrets {
  const aesKey = createHash('sha256').update(`portal config secrets ${version}`).update(key).digest();
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${version}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open: (sealed) => {
      if (!sealed.startsWith(`${version}.`)) return null;
      try {
        const raw = Buffer.from(sealed.slice(version.length + 1), 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', aesKey, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The embedded default's key: read from DATA_DIR, or made once (readable by this user only). */
export function readOrCreateKeyFile(dataDir: string): string {
  const file = path.join(dataDir, 'config-encryption.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}
