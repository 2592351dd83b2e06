// Reads the caller's language and country (Accept-Language, X-Country; spec: every call sends both).
import fp from 'fastify-plugin';
import { resolveCountry, resolveLanguage, type Language } from '@portal/i18n';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    language: Language;
    country: string | undefined;
  }
}

export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('language', 'en');
  app.decorateRequest('country', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-country'];
    request.language = resolveLanguage(request.headers['accept-language']);
    request.country = resolveCountry(Array.isArray(header) ? header[0] : header);
  });
});
