// No text the API takes may hold a NUL character: PostgreSQL cannot store it in text (the statement fails), and no
// name, number or message of the portal has one. The contract fuzzing (issue 16) found it as a 500 on several
// routes; every request is checked here once, before validation, and refused with 400 naming the fields. A lone
// surrogate (`"\ud800"` in JSON: half of a UTF-16 pair, no character at all) cannot be stored either (UTF-8 has no
// encoding for it): refused alike (found by the fuzzing on 2026-11-28, a 500 on an API key's name).
// Only what a parser made of plain data is walked: JSON, a form, the query. A body that is a stream (a CSV or XML
// import read as it arrives), a buffer or any other object is not: walking a request stream's object graph (socket,
// server, parser state…) never ended and stopped the whole server on one import over a socket (issue 35).
import fp from 'fastify-plugin';
import { AppError } from '../errors';

export const nulCharactersPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const fields = [
      ...fieldsWithNul(request.params, '/params'),
      ...fieldsWithNul(request.query, '/query'),
      ...fieldsWithNul(request.body, ''),
    ];
    if (fields.length > 0) throw new AppError('VALIDATION_FAILED', { details: { fields } });
  });
});

/** A surrogate that is not half of a pair. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

/** JSON pointers of the strings (keys included) that hold a NUL or a lone surrogate, at most a few. */
export function fieldsWithNul(value: unknown, pointer: string, found: string[] = [], depth = 0): string[] {
  if (found.length >= 10 || depth > 64) return found;
  if (typeof value === 'string') {
    if (isUnstorable(value)) found.push(pointer || '/');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => fieldsWithNul(item, `${pointer}/${index}`, found, depth + 1));
  } else if (isPlainData(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (isUnstorable(key)) found.push(`${pointer}/${key.replaceAll('\u0000', '\\u0000')}`);
      fieldsWithNul(item, `${pointer}/${key}`, found, depth + 1);
    }
  }
  return found;
}

/**
 * An object as JSON.parse, a form parser or the query parser make it: its prototype is Object's, none, or an empty
 * one without a prototype of its own (fast-querystring's). A stream, a buffer or any class instance has a longer chain.
 */
function isPlainData(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}
