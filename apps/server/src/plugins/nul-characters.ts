// No text the API takes may hold a NUL character: PostgreSQL cannot store it in text (the statement fails), and no
// name, number or message of the portal has one. The contract fuzzing (issue 16) found it as a 500 on several
// routes; every request is checked here once, before validation, and refused with 400 naming the fields.
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

/** JSON pointers of the strings (keys included) that hold a NUL, at most a few. */
function fieldsWithNul(value: unknown, pointer: string, found: string[] = [], depth = 0): string[] {
  if (found.length >= 10 || depth > 64) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(pointer || '/');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => fieldsWithNul(item, `${pointer}/${index}`, found, depth + 1));
  } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push(`${pointer}/${key.replaceAll('\u0000', '\\u0000')}`);
      fieldsWithNul(item, `${pointer}/${key}`, found, depth + 1);
    }
  }
  return found;
}
