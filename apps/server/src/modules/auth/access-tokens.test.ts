// Access tokens are verified once per process and then known by their exact text until they expire: a changed
// byte, another secret or the passing of the expiry is refused whether or not the token was seen before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens';

const secret = 'access-token-test-secret-access-token-test';

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('gives the claims of a token it signed, the first time and the next', async () => {
    const tokens = createAccessTokens(secret, 900);
    const token = await tokens.sign({ userId: 7, sessionId: 'session-a' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 'session-a' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 'session-a' });
  });

  it('refuses a token changed in its claims or its signature, after the genuine one was verified', async () => {
    const tokens = createAccessTokens(secret, 900);
    const token = await tokens.sign({ userId: 7, sessionId: 'session-a' });
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '8' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('refuses a token of another secret', async () => {
    const other = await createAccessTokens(`${secret}-other`, 900).sign({ userId: 7, sessionId: 'session-a' });
    expect(await createAccessTokens(secret, 900).verify(other)).toBeNull();
  });

  it('refuses a known token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const tokens = createAccessTokens(secret, 60);
    const token = await tokens.sign({ userId: 7, sessionId: 'session-a' });
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-25T10:00:59Z'));
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-25T10:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    // Also when asked again (it is no longer known).
    expect(await tokens.verify(token)).toBeNull();
  });
});
