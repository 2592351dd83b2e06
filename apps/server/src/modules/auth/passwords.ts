// Argon2id with the OWASP minimum parameters (19 MiB, 2 iterations, 1 lane), set explicitly.
import { hash, verify } from '@node-rs/argon2';

// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the login is unknown, so that an unknown e-mail costs the same time as a wrong password.
const unknownUserHash = hash('unknown-user-placeholder', options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await unknownUserHash), password);
  } catch {
    return false;
  }
}
