// What the request log says of a request: Fastify's fields, with the secrets that travel in a path masked (the
// one-time tokens of reset, confirmation and invite links, and signed PDF links), so that no log holds a usable
// link (issue 13).
import type { FastifyRequest } from 'fastify';

const secretPaths =
  /(\/api\/users\/password-reset\/|\/api\/token\/auto-register\/user-confirm\/|\/api\/users\/invite\/|\/api\/invoice\/pdf\/|\/reset-password\/|\/auto-register\/confirm\/|\/register\/)[^/?#]+/g;

export function maskUrl(url: string): string {
  return url.replace(secretPaths, '$1***');
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: maskUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
