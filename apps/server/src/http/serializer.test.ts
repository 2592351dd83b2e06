// The answers' serialiser: only the contract's fields leave the server, defaults are written, and with the check on
// (the tests) an answer outside its contract is refused, as zod's parse refused it before.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './serializer';

const Answer = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().default(''),
  amount: z.string().nullable(),
  items: z.array(z.object({ key: z.string(), open: z.boolean() })),
  kind: z.union([z.object({ type: z.literal('card'), last4: z.string() }), z.object({ type: z.literal('echeck') })]),
});

const row = {
  id: 7,
  name: 'ACME',
  amount: null,
  items: [{ key: 'a', open: true, secret: 'kept on the server' }],
  kind: { type: 'card', last4: '4242', token: 'tok_secret' },
  passwordHash: '$argon2id$…',
};

function serialiser(checkResponses: boolean) {
  return contractSerializerCompiler({ checkResponses })({
    schema: Answer,
    method: 'GET',
    url: '/api/example',
    httpStatus: '200',
  } as never);
}

describe.each([false, true])('the answer serialiser (check %s)', (checkResponses) => {
  it('writes only the contract’s fields, with their defaults', () => {
    const written = JSON.parse(serialiser(checkResponses)(row));
    expect(written).toEqual({
      id: 7,
      name: 'ACME',
      note: '',
      amount: null,
      items: [{ key: 'a', open: true }],
      kind: { type: 'card', last4: '4242' },
    });
    expect(JSON.stringify(written)).not.toMatch(/secret|argon2|tok_/);
  });
});

describe('the answer check (RESPONSE_CHECK)', () => {
  it('refuses an answer outside its contract', () => {
    expect(() => serialiser(true)({ ...row, id: 'seven' })).toThrow(/Response doesn't match the schema/);
    expect(() => serialiser(true)({ ...row, name: undefined })).toThrow(/Response doesn't match the schema/);
  });
});
