// JSON bodies: at most the app's bodyLimit (1 MiB) and at most 32 levels of nesting (issue 35). No request of the
// contracts nests deeper than a handful of levels; a body of 500,000 brackets is an attack on whatever walks it next
// (the prototype-poisoning scan, the NUL check, validation), refused here in one pass over its text before it is
// parsed. The parse itself is Fastify's own (secure-json-parse: __proto__ and constructor.prototype refused).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

export const maxJsonDepth = 32;

export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthOver(text, maxJsonDepth)) {
      done(
        new AppError('VALIDATION_FAILED', {
          messageKey: 'errors.request.too_deep',
          details: { fields: [], max_depth: maxJsonDepth },
        }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
});

/** Whether the JSON text opens more than `max` arrays and objects inside each other (strings skipped). */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
