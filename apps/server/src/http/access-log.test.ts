// The access log: one line per request, with the request (its secret path parts masked), the status and the time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type LogLine = { msg?: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } };

function linesOf(reqId: string): LogLine[] {
  return t.logLines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId === reqId);
}

describe('access log', () => {
  it('writes one line per request, with its method, path, status and time', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const [reqId] = t.logLines
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.req?.url === '/api/health')
      .map((line) => line.reqId!);
    const lines = linesOf(reqId!);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('masks the one-time token of a reset link', async () => {
    const token = 'a'.repeat(43);
    const response = await t.app.inject({ method: 'GET', url: `/api/users/password-reset/${token}` });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(t.logLines.join('\n')).not.toContain(token);
    const masked = t.logLines
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.req?.url === '/api/users/password-reset/***');
    expect(masked).toHaveLength(1);
    expect(masked[0]!.msg).toBe('request completed');
  });
});
