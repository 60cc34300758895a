/**
 * The request path without undici objects (issue 18, N182). @hono/node-server hands Hono a
 * lightweight Request and Response: a request's `Headers` are built from node's parsed headers only
 * when something reads `c.req.header()`, and a response made from a string or bytes with a plain
 * header object is written straight to the socket. Reading `res.headers` turns that object into a
 * `Headers` instance, which node-server then has to copy back into an object (≈12 µs for the
 * security headers alone). These helpers read and write the plain forms when they are there and fall
 * back to the standard objects otherwise (app.request() in tests, streams, Response objects built
 * elsewhere), so every response gets the same headers either way.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** node-server's lightweight Request keeps the IncomingMessage it was made from under a symbol named "incomingKey". */
let incomingKey: symbol | undefined;

/**
 * The IncomingMessage this request was made from. `c.env.incoming` alone is not enough: a request the
 * app makes to itself (`app.fetch(new Request(…), c.env)`, as the signed-in page does) carries the
 * outer request's env, and must not read the outer request's headers.
 */
function ownIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.headers) return undefined;
  const raw = c.req.raw as unknown as Record<symbol, unknown>;
  incomingKey ??= Object.getOwnPropertySymbols(raw).find((symbol) => symbol.description === 'incomingKey');
  return incomingKey !== undefined && raw[incomingKey] === incoming ? incoming : undefined;
}

/** A request header by its lower-case name, from node's parsed headers when the node server runs us. */
export function requestHeader(c: Context, lowerName: string): string | undefined {
  const incoming = ownIncoming(c);
  if (!incoming) return c.req.header(lowerName);
  const value = incoming.headers[lowerName];
  return Array.isArray(value) ? value.join(', ') : value;
}

export type PlainHeaders = Record<string, string | string[] | number>;

/** node-server's lightweight Response keeps `[status, body, headers]` under a symbol named "cache". */
let cacheKey: symbol | undefined;

function cached(res: Response): [number, unknown, unknown] | undefined {
  if (cacheKey === undefined) {
    for (const symbol of Object.getOwnPropertySymbols(res)) {
      if (symbol.description === 'cache') cacheKey = symbol;
    }
    if (cacheKey === undefined) return undefined;
  }
  const entry = (res as unknown as Record<symbol, unknown>)[cacheKey];
  return Array.isArray(entry) ? (entry as [number, unknown, unknown]) : undefined;
}

/**
 * The body of a response node-server built from a string or bytes, read without turning it into a
 * stream; null otherwise (no body, a stream, or a standard Response).
 */
export function bufferedBody(res: Response): string | Uint8Array | null {
  const body = cached(res)?.[1];
  return typeof body === 'string' || body instanceof Uint8Array ? body : null;
}

/** The response's headers as node-server will write them, when they are still a plain object. */
export function plainHeaders(res: Response): PlainHeaders | null {
  const headers = cached(res)?.[2];
  return headers && typeof headers === 'object' && !(headers instanceof Headers) && !Array.isArray(headers)
    ? (headers as PlainHeaders)
    : null;
}

/** Replaces a response's plain header object (from `plainHeaders`) with another, before it is written. */
export function replacePlainHeaders(res: Response, headers: PlainHeaders): void {
  const entry = cached(res);
  if (entry) entry[2] = headers;
}
