import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  getFile,
  getTheme,
  getThemes as getThemesRoute,
  putThemes as putThemesRoute,
  uploadFile,
  uploadLimits,
} from '@portal/contracts';
import { AppError } from '../../errors';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { getThemes, putThemes, themeForHost } from './themes';
import { readUpload, storeUpload, tooLarge, uploadHeaders } from './uploads';

export async function themesRoutes(app: FastifyInstance): Promise<void> {
  // One file part, nothing else; a bigger file stops at the limit instead of being read whole.
  await app.register(multipart, { limits: { fileSize: uploadLimits.maxBytes, files: 1, fields: 0, parts: 1 } });

  addRoute(app, getThemesRoute, () => getThemes(app.ctx));
  addRoute(app, putThemesRoute, ({ body, request }) =>
    putThemes(app.ctx, requireActor(request.actor), body, clientInfo(request)),
  );
  addRoute(app, getTheme, ({ query }) => themeForHost(app.ctx, query.url));

  addRoute(app, uploadFile, async ({ request }) => {
    const actor = requireActor(request.actor);
    if (!request.isMultipart()) {
      throw new AppError('VALIDATION_FAILED', {
        messageKey: 'validation.upload.missing',
        details: { fields: ['file'] },
      });
    }
    const part = await request.file();
    if (!part) {
      throw new AppError('VALIDATION_FAILED', {
        messageKey: 'validation.upload.missing',
        details: { fields: ['file'] },
      });
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
      throw error;
    }
    return storeUpload(app.ctx, actor, bytes);
  });

  addRoute(app, getFile, async ({ params, reply }) => {
    const file = await readUpload(app.ctx, params.id);
    return reply.type(file.contentType).headers(uploadHeaders).send(file.bytes);
  });
}
