// Answers are written by fast-json-stringify from each route's contract (issue 17): the contract's zod schema is
// turned into a JSON schema once per route, and the answer is serialised by a function compiled from it, which
// writes only the contract's fields (extra properties of a row never reach the client) and fills its defaults.
// Parsing every answer with zod again, then JSON.stringify, was about a tenth of the invoice list's CPU.
//
// With RESPONSE_CHECK (the tests), each answer is also parsed with zod, as before: an answer outside the contract
// fails (500), and so does a fast serialisation that differs from zod's output, so that every API test proves the
// two agree.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerOptions = { checkResponses: boolean };

type Stringify = (data: unknown) => string;

// Compiled once per contract schema and process: every app built in the process (the tests build hundreds) shares
// them; compiling a route's serialiser costs milliseconds, more than its answers do.
const compiled = new WeakMap<z.ZodType, Stringify>();

function stringifierOf(schema: z.ZodType): Stringify {
  let stringify = compiled.get(schema);
  if (!stringify) {
    // 'input': what handlers return (zod's defaults are JSON schema defaults, which fast-json-stringify writes).
    const jsonSchema: object = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' });
    stringify = fastJson(jsonSchema);
    compiled.set(schema, stringify);
  }
  return stringify;
}

export function contractSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = stringifierOf(schema);
    if (!options.checkResponses) return (data) => stringify(data);
    return (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const written = stringify(data);
      const expected = JSON.parse(JSON.stringify(checked.data)) as unknown;
      if (!isDeepStrictEqual(JSON.parse(written), expected))
        throw new Error(
          `${method} ${url}: the fast serialiser wrote ${written}, the contract gives ${JSON.stringify(expected)}`,
        );
      return written;
    };
  };
}
