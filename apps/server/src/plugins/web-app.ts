// Serves the built SPA: files from apps/web/dist, and index.html for every other GET outside /api so that
// client-side routes (/invoices/detail/42) load on a reload.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export const webAppPlugin = fp<{ root: string }>(async (app, { root }) => {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run npm run build');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz copies (apps/web/vite.config.ts): sent to browsers that accept them.
    preCompressed: true,
    // Cache-Control is setHeaders' alone (send's own max-age=0 would replace it on the compressed copies).
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // The same address answers compressed or not, by Accept-Encoding: caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      // Vite fingerprints assets, so they can be cached for good; index.html must always be fresh.
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { config: { public: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const file = path.join(root, path.normalize((request.params as { '*': string })['*']));
    if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
});
