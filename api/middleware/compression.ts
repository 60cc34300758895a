/**
 * Response compression (issue 18 §2, decisions N75). Only bodies of at least `threshold` bytes are
 * compressed, never tiny JSON: compressing a 130-byte answer costs more CPU than it saves on the
 * wire. Compression is synchronous zlib on the whole body (API answers are at most a few hundred
 * KB), cheaper than a CompressionStream per response. The web app's files are compressed at build
 * time (scripts/precompress.ts) and served as they are by serveStatic, so they skip this.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { bufferedBody, requestHeader } from './fast-path';

const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)|application\/(?:json|problem\+json|javascript|xml)|image\/svg\+xml)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** The encoding to use for this Accept-Encoding, Brotli first; q=0 refuses an encoding. */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  let br = false;
  let gzip = false;
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

export function compression(options: { threshold: number }): MiddlewareHandler {
  const small = (b: string | Uint8Array) =>
    typeof b === 'string'
      ? b.length * 3 < options.threshold || Buffer.byteLength(b) < options.threshold
      : b.byteLength < options.threshold;
  return async (c, next) => {
    await next();
    const res = c.res;
    let body: string | Uint8Array | null = bufferedBody(res);
    // A small body node-server holds as it is never changes below: decided before `res.headers`
    // turns its plain header object into a Headers instance (N182).
    if (body !== null && small(body)) return;
    const h = res.headers;
    const type = h.get('Content-Type');
    if (!type || !COMPRESSIBLE.test(type) || h.has('Content-Encoding') || c.req.method === 'HEAD') return;
    if (res.status === 206 || res.status === 204 || res.status === 304) return;
    const declared = h.get('Content-Length');
    if (declared !== null && Number(declared) < options.threshold) return;
    const vary = () => {
      // Big enough to compress for someone: caches must key on Accept-Encoding.
      if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(h.get('Vary') ?? '')) h.append('Vary', 'Accept-Encoding');
    };
    const encoding = chooseEncoding(requestHeader(c, 'accept-encoding'));
    if (!encoding || NO_TRANSFORM.test(h.get('Cache-Control') ?? '')) {
      if (body !== null || declared !== null) vary();
      return;
    }
    if (body === null) {
      // A body of unknown length (a stream, or a Response not built by the node server): read it.
      if (!res.body) return;
      body = new Uint8Array(await res.arrayBuffer());
      if (body.byteLength < options.threshold) {
        replace(
          c,
          new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers: h }),
        );
        return;
      }
    }
    vary();
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(body, { level: 6 });
    const headers = new Headers(h);
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replace(c, new Response(new Uint8Array(compressed), { status: res.status, statusText: res.statusText, headers }));
  };
}

/**
 * Hono's `c.res = …` wraps the new response around its body stream and copies the old headers back
 * (Content-Length included); these responses already carry every header, so the old one is dropped first.
 */
function replace(c: Context, res: Response) {
  c.res = undefined as unknown as Response;
  c.res = res;
}
