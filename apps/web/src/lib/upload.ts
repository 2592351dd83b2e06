// An upload whose progress the page shows (issue 27 §2, Settings → Imports). fetch cannot say how many bytes of a
// request body have gone up (a streamed body needs HTTP/2 and still counts what was read, not what was sent), so this
// one kind of request goes by XMLHttpRequest, with everything else of the typed client: the same headers (spec §7),
// the one refresh-and-retry on a 401 and the same failure toasts (spec §8), the global request counter.
import type { ResponseOf, RouteContract } from '@portal/contracts';
import { env } from '../config/env';
import {
  ApiError,
  asErrorResponse,
  buildUrl,
  expireSession,
  failedCall,
  refreshAccessToken,
  requestHeaders,
  type CallOptions,
} from './api-client';
import { i18n } from './i18n';
import { log } from './log';
import { notify } from './notify';
import { requestCounter } from './request-counter';

export type UploadProgress = { sent: number; total: number };

export type UploadOptions = Omit<CallOptions, 'formData'> & {
  /** The request body: a FormData (multipart, the browser writes its boundary) or one file. */
  body: FormData | Blob;
  /** Called as bytes go up; again from 0 if the upload is sent a second time after a token refresh. */
  onProgress?: (progress: UploadProgress) => void;
};

type Answer = { status: number; statusText: string; text: string };

export async function upload<R extends RouteContract>(route: R, options: UploadOptions): Promise<ResponseOf<R>> {
  let answer = await sendOnce(route, options);
  if (answer.status === 401) {
    if (await refreshAccessToken()) answer = await sendOnce(route, options);
    if (answer.status === 401) {
      expireSession();
      throw new ApiError(401, 'Unauthorized', asErrorResponse(parseJson(answer.text)));
    }
  }
  const body = parseJson(answer.text);
  if (answer.status >= 200 && answer.status < 300) {
    if (body !== undefined) return body as ResponseOf<R>;
    // Not JSON (a proxy's page, a cut-off answer): a failure like a 5xx, never a half-read answer.
    log.error(`Response of ${route.method} ${route.path} is not JSON`);
    if (!options.silent) notify.error(i18n.t('errors.toast.system_error'));
    throw new ApiError(answer.status, 'Invalid response');
  }
  throw failedCall(route, answer, asErrorResponse(body), options);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function sendOnce(route: RouteContract, options: UploadOptions): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open(route.method, env.apiBaseUrl + buildUrl(route.path, options.params, options.query));
    for (const [name, value] of Object.entries(requestHeaders(route, options.headers))) {
      request.setRequestHeader(name, value);
    }
    const size = options.body instanceof Blob ? options.body.size : 0;
    request.upload.onprogress = (event) =>
      options.onProgress?.({ sent: event.loaded, total: event.lengthComputable ? event.total : size });
    const cancel = () => request.abort();
    options.signal?.addEventListener('abort', cancel, { once: true });
    request.onloadend = () => {
      options.signal?.removeEventListener('abort', cancel);
      requestCounter.finish();
    };
    request.onload = () =>
      resolve({ status: request.status, statusText: request.statusText, text: request.responseText });
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.onerror = () => {
      // The connection failed (or the server closed it, e.g. on a body over its limit, before answering).
      if (!options.silent) notify.error(i18n.t('errors.codes.SERVICE_UNAVAILABLE'));
      reject(new ApiError(0, 'Network error'));
    };
    requestCounter.start();
    request.send(options.body);
  });
}
