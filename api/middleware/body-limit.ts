/**
 * Request body limits (issue 18 §4, N75): decided from Content-Length when the request declares one,
 * so a request is not copied to count its bytes; only a body without a length (chunked) is counted
 * as it streams, by Hono's bodyLimit. Bodiless methods pass at once.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestHeader } from './fast-path';

export function limitBody(options: { maxSize: number; onError: (c: Context) => Response }): MiddlewareHandler {
  const streamed = bodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const length = requestHeader(c, 'content-length');
    if (length !== undefined && requestHeader(c, 'transfer-encoding') === undefined) {
      return Number(length) > options.maxSize ? options.onError(c) : next();
    }
    return streamed(c, next);
  };
}
